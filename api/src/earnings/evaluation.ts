// Scores of walk-forward beat probabilities against what happened, pure.
import { blockBootstrapInterval, intervalExcludesZero } from "../shared/statistics";
import { isBeat, isScored } from "./earnings-files";
import { WARM_UP_POOLED_REPORTS, type Prediction } from "./beat-model";

/** Raised when the stored evaluation gains figures: part of the earnings snapshot's version, so the next start stores it again. */
export const EVALUATION_FIGURES_VERSION = 2;

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
  /** The 95 % block-bootstrap interval of brierSkillScore over calendar months (see monthlyIntervals); null under 3 months. */
  brierSkillLow: number | null;
  brierSkillHigh: number | null;
  /** brierSkillLow..brierSkillHigh excludes 0: the skill is more than the luck of which months were scored. */
  skillSignificant: boolean;
  /** The share whose side was called right: a probability ≥ 0.5 calls a beat. */
  accuracy: number;
  /** What always calling a beat scores: the share that beat. */
  alwaysBeatAccuracy: number;
  /** The 95 % block-bootstrap interval of accuracy − alwaysBeatAccuracy over calendar months; null under 3 months. */
  accuracyGainLow: number | null;
  accuracyGainHigh: number | null;
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

/** A probability of at least this calls a beat (for accuracy). */
const CALLS_BEAT = 0.5;
const isCalledRight = (probability: number, outcome: number) => (probability >= CALLS_BEAT ? 1 : 0) === outcome;

/** One calendar month's scored reports, summed: the unit the intervals resample. */
type MonthTotals = { reports: number; brierModel: number; brierBaseRate: number; correct: number; beats: number };

const sumOf = (months: MonthTotals[], key: keyof MonthTotals) => months.reduce((sum, month) => sum + month[key], 0);
const monthOf = (date: string) => date.slice(0, 7);

/** Every calendar month (YYYY-MM) from the first date's to the last's. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (const day = new Date(`${monthOf(first)}-01T00:00:00Z`); monthOf(day.toISOString()) <= monthOf(last); day.setUTCMonth(day.getUTCMonth() + 1)) {
    months.push(monthOf(day.toISOString()));
  }
  return months;
}

/**
 * 95 % intervals of the Brier skill score and of the accuracy gain over always calling a beat.
 * Reports in the same weeks share market news and an earnings season, so they are not independent
 * draws: the observations are calendar months (every month from the first report to the last,
 * empty ones included so a block is a span of time), resampled in blocks of consecutive months.
 * The reference keeps the whole set's base rate, so the estimate is brierSkillScore itself.
 */
function monthlyIntervals(dates: string[], probabilities: number[], outcomes: number[], baseRate: number) {
  const sorted = [...dates].sort();
  const months = new Map<string, MonthTotals>();
  for (const month of monthsBetween(sorted[0], sorted[sorted.length - 1])) months.set(month, { reports: 0, brierModel: 0, brierBaseRate: 0, correct: 0, beats: 0 });
  dates.forEach((date, index) => {
    const month = months.get(monthOf(date))!;
    const [p, y] = [probabilities[index], outcomes[index]];
    month.reports += 1;
    month.brierModel += (p - y) ** 2;
    month.brierBaseRate += (baseRate - y) ** 2;
    month.correct += isCalledRight(p, y) ? 1 : 0;
    month.beats += y;
  });
  const observations = [...months.values()];
  const skill = blockBootstrapInterval(observations, (sample) => {
    const reference = sumOf(sample, "brierBaseRate");
    return reference > 0 ? 1 - sumOf(sample, "brierModel") / reference : null;
  });
  const accuracyGain = blockBootstrapInterval(observations, (sample) => {
    const reports = sumOf(sample, "reports");
    return reports > 0 ? (sumOf(sample, "correct") - sumOf(sample, "beats")) / reports : null;
  });
  return { skill, accuracyGain };
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
  const dates = evaluated.map((prediction) => prediction.report.date);
  const intervals = monthlyIntervals(dates, probabilities, outcomes, baseRate);
  const correct = probabilities.filter((p, index) => isCalledRight(p, outcomes[index])).length;
  return {
    reports: evaluated.length,
    warmUpReports: scored.length - evaluated.length,
    baseRate,
    brierModel,
    brierBaseRate,
    brierRawRate: brier(rawRates, outcomes),
    brierSkillScore: 1 - brierModel / brierBaseRate,
    brierSkillLow: intervals.skill?.low ?? null,
    brierSkillHigh: intervals.skill?.high ?? null,
    skillSignificant: intervalExcludesZero(intervals.skill),
    accuracy: correct / outcomes.length,
    alwaysBeatAccuracy: baseRate,
    accuracyGainLow: intervals.accuracyGain?.low ?? null,
    accuracyGainHigh: intervals.accuracyGain?.high ?? null,
    logLoss: -outcomes.reduce((sum: number, y, index) => sum + Math.log(y === 1 ? bounded(probabilities[index]) : 1 - bounded(probabilities[index])), 0) / outcomes.length,
    auc: areaUnderCurve(probabilities, outcomes),
    ece: reliability.reduce((sum, bin) => sum + (bin.count / outcomes.length) * Math.abs((bin.meanPredicted ?? 0) - (bin.observedRate ?? 0)), 0),
    reliability,
    firstReport: dates.reduce((earliest, date) => (date < earliest ? date : earliest)),
    lastReport: dates.reduce((latest, date) => (date > latest ? date : latest)),
  };
}
