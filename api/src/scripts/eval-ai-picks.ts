// `npm run eval:ai-picks [-- --data-dir DIR] [-- --quick]`: the AI picks model's walk-forward
// evaluation on the bundled data, as tables: the candidates chosen, the model against every
// baseline (IC, hit rate, returns, drawdown, turnover, each mean with its block-bootstrap 95 %
// interval and Newey–West t), the calibration, and the sensitivity to N, costs and the rebalance
// day. A fresh temporary PGlite database is loaded with the bundled snapshots as a first start
// would (or DIR's, when it already holds them, and is kept). --quick skips the rebalance-day runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { priceInputs, walkForwardInput } from "../ai-picks/ai-picks-compute";
import { readEarningsRows } from "../ai-picks/earnings-inputs";
import { newsIndexOf, readNewsRows } from "../ai-picks/news-inputs";
import { STRATEGIES, trackRecord, type TrackRecord } from "../ai-picks/track-record";
import { verdictOf } from "../ai-picks/ai-picks";
import { monthStarts, walkForward, MODEL_VERSION, type ScoredDay, type WalkForwardInput } from "../ai-picks/walk-forward";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { loadEarningsSnapshot } from "../earnings/earnings-snapshot";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import type { Interval } from "../shared/statistics";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, quick: { type: "boolean", default: false } } });

const log = (message: string) => process.stderr.write(`${message}\n`);
const pct = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? "—" : `${(value * 100).toFixed(digits)}%`);
const num = (value: number | null | undefined, digits = 3) => (value === null || value === undefined ? "—" : value.toFixed(digits));
const interval = (value: Interval | null, format: (value: number) => string) =>
  value === null ? "—" : `${format(value.estimate)} [${format(value.low)}, ${format(value.high)}]${value.low > 0 || value.high < 0 ? "" : " n.s."}`;

function printRecord(record: TrackRecord) {
  console.log(`\n${record.months} completed monthly rebalances, ${record.firstRebalance} → ${record.lastPeriodEnd}`);
  console.log("\nCandidates chosen by the nested walk-forward (months leading):");
  console.table(record.choices.map((choice) => ({ candidate: choice.label, months: choice.months })));
  console.log("\nInputs known (share of scored member-months; the rest sat in the middle rank):");
  console.table(record.inputCoverage.map((entry) => ({ input: entry.label, known: pct(entry.share) })));
  console.log("\nStrategies (top 5 bought at a rebalance's close, held to the next; 10 bps per unit of turnover; the members at no cost).");
  console.log("Intervals: 95 % block bootstrap over months; n.s. = the interval includes zero. t: Newey–West.");
  console.table(
    record.strategies.map((strategy) => ({
      strategy: strategy.label,
      "mean IC [95 %]": interval(strategy.icInterval, (value) => num(value)),
      "IC t (NW)": num(strategy.icNeweyWestT, 2),
      "hit rate [95 %]": interval(strategy.hitRateInterval, (value) => pct(value)),
      cumulative: pct(strategy.cumulativeReturn),
      annualised: pct(strategy.annualisedReturn),
      "excess / month [95 %]": interval(strategy.monthlyExcessInterval, (value) => pct(value, 2)),
      "excess t (NW)": num(strategy.excessNeweyWestT, 2),
      "max drawdown": pct(strategy.maxDrawdown),
      turnover: pct(strategy.averageTurnover, 0),
    })),
  );
  const calibration = record.calibration;
  if (calibration) {
    console.log(
      `\nCalibration over ${calibration.picks} ticker-months: Brier ${num(calibration.brierScore, 4)} against ${num(calibration.constantBrier, 4)} for a constant 50 %; ` +
        `difference ${interval(calibration.brierDifference, (value) => num(value, 4))}. Top 5 averaged ${pct(calibration.top5MeanAiScore)}, ${pct(calibration.top5HitRate)} beat the median.`,
    );
    console.table(calibration.reliability.filter((bin) => bin.count > 0).map((bin) => ({ bin: `${pct(bin.from, 0)}–${pct(bin.to, 0)}`, n: bin.count, predicted: pct(bin.meanPredicted), observed: pct(bin.observedRate) })));
  }
  console.log("\nSensitivity of the AI portfolio to N and costs:");
  console.table(
    record.sensitivity.map((row) => ({ picks: row.picks, "cost (bps)": row.costBps, annualised: pct(row.annualisedReturn), "vs members / year": pct(row.annualisedExcessReturn), "excess / month [95 %]": interval(row.monthlyExcess, (value) => pct(value, 2)) })),
  );
}

/** The trading day `offset` trading days from each month's first (negative: before it), or each month's last. */
function rebalanceDays(tradingDays: string[], rule: "first" | "last" | number): string[] {
  const starts = monthStarts(tradingDays);
  if (rule === "first") return starts;
  const index = new Map(tradingDays.map((day, position) => [day, position]));
  if (rule === "last") return starts.slice(1).map((start) => tradingDays[index.get(start)! - 1]);
  return starts.flatMap((start) => tradingDays[index.get(start)! + rule] ?? []);
}

const icOf = (record: TrackRecord, signal: string) => record.strategies.find((strategy) => strategy.strategy === `${signal}_top5`);

async function main() {
  const directory = args["data-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-eval-ai-picks-"));
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: directory });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  const deps = buildDeps({ config, db, logger, sessionSecret: "eval-session-secret-0123456789abcdef-0123456789" });
  try {
    // Each snapshot loads once: a kept DIR skips what it holds.
    log(`the bundled snapshots in ${directory} (a first load takes about half a minute)...`);
    await loadNewsSnapshot(deps, { force: true });
    await loadPriceSnapshot(deps, { force: true });
    await loadEarningsSnapshot(deps, { force: true });
    const started = performance.now();
    const bars = await deps.technicals.bars();
    const { features, marketProxy } = await priceInputs(bars);
    const input: WalkForwardInput = walkForwardInput(features, bars.tradingDays, newsIndexOf(await readNewsRows(db)), await readEarningsRows(db));
    log(`inputs: ${features.size} tickers, ${bars.tradingDays.length} trading days, beta against ${marketProxy} (${Math.round(performance.now() - started)} ms)`);
    const walkStarted = performance.now();
    const rebalances = await walkForward(input);
    log(`walk-forward: ${rebalances.length} rebalances in ${Math.round(performance.now() - walkStarted)} ms`);
    const record = trackRecord(rebalances, features, bars.tradingDays);
    console.log(`AI picks model ${MODEL_VERSION}: evaluation on the bundled data`);
    printRecord(record);

    // The verdict the app shows (beats only above every baseline's IC, with an interval above zero).
    const verdict = verdictOf(record.strategies, record.months);
    console.log(`\nVerdict: ${verdict?.text ?? "no completed rebalance"} ${verdict?.beats ? "The aim is met." : "The aim is not met."}`);

    if (!args.quick) {
      console.log("\nSensitivity to the rebalance day (each a whole walk-forward of its own):");
      const rows: Record<string, string>[] = [];
      for (const [label, rule] of [
        ["first trading day", "first"],
        ["last trading day", "last"],
        ["first + 5 trading days", 5],
        ["first − 5 trading days", -5],
      ] as const) {
        const scored: ScoredDay[] = rule === "first" ? rebalances : await walkForward(input, { rebalanceDays: rebalanceDays(bars.tradingDays, rule) });
        const variant = rule === "first" ? record : trackRecord(scored, features, bars.tradingDays);
        const top5 = icOf(variant, "model")!;
        rows.push({
          "rebalance day": label,
          months: String(variant.months),
          "model IC [95 %]": interval(top5.icInterval, (value) => num(value)),
          "momentum IC": num(icOf(variant, "momentum")?.meanIc),
          "composite IC": num(icOf(variant, "composite")?.meanIc),
          "AI top 5 excess / month [95 %]": interval(top5.monthlyExcessInterval, (value) => pct(value, 2)),
        });
      }
      console.table(rows);
    }
    console.log(`\nStrategies defined in api/src/ai-picks/track-record.ts (${STRATEGIES.length}); method in api/src/ai-picks/README.md.`);
  } finally {
    await db.close();
    if (!args["data-dir"]) fs.rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
