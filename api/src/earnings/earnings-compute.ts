// The earnings snapshot's computation, pure, run in a worker thread (api/src/workers/) so reading
// the bundled closes and the beat model's walk-forward (seconds of CPU) never hold the request
// loop: earnings-snapshot.ts writes what comes back. In-process it gives the same result.
import path from "node:path";
import { securityInfo } from "../market-data/universes";
import { workerModule } from "../workers/worker-pool";
import { walkForward, type Prediction } from "./beat-model";
import { bundledCloses } from "./bundled-closes";
import { readEarningsDirectory } from "./earnings-files";
import { evaluatePredictions, type EvaluationSummary } from "./evaluation";
import type * as ThisModule from "./earnings-compute";

/** GICS sector of an S&P 500 member (GOOG answers as GOOGL's), else null. */
export const sectorOf = (ticker: string) => securityInfo(ticker)?.sector ?? securityInfo(ticker === "GOOG" ? "GOOGL" : ticker)?.sector ?? null;

/** This module's functions in the worker pool. */
export const earningsWorker = workerModule<typeof ThisModule>(path.join(__dirname, "earnings-compute.ts"));

/**
 * Every report of the snapshot in `directory` with its walk-forward prediction, and the model's
 * evaluation over them (closes from the price snapshot in `pricesDirectory`, default data/prices/).
 */
export async function snapshotPredictions(directory: string, pricesDirectory?: string): Promise<{ predictions: Prediction[]; summary: EvaluationSummary }> {
  const reports = readEarningsDirectory(directory);
  const prices = await bundledCloses(reports.keys(), undefined, pricesDirectory);
  const predictions = walkForward(reports, reports, { sectorOf, prices });
  return { predictions, summary: evaluatePredictions(predictions) };
}
