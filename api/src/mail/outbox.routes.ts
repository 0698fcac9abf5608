import { Router, type Request } from "express";
import type { AppDeps } from "../context";
import { cachePolicy, NO_STORE } from "../http/cache-headers";

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Host headers naming this machine, with an optional port. */
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * True for a request from this machine to this machine: the connection's own address (never a
 * forwarded one) is loopback, and so is the Host it asked for, so a page on another site whose
 * name a DNS-rebinding attack points at 127.0.0.1 cannot read it from the visitor's browser.
 */
export function isLocalRequest(req: Request): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? "") && LOOPBACK_HOST.test(req.headers.host ?? "");
}

/**
 * The development outbox: mail that would have been sent, when no SMTP server
 * is configured. Sign-in links are secrets, so it answers only visitors on this
 * machine (isLocalRequest), and only while mail is not really delivered.
 */
export function outboxRoutes(deps: AppDeps): Router {
  const router = Router();
  // Sign-in links are secrets: never stored, as JSON or as the page.
  router.get(["/dev/outbox", "/api/dev/outbox"], cachePolicy(NO_STORE), (req, res) => {
    if (deps.mailer.kind !== "outbox" || !isLocalRequest(req)) {
      res.status(404).json({ message: "Not found.", code: "NOT_FOUND" });
      return;
    }
    const entries = deps.mailer.outbox();
    if (req.path.startsWith("/api/") || !req.accepts("html")) {
      res.json({ messages: entries.map((entry) => ({ ...entry, sentAt: entry.sentAt.toISOString() })) });
      return;
    }
    const items = entries
      .map(
        (entry) => `<article><h2>${escapeHtml(entry.subject)}</h2>
<p class="meta">To ${escapeHtml(entry.to)} · ${entry.sentAt.toISOString()}</p>
<pre>${escapeHtml(entry.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join("\n");
    res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development outbox · Tickerscope</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
.note{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:8px}
article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#64748b;margin:.25rem 0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Development outbox</h1>
<p class="note">No SMTP server is configured (SMTP_URL), so Tickerscope keeps the last ${entries.length === 1 ? "message" : "messages"} it would have sent here instead of delivering them. Only visible from this machine.</p>
${items || "<p>No mail yet. Request a sign-in link on the Sign In tab of /auth.</p>"}
</body></html>`);
  });
  return router;
}
