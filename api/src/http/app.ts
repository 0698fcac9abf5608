import { randomUUID } from "node:crypto";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import { authRoutes } from "../auth/auth.routes";
import { billingRoutes, billingWebhookRoutes } from "../billing/billing.routes";
import { createAuthentication } from "../auth/sessions";
import { contactRoutes } from "../contact/contact-messages.routes";
import { newsRoutes } from "../news/news.routes";
import { screeningRoutes } from "../screening/screening.routes";
import { outboxRoutes } from "../mail/outbox.routes";
import { adminReplayRoutes } from "../alerts/admin-replay.routes";
import { alertRoutes } from "../alerts/alerts.routes";
import { webhookInboxRoutes } from "../alerts/delivery/webhook-inbox.routes";
import { healthRoutes } from "../health/health.routes";
import { startRequestsInTurns } from "./request-turns";
import { countRequestsAnswered } from "../shared/between-requests";
import { watchlistRoutes } from "../watchlists/watchlists.routes";
import { compressResponses } from "./compress-responses";
import { dataCoverageRoutes } from "../data-coverage/data-coverage.routes";
import { screenBacktestRoutes } from "../backtest/screen-backtest.routes";
import { aiPicksRoutes } from "../ai-picks/ai-picks.routes";
import { earningsRoutes } from "../earnings/earnings.routes";
import { hedgeFundsRoutes } from "../hedge-funds/hedge-funds.routes";
import { adminImportRoutes } from "../hedge-funds/admin-import.routes";
import { errorHandler } from "./error-handler";
import { createGraphQLEndpoint } from "./graphql-endpoint";
import { graphiqlRoutes } from "./graphiql";
import { requireSameOrigin } from "./same-origin";
import { limitRestRequests } from "../api-usage/rest-request-limit";
import { webAppRoutes } from "./web-app";
import { securityHeaders } from "./security-headers";
import { cachePolicy, NO_STORE, VIEWER } from "./cache-headers";
import { limitRestPastDays } from "../past-days/rest-past-days";
import { bundledDataPaths, requireBundledData } from "../startup/data-gate";
import type { AppDeps } from "../context";

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Builds the whole HTTP app without listening, so every layer can be tested in-process. */
export function buildApp(deps: AppDeps, options: { webDistDir?: string } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", parseTrustProxy(deps.config.trustProxy));

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const id = (req.headers["x-request-id"] as string | undefined) ?? randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    }),
  );
  app.use(compressResponses());
  // Who may keep a copy (http/cache-headers.ts): an /api or /dev answer is the caller's unless its
  // route declares it public or no-store; a GraphQL answer is never stored (one URL for every
  // caller's data, plan and X-RateLimit-* allowance, and a POST body is no cache key).
  app.use(["/api", "/dev"], cachePolicy(VIEWER));

  // Admin routes: their own bearer token (ADMIN_TOKEN), their own body (a 13F file), no session.
  app.use(adminReplayRoutes(deps));
  app.use(adminImportRoutes(deps));

  // Sessions (cookie) or API keys: only where the app answers dynamically, never for static files.
  const { authenticate, passport } = createAuthentication(deps);
  app.use(["/graphql", "/api", "/dev"], countRequestsAnswered(), startRequestsInTurns(), authenticate);

  const graphql = createGraphQLEndpoint(deps);
  app.use(securityHeaders(deps.config));

  // GraphiQL included: its page runs no inline script, and its files come from /graphiql.
  app.use(graphql.graphqlEndpoint, cachePolicy(NO_STORE), graphql.requestListener);
  app.use(graphiqlRoutes(graphql.graphqlEndpoint));

  app.use(healthRoutes(deps));
  // Routes that read the raw body (signed webhooks) go here, before the JSON parser.
  app.use(billingWebhookRoutes(deps));
  app.use("/api", express.json({ limit: "100kb" }), express.urlencoded({ extended: false, limit: "10kb" }));
  app.use("/api", requireSameOrigin({ publicUrl: deps.config.publicUrl, exempt: ["/stripe/webhook"] }));
  app.use("/api", limitRestRequests(deps));
  app.use("/api", limitRestPastDays(deps));
  app.use(bundledDataPaths.map((prefix) => `/api${prefix}`), requireBundledData(deps.startup));
  app.use(contactRoutes(deps));
  app.use(newsRoutes(deps));
  app.use(dataCoverageRoutes(deps));
  app.use(screeningRoutes(deps));
  app.use(screenBacktestRoutes(deps));
  app.use(aiPicksRoutes(deps));
  app.use(earningsRoutes(deps));
  app.use(hedgeFundsRoutes(deps));
  app.use(authRoutes(deps, passport));
  app.use(billingRoutes(deps));
  app.use(outboxRoutes(deps));
  app.use(webhookInboxRoutes(deps));
  app.use(watchlistRoutes(deps));
  app.use(alertRoutes(deps));
  app.use("/api", (req, res) => {
    res.status(404).json({ message: `No API route ${req.method} ${req.originalUrl}.`, code: "NOT_FOUND" });
  });

  app.use(webAppRoutes(options.webDistDir ?? deps.config.webDistDir));
  app.use(errorHandler);
  return app;
}
