// `npm run bench:screen [-- --runs 50]`: how fast the screens answer over the whole market.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never
//     the app's own): the first start's bundled snapshot loads, timed (prices + indicators, news).
//  2. For the benchmark only, generated prices (seeded geometric random walks, source
//     "bench-generated") for every all_market symbol without real prices, so that over 5,000
//     symbols have a year of bars; then their indicators. Nothing generated is ever shown to users.
//  3. p50/p95 latency over --runs runs of a Basic and a Combined screen over all_market with
//     default filters (maxSymbols 0 = all, the default 4,000, and all as of a past day, whose
//     first computation is timed apart): the service alone, then the
//     HTTP app in-process (REST shim and the web's GraphQL query) over a keep-alive socket, the
//     background write of each run timed apart; and the SQL statements per screen for 5 tickers
//     against the whole market.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, ms, percentileCells, percentileColumns, percentiles, printReport, runBench, timed, type Percentiles } from "../bench/harness";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import type { Viewer } from "../auth/viewer";
import { loadConfig } from "../config/config";
import type { AppDeps } from "../context";
import type { Database } from "../db/database";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import type { PrismaClient } from "../generated/prisma/client";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { storePriceBars, type StoredBar } from "../market-data/price-bars";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { recomputeTechnicals } from "../market-data/technicals-store";
import { universeTickers } from "../market-data/universes";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { runScreen, type ScreenKind } from "../screening/screen";
import { flushScreenRuns } from "../screening/screen-runs";
import { createUser, issueSignInToken } from "../../test/sign-in";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "50" } } });
const runs = Number(args.runs);

/** Bars generated per symbol: about 14 months of trading days, the indicators' whole 420-day window. */
const generatedBars = 290;
const generatedSource = "bench-generated";

/** mulberry32: a small seeded generator, so every run benchmarks the same prices. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A geometric random walk per ticker over the real trading days, with its own drift, volatility, price and volume levels. */
function generateBars(tickers: string[], dates: string[]): StoredBar[] {
  const random = seededRandom(20210421);
  const bars: StoredBar[] = [];
  for (const ticker of tickers) {
    const volatility = 0.01 + 0.03 * random();
    const drift = (random() - 0.45) * 0.002;
    let close = Math.exp(Math.log(2) + random() * Math.log(300));
    const volumeLevel = Math.exp(Math.log(2e4) + random() * Math.log(500));
    for (const date of dates) {
      const open = close;
      close = Math.max(0.01, close * Math.exp(drift + volatility * normal(random)));
      const swing = Math.abs(normal(random)) * volatility * close * 0.5;
      bars.push({
        ticker,
        date,
        open: round2(open),
        high: round2(Math.max(open, close) + swing),
        low: round2(Math.max(0.01, Math.min(open, close) - swing)),
        close: round2(close),
        volume: Math.round(volumeLevel * Math.exp(0.4 * normal(random))),
        source: generatedSource,
      });
    }
  }
  return bars;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

type Timing = { name: string; rows: number; latency: Percentiles; store?: Percentiles };

/** `run` answers the rows it got, and the time it measured itself when it did (the HTTP client's). */
/** Past days screened as of: the bundled data's news-richest week (data coverage), and a 2015 day of the 2013–2018 history (issue 25: within 1.5× of the latest day's p95). */
const PAST_DAYS = ["2020-04-22", "2015-06-01"];

async function measure(name: string, run: () => Promise<{ rows: number; ms?: number }>, options: { flush: boolean }): Promise<Timing> {
  // Warm-up: JIT, the indicator cache, prepared plans.
  for (let index = 0; index < 3; index += 1) {
    await run();
    await flushScreenRuns();
  }
  const times: number[] = [];
  const storeTimes: number[] = [];
  let rows = 0;
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    const result = await run();
    times.push(result.ms ?? performance.now() - started);
    rows = result.rows;
    if (options.flush) {
      const storeStarted = performance.now();
      await flushScreenRuns();
      // The HTTP client's answer reaches this thread only after the write ran: timed by the service rows alone.
      if (result.ms === undefined) storeTimes.push(performance.now() - storeStarted);
    }
  }
  await flushScreenRuns();
  const timing: Timing = { name, rows, latency: percentiles(times) };
  if (storeTimes.length > 0) timing.store = percentiles(storeTimes);
  log(`  ${name}: p50 ${ms(timing.latency.p50)} ms, p95 ${ms(timing.latency.p95)} ms (${rows} rows)`);
  return timing;
}

/** A Database whose every Prisma call (raw SQL included) is counted. */
function countingDatabase(base: Database) {
  const counter = { queries: 0 };
  const prisma = base.prisma.$extends({
    query: {
      $allOperations: ({ args: queryArgs, query }) => {
        counter.queries += 1;
        return query(queryArgs);
      },
    },
  }) as unknown as PrismaClient;
  return { db: { ...base, prisma }, counter };
}

/**
 * The HTTP client runs on its own thread, as a browser would be another process: the
 * embedded database runs on the server's thread, and a client sharing that thread would count
 * the server's later work (the run's background write) as latency. It POSTs JSON over a
 * keep-alive connection and times the whole body, unparsed.
 */
const clientSource = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function post(path, payload, cookie) {
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(payload), cookie };
    const req = http.request({ host: "127.0.0.1", port: workerData.port, path, method: "POST", agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString("utf8");
        const failed = res.statusCode !== 200 || text.includes('"errors"');
        resolve({ ms, rows: (text.match(/"ticker":/g) || []).length, error: failed ? res.statusCode + " " + text.slice(0, 300) : null });
      });
    });
    req.on("error", (error) => resolve({ ms: 0, rows: 0, error: String(error) }));
    req.end(payload);
  });
}
parentPort.on("message", async ({ path, body, cookie, times }) => {
  const payload = JSON.stringify(body);
  const results = [];
  for (let index = 0; index < times; index += 1) results.push(await post(path, payload, cookie));
  parentPort.postMessage(results);
});
`;

type ClientResult = { ms: number; rows: number; error: string | null };

function startClient(port: number) {
  const worker = new Worker(clientSource, { eval: true, workerData: { port } });
  /** `times` requests one after another, each sent as soon as the last answer arrived. */
  const post = (url: string, body: unknown, cookie: string, times = 1) =>
    new Promise<ClientResult[]>((resolve, reject) => {
      worker.once("message", (results: ClientResult[]) => {
        const failed = results.find((result) => result.error);
        if (failed) reject(new Error(`bench request failed: ${failed.error}`));
        else resolve(results);
      });
      worker.postMessage({ path: url, body, cookie, times });
    });
  return { post, stop: () => worker.terminate() };
}

const webQuery = /* GraphQL */ `
  query BenchScreen($input: ScreenInput!) {
    screen(input: $input) {
      runId asOf source isSnapshot betaProxy newsAsOf
      stats { universeSize withPriceData maPassCount matched }
      warnings { code field message }
      rows(first: 10000) {
        totalCount
        edges { node { ticker name sector price sma5 sma20 sma50 rsi volume avgVolume20 technicalScore sentimentScore newsCount
          analystUpgrades analystDowngrades momentum peRatio beta maCondition maSpreadPct crossover daysToEarnings asOf } }
      }
    }
  }
`;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-screen-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    DATA_DIR: directory,
    API_POINTS_PER_HOUR: "100000000",
    WEB_REQUESTS_PER_10_MINUTES: "100000000",
    WEB_SCREEN_RUNS_PER_10_MINUTES: "100000000",
    // Each screen computed: the same request asked again is what is measured, not the shared answer.
    SCREEN_ANSWER_CACHE_MS: "0",
  });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database));
  const [db, migrateMs] = await timed(() => openMigratedDatabase(config.database, logger));
  let server: http.Server | undefined;
  try {
    const deps: AppDeps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });

    log("first start: loading the bundled snapshots...");
    const newsLoad = await loadNewsSnapshot(deps, { force: true });
    const priceLoad = await loadPriceSnapshot(deps, { force: true });
    const [, cacheMs] = await timed(() => deps.technicals.current());
    log(`  prices: ${priceLoad.rows} bars of ${priceLoad.tickers} tickers in ${priceLoad.ms} ms (indicators ${priceLoad.technicalsMs} ms); news ${newsLoad.milliseconds} ms`);

    log("benchmark only: generating prices for the all_market symbols without real ones...");
    const priced = new Set((await deps.technicals.current()).byTicker.keys());
    const missing = universeTickers("all_market", { includeEtf: false }).filter((ticker) => !priced.has(ticker));
    const dates = (
      await db.prisma.$queryRaw<{ date: string }[]>`
        SELECT DISTINCT to_char(date, 'YYYY-MM-DD') AS date FROM price_data ORDER BY date DESC LIMIT ${generatedBars}`
    )
      .map((row) => row.date)
      .reverse();
    const generated = generateBars(missing, dates);
    const generateStarted = performance.now();
    for (let start = 0; start < generated.length; start += 10_000) await storePriceBars(db, generated.slice(start, start + 10_000));
    const technicals = await recomputeTechnicals(db, missing);
    const withPrices = (await deps.technicals.current()).byTicker.size;
    log(`  ${generated.length} bars for ${missing.length} symbols stored, indicators in ${technicals.ms} ms (${Math.round(performance.now() - generateStarted)} ms); ${withPrices} symbols have prices`);

    const pro = await createUser(db, { pro: true });
    const viewer: Viewer = { user: pro, authMethod: "session" };
    const allMarket = { universe: "all_market", maxSymbols: 0 };
    const defaultMarket = { universe: "all_market" };
    const timings: Timing[] = [];

    log("service (runScreen), background write timed apart:");
    // A past day's indicators are computed on its first screen, then kept: that first time apart.
    const pastDayMs: number[] = [];
    for (const day of PAST_DAYS) {
      const [, dayMs] = await timed(() => deps.technicals.asOf(day));
      pastDayMs.push(dayMs);
      log(`  indicators as of ${day}, first screen of that day: ${ms(dayMs, 0)} ms`);
    }
    const inputs = [["maxSymbols 0", allMarket], ["maxSymbols 4000", defaultMarket], ...PAST_DAYS.map((day) => [`maxSymbols 0 as of ${day}`, { ...allMarket, asOf: day }] as const)] as const;
    for (const [label, input] of inputs) {
      for (const kind of ["basic", "combined"] as ScreenKind[]) {
        timings.push(
          await measure(`service ${kind} all_market ${label}`, async () => ({ rows: (await runScreen(deps, viewer, input, kind as "basic")).rows.length }), {
            flush: true,
          }),
        );
      }
    }

    const app = buildApp(deps, { webDistDir: path.join(directory, "no-web") });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const token = await issueSignInToken(db, pro);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/verify-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    const cookie = signIn.headers.getSetCookie().map((entry) => entry.split(";")[0]).join("; ");
    const client = startClient(port);

    const once = async (url: string, body: unknown) => (await client.post(url, body, cookie))[0];

    log("HTTP app (in-process server, client on its own thread, keep-alive), each run written before the next:");
    for (const [label, input] of [["maxSymbols 0", allMarket], ["maxSymbols 4000", defaultMarket]] as const) {
      timings.push(await measure(`REST basic all_market ${label}`, () => once("/api/screening/run", input), { flush: true }));
      timings.push(await measure(`REST combined all_market ${label}`, () => once("/api/screening/combined", input), { flush: true }));
      timings.push(
        await measure(
          `GraphQL basic all_market ${label} (the web's query, rows first 10000)`,
          () => once("/graphql", { query: webQuery, variables: { input: { ...input, universe: "ALL_MARKET" } } }),
          { flush: true },
        ),
      );
    }
    // Back to back: each request is sent the moment the last answer arrived, so it waits for that run's write.
    for (const [label, input] of [["maxSymbols 0", allMarket], ["maxSymbols 4000", defaultMarket]] as const) {
      const results = await client.post("/api/screening/run", input, cookie, runs);
      await flushScreenRuns();
      timings.push({ name: `REST basic all_market ${label}, back to back`, rows: results[0].rows, latency: percentiles(results.map((result) => result.ms)) });
    }
    await client.stop();

    log("SQL statements per screen (indicator cache warm):");
    const counting = countingDatabase(db);
    const countingDeps = buildDeps({ config, db: counting.db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
    const queriesPer = async (input: Record<string, unknown>, kind: ScreenKind) => {
      await flushScreenRuns();
      const before = counting.counter.queries;
      await runScreen(countingDeps, viewer, input, kind as "basic");
      await flushScreenRuns();
      return counting.counter.queries - before;
    };
    await queriesPer({ universe: "sp500" }, "basic");
    const queries = {
      basic5: await queriesPer({ universe: "manual", tickers: ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"] }, "basic"),
      basicAll: await queriesPer(allMarket, "basic"),
      combined5: await queriesPer({ universe: "manual", tickers: ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"] }, "combined"),
      combinedAll: await queriesPer(allMarket, "combined"),
    };

    printReport({
      bench: "screen",
      environment,
      tables: [
        {
          title: "First start on a fresh temporary PGlite database",
          columns: ["step", "ms", "note"],
          rows: [
            ["migrations", ms(migrateMs, 1), ""],
            ["price snapshot load + indicators", ms(priceLoad.ms, 1), `${priceLoad.rows.toLocaleString("en-US")} bars, ${priceLoad.tickers} tickers; indicators ${priceLoad.technicalsMs} ms`],
            ["news snapshot load", ms(newsLoad.milliseconds, 1), ""],
            ["indicator cache, first read", ms(cacheMs, 1), ""],
            ...PAST_DAYS.map((day, index) => [`indicators as of ${day}, first screen of that day`, ms(pastDayMs[index], 1), ""]),
          ],
        },
        {
          title: `Screens (${runs} runs each, after 3 warm-up runs); ${withPrices.toLocaleString("en-US")} symbols with prices (${missing.length.toLocaleString("en-US")} generated, ${generatedBars} bars each)`,
          columns: ["screen", "rows", ...percentileColumns, "background write p50 / p95 ms"],
          rows: timings.map((timing) => [timing.name, timing.rows, ...percentileCells(timing.latency), timing.store ? `${ms(timing.store.p50)} / ${ms(timing.store.p95)}` : ""]),
        },
        {
          title: "SQL statements per screen (the write included)",
          columns: ["screen", "5 tickers", "all_market"],
          rows: [
            ["Basic", queries.basic5, queries.basicAll],
            ["Combined", queries.combined5, queries.combinedAll],
          ],
        },
      ],
      results: {
        runs,
        firstStart: { migrateMs, priceLoadMs: priceLoad.ms, priceBars: priceLoad.rows, priceTickers: priceLoad.tickers, technicalsMs: priceLoad.technicalsMs, newsLoadMs: newsLoad.milliseconds, indicatorCacheMs: cacheMs, pastDayIndicatorsMs: pastDayMs },
        symbolsWithPrices: withPrices,
        generatedSymbols: missing.length,
        screens: timings,
        sqlStatements: queries,
      },
    });
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await flushScreenRuns();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
