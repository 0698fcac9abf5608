// The earnings beat model, pure: for each report, the probability that reported EPS beats the
// consensus, from only what was known before the report's day. See api/src/earnings/README.md.
//
// Inputs (all from reports on earlier days, and prices up to the close before the report):
//   - the company's beat history shrunk towards the pooled rate (empirical Bayes, beta prior whose
//     strength comes from how much companies' rates really differ, by the method of moments);
//   - its recent surprise sizes (mean of the last 4), their trend (last 2 vs the 2 before) and
//     their volatility (standard deviation of the last 8);
//   - its sector's shrunk beat rate relative to the pooled rate (GICS sector, S&P 500 members);
//   - price momentum into the report (20 trading days to the close before it) where prices exist.
// A logistic regression (ridge-penalised, Newton's method, solved with ml-matrix) maps them to a
// probability, refitted at the start of every month on all earlier reports of the training pool:
// walk-forward, so no report's prediction saw its own outcome or anything after its day.
import { Matrix, solve } from "ml-matrix";
import { isBeat, isScored, type EarningsReport } from "./earnings-files";

export const EARNINGS_MODEL_VERSION = "earnings-beat-v1";

/** Surprises are clipped to ±50 % before averaging: a few reports beat a near-zero consensus by 3,000 %. */
export const SURPRISE_CLIP = 50;
/** Before this many earlier reports in the pool, the model is not fitted and the shrunk rate is the prediction. */
export const MIN_TRAINING_REPORTS = 150;
/** Reports whose pooled prior rests on fewer earlier reports are the evaluation's warm-up. */
export const WARM_UP_POOLED_REPORTS = 100;
const RIDGE = 1;
const SECTOR_PRIOR_STRENGTH = 20;
const MOMENTUM_DAYS = 20;
/** The last bar before the report may be this many calendar days old (weekends, holidays), else no momentum. */
const MOMENTUM_MAX_GAP_DAYS = 5;

export type MomentumLabel = "improving" | "steady" | "weakening";
export type VolatilityLabel = "low" | "moderate" | "high";

/** Percentage points of surprise trend beyond which momentum is improving or weakening. */
export const MOMENTUM_THRESHOLD = 2;
/** Surprise standard deviation (percentage points) bounds of the volatility labels. */
export const VOLATILITY_BOUNDS = { low: 3, high: 8 } as const;

export const MOMENTUM_DEFINITION =
  `Surprise momentum: the mean EPS surprise of the company's last 2 reports minus that of the 2 before (percentage points, surprises clipped to ±${SURPRISE_CLIP} %): ` +
  `improving above +${MOMENTUM_THRESHOLD}, weakening below −${MOMENTUM_THRESHOLD}, steady between; none with fewer than 4 earlier reports.`;
export const VOLATILITY_DEFINITION =
  `Surprise volatility: the standard deviation of the company's last 8 EPS surprises (percentage points, clipped to ±${SURPRISE_CLIP} %): ` +
  `low under ${VOLATILITY_BOUNDS.low}, moderate ${VOLATILITY_BOUNDS.low}–${VOLATILITY_BOUNDS.high}, high above ${VOLATILITY_BOUNDS.high}; none with fewer than 4 earlier reports.`;
export const METHOD_TEXT =
  "A logistic regression on what was known before each report: the company's past beat rate shrunk towards the rate of all companies' earlier reports " +
  "(a beta prior, so a short history counts for little), its recent surprise sizes, their trend and volatility, its sector's beat rate, and the share " +
  "price's 20-day momentum into the report where bundled prices exist (2018 to April 2021). Refitted every month on earlier reports only (walk-forward) " +
  "and judged on the reports it had not seen.";

export type DailyClose = { date: string; close: number };
/** Closes of a ticker, oldest first. */
export type PriceLookup = (ticker: string) => DailyClose[] | undefined;

export type ReportFeatures = {
  /** Fraction: beats ÷ reports of all pool reports before the day (with one pseudo-beat and one pseudo-miss). */
  pooledRate: number;
  pooledReports: number;
  /** The company's earlier scored reports and beats. */
  priorReports: number;
  priorBeats: number;
  /** Empirical-Bayes beat rate of the company. */
  shrunkRate: number;
  /** Beats ÷ reports of the company, or null without any. */
  rawRate: number | null;
  /** Percentage points. */
  meanSurprise: number | null;
  surpriseTrend: number | null;
  surpriseVolatility: number | null;
  /** The sector's shrunk rate, a fraction; null when the sector is unknown. */
  sectorRate: number | null;
  /** Price return (fraction) over 20 trading days to the last close before the report's day. */
  priceMomentum: number | null;
  momentum: MomentumLabel | null;
  volatility: VolatilityLabel | null;
};

export type Prediction = { report: EarningsReport; features: ReportFeatures; probability: number; fitted: boolean };

const clip = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The surprise in percent: as the source states it, else from the two figures. */
export function surpriseOf(report: EarningsReport): number | null {
  if (report.surprisePercent !== null) return report.surprisePercent;
  if (!isScored(report) || report.consensusEps === 0) return null;
  return ((report.actualEps - report.consensusEps) / Math.abs(report.consensusEps)) * 100;
}

export function momentumLabel(trend: number | null): MomentumLabel | null {
  if (trend === null) return null;
  if (trend > MOMENTUM_THRESHOLD) return "improving";
  return trend < -MOMENTUM_THRESHOLD ? "weakening" : "steady";
}

export function volatilityLabel(deviation: number | null): VolatilityLabel | null {
  if (deviation === null) return null;
  if (deviation < VOLATILITY_BOUNDS.low) return "low";
  return deviation > VOLATILITY_BOUNDS.high ? "high" : "moderate";
}

/** Price return over MOMENTUM_DAYS trading days to the last close strictly before `date`. */
export function priceMomentumBefore(closes: DailyClose[] | undefined, date: string): number | null {
  if (!closes || closes.length === 0) return null;
  let low = 0;
  let high = closes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (closes[middle].date < date) low = middle + 1;
    else high = middle;
  }
  const last = low - 1;
  if (last < MOMENTUM_DAYS) return null;
  const gapDays = (Date.parse(date) - Date.parse(closes[last].date)) / 86_400_000;
  if (gapDays > MOMENTUM_MAX_GAP_DAYS) return null;
  return closes[last].close / closes[last - MOMENTUM_DAYS].close - 1;
}

type ScoredReport = EarningsReport & { consensusEps: number; actualEps: number; beat: boolean };

/**
 * The pool's state before a day: the pooled rate, the beta prior's strength and each sector's
 * counts, from the pool's scored reports dated strictly before it.
 */
export type PooledPrior = { rate: number; reports: number; strength: number; sectors: Map<string, { reports: number; beats: number }> };

/**
 * Empirical-Bayes prior strength κ (the prior counts as κ reports): from the spread of companies'
 * beat rates beyond what their sample sizes explain (method of moments), within [2, 50].
 */
export function priorStrength(companies: { reports: number; beats: number }[], pooledRate: number): number {
  const withHistory = companies.filter((company) => company.reports >= 4);
  if (withHistory.length < 10) return 10;
  const rates = withHistory.map((company) => company.beats / company.reports);
  const rateMean = mean(rates);
  const observedVariance = mean(rates.map((rate) => (rate - rateMean) ** 2));
  const samplingVariance = mean(withHistory.map((company) => (pooledRate * (1 - pooledRate)) / company.reports));
  const between = observedVariance - samplingVariance;
  if (between <= 0) return 50;
  return Math.max(2, Math.min(50, (pooledRate * (1 - pooledRate)) / between - 1));
}

/** Builds the pooled prior for any day from a pool of reports, each day's computed once. */
export function pooledPriors(pool: ScoredReport[], sectorOf: (ticker: string) => string | null): (date: string) => PooledPrior {
  const sorted = [...pool].sort((a, b) => a.date.localeCompare(b.date));
  const cache = new Map<string, PooledPrior>();
  return (date) => {
    const cached = cache.get(date);
    if (cached) return cached;
    const companies = new Map<string, { reports: number; beats: number }>();
    const sectors = new Map<string, { reports: number; beats: number }>();
    let [reports, beats] = [0, 0];
    for (const report of sorted) {
      if (report.date >= date) break;
      reports += 1;
      beats += report.beat ? 1 : 0;
      const company = companies.get(report.ticker) ?? { reports: 0, beats: 0 };
      company.reports += 1;
      company.beats += report.beat ? 1 : 0;
      companies.set(report.ticker, company);
      const sector = sectorOf(report.ticker);
      if (sector) {
        const counts = sectors.get(sector) ?? { reports: 0, beats: 0 };
        counts.reports += 1;
        counts.beats += report.beat ? 1 : 0;
        sectors.set(sector, counts);
      }
    }
    const rate = (beats + 1) / (reports + 2);
    const prior = { rate, reports, strength: priorStrength([...companies.values()], rate), sectors };
    cache.set(date, prior);
    return prior;
  };
}

/** The features of one report from the company's earlier reports (any order), the pooled prior of its day and prices. */
export function reportFeatures(
  report: EarningsReport,
  earlier: ScoredReport[],
  prior: PooledPrior,
  sector: string | null,
  prices: DailyClose[] | undefined,
): ReportFeatures {
  const history = earlier.filter((past) => past.date < report.date).sort((a, b) => b.date.localeCompare(a.date));
  const priorBeats = history.filter((past) => past.beat).length;
  const surprises = history.map(surpriseOf).filter((value): value is number => value !== null).map((value) => clip(value, SURPRISE_CLIP));
  const lastFour = surprises.slice(0, 4);
  const lastEight = surprises.slice(0, 8);
  const meanSurprise = lastFour.length > 0 ? mean(lastFour) : null;
  const surpriseTrend = lastFour.length === 4 ? mean(lastFour.slice(0, 2)) - mean(lastFour.slice(2, 4)) : null;
  const eightMean = lastEight.length > 0 ? mean(lastEight) : 0;
  const surpriseVolatility = lastEight.length >= 4 ? Math.sqrt(lastEight.reduce((sum, value) => sum + (value - eightMean) ** 2, 0) / (lastEight.length - 1)) : null;
  const sectorCounts = sector ? prior.sectors.get(sector) : undefined;
  return {
    pooledRate: prior.rate,
    pooledReports: prior.reports,
    priorReports: history.length,
    priorBeats,
    shrunkRate: (priorBeats + prior.strength * prior.rate) / (history.length + prior.strength),
    rawRate: history.length > 0 ? priorBeats / history.length : null,
    meanSurprise,
    surpriseTrend,
    surpriseVolatility,
    sectorRate: sector ? ((sectorCounts?.beats ?? 0) + SECTOR_PRIOR_STRENGTH * prior.rate) / ((sectorCounts?.reports ?? 0) + SECTOR_PRIOR_STRENGTH) : null,
    priceMomentum: priceMomentumBefore(prices, report.date),
    momentum: momentumLabel(surpriseTrend),
    volatility: volatilityLabel(surpriseVolatility),
  };
}

/** The regression's inputs: missing values are 0 (the neutral value) with the history-depth input telling the model how much it knows. */
export const FEATURE_NAMES = ["shrunk rate (logit)", "mean surprise", "surprise trend", "surprise volatility", "history depth", "sector rate vs pooled", "price momentum"] as const;

export function featureVector(features: ReportFeatures): number[] {
  const bounded = (p: number) => Math.min(0.995, Math.max(0.005, p));
  return [
    logit(bounded(features.shrunkRate)),
    (features.meanSurprise ?? 0) / 10,
    (features.surpriseTrend ?? 0) / 10,
    Math.log1p(features.surpriseVolatility ?? 0) - 1.5,
    Math.min(features.priorReports, 8) / 8,
    features.sectorRate === null ? 0 : logit(bounded(features.sectorRate)) - logit(bounded(features.pooledRate)),
    clip(features.priceMomentum ?? 0, 0.3) * 5,
  ];
}

export type LogisticFit = { intercept: number; weights: number[] };

/** Ridge-penalised logistic regression by Newton's method (the intercept is not penalised). */
export function fitLogistic(rows: number[][], outcomes: number[], ridge = RIDGE, iterations = 25): LogisticFit {
  const width = rows[0].length + 1;
  let beta = new Array<number>(width).fill(0);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    const gradient = new Array<number>(width).fill(0);
    for (let row = 0; row < rows.length; row++) {
      const x = [1, ...rows[row]];
      const p = sigmoid(x.reduce((sum, value, index) => sum + value * beta[index], 0));
      const weight = p * (1 - p);
      for (let i = 0; i < width; i++) {
        gradient[i] += (outcomes[row] - p) * x[i];
        for (let j = 0; j < width; j++) hessian[i][j] += weight * x[i] * x[j];
      }
    }
    for (let i = 1; i < width; i++) {
      gradient[i] -= ridge * beta[i];
      hessian[i][i] += ridge;
    }
    const step = solve(new Matrix(hessian), Matrix.columnVector(gradient)).to1DArray();
    beta = beta.map((value, index) => value + step[index]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { intercept: beta[0], weights: beta.slice(1) };
}

export const predictWith = (fit: LogisticFit, features: ReportFeatures) =>
  sigmoid(fit.intercept + featureVector(features).reduce((sum, value, index) => sum + value * fit.weights[index], 0));

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Walk-forward predictions for every report of `targets` (reported or not): each from the
 * company's earlier reports in `targets`, the pool's reports dated before its day (pooled and
 * sector priors) and a fit on the pool's reports dated before its month. `pool` is the training
 * set (the bundled snapshot); pass the same map to predict the bundled reports themselves.
 */
export function walkForward(
  pool: Map<string, EarningsReport[]>,
  targets: Map<string, EarningsReport[]>,
  options: { sectorOf: (ticker: string) => string | null; prices: PriceLookup },
): Prediction[] {
  const scoredOf = (reports: EarningsReport[]): ScoredReport[] =>
    reports.filter(isScored).map((report) => ({ ...report, beat: isBeat(report) }));
  const poolReports = [...pool.values()].flatMap(scoredOf);
  const priorOn = pooledPriors(poolReports, options.sectorOf);
  const poolScored = new Map([...pool].map(([ticker, reports]) => [ticker, scoredOf(reports)]));
  const featuresOf = (report: EarningsReport, companyScored: ScoredReport[]) =>
    reportFeatures(report, companyScored, priorOn(report.date), options.sectorOf(report.ticker), options.prices(report.ticker));

  // The training pool's features, each computed as of its own day.
  const training = poolReports
    .map((report) => ({ date: report.date, features: featuresOf(report, poolScored.get(report.ticker) ?? []), beat: report.beat }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const fits = new Map<string, LogisticFit | null>();
  const fitFor = (date: string) => {
    const month = monthStart(date);
    if (!fits.has(month)) {
      const earlier = training.filter((row) => row.date < month);
      fits.set(
        month,
        earlier.length < MIN_TRAINING_REPORTS ? null : fitLogistic(earlier.map((row) => featureVector(row.features)), earlier.map((row) => (row.beat ? 1 : 0))),
      );
    }
    return fits.get(month)!;
  };

  const predictions: Prediction[] = [];
  for (const [, reports] of targets) {
    const companyScored = scoredOf(reports);
    for (const report of reports) {
      const features = featuresOf(report, companyScored);
      const fit = fitFor(report.date);
      predictions.push({ report, features, probability: fit ? predictWith(fit, features) : features.shrunkRate, fitted: fit !== null });
    }
  }
  return predictions.sort((a, b) => a.report.date.localeCompare(b.report.date) || a.report.ticker.localeCompare(b.report.ticker));
}
