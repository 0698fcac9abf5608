// `npm run bench:alert-webhooks [-- --deliveries 2000 --down-passes 1,3,6]`: how fast the alert
// dispatcher works off webhook deliveries, on a fresh temporary PGlite database (deleted at the
// end), to a local receiver (http.createServer on 127.0.0.1, in this process, answering at once).
//
// 1. Throughput: N due webhook deliveries (one alert, N firings), worked off by deliverDueAlerts
//    passes back to back (as the scheduled job drains), at a few concurrencies: deliveries/s, and
//    per delivery the attempt's time as its log row records it (address check, signed POST, answer)
//    and each pass's time per delivery claimed (claim, load, send, log, result).
// 2. Recovery: the receiver answers 503 to the first K passes, then 200. A pass is what the job
//    does when deliveries come due: every due delivery, claim after claim. The simulated clock jumps
//    to the next due time (the backoff), so no real waiting: passes and simulated time until every
//    delivery is in. The job polls every ALERT_DELIVERY_POLL_SECONDS (5 s), which the real time adds.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, ms, percentiles, printReport, runBench, type Percentiles } from "../bench/harness";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createFiringScenario, startReceiver, type Receiver } from "../alerts/delivery/delivery-scenarios";
import { DEFAULT_CLAIM_LIMIT, deliverDueAlerts, type DeliveryDeps } from "../alerts/delivery/dispatcher";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { createLogger } from "../logging/logger";
import { createMailer } from "../mail/mailer";

const { values: args } = parseArgs({ options: { deliveries: { type: "string", default: "2000" }, "down-passes": { type: "string", default: "1,3,6" } } });
const count = Number(args.deliveries);
const downPasses = args["down-passes"].split(",").map(Number);
const concurrencies = [1, 10, 25];

/** N due webhook deliveries of one alert (one firing each), as the evaluator writes them. */
async function seed(deps: DeliveryDeps, receiver: Receiver, now: Date): Promise<void> {
  await deps.db.prisma.alertDelivery.deleteMany();
  const { alert, user } = await createFiringScenario(deps.db, { now, channels: ["webhook"], webhookUrl: `${receiver.origin}/bench` });
  await deps.db.prisma.alertDelivery.deleteMany();
  const firings = Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    alertId: alert.id,
    userId: user.id,
    ticker: "AAPL",
    factKey: `bench-${now.getTime()}-${index}`,
    day: new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`),
    evidence: { close: 151.25, previousClose: 149.8, level: 150, source: "prices" },
    summary: "AAPL closed at 151.25, above 150 (149.80 the day before).",
    origin: "live",
    firedAt: now,
  }));
  await deps.db.prisma.alertFiring.createMany({ data: firings });
  await deps.db.prisma.alertDelivery.createMany({ data: firings.map((firing) => ({ firingId: firing.id, channel: "webhook", nextAttemptAt: now, createdAt: now })) });
}

/** Every due delivery at `now`, claim after claim (the scheduled job's drain); each pass's ms per claimed delivery. */
async function drain(deps: DeliveryDeps, now: Date, concurrency: number) {
  const perDelivery: number[] = [];
  let delivered = 0;
  let claimed = 0;
  for (;;) {
    const started = performance.now();
    const pass = await deliverDueAlerts(deps, { now: () => now, concurrency });
    if (pass.claimed === 0) break;
    const elapsed = performance.now() - started;
    for (let index = 0; index < pass.claimed; index++) perDelivery.push(elapsed / pass.claimed);
    delivered += pass.delivered;
    claimed += pass.claimed;
  }
  return { delivered, claimed, perDelivery };
}

type Throughput = { concurrency: number; seconds: number; perSecond: number; attempt: Percentiles; passPerDelivery: Percentiles; delivered: number; requests: number };
type Recovery = { downPasses: number; passes: number; simulatedSeconds: number; requests: number; attempts: number; realSeconds: number };

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-alert-webhooks-"));
  log(`temporary database: ${scratch}`);
  // The receiver is on 127.0.0.1: private addresses allowed, as for a receiver on your own network.
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: scratch, ALERT_WEBHOOK_ALLOW_PRIVATE: "true" });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  const receiver = await startReceiver(200);
  const deps: DeliveryDeps = { db, config, logger, mailer: createMailer(config, logger) };
  try {
    // Warm-up: JIT, prepared plans, the receiver.
    await seed(deps, receiver, new Date());
    await drain(deps, new Date(), 10);

    const throughput: Throughput[] = [];
    for (const concurrency of concurrencies) {
      const now = new Date();
      await seed(deps, receiver, now);
      receiver.requests.length = 0;
      log(`${count} deliveries, ${concurrency} in flight...`);
      const started = performance.now();
      const result = await drain(deps, now, concurrency);
      const seconds = (performance.now() - started) / 1000;
      const attempts = await db.prisma.alertDeliveryAttempt.findMany({ where: { delivery: { status: "delivered" }, attemptedAt: now }, select: { ms: true } });
      if (result.delivered !== count) throw new Error(`delivered ${result.delivered} of ${count}`);
      throughput.push({
        concurrency,
        seconds,
        perSecond: count / seconds,
        attempt: percentiles(attempts.map((row) => row.ms)),
        passPerDelivery: percentiles(result.perDelivery),
        delivered: result.delivered,
        requests: receiver.requests.length,
      });
      log(`  ${seconds.toFixed(2)} s, ${(count / seconds).toFixed(0)} deliveries/s`);
    }

    const recovery: Recovery[] = [];
    for (const down of downPasses) {
      const t0 = new Date();
      await seed(deps, receiver, t0);
      receiver.requests.length = 0;
      let passes = 0;
      receiver.answer = () => (passes <= down ? 503 : 200);
      let now = t0;
      const started = performance.now();
      log(`receiver down for the first ${down} passes...`);
      for (;;) {
        passes += 1;
        await drain(deps, now, 10);
        const next = await db.prisma.alertDelivery.aggregate({ where: { status: "pending" }, _min: { nextAttemptAt: true }, _count: true });
        if (next._count === 0) break;
        if (passes > 100) throw new Error("deliveries still pending after 100 passes");
        now = next._min.nextAttemptAt!;
      }
      const failed = await db.prisma.alertDelivery.count({ where: { status: "failed" } });
      if (failed > 0) throw new Error(`${failed} deliveries failed`);
      recovery.push({
        downPasses: down,
        passes,
        simulatedSeconds: (now.getTime() - t0.getTime()) / 1000,
        requests: receiver.requests.length,
        attempts: await db.prisma.alertDeliveryAttempt.count({ where: { attemptedAt: { gte: t0 } } }),
        realSeconds: (performance.now() - started) / 1000,
      });
      log(`  ${passes} passes, ${((now.getTime() - t0.getTime()) / 60_000).toFixed(1)} simulated minutes`);
    }

    const duration = (seconds: number) => (seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${(seconds / 60).toFixed(1)} min` : `${(seconds / 3600).toFixed(2)} h`);
    printReport({
      bench: "alert-webhooks",
      environment: benchEnvironment(describeDatabase(config.database)),
      tables: [
        {
          title: `${count.toLocaleString("en-US")} due webhook deliveries to a local receiver (claims of ${DEFAULT_CLAIM_LIMIT}, passes back to back)`,
          columns: ["in flight", "seconds", "deliveries/s", "attempt p50 ms", "attempt p95 ms", "pass ms per delivery p50", "p95", "requests"],
          rows: throughput.map((row) => [
            row.concurrency,
            row.seconds.toFixed(2),
            Math.round(row.perSecond),
            ms(row.attempt.p50, 0),
            ms(row.attempt.p95, 0),
            ms(row.passPerDelivery.p50, 2),
            ms(row.passPerDelivery.p95, 2),
            row.requests,
          ]),
        },
        {
          title: `Recovery: the receiver answers 503 to the first K passes, then 200 (${count.toLocaleString("en-US")} deliveries, 10 in flight)`,
          columns: ["K", "passes", "simulated time to all delivered", "requests", "log rows", "real seconds"],
          rows: recovery.map((row) => [row.downPasses, row.passes, duration(row.simulatedSeconds), row.requests, row.attempts, row.realSeconds.toFixed(1)]),
        },
      ],
      notes: [
        "Attempt ms is the alert_delivery_attempts row's ms (whole milliseconds): address check, signed POST, the receiver's status.",
        "Pass ms per delivery: each deliverDueAlerts pass's wall time divided by the deliveries it claimed (claim, load, send, log and result writes).",
        "The receiver runs in this process and answers at once: the figures are the dispatcher's and the database's cost, not a network's.",
        "Simulated time follows the backoff (30 s, 2 min, 10 min, ...); a real job adds up to one poll interval (ALERT_DELIVERY_POLL_SECONDS, 5 s) per pass.",
      ],
      results: { deliveries: count, claimLimit: DEFAULT_CLAIM_LIMIT, throughput, recovery },
    });
  } finally {
    await receiver.close();
    await db.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

runBench(main);
