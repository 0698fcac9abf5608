// `npm run bench:backtest [-- --runs 5]`: how fast a screen backtest answers over the bundled data.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never
//     the app's own), loaded with the bundled price and news snapshots as a first start would.
//  2. A 3-year monthly all_market backtest (36 rebalances, top 20) and a 12-month S&P 500 one:
//     cold (a new technicals store: every bar read from the database, each rebalance day's
//     indicators computed) and warm (p50 over --runs runs; the days' indicators are kept).
//  3. What one past day's indicators cost once the bars are in memory (mid-month days, none of
//     them a rebalance day), against reading that day's windows from the database as before.
// Progress on stderr; the table on stdout.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Viewer } from "../auth/viewer";
import { screenBacktest } from "../backtest/screen-backtest";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { createUser } from "../../test/sign-in";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(args.runs);
const log = (message: string) => process.stderr.write(`${message}\n`);

const backtests = [
  {
    name: "3-year monthly all_market (36 rebalances, top 20)",
    input: { screen: { universe: "all_market", maxSymbols: 0, asOf: "2018-04-02" }, from: "2018-04", to: "2021-03", topN: 20 },
  },
  {
    name: "12-month S&P 500 (12 rebalances, top 20)",
    input: { screen: { universe: "sp500", asOf: "2020-04-01" }, from: "2020-04", to: "2021-03", topN: 20 },
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-backtest-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "warn", DATA_DIR: directory });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  const newDeps = () => buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  try {
    log("loading the bundled snapshots...");
    const deps = newDeps();
    await loadNewsSnapshot(deps, { force: true });
    const prices = await loadPriceSnapshot(deps, { force: true });
    const viewer: Viewer = { user: await createUser(db, { pro: true }), authMethod: "session" };

    const lines: string[] = [];
    for (const { name, input } of backtests) {
      // A new store: nothing of the prices in memory yet.
      const coldDeps = newDeps();
      let started = performance.now();
      const result = await screenBacktest(coldDeps, viewer, input);
      const cold = performance.now() - started;
      const warm: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        started = performance.now();
        await screenBacktest(coldDeps, viewer, input);
        warm.push(performance.now() - started);
      }
      log(`  ${name}: cold ${cold.toFixed(0)} ms, warm p50 ${median(warm).toFixed(0)} ms`);
      lines.push(
        `${name.padEnd(52)} ${cold.toFixed(0).padStart(8)} ${median(warm).toFixed(0).padStart(8)}   ` +
          `${result.months.length} months, ${result.screenRows} rows on ${result.screenAsOf}, portfolio ${(result.portfolioReturn * 100).toFixed(1)} % vs universe ${(result.universeReturn * 100).toFixed(1)} %`,
      );
    }

    // One past day's indicators with the bars already in memory (none of these days cached yet).
    const store = newDeps().technicals;
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let started = performance.now();
    const history = await store.bars();
    const barsMs = performance.now() - started;
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const days = Array.from({ length: 12 }, (_, month) => `2019-${String(month + 1).padStart(2, "0")}-15`);
    const dayTimes: number[] = [];
    for (const day of days) {
      started = performance.now();
      await store.asOf(day);
      dayTimes.push(performance.now() - started);
    }
    const tickers = (await store.asOf(days[0])).byTicker.size;

    process.stdout.write(
      [
        "",
        `Backtest benchmark (${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}); bundled snapshot: ${prices.rows.toLocaleString("en-US")} bars of ${prices.tickers} tickers`,
        "",
        `${"backtest".padEnd(52)} ${"cold ms".padStart(8)} ${"warm ms".padStart(8)}   (warm: p50 of ${runs} runs)`,
        ...lines,
        "",
        `Every bar read into memory once per data version: ${barsMs.toFixed(0)} ms, about ${heapMb.toFixed(0)} MB of heap (${history.byTicker.size} tickers, ${history.tradingDays.length} trading days)`,
        `One past day's indicators from memory (${tickers} tickers): p50 ${median(dayTimes).toFixed(0)} ms, max ${Math.max(...dayTimes).toFixed(0)} ms over ${days.length} mid-month days of 2019`,
        "",
      ].join("\n"),
    );
  } finally {
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
