// Scores of walk-forward beat probabilities against what happened, pure.
import { isBeat, isScored } from "./earnings-files";
import { WARM_UP_POOLED_REPORTS, type Prediction } from "./beat-model";

export type ReliabilityBin = { from: number; to: number; count: number; meanPredicted: number | null; observedRate: number | null };

export type EvaluationSummary = {
  reports: number;
  /** Reported quarters left out as warm-up (pooled prior from fewer than WARM_UP_POOLED_REPORTS earlier reports). */
  warmUpReports: number;
  /** Fractions 0–1: the share of evaluated reports that beat. */
  baseRate: number;
  brierModel: number;
  /** Always predicting baseRate (known only in hindsight, so a demanding reference). */
  brierBaseRate: number;
  /** The company's raw beat rate from its earlier reports (the pooled rate without any). */
  brierRawRate: number;
  /** 1 − brierModel ÷ brierBaseRate: above 0 means better than the constant base rate. */
  brierSkillScore: number;
  logLoss: number;
  /** Probability that a random beat got a higher prediction than a random miss. */
  auc: number;
  /** Expected calibration error over the 10 bins: Σ (count ÷ n) × |mean predicted − observed rate|. */
  ece: number;
  reliability: ReliabilityBin[];
  firstReport: string;
  lastReport: string;
};

const brier = (probabilities: number[], outcomes: number[]) =>
  probabilities.reduce((sum, p, index) => sum + (p - outcomes[index]) ** 2, 0) / probabilities.length;

/** Mann–Whitney AUC with ties counted as half. */
export function areaUnderCurve(probabilities: number[], outcomes: number[]): number {
  const order = probabilities.map((p, index) => ({ p, y: outcomes[index] })).sort((a, b) => a.p - b.p);
  const positives = outcomes.filter((y) => y === 1).length;
  const negatives = outcomes.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  let rankSum = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].p === order[start].p) end++;
    const meanRank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++) if (order[index].y === 1) rankSum += meanRank;
    start = end + 1;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function reliabilityTable(probabilities: number[], outcomes: number[], bins = 10): ReliabilityBin[] {
  return Array.from({ length: bins }, (_, bin) => {
    const [from, to] = [bin / bins, (bin + 1) / bins];
    const members = probabilities.map((p, index) => ({ p, y: outcomes[index] })).filter(({ p }) => p >= from && (p < to || (bin === bins - 1 && p <= to)));
    const count = members.length;
    return {
      from,
      to,
      count,
      meanPredicted: count ? members.reduce((sum, member) => sum + member.p, 0) / count : null,
      observedRate: count ? members.reduce((sum, member) => sum + member.y, 0) / count : null,
    };
  });
}

/** Scores the predictions of reported quarters past the warm-up (`warmUp: 0` scores them all). Throws when none is left. */
export function evaluatePredictions(predictions: Prediction[], options: { warmUp?: number } = {}): EvaluationSummary {
  const scored = predictions.filter((prediction) => isScored(prediction.report));
  const evaluated = scored.filter((prediction) => prediction.features.pooledReports >= (options.warmUp ?? WARM_UP_POOLED_REPORTS));
  if (evaluated.length === 0) throw new Error("no reported quarter to evaluate after the warm-up");
  const outcomes = evaluated.map((prediction) => (isScored(prediction.report) && isBeat(prediction.report) ? 1 : 0));
  const probabilities = evaluated.map((prediction) => prediction.probability);
  const baseRate = outcomes.reduce((sum: number, y) => sum + y, 0) / outcomes.length;
  const brierModel = brier(probabilities, outcomes);
  const brierBaseRate = brier(probabilities.map(() => baseRate), outcomes);
  const rawRates = evaluated.map((prediction) => prediction.features.rawRate ?? prediction.features.pooledRate);
  const bounded = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));
  const reliability = reliabilityTable(probabilities, outcomes);
  const dates = evaluated.map((prediction) => prediction.report.date).sort();
  return {
    reports: evaluated.length,
    warmUpReports: scored.length - evaluated.length,
    baseRate,
    brierModel,
    brierBaseRate,
    brierRawRate: brier(rawRates, outcomes),
    brierSkillScore: 1 - brierModel / brierBaseRate,
    logLoss: -outcomes.reduce((sum: number, y, index) => sum + Math.log(y === 1 ? bounded(probabilities[index]) : 1 - bounded(probabilities[index])), 0) / outcomes.length,
    auc: areaUnderCurve(probabilities, outcomes),
    ece: reliability.reduce((sum, bin) => sum + (bin.count / outcomes.length) * Math.abs((bin.meanPredicted ?? 0) - (bin.observedRate ?? 0)), 0),
    reliability,
    firstReport: dates[0],
    lastReport: dates[dates.length - 1],
  };
}
