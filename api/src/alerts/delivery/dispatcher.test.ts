/** @db */
import { eventually } from "../../../test/eventually";
import { createTestDatabase } from "../../../test/test-database";
import { loadConfig } from "../../config/config";
import { AppError } from "../../errors/app-error";
import { createLogger } from "../../logging/logger";
import { createMailer, type Mailer, type OutgoingMail } from "../../mail/mailer";
import { createFiringScenario, startReceiver, type Receiver } from "./delivery-scenarios";
import {
  deliverDueAlerts,
  evidenceLines,
  firstAttemptAt,
  replayDelivery,
  RETRY_WINDOW_MS,
  scheduleAlertDeliveries,
  wakeAlertDeliveries,
  type DeliveryDeps,
} from "./dispatcher";
import { verifyWebhookSignature } from "./webhook-signature";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: DeliveryDeps;
let receiver: Receiver;

const depsWith = (environment: NodeJS.ProcessEnv, mailer?: Mailer): DeliveryDeps => {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://tickerscope.example", ...environment });
  const logger = createLogger(config);
  return { db, config, logger, mailer: mailer ?? createMailer(config, logger) };
};

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  // The local receiver is on 127.0.0.1: ALERT_WEBHOOK_ALLOW_PRIVATE, as for a receiver on your own network.
  deps = depsWith({ ALERT_WEBHOOK_ALLOW_PRIVATE: "true" });
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver.close();
  await db.close();
});
beforeEach(async () => {
  // Each test's deliveries alone are due.
  await db.prisma.alertDelivery.deleteMany();
  receiver.requests.length = 0;
  receiver.answer = 200;
});

const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);
const clock = (date: Date) => () => date;
const deliveryOf = (id: string) => db.prisma.alertDelivery.findUniqueOrThrow({ where: { id }, include: { log: { orderBy: { attemptedAt: "asc" } } } });

describe("firstAttemptAt", () => {
  it("is now for a webhook or an immediate mail, and the next digest hour (UTC) for a digest mail", () => {
    const now = at("2026-11-28T05:30:00Z");
    expect(firstAttemptAt({ emailMode: "immediate" }, "webhook", now, 7)).toEqual(now);
    expect(firstAttemptAt({ emailMode: "digest" }, "webhook", now, 7)).toEqual(now);
    expect(firstAttemptAt({ emailMode: "immediate" }, "email", now, 7)).toEqual(now);
    expect(firstAttemptAt({ emailMode: "digest" }, "email", now, 7)).toEqual(at("2026-11-28T07:00:00Z"));
    expect(firstAttemptAt({ emailMode: "digest" }, "email", at("2026-11-28T07:00:00Z"), 7)).toEqual(at("2026-11-29T07:00:00Z"));
    expect(firstAttemptAt({ emailMode: "digest" }, "email", at("2026-11-30T23:59:00Z"), 0)).toEqual(at("2026-12-01T00:00:00Z"));
  });
});

describe("alert delivery settings", () => {
  it("default to strict webhook addresses, a pass every 5 s and digests at 07:00 UTC", () => {
    expect(loadConfig({}).alerts).toEqual({ webhookAllowPrivate: false, deliveryPollSeconds: 5, digestHourUtc: 7 });
    expect(loadConfig({ ALERT_WEBHOOK_ALLOW_PRIVATE: "true", ALERT_DELIVERY_POLL_SECONDS: "0", ALERT_DIGEST_HOUR_UTC: "23" }).alerts).toEqual({
      webhookAllowPrivate: true,
      deliveryPollSeconds: 0,
      digestHourUtc: 23,
    });
    expect(() => loadConfig({ ALERT_DIGEST_HOUR_UTC: "24" })).toThrow(/ALERT_DIGEST_HOUR_UTC/);
    expect(() => loadConfig({ ALERT_WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/ALERT_WEBHOOK_ALLOW_PRIVATE/);
  });
});

describe("webhook delivery", () => {
  it("POSTs the signed firing; a receiver answering 503 twice then 200 has it on the third attempt, with 3 log rows", async () => {
    const t0 = at("2026-11-28T14:00:00Z");
    const { alert, firing, deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/hooks/a` });
    const [delivery] = deliveries;
    receiver.answer = (_request, index) => (index < 2 ? 503 : 200);

    expect(await deliverDueAlerts(deps, { now: clock(t0) })).toEqual({ claimed: 1, delivered: 0, retrying: 1, failed: 0 });
    // Not due before its backoff (30 s after the first failure).
    expect(await deliverDueAlerts(deps, { now: clock(plus(t0, 29_000)) })).toEqual({ claimed: 0, delivered: 0, retrying: 0, failed: 0 });
    const t1 = plus(t0, 30_000);
    expect(await deliverDueAlerts(deps, { now: clock(t1) })).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await deliveryOf(delivery.id)).nextAttemptAt).toEqual(plus(t1, 2 * 60_000));
    const t2 = plus(t1, 2 * 60_000);
    expect(await deliverDueAlerts(deps, { now: clock(t2) })).toMatchObject({ claimed: 1, delivered: 1 });

    const stored = await deliveryOf(delivery.id);
    expect(stored).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null, deliveredAt: t2 });
    expect(stored.log.map((row) => [row.attemptedAt, row.statusCode, row.error])).toEqual([
      [t0, 503, "HTTP 503 Service Unavailable"],
      [t1, 503, "HTTP 503 Service Unavailable"],
      [t2, 200, null],
    ]);

    // Three requests, one delivery id, each signed at its own attempt over the same body.
    expect(receiver.requests).toHaveLength(3);
    const last = receiver.requests[2];
    expect(new Set(receiver.requests.map((request) => request.deliveryId))).toEqual(new Set([delivery.id]));
    expect(new Set(receiver.requests.map((request) => request.rawBody)).size).toBe(1);
    expect(last.path).toBe("/hooks/a");
    expect(last.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Tickerscope-Webhooks/1",
      "tickerscope-event": "alert.fired",
      "tickerscope-delivery": delivery.id,
    });
    expect(last.headers["tickerscope-signature"]).toMatch(new RegExp(`^t=${t2.getTime() / 1000},v1=`));
    expect(verifyWebhookSignature(alert.webhookSecret!, last.headers["tickerscope-signature"] as string, last.rawBody, { now: t2 })).toBe(true);
    // The first attempt's signature is stale 5 minutes after it was sent: a replay of it is refused.
    const later = { now: plus(t0, 301_000) };
    expect(verifyWebhookSignature(alert.webhookSecret!, receiver.requests[0].headers["tickerscope-signature"] as string, last.rawBody, later)).toBe(false);
    expect(verifyWebhookSignature(alert.webhookSecret!, last.headers["tickerscope-signature"] as string, last.rawBody, later)).toBe(true);
    expect(JSON.parse(last.rawBody)).toEqual({
      type: "alert.fired",
      deliveryId: delivery.id,
      firing: {
        id: firing.id,
        ticker: "AAPL",
        day: "2026-11-28",
        factKey: firing.factKey,
        summary: firing.summary,
        evidence: firing.evidence,
        origin: "live",
        firedAt: t0.toISOString(),
      },
      alert: { id: alert.id, name: alert.name, condition: "price_cross" },
    });
  });

  it("gives up 24 h after the first attempt while the receiver is down, logging every attempt", async () => {
    const t0 = at("2026-11-28T14:00:00Z");
    const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/down` });
    receiver.answer = 500;
    let now = t0;
    let passes = 0;
    for (;;) {
      const pass = await deliverDueAlerts(deps, { now: clock(now) });
      passes += 1;
      const stored = await deliveryOf(deliveries[0].id);
      if (stored.status !== "pending") break;
      expect(pass).toMatchObject({ claimed: 1, retrying: 1 });
      now = stored.nextAttemptAt;
      expect(passes).toBeLessThan(50);
    }
    const stored = await deliveryOf(deliveries[0].id);
    expect(stored).toMatchObject({ status: "failed", lastStatusCode: 500, lastError: "HTTP 500 Internal Server Error", deliveredAt: null });
    // 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then every 4 h: 12 attempts in the 24 hours.
    expect(stored.log).toHaveLength(12);
    expect(stored.attempts).toBe(12);
    expect(now.getTime() - t0.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(now.getTime() - t0.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 4 * 3_600_000);
    expect(receiver.requests).toHaveLength(12);
    // Nothing more is sent for it.
    expect(await deliverDueAlerts(deps, { now: clock(plus(now, 48 * 3_600_000)) })).toMatchObject({ claimed: 0 });
  });

  it("logs a refused connection as an attempt without a status, and retries it", async () => {
    const closed = await startReceiver();
    const url = `${closed.origin}/gone`;
    await closed.close();
    const t0 = at("2026-11-28T14:00:00Z");
    const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: url });
    expect(await deliverDueAlerts(deps, { now: clock(t0) })).toMatchObject({ retrying: 1 });
    const stored = await deliveryOf(deliveries[0].id);
    expect(stored).toMatchObject({ status: "pending", lastStatusCode: null, lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(stored.log[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it("checks the address again before sending: a private address is an attempt refused without a request", async () => {
    const strict = depsWith({});
    const t0 = at("2026-11-28T14:00:00Z");
    const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/private` });
    expect(await deliverDueAlerts(strict, { now: clock(t0) })).toMatchObject({ retrying: 1 });
    expect(receiver.requests).toHaveLength(0);
    expect((await deliveryOf(deliveries[0].id)).lastError).toMatch(/The URL must use https:\/\//);
  });

  it("counts a redirect as a failure and never follows it", async () => {
    receiver.answer = 307;
    const t0 = at("2026-11-28T14:00:00Z");
    const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/moved` });
    await deliverDueAlerts(deps, { now: clock(t0) });
    expect(await deliveryOf(deliveries[0].id)).toMatchObject({ status: "pending", lastStatusCode: 307, lastError: "HTTP 307 Temporary Redirect: redirects are not followed" });
    expect(receiver.requests).toHaveLength(1);
  });

  it("fails a delivery whose alert is paused or no longer sends by webhook, saying so; a deleted alert takes its deliveries along", async () => {
    const t0 = at("2026-11-28T14:00:00Z");
    const paused = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/p` });
    await db.prisma.alert.update({ where: { id: paused.alert.id }, data: { pausedAt: t0 } });
    const changed = await createFiringScenario(db, { now: t0, channels: ["webhook", "email"], webhookUrl: `${receiver.origin}/c` });
    await db.prisma.alert.update({ where: { id: changed.alert.id }, data: { channels: ["email"] } });
    const deleted = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/d` });
    await db.prisma.alert.delete({ where: { id: deleted.alert.id } });

    expect(await deliverDueAlerts(deps, { now: clock(t0) })).toEqual({ claimed: 3, delivered: 1, retrying: 0, failed: 2 });
    expect(await deliveryOf(paused.deliveries[0].id)).toMatchObject({ status: "failed", lastError: "The alert is paused." });
    const webhook = changed.deliveries.find((delivery) => delivery.channel === "webhook")!;
    expect(await deliveryOf(webhook.id)).toMatchObject({ status: "failed", lastError: "The alert no longer sends by webhook." });
    expect(receiver.requests).toHaveLength(0);
    expect(await db.prisma.alertDelivery.count({ where: { firingId: deleted.firing.id } })).toBe(0);
  });

  it("delivers each firing exactly once when passes run at the same time (two instances)", async () => {
    const t0 = at("2026-11-28T14:00:00Z");
    const ids: string[] = [];
    for (let index = 0; index < 40; index++) {
      const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/race/${index}` });
      ids.push(deliveries[0].id);
    }
    // Small batches, so the passes keep claiming while the others send.
    const drain = async () => {
      let delivered = 0;
      for (;;) {
        const pass = await deliverDueAlerts(deps, { now: clock(t0), limit: 3 });
        delivered += pass.delivered;
        if (pass.claimed === 0) return delivered;
      }
    };
    const totals = await Promise.all([drain(), drain(), drain()]);
    expect(totals.reduce((sum, count) => sum + count, 0)).toBe(40);
    const counts = receiver.countByDelivery();
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(await db.prisma.alertDelivery.count({ where: { id: { in: ids }, status: "delivered", attempts: 1 } })).toBe(40);
  });

  it("sends again after the lease when a pass died between its claim and its result (at least once)", async () => {
    const t0 = at("2026-11-28T14:00:00Z");
    const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/lease` });
    // What a claim leaves behind when its process is killed before writing the result.
    await db.prisma.alertDelivery.update({ where: { id: deliveries[0].id }, data: { attempts: 1, nextAttemptAt: plus(t0, 2 * 60_000) } });
    expect(await deliverDueAlerts(deps, { now: clock(plus(t0, 60_000)) })).toMatchObject({ claimed: 0 });
    expect(await deliverDueAlerts(deps, { now: clock(plus(t0, 2 * 60_000)) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await deliveryOf(deliveries[0].id)).toMatchObject({ status: "delivered", attempts: 2 });
  });
});

describe("email delivery", () => {
  const outboxOf = (mailer: DeliveryDeps["mailer"]) => mailer.outbox().reverse();

  it("sends an immediate alert's firing in a mail of its own, evidence as readable lines and a link to the alerts", async () => {
    const mailDeps = depsWith({});
    const t0 = at("2026-11-28T21:15:00Z");
    const { user, deliveries } = await createFiringScenario(db, { now: t0, channels: ["email"], ticker: "MSFT" });
    expect(await deliverDueAlerts(mailDeps, { now: clock(t0) })).toMatchObject({ claimed: 1, delivered: 1 });
    const [mail] = outboxOf(mailDeps.mailer);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toMatch(/^Tickerscope alert: MSFT above 150 \(.+\) \(MSFT\)$/);
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("MSFT closed at 151.25, above 150 (149.80 the day before).");
    expect(mail.text).toContain("Ticker: MSFT");
    expect(mail.text).toContain("Day: 2026-11-28");
    expect(mail.text).toContain("Previous close: 149.8");
    expect(mail.text).toContain("Your alerts: https://tickerscope.example/alerts");
    const stored = await deliveryOf(deliveries[0].id);
    expect(stored).toMatchObject({ status: "delivered", lastStatusCode: null });
    expect(stored.log).toMatchObject([{ statusCode: null, error: null }]);
  });

  it("groups a user's due digest firings into one mail at the digest hour", async () => {
    const mailDeps = depsWith({ ALERT_DIGEST_HOUR_UTC: "7" });
    const evening = at("2026-11-28T20:00:00Z");
    const first = await createFiringScenario(db, { now: evening, channels: ["email"], emailMode: "digest", ticker: "AAPL" });
    const user = first.user;
    const second = await createFiringScenario(db, { now: plus(evening, 60_000), user, channels: ["email"], emailMode: "digest", ticker: "KO" });
    const third = await createFiringScenario(db, { now: plus(evening, 120_000), user, channels: ["email"], emailMode: "digest", ticker: "PEP" });
    const other = await createFiringScenario(db, { now: evening, channels: ["email"], emailMode: "digest", ticker: "JNJ" });
    const ids = [first, second, third, other].map((scenario) => scenario.deliveries[0].id);

    expect(await deliverDueAlerts(mailDeps, { now: clock(plus(evening, 3_600_000)) })).toMatchObject({ claimed: 0 });
    // A claim of one brings the user's other due digest deliveries along.
    const digestHour = at("2026-11-29T07:00:00Z");
    const first1 = await deliverDueAlerts(mailDeps, { now: clock(digestHour), limit: 1 });
    const rest = await deliverDueAlerts(mailDeps, { now: clock(digestHour), limit: 1 });
    expect(first1.delivered + rest.delivered).toBe(4);

    const mails = outboxOf(mailDeps.mailer);
    expect(mails).toHaveLength(2);
    const digest = mails.find((mail) => mail.to === user.email)!;
    expect(digest.subject).toBe("Tickerscope alerts: 3 firings");
    expect(digest.text.indexOf("Ticker: AAPL")).toBeLessThan(digest.text.indexOf("Ticker: KO"));
    expect(digest.text.indexOf("Ticker: KO")).toBeLessThan(digest.text.indexOf("Ticker: PEP"));
    expect(digest.text).toContain("Your alerts: https://tickerscope.example/alerts");
    expect(mails.find((mail) => mail.to === other.user.email)!.subject).toBe("Tickerscope alerts: 1 firing");
    expect(await db.prisma.alertDelivery.count({ where: { id: { in: ids }, status: "delivered" } })).toBe(4);
    expect(await db.prisma.alertDeliveryAttempt.count({ where: { deliveryId: { in: ids } } })).toBe(4);
  });

  it("logs a mail server's refusal and retries on the same schedule", async () => {
    const sent: OutgoingMail[] = [];
    let refuse = true;
    const flaky: Mailer = {
      kind: "smtp",
      async send(mail) {
        if (refuse) throw Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" });
        sent.push(mail);
      },
      outbox: () => [],
    };
    const mailDeps = depsWith({}, flaky);
    const t0 = at("2026-11-28T14:00:00Z");
    const { deliveries } = await createFiringScenario(db, { now: t0, channels: ["email"] });
    expect(await deliverDueAlerts(mailDeps, { now: clock(t0) })).toMatchObject({ retrying: 1 });
    expect(await deliveryOf(deliveries[0].id)).toMatchObject({ status: "pending", lastError: "Greeting never received (ETIMEDOUT)", nextAttemptAt: plus(t0, 30_000) });
    refuse = false;
    expect(await deliverDueAlerts(mailDeps, { now: clock(plus(t0, 30_000)) })).toMatchObject({ delivered: 1 });
    expect(sent).toHaveLength(1);
    expect((await deliveryOf(deliveries[0].id)).log.map((row) => row.error)).toEqual(["Greeting never received (ETIMEDOUT)", null]);
  });
});

describe("replayDelivery", () => {
  it("sends a delivery again for its owner only, keeping the log", async () => {
    const t0 = at("2026-11-28T14:00:00Z");
    const mine = await createFiringScenario(db, { now: t0, channels: ["webhook"], webhookUrl: `${receiver.origin}/replay` });
    const someoneElse = await createFiringScenario(db, { now: t0, channels: ["email"] });
    const delivery = mine.deliveries[0];
    await deliverDueAlerts(deps, { now: clock(t0) });
    expect(receiver.requests).toHaveLength(1);

    for (const [userId, id] of [
      [someoneElse.user.id, delivery.id],
      [mine.user.id, someoneElse.deliveries[0].id],
      [mine.user.id, "not-a-uuid"],
      [mine.user.id, "00000000-0000-4000-8000-000000000000"],
    ]) {
      await expect(replayDelivery(db, userId, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(replayDelivery(db, userId, id)).rejects.toBeInstanceOf(AppError);
    }
    expect(await deliveryOf(delivery.id)).toMatchObject({ status: "delivered" });

    const t1 = plus(t0, 3 * 24 * 3_600_000);
    const replayed = await replayDelivery(db, mine.user.id, delivery.id, t1);
    expect(replayed).toMatchObject({ id: delivery.id, status: "pending", nextAttemptAt: t1, deliveredAt: null });
    expect(await deliverDueAlerts(deps, { now: clock(t1) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.requests.map((request) => request.deliveryId)).toEqual([delivery.id, delivery.id]);
    expect((await deliveryOf(delivery.id)).log.map((row) => row.attemptedAt)).toEqual([t0, t1]);
  });
});

describe("scheduleAlertDeliveries", () => {
  it("runs a pass when woken, between its polls, and stops after the running pass", async () => {
    // An hour between polls: only the wake-up can send within the test.
    const jobDeps = depsWith({ ALERT_WEBHOOK_ALLOW_PRIVATE: "true", ALERT_DELIVERY_POLL_SECONDS: "3600" });
    const stop = scheduleAlertDeliveries(jobDeps);
    try {
      const { deliveries } = await createFiringScenario(db, { now: new Date(), channels: ["webhook"], webhookUrl: `${receiver.origin}/woken` });
      wakeAlertDeliveries();
      await eventually(async () => (await deliveryOf(deliveries[0].id)).status === "delivered");
      expect(receiver.requests.map((request) => request.path)).toEqual(["/woken"]);
    } finally {
      await stop();
    }
    // Stopped: a wake-up does nothing.
    const { deliveries } = await createFiringScenario(db, { now: new Date(), channels: ["webhook"], webhookUrl: `${receiver.origin}/stopped` });
    wakeAlertDeliveries();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await deliveryOf(deliveries[0].id)).status).toBe("pending");
  });

  it("is off with ALERT_DELIVERY_POLL_SECONDS=0", async () => {
    const stop = scheduleAlertDeliveries(depsWith({ ALERT_DELIVERY_POLL_SECONDS: "0" }));
    const { deliveries } = await createFiringScenario(db, { now: new Date(), channels: ["webhook"], webhookUrl: `${receiver.origin}/off` });
    wakeAlertDeliveries();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await deliveryOf(deliveries[0].id)).status).toBe("pending");
    await stop();
  });
});

describe("evidenceLines", () => {
  it("writes nested evidence as labelled lines", () => {
    expect(evidenceLines({ close: 101.5, closeDay: "2026-11-27", sma50: { value: 99.2, day: "2026-11-27" }, tickers: ["AAPL", "MSFT"], note: null })).toEqual([
      "Close: 101.5",
      "Close day: 2026-11-27",
      "Sma50 value: 99.2",
      "Sma50 day: 2026-11-27",
      "Tickers: AAPL, MSFT",
    ]);
    expect(evidenceLines("crossed")).toEqual(["Evidence: crossed"]);
  });
});
