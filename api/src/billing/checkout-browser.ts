// Activation may sign a buyer in only in the browser that started the checkout: a session_id
// copied from a URL, a log or browser history signs nobody in elsewhere. The browser keeps a
// keyed hash of the checkout's id in an HttpOnly cookie; nothing is stored server-side.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import type { AppDeps } from "../context";

const CHECKOUT_BROWSER_COOKIE = "tickerscope.checkout";
/** As long as activation may sign in at all (see ACTIVATION_SIGN_IN_WINDOW_MS). */
const COOKIE_MAX_AGE_MS = 48 * 60 * 60 * 1000;
const COOKIE_PATH = "/api/auth";

type CookieDeps = Pick<AppDeps, "sessionSecret" | "config">;

const proofOf = (deps: CookieDeps, checkoutId: string) =>
  createHmac("sha256", deps.sessionSecret).update(`checkout-browser:${checkoutId}`).digest("base64url");

const cookieOptions = (deps: CookieDeps) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: deps.config.isProduction && deps.config.publicUrl.startsWith("https://"),
  path: COOKIE_PATH,
});

/**
 * Marks this browser as the one that started the checkout. Without a checkout (an email that
 * already has Pro) it sets a cookie all the same, so the answer's headers do not tell which.
 */
export function rememberCheckoutBrowser(res: Response, deps: CookieDeps, checkoutId: string | null): void {
  res.cookie(CHECKOUT_BROWSER_COOKIE, proofOf(deps, checkoutId ?? randomUUID()), { ...cookieOptions(deps), maxAge: COOKIE_MAX_AGE_MS });
}

export function forgetCheckoutBrowser(res: Response, deps: CookieDeps): void {
  res.clearCookie(CHECKOUT_BROWSER_COOKIE, cookieOptions(deps));
}

/** True when this request comes from the browser that started `checkoutId`. */
export function isCheckoutBrowser(req: Request, deps: CookieDeps, checkoutId: string): boolean {
  const sent = cookieValue(req.headers.cookie ?? "", CHECKOUT_BROWSER_COOKIE);
  if (!sent) return false;
  const expected = Buffer.from(proofOf(deps, checkoutId));
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
