import { builder } from "../graphql/builder";
import { usageOf, type OperationUsage } from "./api-usage-plugin";

const RateLimitRef = builder.objectRef<OperationUsage>("RateLimit").implement({
  description:
    "The caller's hourly GraphQL point budget and what this query costs: every field costs 1 point, " +
    "multiplied by the page size (first/last) of each connection or list it is inside.",
  fields: (t) => ({
    limit: t.int({ description: "Points per hour for this caller (API key, user or anonymous IP).", resolve: (usage) => usage.budget.limit }),
    cost: t.int({ description: "What this query costs.", resolve: (usage) => usage.cost }),
    used: t.int({ description: "Points spent in the current hour (this query included unless dryRun).", resolve: (usage) => usage.budget.used }),
    remaining: t.int({ description: "Points left in the current hour.", resolve: (usage) => usage.budget.remaining }),
    resetAt: t.field({ type: "DateTime", description: "When the budget is refilled.", resolve: (usage) => usage.budget.resetAt }),
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
