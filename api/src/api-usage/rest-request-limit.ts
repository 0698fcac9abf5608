import type { RequestHandler } from "express";
import type { AppDeps } from "../context";
import { ownerOfRequest, rateLimitHeaders } from "./api-usage-plugin";

/**
 * Paths under /api that never count against the web allowance: signing in, paying and
 * the account itself (each has its own abuse limits), and Stripe's webhook.
 */
const UNCOUNTED = /^\/(?:auth|billing|stripe|dev)\/|^\/(?:login|logout|create-subscription|subscription-status)$/;

/**
 * The REST shims spend the same allowances as GraphQL: one request of the web app's allowance
 * (per signed-in user, or per client IP), or for an API key one point of its hourly budget
 * (a screen then pays its size on top; screening.routes.ts).
 */
export function limitRestRequests(deps: Pick<AppDeps, "queryBudget">): RequestHandler {
  return (req, res, next) => {
    if (UNCOUNTED.test(req.path)) return next();
    deps.queryBudget.spend(ownerOfRequest(req), 1).then((budget) => {
      res.set(rateLimitHeaders(budget));
      next();
    }, next);
  };
}
