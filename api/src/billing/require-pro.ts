import type { RequestHandler } from "express";
import { viewerOf } from "../auth/sessions";
import { hasProAccess } from "./pro-access";

/** A REST shim that serves Pro data, with a request the access harness can send to it. */
export type ProRestRoute = { method: "GET" | "POST"; path: string; sampleUrl: string; sampleBody?: unknown };

/** Every Pro REST route, registered where it is declared; api/src/auth/pro-access-coverage.test.ts walks them all. */
export const proRestRoutes: ProRestRoute[] = [];

/**
 * Guards a REST shim of Pro data: 403 `{ message }` for anyone without Pro
 * access (anonymous, Basic, or a Basic customer's API key). Registers the
 * route so the access harness proves it.
 */
export function requirePro(route: ProRestRoute): RequestHandler {
  if (!proRestRoutes.some((known) => known.method === route.method && known.path === route.path)) proRestRoutes.push(route);
  return (req, res, next) => {
    const viewer = viewerOf(req);
    if (viewer && hasProAccess(viewer.user)) return next();
    res.status(403).json({
      message: viewer
        ? "A Pro subscription is required. Start the 7-day free trial on /pricing."
        : "Sign in with a Pro account to use this. Start the 7-day free trial on /pricing.",
      code: "PRO_REQUIRED",
    });
  };
}
