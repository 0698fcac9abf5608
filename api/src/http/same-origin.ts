import type { RequestHandler } from "express";
import { AppError } from "../errors/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for cookie-authenticated writes (REST and forms): a write
 * must come from this site. Browsers attest where a request came from with
 * Sec-Fetch-Site, which a page cannot forge: same-origin (and none, a
 * user-initiated navigation) pass, anything else is refused. Older browsers
 * without it are judged by Origin, then Referer; "null" (an opaque origin,
 * e.g. a sandboxed frame) is refused. A request with none of these is a
 * non-browser client, which carries no victim's cookies. API-key requests
 * carry no cookies and are exempt.
 */
export function requireSameOrigin(options: { publicUrl: string; exempt?: string[] }): RequestHandler {
  const trusted = new URL(options.publicUrl).host;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || req.apiKeyId || options.exempt?.includes(req.path)) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite !== undefined) return next(fetchSite === "same-origin" || fetchSite === "none" ? undefined : forbidden());
    const origin = req.get("origin") ?? refererOrigin(req.get("referer"));
    if (origin === undefined) return next();
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return next(forbidden());
    }
    if (host === req.get("host") || host === trusted) return next();
    next(forbidden());
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

const forbidden = () => new AppError("FORBIDDEN", "This request did not come from Tickerscope, so it was refused.");
