// `npm run bench:alerts [-- --events 15] [-- --database-url postgresql://… --redis-url redis://…]`:
//  1. A fresh database (a temporary PGlite folder, deleted at the end; or the empty PostgreSQL
//     database named), loaded with the bundled price and news snapshots as a first start would.
//  2. 10,000 alerts of 1,000 users on the S&P 500 members (price crossings at ±2 % of the last
//     close, daily moves of 2 %, SMA 5/20 crosses, RSI 70/30, 7-day sentiment and article counts;
//     one user in ten also watches a 25-ticker watchlist).
//  3. Evaluation after one price refresh of the S&P 500: a prices event naming every member, at
//     each of the last --events stored days (each event evaluated once: a new key each time).
//  4. Fact to in-app delivery: the same events announced on instance A's data events, timed until
//     the firings arrive on instance B's alert event bus (in-process on PGlite; over Redis between
//     two instances with --redis-url).
//  5. An alert's history over the whole stored period: one ticker; a 500-ticker watchlist's price
//     moves, sentiment crossings and reports due; a saved S&P 500 screen's entries (first of the
//     data version), another's, the first's exits (its daily matches kept), and a Pro one's over
//     its last 250 days.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, ms, percentileCells, percentileColumns, percentiles, printReport, runBench, timed } from "../bench/harness";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Redis from "ioredis";
import { evaluateAlerts } from "../alerts/alert-evaluation";
import { alertHistory } from "../alerts/alert-history";
import { scheduleAlertEvaluation } from "../alerts/alert-schedule";
import { loadConfig } from "../config/config";
import type { AppDeps } from "../context";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import type { Prisma } from "../generated/prisma/client";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { universeTickers } from "../market-data/universes";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";

const { values: args } = parseArgs({
  options: { events: { type: "string", default: "15" }, "database-url": { type: "string" }, "redis-url": { type: "string" } },
});
const eventCount = Number(args.events);
const USERS = 1000;
const ALERTS_PER_USER = 10;

async function main() {
  const directory = args["database-url"] ? null : fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-alerts-"));
  const config = loadConfig({
    NODE_ENV: "development",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...(directory ? { DATA_DIR: directory } : { DATABASE_URL: args["database-url"] }),
    ALERT_DELIVERY_POLL_SECONDS: "0",
  });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database) + (args["redis-url"] ? " + Redis, two instances" : ""));
  const db = await openMigratedDatabase(config.database, logger);
  const redisUrl = args["redis-url"];
  const connections: Redis[] = [];
  const instance = () => {
    const redis = redisUrl ? new Redis(redisUrl, { keyPrefix: "bench-alerts:" }) : undefined;
    if (redis) connections.push(redis);
    return buildDeps({ config, db, logger, redis, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  };
  const a = instance();
  const b = redisUrl ? instance() : a;
  try {
    log("loading the bundled snapshots...");
    await loadNewsSnapshot(a, { force: true });
    const prices = await loadPriceSnapshot(a, { force: true });
    const bars = await a.technicals.bars();
    const members = universeTickers("sp500", { includeEtf: false }).filter((ticker) => bars.byTicker.has(ticker));
    const days = bars.tradingDays.slice(-(eventCount + 1));
    const lastClose = (ticker: string) => bars.byTicker.get(ticker)!.closes.at(-1)!;

    log(`creating ${USERS} users and ${USERS * ALERTS_PER_USER} alerts on ${members.length} S&P 500 members...`);
    const runId = Date.now().toString(36);
    const users = await db.prisma.user.createManyAndReturn({
      data: Array.from({ length: USERS }, (_, index) => ({ email: `bench-alerts-${runId}-${index}@example.com` })),
      select: { id: true },
    });
    const kinds: ((ticker: string) => { condition: string; params: Prisma.InputJsonValue })[] = [
      (ticker) => ({ condition: "price_cross", params: { direction: "above", level: Number((lastClose(ticker) * 1.02).toFixed(2)) } }),
      (ticker) => ({ condition: "price_cross", params: { direction: "below", level: Number((lastClose(ticker) * 0.98).toFixed(2)) } }),
      () => ({ condition: "price_move", params: { direction: "either", percent: 2 } }),
      () => ({ condition: "sma_cross", params: { fast: 5, slow: 20, direction: "above" } }),
      () => ({ condition: "rsi_level", params: { direction: "above", level: 70 } }),
      () => ({ condition: "rsi_level", params: { direction: "below", level: 30 } }),
      () => ({ condition: "sentiment_cross", params: { direction: "above", level: 0.2 } }),
      () => ({ condition: "article_jump", params: { minArticles: 5 } }),
    ];
    const alerts: Prisma.AlertCreateManyInput[] = [];
    for (const [index, user] of users.entries()) {
      let first = 0;
      if (index % 10 === 0) {
        const list = await db.prisma.watchlist.create({
          data: { userId: user.id, name: "Bench", tickers: Array.from({ length: 25 }, (_, offset) => members[(index + offset * 7) % members.length]) },
        });
        alerts.push({ userId: user.id, name: "Watchlist moves", condition: "price_move", params: { direction: "either", percent: 3 }, watchlistId: list.id, channels: ["email"] });
        first = 1;
      }
      for (let n = first; n < ALERTS_PER_USER; n++) {
        const ticker = members[(index * ALERTS_PER_USER + n) % members.length];
        const kind = kinds[(index + n) % kinds.length](ticker);
        alerts.push({ userId: user.id, name: `Alert ${n}`, ticker, channels: n % 2 === 0 ? ["email"] : [], ...kind });
      }
    }
    for (let start = 0; start < alerts.length; start += 2000) await db.prisma.alert.createMany({ data: alerts.slice(start, start + 2000) });

    log("evaluating one S&P 500 price refresh per day...");
    const evaluations: { day: string; ms: number; firings: number; alerts: number }[] = [];
    for (const day of days.slice(1)) {
      const result = await evaluateAlerts(a, { kind: "prices", day, tickers: members, origin: "live" });
      evaluations.push({ day, ms: result.ms, firings: result.firings, alerts: result.alerts });
      log(`  ${day}: ${result.alerts} alerts, ${result.firings} firings, ${result.ms} ms`);
    }

    log("fact to in-app delivery...");
    // The same days again through the job, as a pass would announce them: the stored firings are
    // cleared first, so their facts fire again (a fact fires once).
    await db.prisma.alertFiring.deleteMany();
    const stop = scheduleAlertEvaluation(a as AppDeps);
    // The job first catches up on the latest stored day (every kind of event): timed apart.
    const [, catchUpMs] = await timed(() => waitFor(async () => (await db.prisma.alertEvaluation.count({ where: { eventKey: { endsWith: ":all:all" } } })) === 4, 120_000));
    const latencies: number[] = [];
    const arrivals = b.alertEvents.subscribe("alerts:fired");
    let announcedAt = 0;
    const received = (async () => {
      for await (const _batch of arrivals) latencies.push(performance.now() - announcedAt);
    })();
    // Not the latest day: the catch-up fired its facts already (a fact fires once).
    for (const day of days.slice(1, -1)) {
      const before = latencies.length;
      announcedAt = performance.now();
      a.dataEvents.publish("data:changed", { kind: "prices", day, tickers: members.slice(0, 250) });
      await waitFor(() => latencies.length > before, 30_000);
    }
    await arrivals.return?.();
    await received.catch(() => undefined);
    await stop();

    log("histories...");
    const [oneTicker, oneTickerMs] = await timed(() => alertHistory(a, { condition: "sma_cross", params: { fast: 5, slow: 20, direction: "above" }, tickers: ["AAPL"] }));
    const [watchlist, watchlistMs] = await timed(() => alertHistory(a, { condition: "price_move", params: { direction: "either", percent: 3 }, tickers: members.slice(0, 500) }));
    const [sentiment, sentimentMs] = await timed(() => alertHistory(a, { condition: "sentiment_cross", params: { direction: "above", level: 0.2 }, tickers: members.slice(0, 500) }));
    const [earnings, earningsMs] = await timed(() => alertHistory(a, { condition: "earnings_within", params: { days: 7 }, tickers: members.slice(0, 500) }));
    const screen = await db.prisma.savedScreen.create({ data: { userId: users[0].id, name: "S&P 500, RSI 60+", kind: "basic", request: { universe: "sp500", minRsi: 60 } } });
    // The first history of a data version also computes every ticker's indicator series (kept while histories ask).
    const [screenEntries, screenMs] = await timed(() => alertHistory(a, { condition: "screen_enter", params: {}, tickers: [], screen }));
    const other = await db.prisma.savedScreen.create({ data: { userId: users[0].id, name: "S&P 500, RSI 50+", kind: "basic", request: { universe: "sp500", minRsi: 50 } } });
    const [otherEntries, otherMs] = await timed(() => alertHistory(a, { condition: "screen_enter", params: {}, tickers: [], screen: other }));
    const [exits, exitsMs] = await timed(() => alertHistory(a, { condition: "screen_leave", params: {}, tickers: [], screen }));
    const proScreen = await db.prisma.savedScreen.create({ data: { userId: users[0].id, name: "Pro: S&P 500, RSI 60+", kind: "pro", request: { universe: "sp500", minRsi: 60 } } });
    const [proEntries, proMs] = await timed(() => alertHistory(a, { condition: "screen_enter", params: {}, tickers: [], screen: proScreen }));

    const evaluation = percentiles(evaluations.map((row) => row.ms));
    const delivery = percentiles(latencies);
    printReport({
      bench: "alerts",
      environment,
      tables: [
        {
          title: `Evaluation after one S&P 500 price refresh (${members.length} tickers named): ${alerts.length} alerts of ${USERS} users, one event per day over ${evaluations.length} days`,
          columns: ["measure", ...percentileColumns],
          rows: [
            ["evaluation (read facts, rules, store firings and deliveries)", ...percentileCells(evaluation, 0)],
            [`fact to in-app (data event on A → firings on ${redisUrl ? "B over Redis" : "the bus"})`, ...percentileCells(delivery, 0)],
          ],
        },
        {
          title: "Per day",
          columns: ["day", "alerts evaluated", "firings stored", "ms"],
          rows: evaluations.map((row) => [row.day, row.alerts, row.firings, row.ms]),
        },
        {
          title: `An alert's history over the stored period (${bars.tradingDays[0]} → ${bars.tradingDays.at(-1)})`,
          columns: ["alert", "firings", "ms"],
          rows: [
            ["SMA 5 crosses above SMA 20, AAPL", oneTicker.firings.length, ms(oneTickerMs, 0)],
            ["daily move of 3 %, a 500-ticker watchlist", watchlist.firings.length, ms(watchlistMs, 0)],
            ["7-day sentiment rises above 0.2, a 500-ticker watchlist", sentiment.firings.length, ms(sentimentMs, 0)],
            ["a report within 7 days, a 500-ticker watchlist", earnings.firings.length, ms(earningsMs, 0)],
            [`enters a saved S&P 500 screen (RSI 60+), ${screenEntries.from} → ${screenEntries.to}: first of the data version`, screenEntries.firings.length, ms(screenMs, 0)],
            ["enters another saved S&P 500 screen (RSI 50+), the series already computed", otherEntries.firings.length, ms(otherMs, 0)],
            ["leaves the first screen (its daily matches kept from the first)", exits.firings.length, ms(exitsMs, 0)],
            [`enters a saved Pro S&P 500 screen (RSI 60+), its last 250 days (${proEntries.from} → ${proEntries.to})`, proEntries.firings.length, ms(proMs, 0)],
          ],
        },
      ],
      notes: [
        `Bundled snapshot: ${prices.rows.toLocaleString("en-US")} bars of ${prices.tickers} tickers. The first day's evaluation also computes that day's and the day before's indicators for every ticker (past days, then kept in memory).`,
        `The evaluation job's catch-up at start (every kind of event at the latest day, every ticker): ${ms(catchUpMs, 0)} ms.`,
        "A saved screen's history runs the screen at every stored day on indicator series computed once per data version (market-data/technicals-series.ts); a Pro screen's covers its last 250 days.",
      ],
      results: { alerts: alerts.length, users: USERS, evaluation, factToInApp: delivery, evaluations, history: { oneTickerMs, watchlistMs, sentimentMs, earningsMs, screenMs, otherMs, exitsMs, proMs } },
    });
  } finally {
    for (const deps of new Set([a, b])) {
      await deps.alertEvents.close();
      await deps.newsEvents.close();
    }
    for (const connection of connections) await connection.quit();
    await db.close();
    if (directory) fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("no firing arrived");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

runBench(main);
