// What the server answers in the first seconds of a start, before the database is open: the web
// app itself, /healthz, /readyz with the share loaded, and DATA_LOADING for GraphQL and the REST
// API (server.ts first holds those up to STARTUP_HOLD_SECONDS for the full app, which on a warm start serves
// within about two seconds). A browser thus gets the page at once and its data as soon as it is in.
import express, { type Express } from "express";
import type { AppConfig } from "../config/config";
import { securityHeaders } from "../http/security-headers";
import { webAppRoutes } from "../http/web-app";
import type { StartupStatus } from "./startup-status";

/** GraphQL and the REST API: the requests the boot app can only answer with DATA_LOADING. */
export const isDataRequest = (url = "") => /^\/(graphql|api)(\/|\?|$)/.test(url);

export function buildBootApp(config: AppConfig, startup: StartupStatus): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders(config));
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", (_req, res) => {
    res.status(503).set("Retry-After", "2").json({ ...startup.report(), database: config.database.kind });
  });
  const loading = () => {
    const loadedPercent = startup.loadedPercent();
    const message = `Tickerscope is loading the bundled data (${loadedPercent} %). This answer follows once it is in.`;
    return { message, extensions: { code: "DATA_LOADING", retryAfterSeconds: 2, loadedPercent } };
  };
  // GraphQL clients read `errors`; REST clients the shims' error body.
  app.use("/graphql", (_req, res) => {
    res.status(503).set("Retry-After", "2").json({ errors: [loading()] });
  });
  app.use("/api", (_req, res) => {
    const { message, extensions } = loading();
    res.status(503).set("Retry-After", "2").json({ message, ...extensions });
  });
  app.use(webAppRoutes(config.webDistDir));
  return app;
}
