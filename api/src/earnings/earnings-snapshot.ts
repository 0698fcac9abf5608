// Start-up load of the bundled earnings snapshot (data/earnings/sp100_earnings_history/): every
// report with the model's walk-forward beat probability into earnings_predictions, and the
// model's measured skill into earnings_model_evaluations, once per database, files and model version.
import { setImmediate } from "node:timers/promises";
import type { AppDeps } from "../context";
import { waitAndRunExclusively } from "../db/run-exclusively";
import { finishedSnapshotLoads, markSnapshotLoaded, snapshotVersion } from "../db/snapshot-loads";
import type { Prisma } from "../generated/prisma/client";
import { EARNINGS_MODEL_VERSION, surpriseOf, type Prediction } from "./beat-model";
import { earningsWorker, sectorOf } from "./earnings-compute";
import { forgetEarningsReads } from "./earnings";
import { earningsFiles, earningsSnapshotDirectory, earningsSnapshotSource, readEarningsDirectory } from "./earnings-files";

export { sectorOf };

export type EarningsSnapshotLoadResult = { rows: number; tickers: number; ms: number; skipped?: "disabled" | "already-loaded" };

/** pg advisory lock id of this load ("ernS" in ASCII). */
export const EARNINGS_SNAPSHOT_LOCK_ID = 0x65726e53;
const markerName = "earnings";

const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

/** A prediction as its table row. Probabilities are stored in percent (Decimal(5,2) keeps 0.01 pp). */
export function predictionRow(prediction: Prediction): Prisma.EarningsPredictionCreateManyInput {
  const { report, features } = prediction;
  return {
    ticker: report.ticker,
    earningsDate: new Date(`${report.date}T00:00:00Z`),
    announcedAt: new Date(report.announcedAt),
    reportTime: report.reportTime,
    beatProbability: round(prediction.probability * 100, 2),
    baseRate: round(features.pooledRate * 100, 2),
    momentum: features.momentum,
    volatility: features.volatility,
    surpriseTrend: round(features.surpriseTrend, 4),
    surpriseVolatility: round(features.surpriseVolatility, 4),
    priceMomentum: round(features.priceMomentum, 4),
    consensusEps: report.consensusEps,
    actualEps: report.actualEps,
    surprise: report.actualEps === null ? null : round(surpriseOf(report), 4),
    modelVersion: EARNINGS_MODEL_VERSION,
    source: earningsSnapshotSource,
  };
}

/** Replaces a ticker's rows in one transaction: a pass killed halfway leaves whole tickers. */
export async function replaceTickerPredictions(db: AppDeps["db"], ticker: string, data: Prisma.EarningsPredictionCreateManyInput[]) {
  await db.prisma.$transaction([
    db.prisma.earningsPrediction.deleteMany({ where: { ticker } }),
    db.prisma.earningsPrediction.createMany({ data }),
  ]);
}

/**
 * Loads the snapshot, once per database, files and model version (a snapshot_loads row written
 * last). Each ticker's rows are replaced in one transaction, so a load killed halfway leaves
 * whole tickers and the next start simply redoes it. One instance at a time on PostgreSQL;
 * `signal` stops it between two tickers.
 */
export async function loadEarningsSnapshot(
  deps: Pick<AppDeps, "config" | "db" | "logger">,
  options: { directory?: string; force?: boolean; signal?: AbortSignal } = {},
): Promise<EarningsSnapshotLoadResult> {
  if (!deps.config.earnings.loadSnapshot && !options.force) return { rows: 0, tickers: 0, ms: 0, skipped: "disabled" };
  return waitAndRunExclusively(deps.db, EARNINGS_SNAPSHOT_LOCK_ID, () => loadUnlessFinished(deps, options), {
    logger: deps.logger,
    what: "loading the earnings snapshot",
    signal: options.signal,
  });
}

async function loadUnlessFinished(
  deps: Pick<AppDeps, "db" | "logger">,
  options: { directory?: string; signal?: AbortSignal },
): Promise<EarningsSnapshotLoadResult> {
  const started = performance.now();
  const { db, logger } = deps;
  const directory = options.directory ?? earningsSnapshotDirectory;
  const version = `${EARNINGS_MODEL_VERSION}:${snapshotVersion(earningsFiles(directory))}`;
  if ((await finishedSnapshotLoads(db)).get(markerName) === version) return { rows: 0, tickers: 0, ms: 0, skipped: "already-loaded" };
  logger.info("loading the earnings snapshot and its walk-forward predictions");

  const reports = readEarningsDirectory(directory);
  // The bundled closes, the walk-forward and its evaluation in a worker thread (earnings-compute.ts): seconds of CPU off the request loop.
  const { predictions, summary } = await earningsWorker.run("snapshotPredictions", [directory], { signal: options.signal });

  let rows = 0;
  for (const ticker of reports.keys()) {
    options.signal?.throwIfAborted();
    // PGlite runs on this thread: let a signal and the log through between tickers.
    await setImmediate();
    const data = predictions.filter((prediction) => prediction.report.ticker === ticker).map(predictionRow);
    await replaceTickerPredictions(db, ticker, data);
    rows += data.length;
  }
  const evaluation = { ...summary, source: earningsSnapshotSource, computedAt: new Date() };
  await db.prisma.earningsModelEvaluation.upsert({
    where: { modelVersion: EARNINGS_MODEL_VERSION },
    create: { modelVersion: EARNINGS_MODEL_VERSION, ...evaluation },
    update: evaluation,
  });
  await markSnapshotLoaded(db, markerName, version, rows);
  forgetEarningsReads(db);
  const ms = Math.round(performance.now() - started);
  logger.info({ rows, tickers: reports.size, ms, brierSkillScore: summary.brierSkillScore, ece: summary.ece }, "earnings snapshot loaded");
  return { rows, tickers: reports.size, ms };
}
