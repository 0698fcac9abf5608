// `npm run bench:backtest [-- --runs 5]`: how fast a screen backtest answers over the bundled data.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never
//     the app's own), loaded with the bundled price and news snapshots as a first start would.
//  2. An 8-year monthly backtest of the S&P 500 members of each rebalance day (every month of the
//     bundled prices, 2013-03 → 2021-04: 98 rebalances, and a screen day that is no rebalance day),
//     a 3-year monthly all_market one (36 rebalances, top 20) and a 12-month S&P 500 one: cold (a new technicals store: every bar read
//     from the database, each rebalance day's indicators computed) and warm (p50 over --runs runs
//     of the same backtest; the days' indicators are kept), with the past days computed by the
//     warm runs (0: every day answered from memory).
//  3. What one past day's indicators cost once the bars are in memory (mid-month days, none of
//     them a rebalance day), against reading that day's windows from the database as before.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, median, ms, printReport, runBench, sample, timed } from "../bench/harness";
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

const backtests = [
  {
    name: "8-year S&P 500 members of each day, full range (98 rebalances + its screen day, top 20)",
    input: { screen: { universe: "sp500", maxSymbols: 0, asOf: "2015-06-10" }, from: "2013-03", to: "2021-04", topN: 20 },
  },
  {
    name: "3-year monthly all_market (36 rebalances, top 20)",
    input: { screen: { universe: "all_market", maxSymbols: 0, asOf: "2018-04-02" }, from: "2018-04", to: "2021-03", topN: 20 },
  },
  {
    name: "12-month S&P 500 (12 rebalances, top 20)",
    input: { screen: { universe: "sp500", asOf: "2020-04-01" }, from: "2020-04", to: "2021-03", topN: 20 },
  },
];

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-backtest-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "warn", DATA_DIR: directory });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database));
  const db = await openMigratedDatabase(config.database, logger);
  const newDeps = () => buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  try {
    log("loading the bundled snapshots...");
    const deps = newDeps();
    await loadNewsSnapshot(deps, { force: true });
    const prices = await loadPriceSnapshot(deps, { force: true });
    const viewer: Viewer = { user: await createUser(db, { pro: true }), authMethod: "session" };

    const measured: { name: string; coldMs: number; warmP50Ms: number; warmMaxMs: number; warmDaysComputed: number; note: string }[] = [];
    for (const { name, input } of backtests) {
      // A new store: nothing of the prices in memory yet.
      const coldDeps = newDeps();
      const [result, cold] = await timed(() => screenBacktest(coldDeps, viewer, input));
      const computedCold = coldDeps.technicals.pastDayCounts().computed;
      const warm = await sample(() => screenBacktest(coldDeps, viewer, input), { runs });
      const warmDaysComputed = coldDeps.technicals.pastDayCounts().computed - computedCold;
      log(`  ${name}: cold ${ms(cold, 0)} ms, warm p50 ${ms(median(warm), 0)} ms, max ${ms(Math.max(...warm), 0)} ms, ${warmDaysComputed} days computed warm`);
      measured.push({
        name,
        coldMs: cold,
        warmP50Ms: median(warm),
        warmMaxMs: Math.max(...warm),
        warmDaysComputed,
        note: `${result.months.length} months, ${result.screenRows} rows on ${result.screenAsOf}, portfolio ${(result.portfolioReturn * 100).toFixed(1)} % vs universe ${(result.universeReturn * 100).toFixed(1)} %`,
      });
    }

    // One past day's indicators with the bars already in memory (none of these days cached yet).
    const store = newDeps().technicals;
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const [history, barsMs] = await timed(() => store.bars());
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const days = Array.from({ length: 12 }, (_, month) => `2019-${String(month + 1).padStart(2, "0")}-15`);
    let next = 0;
    const dayTimes = await sample(() => store.asOf(days[next++]), { runs: days.length });
    const tickers = (await store.asOf(days[0])).byTicker.size;

    const dayP50 = median(dayTimes);
    const dayMax = Math.max(...dayTimes);
    printReport({
      bench: "backtest",
      environment,
      tables: [
        {
          title: `Backtests (warm: p50 of ${runs} runs); bundled snapshot: ${prices.rows.toLocaleString("en-US")} bars of ${prices.tickers} tickers`,
          columns: ["backtest", "cold ms", "warm ms", "warm max ms", "days computed warm", "note"],
          rows: measured.map((row) => [row.name, ms(row.coldMs, 0), ms(row.warmP50Ms, 0), ms(row.warmMaxMs, 0), row.warmDaysComputed, row.note]),
        },
      ],
      notes: [
        `Every bar read into memory once per data version: ${ms(barsMs, 0)} ms, about ${heapMb.toFixed(0)} MB of heap (${history.byTicker.size} tickers, ${history.tradingDays.length} trading days)`,
        `One past day's indicators from memory (${tickers} tickers): p50 ${ms(dayP50, 0)} ms, max ${ms(dayMax, 0)} ms over ${days.length} mid-month days of 2019`,
      ],
      results: {
        runs,
        snapshot: { bars: prices.rows, tickers: prices.tickers },
        backtests: measured.map(({ name, coldMs, warmP50Ms, warmMaxMs, warmDaysComputed }) => ({ name, coldMs, warmP50Ms, warmMaxMs, warmDaysComputed })),
        barsIntoMemoryMs: barsMs,
        barsHeapMb: heapMb,
        pastDayIndicators: { days: days.length, tickers, p50Ms: dayP50, maxMs: dayMax },
      },
    });
  } finally {
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
