// The REST shims answer one day per request, so only the per-requester allowance applies to them:
// a past day not in memory spends one of PAST_DAYS_PER_MINUTE, shared with GraphQL. Without it a
// script could still have the server compute a new day five times a second (the web request
// allowance's pace), one request at a time.
import { isCalendarDay } from "@shared/as-of";
import type { RequestHandler } from "express";
import { ownerOfRequest } from "../api-usage/api-usage-plugin";
import type { AppDeps } from "../context";
import type { PastDayWork } from "./operation-days";
import { uncachedDays } from "./past-day-limits";

/**
 * The /api paths that answer as of a day (`asOf` in the query, or in the JSON body of a screen
 * run), with the work that day needs, as for their GraphQL fields (operation-days.ts). A backtest
 * is priced per screen instead (see NOT_COUNTED there).
 */
const REST_DAY_PATHS: [RegExp, PastDayWork[]][] = [
  [/^\/news-sentiment\/[^/]+$/, ["news"]],
  [/^\/screening\/run$/, ["indicators"]],
  [/^\/screening\/combined$/, ["indicators", "rows"]],
  [/^\/screening\/pro$/, ["indicators", "aiPicks", "rows"]],
  [/^\/ai-picks$/, ["aiPicks"]],
  [/^\/earnings\/[^/]+$/, ["rows"]],
  [/^\/hedge-funds\/[^/]+$/, ["rows"]],
  [/^\/watchlists\/[^/]+$/, ["indicators"]],
];

/** Mounted on /api after the JSON parser and the request allowance: spends the request's past day when it is not in memory. */
export function limitRestPastDays(deps: Pick<AppDeps, "db" | "technicals" | "pastDayAllowance">): RequestHandler {
  return (req, _res, next) => {
    const needs = REST_DAY_PATHS.find(([path]) => path.test(req.path))?.[1];
    const day: unknown = req.method === "GET" ? req.query.asOf : (req.body as { asOf?: unknown } | undefined)?.asOf;
    if (!needs || !isCalendarDay(day) || uncachedDays(deps, new Map([[day, new Set(needs)]])).length === 0) return next();
    deps.pastDayAllowance.spend(ownerOfRequest(req), [day]).then(() => next(), next);
  };
}
