import { Router } from "express";
import { rateLimitHeaders } from "../api-usage/api-usage-plugin";
import { budgetOwnerOf } from "../api-usage/query-budget";
import type { AppDeps } from "../context";
import { requestContext } from "../http/request-context";
import { backtestCost, requestedScreenBacktest } from "./screen-backtest";

/** REST shim of Query.screenBacktest: POST /api/screen/backtest with the same body ({ screen, kind, from, to, topN }). */
export function screenBacktestRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post("/api/screen/backtest", async (req, res) => {
    const context = requestContext(deps, req);
    if (context.viewer?.authMethod === "apiKey") {
      // GraphQL prices a backtest before it runs; over REST a key pays the same here.
      const budget = await deps.queryBudget.spend(budgetOwnerOf(context.viewer, context.clientIp), backtestCost(req.body));
      res.set(rateLimitHeaders(budget));
    }
    res.json(await requestedScreenBacktest(context, req.body));
  });
  return router;
}
