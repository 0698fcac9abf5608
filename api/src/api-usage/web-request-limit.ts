import type { RequestHandler } from "express";
import type { AppDeps } from "../context";
import { ownerOfRequest, rateLimitHeaders } from "./api-usage-plugin";

/**
 * Paths under /api that never count against the web allowance: signing in, paying and
 * the account itself (each has its own abuse limits), and Stripe's webhook.
 */
const UNCOUNTED = /^\/(?:auth|billing|stripe|dev)\/|^\/(?:login|logout|create-subscription|subscription-status)$/;

/**
 * The REST shims' share of the web app's request allowance (the same counter GraphQL
 * operations spend: per signed-in user, or per client IP). API-key requests are left
 * to the API's own budget.
 */
export function limitWebRequests(deps: Pick<AppDeps, "queryBudget">): RequestHandler {
  return (req, res, next) => {
    if (req.apiKeyId || UNCOUNTED.test(req.path)) return next();
    deps.queryBudget.spend(ownerOfRequest(req), 1).then((budget) => {
      res.set(rateLimitHeaders(budget));
      next();
    }, next);
  };
}
