// The AI picks model, walk-forward. On a day D every ticker with a bar that day and a year of
// history is scored from its inputs at D (features.ts, news-inputs.ts), ranked cross-sectionally.
// The model is refit at each monthly rebalance on every earlier day whose 21-trading-day forward
// return was known by then (an expanding window), so a pick never sees a bar after its day.
import { FACTORS, HISTORY_BARS, PRICE_FACTORS, type Factor, type TickerFeatures } from "./features";
import { addSamples, centredRanks, emptyNormalEquations, fitPlatt, logistic, mergeNormalEquations, solveRidge, type Calibration, type NormalEquations } from "./model";
import type { NewsIndex } from "./news-inputs";
import { lastIndexOnOrBefore, marketProxyTicker } from "../market-data/technicals-store";

/** Bumped when the inputs, the target or the fit change: stored passes of another version are recomputed. */
export const MODEL_VERSION = "ridge-rank-v1";
/** The target: the return over the next 21 trading days (about a month), as a cross-sectional rank. */
export const HORIZON_DAYS = 21;
/** Ridge penalty per training sample: shrinks each weight by about 10 % (an input's rank variance is 1/12). */
export const RIDGE_LAMBDA = 0.01;
/** A rebalance is scored once the expanding window holds this many samples (about five days of the universe). */
export const MIN_TRAINING_SAMPLES = 2_000;

const INPUTS = FACTORS.length;
const NEWS_INPUT = FACTORS.findIndex((factor) => factor.key === "newsSentiment");

export type FittedModel = {
  /** The rebalance day it was fitted on. */
  fittedOn: string;
  intercept: number;
  weights: { factor: Factor; weight: number }[];
  calibration: Calibration;
  trainingSamples: number;
  trainingFrom: string | null;
  trainingThrough: string | null;
};

export type PickFactor = { factor: Factor; input: number | null; contribution: number };

export type ScoredPick = {
  ticker: string;
  rank: number;
  /** The predicted forward-return rank (−0.5…0.5) before calibration. */
  score: number;
  /** P(beats the universe median over the next 21 trading days), calibrated. */
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
};

export type ScoredDay = { date: string; model: FittedModel; picks: ScoredPick[] };

/** One day's universe: tickers (not the market proxy) with a bar that day and HISTORY_BARS of history, and their inputs. */
type CrossSection = {
  day: string;
  tickers: string[];
  bars: number[];
  /** Raw inputs, row-major (NaN: missing). */
  raw: Float64Array;
  /** Normalised inputs, row-major: centred ranks of the price inputs, news mean ÷ 2 (0 with no articles). */
  inputs: Float64Array;
  newsArticles: number[];
};

export type WalkForwardInput = {
  features: Map<string, TickerFeatures>;
  tradingDays: string[];
  news: NewsIndex;
  /** The index's members on a day (point in time); absent: every ticker with prices counts. */
  membersOn?: (day: string) => ReadonlySet<string>;
};

export function crossSection({ features, news, membersOn }: Pick<WalkForwardInput, "features" | "news" | "membersOn">, day: string): CrossSection {
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
  const inputs = new Float64Array(count * INPUTS);
  PRICE_FACTORS.forEach((factor, column) => {
    const values = new Float64Array(count);
    for (let row = 0; row < count; row++) values[row] = features.get(tickers[row])!.values[factor][bars[row]];
    const ranks = centredRanks(values);
    for (let row = 0; row < count; row++) {
      raw[row * INPUTS + column] = values[row];
      inputs[row * INPUTS + column] = ranks[row];
    }
  });
  const newsArticles = tickers.map((ticker, row) => {
    const { articles, meanScore } = news.at(ticker, day);
    raw[row * INPUTS + NEWS_INPUT] = meanScore ?? NaN;
    inputs[row * INPUTS + NEWS_INPUT] = meanScore === null ? 0 : Math.max(-1, Math.min(1, meanScore)) / 2;
    return articles;
  });
  return { day, tickers, bars, raw, inputs, newsArticles };
}

/** Each ticker's close on `end` (or its latest bar before, if after its bar `from`) ÷ its close at bar `from` − 1. */
function forwardReturn(series: TickerFeatures, from: number, end: string): number {
  const to = lastIndexOnOrBefore(series.dates, end);
  return to > from ? series.closes[to] / series.closes[from] - 1 : NaN;
}

function predict(model: Pick<FittedModel, "intercept" | "weights">, inputs: Float64Array, row: number): number {
  let score = model.intercept;
  for (let input = 0; input < INPUTS; input++) score += model.weights[input].weight * inputs[row * INPUTS + input];
  return score;
}

/** Scores and ranks a cross-section with a fitted model; ties in score go to the ticker first in the alphabet. */
export function scoreCrossSection({ features }: Pick<WalkForwardInput, "features">, section: CrossSection, model: FittedModel): ScoredDay {
  const momentumColumn = PRICE_FACTORS.indexOf("momentum12_1");
  const momentumOrder = section.tickers
    .map((ticker, row) => ({ ticker, value: section.raw[row * INPUTS + momentumColumn] }))
    .filter((entry) => !Number.isNaN(entry.value))
    .sort((a, b) => b.value - a.value || a.ticker.localeCompare(b.ticker));
  const baselineRanks = new Map(momentumOrder.map((entry, index) => [entry.ticker, index + 1]));
  const unranked = section.tickers.map((ticker, row) => {
    const series = features.get(ticker)!;
    const bar = section.bars[row];
    const close = series.closes[bar];
    const score = predict(model, section.inputs, row);
    const lookBack = (bars: number) => (bar >= bars ? close / series.closes[bar - bars] - 1 : null);
    const rawOf = (factor: Factor) => {
      const value = section.raw[row * INPUTS + FACTORS.findIndex((entry) => entry.key === factor)];
      return Number.isNaN(value) ? null : value;
    };
    return {
      ticker,
      rank: 0,
      score,
      aiScore: logistic(model.calibration.intercept + model.calibration.slope * score),
      price: close,
      returns1m: lookBack(21),
      returns3m: lookBack(63),
      returns12m: lookBack(252),
      rsi: rawOf("rsi14"),
      newsArticles: section.newsArticles[row],
      factors: FACTORS.map(({ key }, input) => ({
        factor: key,
        input: rawOf(key),
        contribution: model.weights[input].weight * section.inputs[row * INPUTS + input],
      })),
      baselineRank: baselineRanks.get(ticker) ?? null,
    } satisfies ScoredPick;
  });
  unranked.sort((a, b) => b.score - a.score || a.ticker.localeCompare(b.ticker));
  return { date: section.day, model, picks: unranked.map((pick, index) => ({ ...pick, rank: index + 1 })) };
}

/** The first trading day of each month. */
export function monthStarts(tradingDays: string[]): string[] {
  return tradingDays.filter((day, index) => index === 0 || day.slice(0, 7) !== tradingDays[index - 1].slice(0, 7));
}

type TrainingDay = { day: string; sums: NormalEquations; inputs: Float64Array; labels: Float64Array };

/** Training days read between two pauses. */
const DAYS_PER_PAUSE = 20;

/**
 * The walk-forward pass: each month-start from the first with MIN_TRAINING_SAMPLES is a rebalance,
 * fitted on the training days whose forward window ended by it, and scored. `pause` is awaited
 * every few training days and after each rebalance, so a caller beside a server can yield.
 */
export async function walkForward(input: WalkForwardInput, pause?: () => Promise<void>): Promise<ScoredDay[]> {
  const { tradingDays } = input;
  const training: TrainingDay[] = [];
  // Training days: every trading day whose forward window ends inside the data.
  for (let index = 0; index + HORIZON_DAYS < tradingDays.length; index++) {
    if (index % DAYS_PER_PAUSE === 0) await pause?.();
    const section = crossSection(input, tradingDays[index]);
    if (section.tickers.length < 2) continue;
    const end = tradingDays[index + HORIZON_DAYS];
    const returns = section.tickers.map((ticker, row) => forwardReturn(input.features.get(ticker)!, section.bars[row], end));
    const keep = returns.flatMap((value, row) => (Number.isNaN(value) ? [] : [row]));
    const targets = centredRanks(keep.map((row) => returns[row]));
    const inputs = new Float64Array(keep.length * INPUTS);
    keep.forEach((row, sample) => inputs.set(section.inputs.subarray(row * INPUTS, (row + 1) * INPUTS), sample * INPUTS));
    const sums = emptyNormalEquations(INPUTS);
    addSamples(sums, inputs, targets);
    training.push({ day: tradingDays[index], sums, inputs, labels: targets.map((target) => (target > 0 ? 1 : 0)) });
  }
  const dayIndex = new Map(tradingDays.map((day, index) => [day, index]));
  const cumulative = emptyNormalEquations(INPUTS);
  let used = 0;
  const scored: ScoredDay[] = [];
  for (const rebalance of monthStarts(tradingDays)) {
    const known = dayIndex.get(rebalance)! - HORIZON_DAYS;
    while (used < training.length && dayIndex.get(training[used].day)! <= known) mergeNormalEquations(cumulative, training[used++].sums);
    if (cumulative.samples < MIN_TRAINING_SAMPLES) continue;
    const section = crossSection(input, rebalance);
    if (section.tickers.length === 0) continue;
    const model = fitModel(cumulative, training.slice(0, used), rebalance);
    scored.push(scoreCrossSection(input, section, model));
    await pause?.();
  }
  return scored;
}

function fitModel(sums: NormalEquations, days: TrainingDay[], fittedOn: string): FittedModel {
  const { intercept, weights } = solveRidge(sums, RIDGE_LAMBDA);
  const model = { intercept, weights: FACTORS.map(({ key }, input) => ({ factor: key, weight: weights[input] })) };
  const scores = new Float64Array(sums.samples);
  const labels = new Float64Array(sums.samples);
  let sample = 0;
  for (const day of days) {
    for (let row = 0; row < day.labels.length; row++, sample++) {
      scores[sample] = predict(model, day.inputs, row);
      labels[sample] = day.labels[row];
    }
  }
  return {
    fittedOn,
    ...model,
    calibration: fitPlatt(scores, labels),
    trainingSamples: sums.samples,
    trainingFrom: days[0]?.day ?? null,
    trainingThrough: days.at(-1)?.day ?? null,
  };
}

/** A day scored with the model of the latest rebalance on or before it (null before the first). */
export function scoreDay(input: WalkForwardInput, rebalances: ScoredDay[], day: string): ScoredDay | null {
  const fitted = rebalances.filter((rebalance) => rebalance.date <= day).at(-1);
  if (!fitted) return null;
  const section = crossSection(input, day);
  return section.tickers.length === 0 ? null : scoreCrossSection(input, section, fitted.model);
}
