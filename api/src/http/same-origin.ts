import type { RequestHandler } from "express";
import { AppError } from "../errors/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for cookie-authenticated writes (REST and forms): a write
 * must come from this site. Browsers send Origin on every cross-site POST
 * (and Sec-Fetch-Site where supported); a request with neither is a
 * non-browser client, which carries no victim's cookies. API-key requests
 * carry no cookies and are exempt.
 */
export function requireSameOrigin(options: { publicUrl: string; exempt?: string[] }): RequestHandler {
  const trusted = new URL(options.publicUrl).host;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || req.apiKeyId || options.exempt?.includes(req.path)) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite === "cross-site" || fetchSite === "same-site") return next(forbidden());
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
