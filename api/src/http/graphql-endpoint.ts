import type { Request, Response } from "express";
import { useGraphQlJit } from "@envelop/graphql-jit";
import { getOperationAST, GraphQLError } from "graphql";
import { createYoga, maskError as yogaMaskError } from "graphql-yoga";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { useApiUsage } from "../api-usage/api-usage-plugin";
import { AppError } from "../errors/app-error";
import { usePastDayLimits } from "../past-days/past-day-limits";
import { useOneScreenPerOperation } from "../screening/one-screen-per-operation";
import { renderGraphiQL } from "./graphiql";
import { useUnreadableRequestsRefused, yogaLogging } from "./graphql-errors";
import { useIntArgRanges } from "../graphql/int-args";
import { schema } from "../graphql/schema";
import { useBundledDataGate } from "../startup/data-gate";
import { requestContext } from "./request-context";
import type { AppDeps } from "../context";

/** GraphiQL's opening tabs: how to use an API key, then a few example queries. */
function graphiqlTabs(publicUrl: string) {
  const viewer = `# Tickerscope GraphQL API: the same data the web app reads.
#
# Using an API key (Pro):
#   1. Create a key on ${publicUrl}/account (its secret is shown once).
#   2. Open the Headers tab below and add:  {"Authorization": "Bearer tsk_…"}
#      Without it, this page uses your browser's session (or none).
#   3. From a script:
#      curl ${publicUrl}/graphql -H "Authorization: Bearer tsk_…" \\
#        -H "content-type: application/json" -d '{"query":"{ viewer { email } }"}'
#
# With an API key, each query costs points from an hourly budget (every field
# 1; connections and lists multiply what is inside them by first/last). In
# this browser session each query counts one request of a 10-minute allowance.
# A past day (asOf) not computed yet costs a screen of that day's market; a
# query may ask for at most 5 such days (BAD_USER_INPUT, extensions.limit
# PAST_DAYS_PER_OPERATION), a caller for 30 a minute (RATE_LIMITED, 429).
# Responses carry X-RateLimit-Limit, -Remaining, -Used and -Reset (epoch
# seconds); the rateLimit field answers the same (its unit says which).
# More examples in the other tabs.
query Viewer {
  viewer {
    email
    plan {
      planType
      status
      hasProAccess
      trialEndsAt
    }
    # proSince   (Pro only)
  }
}
`;
  const rateLimit = `# What this query costs and the allowance left in this window.
# With dryRun: true only the price is answered: nothing else runs or is charged.
query RateLimit {
  rateLimit(dryRun: false) {
    unit
    limit
    cost
    used
    remaining
    resetAt
  }
}
`;
  const contactDetails = `query ContactDetails {
  contactDetails {
    email
    phone
    hours
  }
}
`;
  return { defaultQuery: viewer, defaultTabs: [viewer, rateLimit, contactDetails].map((query) => ({ query })) };
}

/** GraphQL Yoga at /graphql, with a GraphiQL bundled for offline use (browsers, Accept: text/html; its files: graphiql.ts). */
export function createGraphQLEndpoint(deps: AppDeps) {
  return createYoga<{ req: Request; res: Response }>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    graphiql: { title: "Tickerscope GraphQL API", ...graphiqlTabs(deps.config.publicUrl) },
    renderGraphiQL,
    context: ({ req }) => requestContext(deps, req),
    // No CORS headers unless the Origin is on CORS_ALLOWED_ORIGINS: Yoga's default reflects any
    // origin with credentials, which would let any site's page act with a visitor's session.
    cors: (request) => {
      const origin = request.headers.get("origin");
      return origin !== null && deps.config.corsAllowedOrigins.includes(origin) ? { origin, credentials: true } : false;
    },
    // Cookie-authenticated browsers must send a header a cross-site form cannot.
    plugins: [
      useCSRFPrevention({ requestHeaders: ["x-graphql-yoga-csrf"] }),
      useUnreadableRequestsRefused(),
      // Data queries wait for the bundled data after a first start (DATA_LOADING with the share loaded).
      useBundledDataGate(deps.startup),
      // Queries run compiled: a whole-market screen answers ~100k fields, several times faster
      // than graphql-js interprets them. Subscriptions (SSE) and mutations stay with graphql-js,
      // and so do documents with several operations: compiled plans are cached per parsed
      // document, whatever the operationName.
      useGraphQlJit(
        {},
        {
          enableIf: ({ document }) => getOperationAST(document)?.operation === "query",
          onError: (result) => deps.logger.error({ errors: result.errors }, "GraphQL JIT compilation failed"),
        },
      ),
      // Before anything is charged: every count in its documented range, and at most one screen.
      useIntArgRanges(),
      useOneScreenPerOperation(),
      // Past days not in memory: at most a few per operation and per requester per minute, priced.
      usePastDayLimits(deps),
      // Query cost and depth limits, hourly point budgets and X-RateLimit-* headers.
      useApiUsage(deps),
    ],
    // Client errors at warn, unexpected ones at error (Yoga logs each error its masking replaced).
    logging: yogaLogging(deps.logger),
    // The web app's largest operation (a 10,000-ticker list, about 80 KB) fits with room to spare.
    maxRequestBodySize: 256 * 1024,
    maskedErrors: {
      // AppErrors carry stable codes for clients; anything unexpected is masked
      // (details only outside production) and logged by `logging` above.
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) {
          const graphQLError = error instanceof GraphQLError ? error : undefined;
          return new GraphQLError(original.message, {
            nodes: graphQLError?.nodes,
            path: graphQLError?.path,
            extensions: original.toExtensions(),
          });
        }
        return yogaMaskError(error, message, isDev && !deps.config.isProduction);
      },
    },
  });
}
