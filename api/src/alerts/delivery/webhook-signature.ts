// The signature of an alert webhook, in the style of Stripe's: the header
//
//   Tickerscope-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
//
// binds the exact bytes sent to the moment they were signed, so a receiver that checks the HMAC in
// constant time and refuses old timestamps refuses both forged and replayed requests.
import crypto from "node:crypto";

export const SIGNATURE_HEADER = "Tickerscope-Signature";
/** How old a signed timestamp a receiver accepts by default (and the recipe tells receivers to use). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, payload: string) => crypto.createHmac("sha256", secret).update(payload, "utf8").digest("hex");

/** The Tickerscope-Signature header value for `rawBody` sent at `timestampSeconds` (unix seconds). */
export function signWebhook(secret: string, rawBody: string, timestampSeconds: number): string {
  const t = Math.floor(timestampSeconds);
  return `t=${t},v1=${hmac(secret, `${t}.${rawBody}`)}`;
}

/**
 * True when `headerValue` carries a v1 signature of `rawBody` by `secret` whose timestamp is within
 * `toleranceSeconds` of `now` (either side: a receiver's clock may be behind). Any malformed header
 * is false. Compared with crypto.timingSafeEqual, so the time taken says nothing about the HMAC.
 */
export function verifyWebhookSignature(
  secret: string,
  headerValue: string | null | undefined,
  rawBody: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  if (typeof headerValue !== "string" || headerValue.length > 1000) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of headerValue.split(",")) {
    const [key, value, ...rest] = part.trim().split("=");
    if (rest.length > 0 || value === undefined) return false;
    if (key === "t") {
      if (!/^\d{1,12}$/.test(value)) return false;
      timestamp = Number(value);
    } else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmac(secret, `${timestamp}.${rawBody}`), "hex");
  // Every v1 is compared (a receiver may see two during a secret's rotation); no early exit.
  return signatures.reduce((matched, signature) => crypto.timingSafeEqual(expected, Buffer.from(signature, "hex")) || matched, false);
}

/** A new signing secret: "whsec_" and 32 random bytes in base64url (shown to the alert's owner). */
export const newWebhookSecret = (): string => `whsec_${crypto.randomBytes(32).toString("base64url")}`;
