// Delivery of alert firings by email and by signed webhook: the worker side of a transactional
// outbox. The evaluator writes one alert_deliveries row per channel in the transaction that writes
// the firing (next_attempt_at from firstAttemptAt); deliverDueAlerts works them off.
//
// Claiming. One UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING takes the due
// rows: it moves each one's next_attempt_at a lease (2 min) ahead and counts the attempt, so two
// passes (two instances, or two calls here) never claim one row while its lease runs. The result
// is then written with a guard on that attempt count: a pass that outlived its lease (and lost the
// row to another) changes nothing but the log.
//
// At least once. A process killed between the request and the write leaves the row pending; it is
// sent again when the lease ends. Each delivery keeps one id across attempts (the
// Tickerscope-Delivery header and the body's deliveryId), by which a receiver drops repeats.
//
// Retries. A failed attempt (no answer, a non-2xx answer, a redirect, a refused address, a mail
// server's error) is logged in alert_delivery_attempts and tried again after 30 s, 2 min, 10 min,
// 30 min, 1 h, 2 h, then every 4 h, until 24 h after the delivery's first attempt (for a webhook or
// an immediate mail that is its creation; a digest's first attempt is the digest hour): then it is
// failed. replayDelivery puts a delivery back in line.
import { setTimeout as sleep } from "node:timers/promises";
import type { AppDeps } from "../../context";
import { AppError } from "../../errors/app-error";
import { isUuid } from "../../errors/validation";
import type { AlertDelivery } from "../../generated/prisma/client";
import { mapWithConcurrency } from "../../shared/map-with-concurrency";
import { assertDeliverableAddress, postToCheckedAddress, webhookAddressOptions, type WebhookAnswer } from "./webhook-address";
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature";

export type DeliveryDeps = Pick<AppDeps, "db" | "logger" | "mailer" | "config">;
type Database = DeliveryDeps["db"];

/** How long a claimed delivery is this pass's: another pass may take it once this has passed. */
export const DELIVERY_LEASE_MS = 2 * 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A mail server that has not taken the mail by then counts as a failed attempt (it may still deliver it). */
export const MAIL_TIMEOUT_MS = 30_000;
/** Retries stop this long after a delivery's first attempt. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 3_600_000, 2 * 3_600_000];
const LAST_RETRY_DELAY_MS = 4 * 3_600_000;
/** Deliveries claimed per pass by default, and requests or mails in flight at once within it. */
export const DEFAULT_CLAIM_LIMIT = 50;
const DEFAULT_CONCURRENCY = 10;
/** The most firings one digest mail lists; more go in another mail. */
const DIGEST_MAX_FIRINGS = 500;
const ERROR_MAX_LENGTH = 500;

export const WEBHOOK_EVENT = "alert.fired";
export const WEBHOOK_USER_AGENT = "Tickerscope-Webhooks/1";

/** The wait before the attempt after attempt number `attempt` (1 = the first) failed. */
export const retryDelayMs = (attempt: number): number => RETRY_DELAYS_MS[attempt - 1] ?? LAST_RETRY_DELAY_MS;

/**
 * When a new firing's delivery on `channel` is first due: at once for a webhook and an immediate
 * mail; for a digest mail, the next `digestHourUtc`:00 UTC after `now`.
 */
export function firstAttemptAt(alert: { emailMode: string }, channel: string, now: Date, digestHourUtc: number): Date {
  if (channel !== "email" || alert.emailMode !== "digest") return now;
  const next = new Date(now);
  next.setUTCHours(digestHourUtc, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export type DeliveryPass = {
  /** Deliveries this pass took (its claims); below `limit` means nothing more was due. */
  claimed: number;
  delivered: number;
  /** Failed attempts with another one scheduled. */
  retrying: number;
  /** Given up: the retry window passed, or the alert no longer sends on that channel. */
  failed: number;
};

export type DeliverOptions = {
  /** The clock (tests and the bench drive time with it); attempts are logged and scheduled on it. */
  now?: () => Date;
  /** Most deliveries claimed by the pass (a user's other due digest deliveries come along). Default 50. */
  limit?: number;
  /** Requests or mails in flight at once. Default 10. */
  concurrency?: number;
  /**
   * A stand-in for the webhook transport (tests). The address is still checked before each
   * request, but the connection is the given fetch's: only the default transport connects to the
   * checked address itself.
   */
  fetch?: typeof fetch;
};

type Claim = { id: string; attempts: number };

/** Takes up to `limit` due pending deliveries for this pass (see the file's comment). */
async function claimDue(db: Database, now: Date, limit: number): Promise<Claim[]> {
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS);
  return db.prisma.$queryRaw<Claim[]>`
    UPDATE alert_deliveries SET next_attempt_at = ${leaseUntil}::timestamptz, attempts = attempts + 1
    WHERE status = 'pending' AND id IN (
      SELECT id FROM alert_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${now}::timestamptz
      ORDER BY next_attempt_at
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, attempts`;
}

/** The other due digest deliveries of these users, so each user's go out in one mail. */
async function claimDueDigests(db: Database, now: Date, userIds: string[]): Promise<Claim[]> {
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS);
  return db.prisma.$queryRaw<Claim[]>`
    UPDATE alert_deliveries SET next_attempt_at = ${leaseUntil}::timestamptz, attempts = attempts + 1
    WHERE status = 'pending' AND id IN (
      SELECT d.id FROM alert_deliveries d
      JOIN alert_firings f ON f.id = d.firing_id
      JOIN alerts a ON a.id = f.alert_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz
        AND d.channel = 'email' AND a.email_mode = 'digest' AND f.user_id = ANY(${userIds}::uuid[])
      ORDER BY d.next_attempt_at
      LIMIT ${userIds.length * DIGEST_MAX_FIRINGS}::int
      FOR UPDATE OF d SKIP LOCKED)
    RETURNING id::text AS id, attempts`;
}

const loadDeliveries = (db: Database, ids: string[]) =>
  db.prisma.alertDelivery.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      channel: true,
      firing: {
        select: {
          id: true,
          userId: true,
          ticker: true,
          factKey: true,
          day: true,
          evidence: true,
          summary: true,
          origin: true,
          firedAt: true,
          alert: {
            select: {
              id: true,
              name: true,
              condition: true,
              channels: true,
              emailMode: true,
              webhookUrl: true,
              webhookSecret: true,
              pausedAt: true,
              user: { select: { email: true, firstName: true } },
            },
          },
        },
      },
    },
  });

type Loaded = Awaited<ReturnType<typeof loadDeliveries>>[number];
type Work = Loaded & { attempts: number };
type Firing = Loaded["firing"];

/** An attempt's result: the receiver's status when one answered; error text when it failed. */
type Outcome = { ok: true; statusCode: number | null } | { ok: false; statusCode: number | null; error: string; final?: boolean };

const dayText = (day: Date) => day.toISOString().slice(0, 10);

/** The JSON body of a webhook (documented for receivers in alerts/README.md). */
export function webhookPayload(deliveryId: string, firing: Firing) {
  return {
    type: WEBHOOK_EVENT,
    deliveryId,
    firing: {
      id: firing.id,
      ticker: firing.ticker,
      day: dayText(firing.day),
      factKey: firing.factKey,
      summary: firing.summary,
      evidence: firing.evidence,
      origin: firing.origin,
      firedAt: firing.firedAt.toISOString(),
    },
    alert: { id: firing.alert.id, name: firing.alert.name, condition: firing.alert.condition },
  };
}

const errorText = (error: unknown): string => {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const code = (error as { code?: unknown })?.code;
  const text = typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
  return text.length > ERROR_MAX_LENGTH ? `${text.slice(0, ERROR_MAX_LENGTH - 1)}…` : text;
};

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  const controller = new AbortController();
  const timeout = sleep(ms, undefined, { signal: controller.signal }).then(() => {
    throw new Error(message);
  });
  timeout.catch(() => {});
  return Promise.race([work, timeout]).finally(() => controller.abort());
}

/** Why a delivery can no longer be made on its channel, or null when it can. */
function noLongerDeliverable(work: Work): string | null {
  const alert = work.firing.alert;
  if (alert.pausedAt) return "The alert is paused.";
  if (!alert.channels.includes(work.channel)) return `The alert no longer sends by ${work.channel}.`;
  if (work.channel === "webhook" && (!alert.webhookUrl || !alert.webhookSecret)) return "The alert has no webhook URL or secret.";
  if (work.channel !== "webhook" && work.channel !== "email") return `Unknown channel ${work.channel}.`;
  return null;
}

async function sendWebhook(deps: DeliveryDeps, options: DeliverOptions, work: Work, now: Date): Promise<Outcome> {
  const alert = work.firing.alert;
  const body = JSON.stringify(webhookPayload(work.id, work.firing));
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    "Tickerscope-Delivery": work.id,
    "Tickerscope-Event": WEBHOOK_EVENT,
    [SIGNATURE_HEADER]: signWebhook(alert.webhookSecret!, body, now.getTime() / 1000),
  };
  let answer: WebhookAnswer;
  try {
    const request = async () => {
      const target = await assertDeliverableAddress(alert.webhookUrl!, webhookAddressOptions(deps));
      if (!options.fetch) return postToCheckedAddress(target, { headers, body, timeoutMs: WEBHOOK_TIMEOUT_MS });
      const response = await options.fetch(target.url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
      await response.body?.cancel();
      return { status: response.status, statusText: response.statusText };
    };
    answer = await withTimeout(request(), WEBHOOK_TIMEOUT_MS, `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`);
  } catch (error) {
    return { ok: false, statusCode: null, error: errorText(error) };
  }
  if (answer.status >= 200 && answer.status < 300) return { ok: true, statusCode: answer.status };
  const status = `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}`;
  return { ok: false, statusCode: answer.status, error: answer.status >= 300 && answer.status < 400 ? `${status}: redirects are not followed` : status };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
const EVIDENCE_MAX_LINES = 40;

/** The evidence as readable "Label: value" lines (nested keys joined), at most 40. */
export function evidenceLines(evidence: unknown): string[] {
  const lines: string[] = [];
  const walk = (value: unknown, label: string, depth: number) => {
    if (lines.length >= EVIDENCE_MAX_LINES) return;
    if (value === null || value === undefined) return;
    if (typeof value !== "object") {
      lines.push(`${capitalize(label || "evidence")}: ${String(value)}`);
      return;
    }
    if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) {
      lines.push(`${capitalize(label || "evidence")}: ${value.map(String).join(", ")}`);
      return;
    }
    if (depth >= 4) {
      lines.push(`${capitalize(label || "evidence")}: ${JSON.stringify(value)}`);
      return;
    }
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index + 1), item] as const) : Object.entries(value);
    for (const [key, item] of entries) walk(item, label ? `${label} ${words(key)}` : words(key), depth + 1);
  };
  walk(evidence, "", 0);
  return lines;
}

const alertsLink = (deps: DeliveryDeps) => new URL("/alerts", deps.config.publicUrl).href;

function firingBlock(firing: Firing): string {
  return [firing.summary, "", `Alert: ${firing.alert.name}`, `Ticker: ${firing.ticker}`, `Day: ${dayText(firing.day)}`, ...evidenceLines(firing.evidence)].join("\n");
}

const greeting = (user: { firstName: string | null }) => (user.firstName ? `Hi ${user.firstName},` : "Hello,");

/** One firing's mail (immediate). */
export function immediateMail(deps: DeliveryDeps, work: Pick<Work, "firing">) {
  const { firing } = work;
  const user = firing.alert.user;
  return {
    to: user.email,
    subject: `Tickerscope alert: ${firing.alert.name} (${firing.ticker})`,
    text: [greeting(user), "", firingBlock(firing), "", `Your alerts: ${alertsLink(deps)}`, ""].join("\n"),
  };
}

/** One mail listing a user's firings (digest), oldest first. */
export function digestMail(deps: DeliveryDeps, works: Pick<Work, "firing">[]) {
  const firings = works.map((work) => work.firing).sort((a, b) => a.firedAt.getTime() - b.firedAt.getTime());
  const user = firings[0].alert.user;
  const count = `${firings.length} firing${firings.length === 1 ? "" : "s"}`;
  return {
    to: user.email,
    subject: `Tickerscope alerts: ${count}`,
    text: [
      greeting(user),
      "",
      `Your alerts fired ${firings.length === 1 ? "once" : `${firings.length} times`} since the last digest:`,
      ...firings.flatMap((firing, index) => ["", `${index + 1}. ${firingBlock(firing).replace(/\n/g, "\n   ")}`]),
      "",
      `Your alerts: ${alertsLink(deps)}`,
      "",
    ].join("\n"),
  };
}

async function sendMail(deps: DeliveryDeps, mail: { to: string; subject: string; text: string }): Promise<Outcome> {
  try {
    await withTimeout(deps.mailer.send(mail), MAIL_TIMEOUT_MS, `the mail server did not take the mail within ${MAIL_TIMEOUT_MS / 1000} s`);
    return { ok: true, statusCode: null };
  } catch (error) {
    return { ok: false, statusCode: null, error: errorText(error) };
  }
}

type Recorded = keyof Omit<DeliveryPass, "claimed"> | "lost";

/**
 * Logs an attempt and writes its result: delivered; another attempt after the backoff; or failed
 * once the retry window has passed (or the outcome is final). Guarded by the attempt count the
 * claim gave, so a pass that lost its lease changes only the log.
 */
async function record(deps: DeliveryDeps, claim: Claim, outcome: Outcome, now: Date, ms: number): Promise<Recorded> {
  const { prisma } = deps.db;
  try {
    let data: Parameters<typeof prisma.alertDelivery.updateMany>[0]["data"];
    let result: Recorded;
    if (outcome.ok) {
      data = { status: "delivered", deliveredAt: now, lastStatusCode: outcome.statusCode, lastError: null };
      result = "delivered";
    } else {
      const first = await prisma.alertDeliveryAttempt.aggregate({ where: { deliveryId: claim.id }, _min: { attemptedAt: true } });
      const windowEnds = (first._min.attemptedAt ?? now).getTime() + RETRY_WINDOW_MS;
      const next = new Date(now.getTime() + retryDelayMs(claim.attempts));
      const giveUp = outcome.final || next.getTime() > windowEnds;
      data = { lastStatusCode: outcome.statusCode, lastError: outcome.error, ...(giveUp ? { status: "failed" } : { nextAttemptAt: next }) };
      result = giveUp ? "failed" : "retrying";
    }
    const [, updated] = await prisma.$transaction([
      prisma.alertDeliveryAttempt.create({
        data: { deliveryId: claim.id, attemptedAt: now, statusCode: outcome.statusCode, error: outcome.ok ? null : outcome.error, ms: Math.round(ms) },
      }),
      prisma.alertDelivery.updateMany({ where: { id: claim.id, status: "pending", attempts: claim.attempts }, data }),
    ]);
    if (updated.count === 0) {
      deps.logger.warn({ deliveryId: claim.id }, "alert delivery outlived its lease: another pass had taken it, only the attempt is logged");
      return "lost";
    }
    if (result === "failed") deps.logger.warn({ deliveryId: claim.id, attempts: claim.attempts, lastError: data.lastError }, "alert delivery failed for good");
    else if (result === "retrying") deps.logger.info({ deliveryId: claim.id, attempts: claim.attempts, lastError: data.lastError }, "alert delivery attempt failed; will retry");
    return result;
  } catch (error) {
    // The alert (and with it the delivery) was deleted meanwhile: nothing is left to record.
    deps.logger.warn({ err: error, deliveryId: claim.id }, "alert delivery result not recorded");
    return "lost";
  }
}

/**
 * One pass: claims the due pending deliveries (at most `limit`, plus the claimed users' other due
 * digest deliveries), sends them (webhooks signed, to checked addresses; one mail per immediate
 * delivery, one per user for digests), and writes each attempt to the log and its result to the
 * delivery. Safe to run on several instances at once: each delivery is claimed by one pass.
 */
export async function deliverDueAlerts(deps: DeliveryDeps, options: DeliverOptions = {}): Promise<DeliveryPass> {
  const clock = () => options.now?.() ?? new Date();
  const now = clock();
  const limit = options.limit ?? DEFAULT_CLAIM_LIMIT;
  const pass: DeliveryPass = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
  const claims = await claimDue(deps.db, now, limit);
  if (claims.length === 0) return pass;
  let loaded = await loadDeliveries(deps.db, claims.map((claim) => claim.id));
  const digestUsers = [...new Set(loaded.filter((item) => item.channel === "email" && item.firing.alert.emailMode === "digest").map((item) => item.firing.userId))];
  if (digestUsers.length > 0) {
    const more = await claimDueDigests(deps.db, now, digestUsers);
    claims.push(...more);
    if (more.length > 0) loaded = [...loaded, ...(await loadDeliveries(deps.db, more.map((claim) => claim.id)))];
  }
  pass.claimed = claims.length;
  const claimOf = new Map(claims.map((claim) => [claim.id, claim]));
  // A delivery missing here went with its alert (deleted: the rows cascade).
  const works: Work[] = loaded.map((item) => ({ ...item, attempts: claimOf.get(item.id)!.attempts }));

  const tasks: (() => Promise<Recorded[]>)[] = [];
  const digests = new Map<string, Work[]>();
  for (const work of works) {
    const claim = claimOf.get(work.id)!;
    const stale = noLongerDeliverable(work);
    if (stale) tasks.push(async () => [await record(deps, claim, { ok: false, statusCode: null, error: stale, final: true }, now, 0)]);
    else if (work.channel === "webhook") tasks.push(async () => timedRecord(deps, [claim], clock, (startedAt) => sendWebhook(deps, options, work, startedAt)));
    else if (work.firing.alert.emailMode === "digest") digests.set(work.firing.userId, [...(digests.get(work.firing.userId) ?? []), work]);
    else tasks.push(async () => timedRecord(deps, [claim], clock, () => sendMail(deps, immediateMail(deps, work))));
  }
  for (const group of digests.values()) {
    for (let start = 0; start < group.length; start += DIGEST_MAX_FIRINGS) {
      const part = group.slice(start, start + DIGEST_MAX_FIRINGS);
      tasks.push(async () => timedRecord(deps, part.map((work) => claimOf.get(work.id)!), clock, () => sendMail(deps, digestMail(deps, part))));
    }
  }
  const results = await mapWithConcurrency(tasks, options.concurrency ?? DEFAULT_CONCURRENCY, (task) => task());
  for (const result of results.flat()) if (result !== "lost") pass[result] += 1;
  return pass;
}

/** Makes one attempt (signed and logged at the time it starts, which may be later in the pass than its claim) and records it. */
async function timedRecord(deps: DeliveryDeps, claims: Claim[], clock: () => Date, attempt: (startedAt: Date) => Promise<Outcome>): Promise<Recorded[]> {
  const startedAt = clock();
  const started = performance.now();
  const outcome = await attempt(startedAt);
  const ms = performance.now() - started;
  const results: Recorded[] = [];
  for (const claim of claims) results.push(await record(deps, claim, outcome, startedAt, ms));
  return results;
}

/**
 * Puts one of the user's deliveries back in line, due now ("replay" in the delivery log): pending
 * again whatever its status, the log kept. A delivery past its retry window gets this one attempt.
 * Any other id (another user's, unknown, malformed) is NOT_FOUND. Call wakeAlertDeliveries() after
 * it to send at once on this instance.
 */
export async function replayDelivery(db: Database, userId: string, deliveryId: string, now: Date = new Date()): Promise<AlertDelivery> {
  const notFound = () => new AppError("NOT_FOUND", "No alert delivery of yours has this id.");
  if (!isUuid(deliveryId) || !isUuid(userId)) throw notFound();
  const { count } = await db.prisma.alertDelivery.updateMany({
    where: { id: deliveryId, firing: { userId } },
    data: { status: "pending", nextAttemptAt: now, deliveredAt: null },
  });
  if (count === 0) throw notFound();
  const delivery = await db.prisma.alertDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery) throw notFound();
  return delivery;
}

const wakers = new Set<() => void>();

/**
 * Runs a pass now on every dispatcher scheduled in this process (scheduleAlertDeliveries), e.g.
 * right after a transaction that wrote firings commits, or after replayDelivery. Other instances
 * find the deliveries at their next poll.
 */
export function wakeAlertDeliveries(): void {
  for (const wake of wakers) wake();
}

/** Passes one wake-up or poll may run back to back while each claims a full batch. */
const DRAIN_PASSES = 20;

/**
 * The dispatcher as a background job: a pass every ALERT_DELIVERY_POLL_SECONDS (0 = off) and on
 * wakeAlertDeliveries(); while a pass claims a full batch, the next follows at once. Passes never
 * overlap in one process; instances share the work through the claims. Returns stop(): no new
 * pass, and it resolves when the running one (its requests and mails) has finished.
 */
export function scheduleAlertDeliveries(deps: DeliveryDeps, options: { limit?: number } = {}): () => Promise<void> {
  const pollSeconds = deps.config.alerts.deliveryPollSeconds;
  if (pollSeconds <= 0) {
    deps.logger.info("alert delivery is off (ALERT_DELIVERY_POLL_SECONDS=0): email and webhook deliveries wait in the database");
    return async () => {};
  }
  const pollMs = pollSeconds * 1000;
  const limit = options.limit ?? DEFAULT_CLAIM_LIMIT;
  let stopped = false;
  let wokenDuringPass = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const drain = async () => {
    for (let round = 0; round < DRAIN_PASSES && !stopped; round++) {
      const pass = await deliverDueAlerts(deps, { limit });
      if (pass.claimed > 0) deps.logger.info(pass, "alert delivery pass");
      if (pass.claimed < limit) return;
    }
  };
  function run() {
    if (stopped) return;
    if (current) {
      wokenDuringPass = true;
      return;
    }
    clearTimeout(timer);
    current = drain()
      .catch((error: unknown) => deps.logger.error({ err: error }, "alert delivery pass failed"))
      .finally(() => {
        current = undefined;
        if (stopped) return;
        schedule(wokenDuringPass ? 0 : pollMs);
        wokenDuringPass = false;
      });
  }
  wakers.add(run);
  schedule(pollMs);
  deps.logger.info({ pollSeconds, digestHourUtc: deps.config.alerts.digestHourUtc }, "scheduled alert delivery");
  return async () => {
    stopped = true;
    wakers.delete(run);
    clearTimeout(timer);
    await current;
  };
}
