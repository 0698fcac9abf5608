// Where an alert webhook may point. A webhook makes the server send requests to an address its
// user chose, so an unchecked one would let anyone reach what only the server can: the cloud
// metadata service (169.254.169.254), the database, an admin port on localhost (SSRF). The rule:
// https, no credentials in the URL, and a host whose every address is public. It is checked when
// an alert is saved (checkWebhookUrl) and again before every request (assertDeliverableAddress),
// because a name's addresses may change between the two (DNS rebinding); the request then connects
// to the very address that was checked (postToCheckedAddress), not to a second lookup's answer.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";
import type { AppDeps } from "../../context";
import { AppError } from "../../errors/app-error";

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** The app's own development webhook inbox (webhook-inbox.routes.ts). */
export const DEV_INBOX_PATH = "/dev/webhooks/";

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type WebhookAddressOptions = {
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: http, and private or loopback addresses, are allowed (tests, local receivers). */
  allowPrivateAddresses: boolean;
  /**
   * The origin (PUBLIC_URL) whose /dev/webhooks/... URLs are allowed as they are: set while mail goes
   * to the development outbox (the inbox answers only then), so webhooks can be tried offline.
   */
  devInboxOrigin?: string | null;
  /** Name → addresses; dns.promises.lookup (all addresses) by default. Tests stand in for DNS here. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

/** The options the app's settings give: ALERT_WEBHOOK_ALLOW_PRIVATE, and the dev inbox while the mailer is the outbox. */
export function webhookAddressOptions(deps: Pick<AppDeps, "config" | "mailer">): WebhookAddressOptions {
  return {
    allowPrivateAddresses: deps.config.alerts.webhookAllowPrivate,
    devInboxOrigin: deps.mailer.kind === "outbox" ? new URL(deps.config.publicUrl).origin : null,
  };
}

/** The options themselves, or the app's dependencies they come from (webhookAddressOptions). */
export type WebhookAddressSource = WebhookAddressOptions | Pick<AppDeps, "config" | "mailer">;

const optionsOf = (source: WebhookAddressSource): WebhookAddressOptions => ("config" in source ? webhookAddressOptions(source) : source);

/**
 * A webhook address that passed the rule: its URL and the addresses the request may connect to
 * (every one checked; the first is tried first, the others as Node's happy-eyeballs fallbacks).
 */
export type DeliverableAddress = { url: URL; addresses: ResolvedAddress[] };

/** A webhook URL refused at send time (the message says why); the delivery counts it as a failed attempt. */
export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Ranges ipaddr.js 1.9 counts as unicast that are not public either. */
const notPublic: [string, string][] = [
  ["198.18.0.0/15", "a benchmarking (RFC 2544) address"],
  ["fec0::/10", "a site-local address"],
  ["100::/64", "a discard-only address"],
];

const rangeNames: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT (CGNAT) address",
  private: "a private (RFC 1918) address",
  uniqueLocal: "a unique-local address",
  reserved: "a reserved address",
  rfc6145: "an IPv4-translated address",
  rfc6052: "a NAT64 address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo address",
};
/** Never a receiver, whatever the settings. */
const neverReceivers = new Set(["unspecified", "broadcast", "multicast"]);

/**
 * Why `address` may not receive a webhook (e.g. "a loopback address"), or null when it may. IPv4-
 * mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry.
 */
export function refusedAddress(address: string, options: { allowPrivateAddresses: boolean }): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let ip = ipaddr.parse(address);
  let mapped = false;
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
    mapped = true;
  }
  const range = ip.range();
  let reason = range === "unicast" ? null : (rangeNames[range] ?? `a ${range} address`);
  if (!reason) {
    for (const [cidr, name] of notPublic) {
      const [network, bits] = ipaddr.parseCIDR(cidr);
      if (network.kind() === ip.kind() && (ip as ipaddr.IPv4).match(network as ipaddr.IPv4, bits)) reason = name;
    }
  }
  if (!reason) return null;
  if (options.allowPrivateAddresses && !neverReceivers.has(range)) return null;
  return mapped ? `${reason} (IPv4-mapped)` : reason;
}

type Verdict = { ok: true; target: DeliverableAddress } | { ok: false; problem: string };

/** The rule, applied once: parse, scheme, credentials, length, then every address of the host. */
async function judge(value: unknown, source: WebhookAddressSource): Promise<Verdict> {
  const options = optionsOf(source);
  const refuse = (problem: string): Verdict => ({ ok: false, problem });
  if (typeof value !== "string" || value.trim() === "") return refuse("Give the receiver's URL, like https://example.com/hooks/tickerscope.");
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return refuse(`The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return refuse("Not a URL: give an absolute one, like https://example.com/hooks/tickerscope.");
  }
  if (url.username || url.password) return refuse("The URL must not carry a user name or password: the signature authenticates each request.");
  const devInbox = Boolean(options.devInboxOrigin) && url.origin === options.devInboxOrigin && url.pathname.startsWith(DEV_INBOX_PATH);
  const schemes = devInbox || options.allowPrivateAddresses ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) {
    return refuse(url.protocol === "http:" ? "The URL must use https://: webhooks carry your alerts and are signed, not encrypted." : "The URL must start with https://.");
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  if (net.isIP(hostname)) addresses = [{ address: hostname, family: net.isIP(hostname) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(hostname);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return refuse(`Its host ${hostname} does not resolve${typeof code === "string" ? ` (${code})` : ""}.`);
    }
    if (addresses.length === 0) return refuse(`Its host ${hostname} does not resolve.`);
  }
  // The app's own inbox is on this machine by design (PUBLIC_URL, usually localhost).
  if (!devInbox) {
    for (const { address } of addresses) {
      const reason = refusedAddress(address, options);
      if (reason) {
        const named = address === hostname ? address : `${hostname} resolves to ${address}`;
        return refuse(`Webhooks go only to public addresses: ${named}, ${reason}.`);
      }
    }
  }
  return { ok: true, target: { url, addresses } };
}

/**
 * Checks a webhook URL when an alert is saved: throws BAD_USER_INPUT naming `webhookUrl` unless it
 * parses, is https, carries no credentials, is at most 2000 characters and its host resolves only
 * to public addresses (see WebhookAddressOptions for the two exceptions). `options` may be the
 * app's dependencies (config and mailer). Returns the URL as stored.
 */
export async function checkWebhookUrl(url: unknown, options: WebhookAddressSource): Promise<string> {
  const verdict = await judge(url, options);
  if (!verdict.ok) {
    throw new AppError("BAD_USER_INPUT", `Invalid input: webhookUrl. ${verdict.problem}`, { fieldErrors: [{ field: "webhookUrl", message: verdict.problem }] });
  }
  return verdict.target.url.href;
}

/**
 * The same rule at send time, on a fresh lookup (the name's addresses may have changed since the
 * alert was saved): the address to connect to, or a WebhookAddressError saying why not.
 */
export async function assertDeliverableAddress(url: string, options: WebhookAddressSource): Promise<DeliverableAddress> {
  const verdict = await judge(url, options);
  if (!verdict.ok) throw new WebhookAddressError(verdict.problem);
  return verdict.target;
}

/** The receiver's answer: its status (the body is not read). */
export type WebhookAnswer = { status: number; statusText: string };

/**
 * POSTs `body` to a checked address: the connection goes to one of `target.addresses` (its own
 * lookup answers with them), while the Host header, TLS SNI and certificate check keep the URL's name.
 * No redirect is followed (an answer is an answer); one connection per request; the request
 * fails after `timeoutMs` without an answer's headers.
 */
export function postToCheckedAddress(
  target: DeliverableAddress,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<WebhookAnswer> {
  const [first] = target.addresses;
  const pinnedLookup: net.LookupFunction = (_hostname, options, callback) => {
    if ((options as dns.LookupAllOptions).all) (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, target.addresses);
    else callback(null, first.address, first.family);
  };
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      target.url,
      {
        method: "POST",
        headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
        agent: false,
        lookup: pinnedLookup,
      },
      (response) => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? "" });
        // Only the status counts: the body (which the receiver controls) is not read.
        response.destroy();
      },
    );
    const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${Math.round(request.timeoutMs / 1000)} s`)), request.timeoutMs);
    outgoing.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(request.body);
  });
}
