// Who may keep a copy of an answer. One URL may answer differently per caller (/api/ai-picks: the
// free picks to a visitor, every pick to Pro), so a shared cache must never serve one caller's
// answer to another. Every response of /api, /dev and /graphql carries a policy: `viewer` unless
// the route declares another (app.ts sets the default, a route its own with cachePolicy below).
import type { RequestHandler, Response } from "express";
import type { ParamsDictionary } from "express-serve-static-core";

export type CachePolicy =
  /** The same for every caller (reads no session or key): any cache may keep it, revalidating with its ETag (or for maxAgeSeconds). */
  | { kind: "public"; maxAgeSeconds?: number }
  /** Depends on who asks (their data, their plan, a Pro gate, their allowance): only their browser keeps it, revalidating with its ETag. */
  | { kind: "viewer" }
  /** Account state and secrets: never stored. */
  | { kind: "no-store" };

export const PUBLIC: CachePolicy = { kind: "public" };
export const VIEWER: CachePolicy = { kind: "viewer" };
export const NO_STORE: CachePolicy = { kind: "no-store" };

/** What tells one caller from another: the session cookie, or an API key in Authorization. */
const CALLER_HEADERS = ["Cookie", "Authorization"];

const cacheControl = (policy: CachePolicy) =>
  policy.kind === "public"
    ? policy.maxAgeSeconds === undefined
      ? "public, no-cache"
      : `public, max-age=${policy.maxAgeSeconds}`
    : policy.kind === "viewer"
      ? "private, no-cache"
      : "no-store";

/** Sets the response's Cache-Control and Vary for the policy (a later policy replaces an earlier one). */
export function applyCachePolicy(res: Response, policy: CachePolicy): void {
  res.set("Cache-Control", cacheControl(policy));
  const callers = CALLER_HEADERS.map((name) => name.toLowerCase());
  // Vary may already name Accept-Encoding (compress-responses.ts): keep that, and only that, for public answers.
  const others = String(res.getHeader("Vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && !callers.includes(name.toLowerCase()));
  const vary = policy.kind === "public" ? others : [...others, ...CALLER_HEADERS];
  if (vary.length > 0) res.set("Vary", vary.join(", "));
  else res.removeHeader("Vary");
}

/** A route's declaration of its policy; the handler carries it, so tests can list every route's. */
export type CachePolicyHandler<Params> = RequestHandler<Params> & { cachePolicy: CachePolicy };

/**
 * Middleware declaring the route's (or a mount point's) cache policy before its handler runs
 * (generic in the route's parameters, so the handler after it keeps their types).
 */
export function cachePolicy<Params = ParamsDictionary>(policy: CachePolicy): CachePolicyHandler<Params> {
  const handler: RequestHandler<Params> = (_req, res, next) => {
    applyCachePolicy(res, policy);
    next();
  };
  return Object.assign(handler, { cachePolicy: policy });
}
