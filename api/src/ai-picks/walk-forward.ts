// The AI picks model, walk-forward with the model chosen by nested validation. On a day D every
// member with a bar that day and a year of history is described by its inputs at D's close
// (features.ts, factor inputs below), each a sector-neutral cross-sectional rank. At each monthly
// rebalance every candidate (an equal-weight factor composite, ridge regressions, boosted trees)
// is refit on the training samples whose 21-trading-day outcome was known by then; the one whose
// own walk-forward record over the months before (their outcomes known too) has the best mean IC
// leads, and its score becomes a probability calibrated on that same record. Nothing after D is
// read: not for the inputs, the fits, the choice or the calibration.
import { FACTOR_INDEX, FACTORS, HISTORY_BARS, PRICE_FACTORS, type Factor, type FactorFamily, type TickerFeatures } from "./features";
import { contributionsOf, fitGradientBoosting, predictGradientBoosting, type GradientBoostingModel, type GradientBoostingOptions } from "./gradient-boosting";
import { addSamples, centredRanks, centredRanksWithin, emptyNormalEquations, fitPlatt, logistic, mergeNormalEquations, solveRidge, spearman, type Calibration } from "./model";
import type { EarningsIndex } from "./earnings-inputs";
import type { NewsIndex } from "./news-inputs";
import { lastIndexOnOrBefore, marketProxyTicker } from "../market-data/technicals-store";
import { median } from "../backtest/backtest-math";
import { mean } from "../shared/statistics";

/** Bumped when the inputs, the target or the fit change: stored passes of another version are recomputed. */
export const MODEL_VERSION = "nested-choice-v2";
/** The target: the return over the next 21 trading days (about a month), as a cross-sectional rank. */
export const HORIZON_DAYS = 21;
/** A rebalance is scored once this many sample days (four months) have known outcomes, whatever the universe's size. */
export const MIN_TRAINING_DAYS = 8;
/**
 * The trading days of each month (0-based) whose cross-sections are training samples. Daily samples
 * overlap twenty-fold in their 21-day outcomes; two a month keep nearly all the information at a
 * tenth of the cost, which the boosted trees need.
 */
export const SAMPLE_DAYS_OF_MONTH = [0, 10];
/** Months of each candidate's own record the choice looks back over, and the fewest it decides on. */
export const SELECTION_MONTHS = 24;
export const MIN_SELECTION_MONTHS = 6;
/** The choice before MIN_SELECTION_MONTHS of records: the one model that needs no fitting. */
export const DEFAULT_CANDIDATE = "composite";
/** Months of prior weight pulling the calibrated probability toward 50 % (a 24-month record keeps 2/3 of its slope). */
export const CALIBRATION_PRIOR_MONTHS = 12;
/** The trees train on at most the latest this many samples (about five years of the universe): fit time grows with rows. */
export const TREE_MAX_SAMPLES = 60_000;

const treeOptions = (depth: number): GradientBoostingOptions => ({ trees: 60, depth, learningRate: 0.05, minSamplesPerLeaf: 200, subsample: 0.5, seed: 20140101 });

export type Candidate = { id: string; label: string } & ({ kind: "composite" } | { kind: "ridge"; lambda: number } | { kind: "gbt"; options: GradientBoostingOptions });

/** Ridge λ is per sample (an input's rank variance is 1/12): 0.01 shrinks each weight by about 10 %, 0.1 by about half. */
export const CANDIDATES: Candidate[] = [
  { id: "composite", label: "Equal-weight factor composite", kind: "composite" },
  { id: "ridge-0.01", label: "Ridge regression (λ 0.01)", kind: "ridge", lambda: 0.01 },
  { id: "ridge-0.1", label: "Ridge regression (λ 0.1)", kind: "ridge", lambda: 0.1 },
  { id: "gbt-d2", label: "Boosted trees (60 of depth 2)", kind: "gbt", options: treeOptions(2) },
  { id: "gbt-d3", label: "Boosted trees (60 of depth 3)", kind: "gbt", options: treeOptions(3) },
];

export type Fit = { kind: "composite" } | { kind: "ridge"; intercept: number; weights: number[] } | GradientBoostingModel;

/** A candidate's walk-forward record at a rebalance: its mean IC over the months looked back on. */
export type CandidateRecord = { candidate: string; label: string; meanIc: number | null; months: number };

/** Platt scaling of the chosen candidate's score, and how far it is kept from 50 % (0: not at all, 1: fully). */
export type ScoreCalibrationFit = Calibration & { months: number; shrink: number };

export type FittedModel = {
  /** The rebalance day it was fitted on. */
  fittedOn: string;
  /** The candidate chosen, and its words. */
  candidate: string;
  label: string;
  fit: Fit;
  /** Each input's weight for a linear model (ridge, composite); null for trees, whose "why" is per pick. */
  weights: { factor: Factor; weight: number }[] | null;
  calibration: ScoreCalibrationFit;
  /** Every candidate's record at this rebalance: the choice, open to inspection. */
  selection: CandidateRecord[];
  trainingSamples: number;
  trainingFrom: string | null;
  trainingThrough: string | null;
};

export type PickFactor = { factor: Factor; input: number | null; contribution: number };

/** The simple rules the model is measured against, each a score where higher is better. */
export type Baseline = "momentum" | "reversal" | "lowVolatility" | "value" | "composite";
export const BASELINES: { key: Baseline; label: string }[] = [
  { key: "momentum", label: "12-1 momentum" },
  { key: "reversal", label: "1-month reversal" },
  { key: "lowVolatility", label: "Low volatility" },
  { key: "value", label: "Value (earnings yield, book-to-price)" },
  { key: "composite", label: "Factor composite" },
];

export type ScoredPick = {
  ticker: string;
  rank: number;
  /** The chosen candidate's score (a predicted forward-return rank) before calibration. */
  score: number;
  /** P(beats the universe median over the next 21 trading days), calibrated out of sample. */
  aiScore: number;
  price: number;
  returns1m: number | null;
  returns3m: number | null;
  returns12m: number | null;
  rsi: number | null;
  newsArticles: number;
  factors: PickFactor[];
  /** Rank of plain 12-1 momentum the same day (null when it has none). */
  baselineRank: number | null;
  /** Each baseline's score (null when its input is unknown). */
  signals: Record<Baseline, number | null>;
};

export type ScoredDay = { date: string; model: FittedModel; picks: ScoredPick[] };

/** The dated, non-price inputs of a ticker at a day's close, from the 10-K known by then. */
export type FundamentalsAt = { earningsYield: number | null; bookToPrice: number | null; returnOnEquity: number | null; netMargin: number | null };

export type WalkForwardInput = {
  features: Map<string, TickerFeatures>;
  tradingDays: string[];
  news: NewsIndex;
  earnings?: EarningsIndex;
  fundamentals?: (ticker: string, close: number, day: string) => FundamentalsAt;
  /** GICS sector, for sector-neutral ranks (null: ranked with the whole cross-section). */
  sectorOf?: (ticker: string) => string | null;
  /** The index's members on a day (point in time); absent: every ticker with prices counts. */
  membersOn?: (day: string) => ReadonlySet<string>;
};

const INPUTS = FACTORS.length;
const column = (factor: Factor) => FACTOR_INDEX.get(factor)!;

/** One day's universe and its inputs. */
export type CrossSection = {
  day: string;
  tickers: string[];
  bars: number[];
  /** Raw inputs, row-major (NaN: unknown). */
  raw: Float64Array;
  /** Normalised inputs, row-major: sector-neutral centred ranks (unknown → 0, the middle). */
  inputs: Float64Array;
  newsArticles: number[];
  signals: Record<Baseline, Float64Array>;
};

const families = [...new Set(FACTORS.flatMap((factor) => (factor.family ? [factor.family] : [])))] as FactorFamily[];
/** Each input's weight in the composite: its sign ÷ (its family's size × the number of families). */
const compositeWeights = FACTORS.map((factor) =>
  factor.family ? factor.direction / (FACTORS.filter((other) => other.family === factor.family).length * families.length) : 0,
);

const orNaN = (value: number | null | undefined) => (value === null || value === undefined ? NaN : value);

export function crossSection(input: WalkForwardInput, day: string): CrossSection {
  const { features, news, earnings, fundamentals, sectorOf, membersOn } = input;
  const tickers: string[] = [];
  const bars: number[] = [];
  const members = membersOn?.(day);
  for (const [ticker, series] of features) {
    // The market proxy (SPY, when stored) is the benchmark, not a pick.
    if (ticker === marketProxyTicker) continue;
    if (members && !members.has(ticker)) continue;
    const bar = lastIndexOnOrBefore(series.dates, day);
    if (bar >= HISTORY_BARS - 1 && series.dates[bar] === day) {
      tickers.push(ticker);
      bars.push(bar);
    }
  }
  const count = tickers.length;
  const raw = new Float64Array(count * INPUTS);
  const newsArticles = new Array<number>(count);
  for (let row = 0; row < count; row++) {
    const series = features.get(tickers[row])!;
    const bar = bars[row];
    const set = (factor: Factor, value: number) => (raw[row * INPUTS + column(factor)] = value);
    for (const factor of PRICE_FACTORS) set(factor, series.values[factor][bar]);
    const filed = fundamentals?.(tickers[row], series.closes[bar], day);
    set("earningsYield", orNaN(filed?.earningsYield));
    set("bookToPrice", orNaN(filed?.bookToPrice));
    set("returnOnEquity", orNaN(filed?.returnOnEquity));
    set("netMargin", orNaN(filed?.netMargin));
    const reported = earnings?.at(tickers[row], day);
    set("earningsSurprise", orNaN(reported?.surprise));
    set("surpriseTrend", orNaN(reported?.surpriseTrend));
    const articles = news.at(tickers[row], day);
    set("netRatings", orNaN(articles.netRatings));
    set("newsSentiment", orNaN(articles.meanScore));
    set("newsSentimentChange", orNaN(articles.scoreChange));
    newsArticles[row] = articles.articles;
  }
  const sectors = tickers.map((ticker) => sectorOf?.(ticker) ?? null);
  const inputs = new Float64Array(count * INPUTS);
  const columnValues = (input: number) => Float64Array.from({ length: count }, (_, row) => raw[row * INPUTS + input]);
  for (let input = 0; input < INPUTS; input++) {
    const ranks = centredRanksWithin(columnValues(input), sectors);
    for (let row = 0; row < count; row++) inputs[row * INPUTS + input] = ranks[row];
  }
  const valueRanks = [centredRanks(columnValues(column("earningsYield"))), centredRanks(columnValues(column("bookToPrice")))];
  const signals: Record<Baseline, Float64Array> = {
    momentum: columnValues(column("momentum12_1")),
    reversal: columnValues(column("return1m")).map((value) => -value),
    lowVolatility: columnValues(column("volatility60")).map((value) => -value),
    // The mean of the known value ranks; unknown when neither is known.
    value: Float64Array.from({ length: count }, (_, row) => {
      const known = [0, 1].filter((index) => !Number.isNaN(raw[row * INPUTS + column(index === 0 ? "earningsYield" : "bookToPrice")]));
      return known.length === 0 ? NaN : known.reduce((sum, index) => sum + valueRanks[index][row], 0) / known.length;
    }),
    composite: Float64Array.from({ length: count }, (_, row) => linearScore(0, compositeWeights, inputs, row)),
  };
  return { day, tickers, bars, raw, inputs, newsArticles, signals };
}

function linearScore(intercept: number, weights: ArrayLike<number>, inputs: Float64Array, row: number): number {
  let score = intercept;
  for (let input = 0; input < INPUTS; input++) score += weights[input] * inputs[row * INPUTS + input];
  return score;
}

function predict(fit: Fit, inputs: Float64Array, row: number): number {
  if (fit.kind === "composite") return linearScore(0, compositeWeights, inputs, row);
  if (fit.kind === "ridge") return linearScore(fit.intercept, fit.weights, inputs, row);
  return predictGradientBoosting(fit, inputs, row);
}

function contributions(fit: Fit, inputs: Float64Array, row: number): ArrayLike<number> {
  if (fit.kind === "gbt") return contributionsOf(fit, inputs, row);
  const weights = fit.kind === "ridge" ? fit.weights : compositeWeights;
  return Array.from({ length: INPUTS }, (_, input) => weights[input] * inputs[row * INPUTS + input]);
}

const linearWeights = (fit: Fit) =>
  fit.kind === "gbt" ? null : FACTORS.map(({ key }, input) => ({ factor: key, weight: fit.kind === "ridge" ? fit.weights[input] : compositeWeights[input] }));

/** A probability from a score: Platt's curve pulled toward 50 % by the calibration's shrink. */
export const calibrated = (calibration: ScoreCalibrationFit, score: number) => 0.5 + (logistic(calibration.intercept + calibration.slope * score) - 0.5) * calibration.shrink;

/** Each ticker's close on `end` (or its latest bar before, if after its bar `from`) ÷ its close at bar `from` − 1. */
function forwardReturn(series: TickerFeatures, from: number, end: string): number {
  const to = lastIndexOnOrBefore(series.dates, end);
  return to > from ? series.closes[to] / series.closes[from] - 1 : NaN;
}

/** Scores and ranks a cross-section with a fitted model; ties in score go to the ticker first in the alphabet. */
export function scoreCrossSection({ features }: Pick<WalkForwardInput, "features">, section: CrossSection, model: FittedModel): ScoredDay {
  const momentumOrder = section.tickers
    .map((ticker, row) => ({ ticker, value: section.signals.momentum[row] }))
    .filter((entry) => !Number.isNaN(entry.value))
    .sort((a, b) => b.value - a.value || a.ticker.localeCompare(b.ticker));
  const baselineRanks = new Map(momentumOrder.map((entry, index) => [entry.ticker, index + 1]));
  const unranked = section.tickers.map((ticker, row) => {
    const series = features.get(ticker)!;
    const bar = section.bars[row];
    const close = series.closes[bar];
    const score = predict(model.fit, section.inputs, row);
    const lookBack = (bars: number) => (bar >= bars ? close / series.closes[bar - bars] - 1 : null);
    const rawOf = (input: number) => {
      const value = section.raw[row * INPUTS + input];
      return Number.isNaN(value) ? null : value;
    };
    const contributed = contributions(model.fit, section.inputs, row);
    return {
      ticker,
      rank: 0,
      score,
      aiScore: calibrated(model.calibration, score),
      price: close,
      returns1m: lookBack(21),
      returns3m: lookBack(63),
      returns12m: lookBack(252),
      rsi: rawOf(column("rsi14")),
      newsArticles: section.newsArticles[row],
      factors: FACTORS.map(({ key }, input) => ({ factor: key, input: rawOf(input), contribution: contributed[input] })),
      baselineRank: baselineRanks.get(ticker) ?? null,
      signals: Object.fromEntries(BASELINES.map(({ key }) => [key, Number.isNaN(section.signals[key][row]) ? null : section.signals[key][row]])) as Record<Baseline, number | null>,
    } satisfies ScoredPick;
  });
  unranked.sort((a, b) => b.score - a.score || a.ticker.localeCompare(b.ticker));
  return { date: section.day, model, picks: unranked.map((pick, index) => ({ ...pick, rank: index + 1 })) };
}

/** The first trading day of each month. */
export function monthStarts(tradingDays: string[]): string[] {
  return tradingDays.filter((day, index) => index === 0 || day.slice(0, 7) !== tradingDays[index - 1].slice(0, 7));
}

/** The trading days that are the `position`-th (0-based) of their month. */
function nthTradingDaysOfMonth(tradingDays: string[], positions: number[]): string[] {
  const days: string[] = [];
  let position = 0;
  tradingDays.forEach((day, index) => {
    position = index > 0 && day.slice(0, 7) === tradingDays[index - 1].slice(0, 7) ? position + 1 : 0;
    if (positions.includes(position)) days.push(day);
  });
  return days;
}

/** What each candidate scored at an earlier rebalance, and what happened (its outcome known at the next rebalance's close). */
type RebalanceRecord = { date: string; scores: Map<string, Float64Array>; beatMedian: Float64Array; ics: Map<string, number | null> };

export type WalkForwardOptions = {
  /** The rebalance days (default: each month's first trading day). */
  rebalanceDays?: string[];
  minTrainingDays?: number;
  candidates?: Candidate[];
  /** Awaited every few training days and after each rebalance, so a caller beside a server can yield. */
  pause?: () => Promise<void>;
  /** Called between small steps (a training day, a tree): a worker makes way for requests there. */
  betweenSteps?: () => void;
};

/** Training days read between two pauses. */
const DAYS_PER_PAUSE = 10;


/**
 * The walk-forward pass: every rebalance day from the first with enough training samples is fitted,
 * chosen, calibrated and scored, using only samples whose outcome ended by that day's close.
 */
export async function walkForward(input: WalkForwardInput, options: WalkForwardOptions = {}): Promise<ScoredDay[]> {
  const { tradingDays } = input;
  const candidates = options.candidates ?? CANDIDATES;
  const minTraining = options.minTrainingDays ?? MIN_TRAINING_DAYS;
  const dayIndex = new Map(tradingDays.map((day, index) => [day, index]));

  // Training samples, oldest first, as one growing set of rows: a rebalance trains on a prefix of it.
  const sampleDays = nthTradingDaysOfMonth(tradingDays, SAMPLE_DAYS_OF_MONTH).filter((day) => dayIndex.get(day)! + HORIZON_DAYS < tradingDays.length);
  const rowChunks: Float64Array[] = [];
  const targetChunks: Float64Array[] = [];
  const samples: { day: string; index: number; end: number; sums: ReturnType<typeof emptyNormalEquations> }[] = [];
  let total = 0;
  for (const [position, day] of sampleDays.entries()) {
    if (position % DAYS_PER_PAUSE === 0) await options.pause?.();
    options.betweenSteps?.();
    const section = crossSection(input, day);
    const end = tradingDays[dayIndex.get(day)! + HORIZON_DAYS];
    const returns = section.tickers.map((ticker, row) => forwardReturn(input.features.get(ticker)!, section.bars[row], end));
    const keep = returns.flatMap((value, row) => (Number.isNaN(value) ? [] : [row]));
    if (keep.length < 2) continue;
    const targets = centredRanks(keep.map((row) => returns[row]));
    const rows = new Float64Array(keep.length * INPUTS);
    keep.forEach((row, sample) => rows.set(section.inputs.subarray(row * INPUTS, (row + 1) * INPUTS), sample * INPUTS));
    const sums = emptyNormalEquations(INPUTS);
    addSamples(sums, rows, targets);
    rowChunks.push(rows);
    targetChunks.push(targets);
    total += keep.length;
    samples.push({ day, index: dayIndex.get(day)!, end: total, sums });
  }
  const allRows = new Float64Array(total * INPUTS);
  const allTargets = new Float64Array(total);
  let offset = 0;
  rowChunks.forEach((rows, chunk) => {
    allRows.set(rows, offset * INPUTS);
    allTargets.set(targetChunks[chunk], offset);
    offset += targetChunks[chunk].length;
  });

  const cumulative = emptyNormalEquations(INPUTS);
  let used = 0;
  const records: RebalanceRecord[] = [];
  let previous: { day: string; section: CrossSection; scores: Map<string, Float64Array> } | null = null;
  const scored: ScoredDay[] = [];
  for (const rebalance of options.rebalanceDays ?? monthStarts(tradingDays)) {
    const index = dayIndex.get(rebalance);
    if (index === undefined) continue;
    // The last rebalance's outcome is known at this close: it joins the candidates' records.
    if (previous) records.push(recordOf(input, previous, rebalance));
    while (used < samples.length && samples[used].index + HORIZON_DAYS <= index) mergeNormalEquations(cumulative, samples[used++].sums);
    if (used < minTraining) continue;
    const section = crossSection(input, rebalance);
    if (section.tickers.length === 0) continue;
    const trainedRows = samples[used - 1].end;
    const fits = new Map(candidates.map((candidate) => [candidate.id, fitCandidate(candidate, cumulative, allRows, allTargets, trainedRows, options.betweenSteps)]));
    const scores = new Map([...fits].map(([id, fit]) => [id, Float64Array.from(section.tickers, (_, row) => predict(fit, section.inputs, row))]));
    const recent = records.slice(-SELECTION_MONTHS);
    const selection = candidates.map((candidate): CandidateRecord => {
      const ics = recent.flatMap((record) => record.ics.get(candidate.id) ?? []);
      return { candidate: candidate.id, label: candidate.label, meanIc: mean(ics), months: ics.length };
    });
    const eligible = selection.filter((record) => record.months >= MIN_SELECTION_MONTHS && record.meanIc !== null);
    const chosen = eligible.length === 0 ? (selection.find((record) => record.candidate === DEFAULT_CANDIDATE) ?? selection[0]) : eligible.reduce((best, record) => (record.meanIc! > best.meanIc! ? record : best));
    const fit = fits.get(chosen.candidate)!;
    const model: FittedModel = {
      fittedOn: rebalance,
      candidate: chosen.candidate,
      label: chosen.label,
      fit,
      weights: linearWeights(fit),
      calibration: calibrationOf(recent, chosen.candidate),
      selection,
      trainingSamples: trainedRows,
      trainingFrom: samples[0]?.day ?? null,
      trainingThrough: samples[used - 1]?.day ?? null,
    };
    scored.push(scoreCrossSection(input, section, model));
    previous = { day: rebalance, section, scores };
    await options.pause?.();
  }
  return scored;
}

function fitCandidate(
  candidate: Candidate,
  sums: ReturnType<typeof emptyNormalEquations>,
  rows: Float64Array,
  targets: Float64Array,
  trained: number,
  afterTree?: () => void,
): Fit {
  if (candidate.kind === "composite") return { kind: "composite" };
  if (candidate.kind === "ridge") return { kind: "ridge", ...solveRidge(sums, candidate.lambda) };
  const from = Math.max(0, trained - TREE_MAX_SAMPLES);
  return fitGradientBoosting(rows.subarray(from * INPUTS, trained * INPUTS), INPUTS, targets.subarray(from, trained), { ...candidate.options, afterTree });
}

/** The candidates' ICs at a rebalance and whether each ticker beat the median, to the next rebalance's close. */
function recordOf(input: WalkForwardInput, rebalance: { day: string; section: CrossSection; scores: Map<string, Float64Array> }, periodEnd: string): RebalanceRecord {
  const { section } = rebalance;
  const realised = Float64Array.from(section.tickers, (ticker, row) => forwardReturn(input.features.get(ticker)!, section.bars[row], periodEnd));
  const middle = median([...realised].filter((value) => !Number.isNaN(value))) ?? NaN;
  const beatMedian = realised.map((value) => (Number.isNaN(value) ? NaN : value > middle ? 1 : 0));
  const ics = new Map([...rebalance.scores].map(([id, scores]) => [id, spearman(scores, realised)]));
  return { date: rebalance.day, scores: rebalance.scores, beatMedian, ics };
}

/** Platt scaling of a candidate's scores against "beat the median" over its recent record (out of sample), shrunk toward 50 %. */
function calibrationOf(records: RebalanceRecord[], candidate: string): ScoreCalibrationFit {
  if (records.length < MIN_SELECTION_MONTHS) return { intercept: 0, slope: 0, months: records.length, shrink: 0 };
  const scores: number[] = [];
  const labels: number[] = [];
  for (const record of records) {
    const candidateScores = record.scores.get(candidate)!;
    record.beatMedian.forEach((label, row) => {
      if (Number.isNaN(label)) return;
      scores.push(candidateScores[row]);
      labels.push(label);
    });
  }
  return { ...fitPlatt(scores, labels), months: records.length, shrink: records.length / (records.length + CALIBRATION_PRIOR_MONTHS) };
}

/** A day scored with the model of the latest rebalance on or before it (null before the first). */
export function scoreDay(input: WalkForwardInput, rebalances: ScoredDay[], day: string): ScoredDay | null {
  const fitted = rebalances.filter((rebalance) => rebalance.date <= day).at(-1);
  if (!fitted) return null;
  const section = crossSection(input, day);
  return section.tickers.length === 0 ? null : scoreCrossSection(input, section, fitted.model);
}
