// The development webhook inbox: a receiver inside the app, so a new user can try alert webhooks
// offline. While mail goes to the development outbox (no SMTP_URL), an alert may send its webhook to
// ${PUBLIC_URL}/dev/webhooks/<name> (webhook-address.ts allows it); the inbox keeps the last 50
// requests in memory, checks each signature against the secret of the alert the body names, and
// answers 200, or the status asked for with ?status=503 (to watch the retries in the delivery log).
// The list, at /dev/webhooks (a page) and /api/dev/webhooks (JSON), answers only visitors on this
// machine, like the outbox; with SMTP configured every route answers 404.
import express, { Router, type Request } from "express";
import { z } from "zod";
import type { AppDeps } from "../../context";
import { AppError } from "../../errors/app-error";
import { decimalIntegerParam } from "../../errors/int-range";
import { isUuid, parseInput } from "../../errors/validation";
import { cachePolicy, NO_STORE } from "../../http/cache-headers";
import { escapeHtml, isLocalRequest } from "../../mail/outbox.routes";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "./webhook-signature";

export const WEBHOOK_INBOX_SIZE = 50;
export const WEBHOOK_INBOX_MAX_BYTES = 256 * 1024;
/** The headers an entry keeps (lower case, as Node reads them). */
const KEPT_HEADERS = ["content-type", "user-agent", "tickerscope-delivery", "tickerscope-event", SIGNATURE_HEADER.toLowerCase()];

export type WebhookInboxEntry = {
  id: number;
  /** The last segment of the URL: one inbox can tell several alerts' webhooks apart. */
  name: string;
  receivedAt: Date;
  headers: Record<string, string>;
  rawBody: string;
  /** true or false: checked against the secret of the alert whose id the body names; null when no such alert. */
  signatureValid: boolean | null;
  /** The status the inbox answered. */
  status: number;
};

const querySchema = z.object({ status: decimalIntegerParam("status", { min: 200, max: 599, default: 200 }) });
const NAME = /^[A-Za-z0-9._~-]{1,100}$/;

const notFound = (res: express.Response) => res.status(404).json({ message: "Not found.", code: "NOT_FOUND" });

/** The id of the alert a webhook body names (alert.id), when it is one. */
function alertIdOf(rawBody: string): string | null {
  try {
    const body = JSON.parse(rawBody) as { alert?: { id?: unknown } } | null;
    const id = body?.alert?.id;
    return typeof id === "string" && isUuid(id) ? id : null;
  } catch {
    return null;
  }
}

export function webhookInboxRoutes(deps: AppDeps): Router {
  const router = Router();
  const entries: WebhookInboxEntry[] = [];
  let nextId = 1;
  const open = () => deps.mailer.kind === "outbox";

  router.post("/dev/webhooks/:name", cachePolicy(NO_STORE), express.raw({ type: () => true, limit: WEBHOOK_INBOX_MAX_BYTES }), async (req: Request<{ name: string }>, res) => {
    if (!open()) return void notFound(res);
    const { name } = req.params;
    if (!NAME.test(name)) throw new AppError("BAD_USER_INPUT", "Invalid input: name.", { fieldErrors: [{ field: "name", message: "The inbox name is 1 to 100 letters, digits, '.', '_', '~' or '-'." }] });
    const { status = 200 } = parseInput(querySchema, { status: req.query.status });
    const rawBody = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    try {
      JSON.parse(rawBody);
    } catch {
      throw new AppError("BAD_USER_INPUT", "Request body must be valid JSON.", { fieldErrors: [{ field: "body", message: "Request body must be valid JSON." }] });
    }
    const alertId = alertIdOf(rawBody);
    const alert = alertId ? await deps.db.prisma.alert.findUnique({ where: { id: alertId }, select: { webhookSecret: true } }) : null;
    const headers = Object.fromEntries(KEPT_HEADERS.flatMap((header) => (typeof req.headers[header] === "string" ? [[header, req.headers[header]]] : [])));
    entries.unshift({
      id: nextId++,
      name,
      receivedAt: new Date(),
      headers,
      rawBody,
      signatureValid: alert?.webhookSecret ? verifyWebhookSignature(alert.webhookSecret, headers[SIGNATURE_HEADER.toLowerCase()], rawBody) : null,
      status,
    });
    entries.length = Math.min(entries.length, WEBHOOK_INBOX_SIZE);
    res.status(status).json({ received: true, status });
  });

  // The bodies name users' alerts: shown only on this machine, never stored by a cache.
  router.get(["/dev/webhooks", "/api/dev/webhooks"], cachePolicy(NO_STORE), (req, res) => {
    if (!open() || !isLocalRequest(req)) return void notFound(res);
    if (req.path.startsWith("/api/") || !req.accepts("html")) {
      res.json({ requests: entries.map((entry) => ({ ...entry, receivedAt: entry.receivedAt.toISOString() })) });
      return;
    }
    const pretty = (raw: string) => {
      try {
        return JSON.stringify(JSON.parse(raw), null, 2);
      } catch {
        return raw;
      }
    };
    const verdict = (entry: WebhookInboxEntry) =>
      entry.signatureValid === null ? "signature not checked (no alert with the body's alert.id)" : entry.signatureValid ? "signature valid" : "signature INVALID";
    const items = entries
      .map(
        (entry) => `<article><h2>/dev/webhooks/${escapeHtml(entry.name)} · answered ${entry.status}</h2>
<p class="meta">${entry.receivedAt.toISOString()} · <span class="${entry.signatureValid ? "ok" : "bad"}">${escapeHtml(verdict(entry))}</span></p>
<pre class="headers">${escapeHtml(Object.entries(entry.headers).map(([name, value]) => `${name}: ${value}`).join("\n"))}</pre>
<pre>${escapeHtml(pretty(entry.rawBody))}</pre></article>`,
      )
      .join("\n");
    res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development webhook inbox · Tickerscope</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a}
.note{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:8px}
article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#64748b;margin:.25rem 0}.ok{color:#15803d}.bad{color:#b91c1c}pre{white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace;background:#f8fafc;padding:.5rem;border-radius:6px}</style></head>
<body><h1>Development webhook inbox</h1>
<p class="note">Point an alert's webhook at ${escapeHtml(deps.config.publicUrl)}/dev/webhooks/<i>any-name</i> (add <code>?status=503</code> to answer with that status and watch the retries). The last ${WEBHOOK_INBOX_SIZE} requests are kept in memory while no SMTP server is configured. Only visible from this machine.</p>
${items || "<p>No webhook requests yet.</p>"}
</body></html>`);
  });
  return router;
}
