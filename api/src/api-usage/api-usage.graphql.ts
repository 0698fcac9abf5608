import { builder } from "../graphql/builder";
import { usageOf, type OperationUsage } from "./api-usage-plugin";

const RateLimitUnitRef = builder.enumType("RateLimitUnit", {
  description: "What a caller's allowance counts.",
  values: {
    POINTS: { value: "points", description: "API keys: each operation spends its cost, per hour." },
    REQUESTS: {
      value: "requests",
      description: "The web app (cookie session or anonymous): each operation spends one request, per 10 minutes.",
    },
  } as const,
});

const RateLimitRef = builder.objectRef<OperationUsage>("RateLimit").implement({
  description:
    "The caller's allowance and what this query costs: every field costs 1 point, multiplied by the page " +
    "size (first/last) of each connection or list it is inside, and each past day (asOf) not in memory costs " +
    "what a screen of that day's universe costs (at most 5 such days per query, 30 per requester per minute). " +
    "API keys spend the cost from an hourly " +
    "point budget; the web app's own traffic spends one request per operation from a 10-minute allowance.",
  fields: (t) => ({
    unit: t.field({ type: RateLimitUnitRef, description: "What limit, used and remaining count.", resolve: (usage) => usage.budget.unit }),
    limit: t.int({ description: "The allowance per window for this caller (API key, user or anonymous IP).", resolve: (usage) => usage.budget.limit }),
    cost: t.int({ description: "What this query costs in points, its past days not in memory included (the per-query maximum applies to every caller).", resolve: (usage) => usage.cost }),
    used: t.int({ description: "Spent in the current window (this query included unless dryRun).", resolve: (usage) => usage.budget.used }),
    remaining: t.int({ description: "Left in the current window.", resolve: (usage) => usage.budget.remaining }),
    resetAt: t.field({ type: "DateTime", description: "When the allowance is refilled.", resolve: (usage) => usage.budget.resetAt }),
  }),
});

builder.queryField("rateLimit", (t) =>
  t.field({
    type: RateLimitRef,
    description:
      "What this query costs and the budget left. With dryRun: true, only rateLimit is answered: " +
      "the rest of the query is neither run nor charged, so a client can price a query before sending it.",
    args: { dryRun: t.arg.boolean({ defaultValue: false }) },
    resolve: (_root, _args, context) => {
      const usage = usageOf(context);
      // The API usage plugin measures every operation before execution; without it there is nothing to report.
      if (!usage) throw new Error("rateLimit is answered only behind the API usage plugin");
      return usage;
    },
  }),
);
