// Start-up load of the bundled earnings snapshot (data/earnings/sp100_earnings_history/): every
// report with the model's walk-forward beat probability into earnings_predictions, and the
// model's measured skill into earnings_model_evaluations, once per database, files, model version
// and evaluation figures.
import { betweenRequests } from "../shared/between-requests";
import type { AppDeps } from "../context";
import { snapshotVersion } from "../db/snapshot-loads";
import { defineSnapshot, type LoadControl, type SnapshotDeps } from "../startup/define-snapshot";
import type { Prisma } from "../generated/prisma/client";
import { EARNINGS_MODEL_VERSION, surpriseOf, type Prediction } from "./beat-model";
import { earningsWorker, sectorOf } from "./earnings-compute";
import { forgetEarningsReads } from "./earnings";
import { earningsFiles, earningsSnapshotDirectory, earningsSnapshotSource, readEarningsDirectory } from "./earnings-files";
import { EVALUATION_FIGURES_VERSION } from "./evaluation";

export { sectorOf };

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

export type EarningsSnapshotLoadResult = { rows: number; tickers: number; ms: number };

/**
 * The bundled earnings history with the beat model's walk-forward predictions, once per database,
 * files and model version. Each ticker's rows are replaced in one transaction, so a load killed
 * halfway leaves whole tickers and the next start simply redoes it. `signal` stops it between two tickers.
 */
export const earningsSnapshot = defineSnapshot({
  name: "earnings",
  title: "earnings reports",
  // "ernS" in ASCII
  lockId: 0x65726e53,
  weight: 8,
  enabled: (config) => config.earnings.loadSnapshot,
  version: ({ directory = earningsSnapshotDirectory }: { directory?: string }) =>
    `${EARNINGS_MODEL_VERSION}:evaluation-${EVALUATION_FIGURES_VERSION}:${snapshotVersion(earningsFiles(directory))}`,
  load: loadReportsAndPredictions,
  nothingLoaded: { tickers: 0, ms: 0 },
});

export const loadEarningsSnapshot = (deps: SnapshotDeps, options: { directory?: string; force?: boolean } & LoadControl = {}) =>
  earningsSnapshot.run(deps, options);

async function loadReportsAndPredictions(
  deps: SnapshotDeps,
  options: { directory?: string } & LoadControl,
): Promise<EarningsSnapshotLoadResult> {
  const started = performance.now();
  const { db, logger } = deps;
  const directory = options.directory ?? earningsSnapshotDirectory;
  logger.info("loading the earnings snapshot and its walk-forward predictions");

  const reports = readEarningsDirectory(directory);
  // The bundled closes, the walk-forward and its evaluation in a worker thread (earnings-compute.ts): seconds of CPU off the request loop.
  const { predictions, summary } = await earningsWorker.run("snapshotPredictions", [directory], { signal: options.signal });

  let rows = 0;
  for (const ticker of reports.keys()) {
    options.signal?.throwIfAborted();
    // PGlite runs on this thread: each ticker's writes go between requests (shared/between-requests.ts).
    await betweenRequests(db);
    const data = predictions.filter((prediction) => prediction.report.ticker === ticker).map(predictionRow);
    await replaceTickerPredictions(db, ticker, data);
    rows += data.length;
    options.onProgress?.(0.5 + (0.5 * rows) / predictions.length);
  }
  const evaluation = { ...summary, source: earningsSnapshotSource, computedAt: new Date() };
  await db.prisma.earningsModelEvaluation.upsert({
    where: { modelVersion: EARNINGS_MODEL_VERSION },
    create: { modelVersion: EARNINGS_MODEL_VERSION, ...evaluation },
    update: evaluation,
  });
  forgetEarningsReads(db);
  const ms = Math.round(performance.now() - started);
  logger.info({ rows, tickers: reports.size, ms, brierSkillScore: summary.brierSkillScore, ece: summary.ece }, "earnings snapshot loaded");
  return { rows, tickers: reports.size, ms };
}
