// `npm run bench:background [-- --steady-seconds 20]`: do the background passes slow requests?
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own), with the bundled news and price snapshots loaded as a first start does, and the
//     HTTP app listening in-process (as server.ts runs it).
//  2. Two clients, each on its own thread (a browser and a load balancer are other processes):
//     all-market screens back to back (REST POST /api/screening/run, universe all_market,
//     maxSymbols 0), and GET /healthz every 20 ms. Both run through every phase:
//       - the AI picks pass (refreshAiPicks, as scheduleAiPicks starts it after a start);
//       - the earnings snapshot load (loadEarningsSnapshot: bundled closes, beat-model walk-forward, writes);
//       - a 12-month S&P 500 screen backtest (12 past days' indicators computed, then kept);
//       - steady state: nothing else running, for --steady-seconds, before the passes and after them.
//  3. Per phase: screen p50/p95 (and p95 against both steady phases' together) and /healthz p99. Aims (issue 22):
//     a screen during a pass within 1.5 × its steady p95; /healthz p99 ≤ 100 ms at all times.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, ms, percentiles, printReport, runBench, type Percentiles } from "../bench/harness";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { refreshAiPicks } from "../ai-picks/ai-picks-pass";
import { screenBacktest } from "../backtest/screen-backtest";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { loadEarningsSnapshot } from "../earnings/earnings-snapshot";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { flushScreenRuns } from "../screening/screen-runs";
import { epochNow as now, startLoopClient as startClient, type Sample } from "./bench-http";

const { values: args } = parseArgs({ options: { "steady-seconds": { type: "string", default: "20" } } });
const steadySeconds = Number(args["steady-seconds"]);

type Phase = { name: string; from: number; to: number; detail: string };

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-background-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({
    LOG_LEVEL: "warn",
    DATA_DIR: directory,
    API_POINTS_PER_HOUR: "100000000",
    WEB_REQUESTS_PER_10_MINUTES: "100000000",
    WEB_SCREEN_RUNS_PER_10_MINUTES: "100000000",
    // Each screen computed: the same request asked again is what is measured, not the shared answer.
    SCREEN_ANSWER_CACHE_MS: "0",
  });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  let server: http.Server | undefined;
  try {
    const deps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
    log("first start: loading the bundled news and price snapshots...");
    await loadNewsSnapshot(deps, { force: true });
    const prices = await loadPriceSnapshot(deps, { force: true });
    await deps.technicals.current();
    log(`  ${prices.rows} bars of ${prices.tickers} tickers`);

    server = http.createServer(buildApp(deps, { webDistDir: path.join(directory, "no-web") }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const screenBody = { universe: "all_market", maxSymbols: 0 };
    // Warm-up (JIT, the indicator cache, prepared plans), one screen after another for 15 s: with
    // only a few, the first steady phase ran a third slower than the last.
    for (const warmUntil = performance.now() + 15_000; performance.now() < warmUntil; ) {
      const response = await fetch(`http://127.0.0.1:${port}/api/screening/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(screenBody) });
      if (!response.ok) throw new Error(`warm-up screen: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
    await flushScreenRuns();

    const screens = startClient({ port, method: "POST", path: "/api/screening/run", body: screenBody, gapMs: 0 });
    const health = startClient({ port, method: "GET", path: "/healthz", body: null, gapMs: 20 });
    const phases: Phase[] = [];
    const phase = async (name: string, work: () => Promise<string>) => {
      log(`${name}...`);
      const from = now();
      const detail = await work();
      phases.push({ name, from, to: now(), detail });
      log(`  ${Math.round(now() - from)} ms: ${detail}`);
      // A pause between phases, so one's last requests do not count in the next.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    };
    const steadyPhase = async (name: string) =>
      phase(name, async () => {
        await new Promise((resolve) => setTimeout(resolve, steadySeconds * 1_000));
        return `${steadySeconds} s with no background work`;
      });
    await steadyPhase("steady state, before");
    let computedMs = 0;
    await phase("AI picks pass", async () => {
      const result = await refreshAiPicks(deps);
      if (!result || !("picks" in result)) throw new Error(`the AI picks pass did not run: ${JSON.stringify(result)}`);
      computedMs = result.ms;
      return `${result.rebalances} rebalances, ${result.picks} picks stored, pass ${result.ms} ms to the writes`;
    });
    // The pass's two parts apart too: reading and computing (in a worker thread), then writing.
    const pass = phases.at(-1)!;
    const writesFrom = pass.from + computedMs;
    phases.push(
      { name: "  its reads and computing", from: pass.from, to: writesFrom, detail: `${computedMs} ms` },
      { name: "  its writes", from: writesFrom, to: pass.to, detail: `${Math.round(pass.to - writesFrom)} ms` },
    );
    await phase("earnings snapshot load", async () => {
      const result = await loadEarningsSnapshot(deps, { force: true });
      return `${result.rows} predictions of ${result.tickers} companies`;
    });
    await phase("12-month S&P 500 backtest", async () => {
      const input = { screen: { universe: "sp500", asOf: "2019-04-01" }, from: "2019-04", to: "2020-03", topN: 20 };
      const result = await screenBacktest(deps, null, input);
      return `${result.months.length} rebalances (each day's indicators computed)`;
    });
    await steadyPhase("steady state, after");
    const [screenSamples, healthSamples] = await Promise.all([screens.stop(), health.stop()]);
    await flushScreenRuns();

    // A failed request (a reset connection: a keep-alive socket timed out while the loop was held)
    // is counted, not timed.
    const inPhase = (samples: Sample[], { from, to }: Phase) => samples.filter((sample) => sample.at >= from && sample.at < to);
    const times = (samples: Sample[]) => samples.filter((sample) => !sample.error).map((sample) => sample.ms);
    const errors = (samples: Sample[]) => samples.filter((sample) => sample.error).map((sample) => sample.error!);
    const results = phases.map((entry) => ({
      phase: entry.name,
      seconds: (entry.to - entry.from) / 1_000,
      detail: entry.detail,
      screen: percentiles(times(inPhase(screenSamples, entry))),
      healthz: percentiles(times(inPhase(healthSamples, entry))),
      failed: [...errors(inPhase(screenSamples, entry)), ...errors(inPhase(healthSamples, entry))],
    }));
    for (const result of results.filter((entry) => entry.failed.length > 0)) log(`  ${result.phase}: ${result.failed.length} failed requests, e.g. ${result.failed[0]}`);
    // The baseline: both quiet phases' screens together (before and after the passes), so a drift
    // over the run (JIT, heap) counts on neither side.
    const quiet = phases.filter((entry) => entry.name.startsWith("steady state"));
    const steady = percentiles(times(quiet.flatMap((entry) => inPhase(screenSamples, entry))));
    const ratio = (result: Percentiles) => (Number.isNaN(result.p95) ? "–" : `${(result.p95 / steady.p95).toFixed(2)} ×`);
    printReport({
      bench: "background",
      environment: benchEnvironment(describeDatabase(config.database)),
      tables: [
        {
          title: "All-market screen (REST, back to back) and /healthz (every 20 ms) during each phase",
          columns: ["phase", "s", "screens", "screen p50 ms", "screen p95 ms", "p95 ÷ steady", "healthz", "healthz p99 ms", "healthz max ms", "failed"],
          rows: results.map((result) => [
            result.phase,
            result.seconds.toFixed(1),
            result.screen.runs,
            ms(result.screen.p50),
            ms(result.screen.p95),
            ratio(result.screen),
            result.healthz.runs,
            ms(result.healthz.p99),
            ms(result.healthz.max),
            result.failed.length,
          ]),
        },
      ],
      notes: [
        ...results.map((result) => `- ${result.phase}: ${result.detail}.`),
        `- p95 ÷ steady: against the p95 of both steady phases' screens together (${ms(steady.p95)} ms), before and after the passes.`,
        "- Aims (issue 22): a screen during a pass within 1.5 × its steady-state p95; /healthz p99 ≤ 100 ms at all times.",
        `- Screens: POST /api/screening/run ${JSON.stringify(screenBody)}, anonymous, one after another over one keep-alive socket; /healthz on a second socket.`,
      ],
      results: results.map(({ failed, ...result }) => ({ ...result, failed: failed.length })),
    });
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await flushScreenRuns();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
