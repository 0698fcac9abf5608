// Indicators of one ticker at its latest bar, from its recent daily bars: pure functions over
// arrays. Moving averages and RSI come from trading-signals; the rules built on them (momentum,
// technical score) are written out in `momentumRule` and `technicalScoreFormula`.

export type Momentum = "strong_bullish" | "bullish" | "neutral";

export type TechnicalSnapshot = {
  ticker: string;
  /** The latest bar's date, YYYY-MM-DD. */
  asOf: string;
  /** The latest bar's source (price_data.source). */
  source: string;
  close: number;
  volume: number | null;
  sma5: number | null;
  sma20: number | null;
  sma50: number | null;
  rsi14: number | null;
  avgVolume20: number | null;
  /** SMA 5 above SMA 20. */
  maCondition: boolean;
  /** (SMA 5 − SMA 20) ÷ SMA 20, a fraction (0.012 = 1.2 %). */
  maSpreadPct: number | null;
  /** The latest day SMA 5 closed above SMA 20 after closing at or below it the day before. */
  lastCrossUpDate: string | null;
  beta60: number | null;
  betaProxy: string | null;
  momentum: Momentum;
  technicalScore: number;
  /** Close ÷ the close 21 bars earlier − 1. */
  return1m: number | null;
  /** Bars in the window the indicators were computed from. */
  barCount: number;
  /** The 20th-latest bar's date: a lookback window starting on or before it holds 20 bars. */
  twentiethBarDate: string | null;
};

/** A ticker's bars, oldest first. */
export type BarSeries = { dates: string[]; closes: number[]; volumes: (number | null)[] };

/** The market's daily returns by date, and what they are. */
export type MarketReturns = { name: string; byDate: Map<string, number> };

export type IndicatorLibrary = Pick<typeof import("trading-signals"), "RSI" | "SMA">;

let library: Promise<IndicatorLibrary> | undefined;

/**
 * trading-signals is ESM-only, and the API runs as CommonJS (tsx, jest's swc transform): it
 * loads through a real import(), once, as openid-client does.
 */
export function loadIndicatorLibrary(): Promise<IndicatorLibrary> {
  library ??= import("trading-signals");
  return library;
}

export const betaReturns = 60;
export const rsiPeriod = 14;
export const returnBars = 21;

export const momentumRule =
  "Strong bullish: close > SMA 5 > SMA 20 > SMA 50 and RSI 14 ≥ 55. Bullish: SMA 5 > SMA 20 and close > SMA 20. Otherwise neutral.";

export const technicalScoreFormula =
  "Technical score, 0–100 = trend (40) + RSI (30) + MA spread (15) + volume (15). " +
  "Trend: 10 points each for close > SMA 20, close > SMA 50, SMA 5 > SMA 20 and SMA 20 > SMA 50. " +
  "RSI: 30 − 1.5 × |RSI 14 − 60|, at least 0 (full marks at 60, rising without being overbought; none at 40 or below, or 80 or above). " +
  "MA spread: 15 × (SMA 5 − SMA 20) ÷ SMA 20 ÷ 5 %, between 0 and 15. " +
  "Volume: 7.5 × the latest volume ÷ its 20-day average, at most 15 (twice the average). " +
  "A part whose inputs are missing scores 0.";

/** The simple moving average at every bar (null until `period` values are in). */
export function smaSeries(values: number[], period: number, { SMA }: IndicatorLibrary): (number | null)[] {
  const sma = new SMA(period);
  return values.map((value) => sma.add(value));
}

/** Wilder's RSI at every bar (null while it warms up): latestRsi over each prefix, in one pass. */
export function rsiSeries(closes: number[], period: number, { RSI }: IndicatorLibrary): (number | null)[] {
  const rsi = new RSI(period);
  return closes.map((close) => {
    rsi.add(close);
    return rsi.getResult();
  });
}

/** Wilder's RSI at the last value (its smoothing warms up over the whole series given). */
export function latestRsi(closes: number[], period: number, { RSI }: IndicatorLibrary): number | null {
  const rsi = new RSI(period);
  for (const close of closes) rsi.add(close);
  return rsi.getResult();
}

/** The latest date on which `fast` closed above `slow` after being at or below it the bar before. */
export function lastCrossUp(dates: string[], fast: (number | null)[], slow: (number | null)[]): string | null {
  for (let index = dates.length - 1; index > 0; index--) {
    const [fastNow, slowNow, fastBefore, slowBefore] = [fast[index], slow[index], fast[index - 1], slow[index - 1]];
    if (fastNow === null || slowNow === null || fastBefore === null || slowBefore === null) return null;
    if (fastNow > slowNow && fastBefore <= slowBefore) return dates[index];
  }
  return null;
}

/** Close-to-close returns, dated by the later bar. */
export function dailyReturns(series: Pick<BarSeries, "dates" | "closes">): { date: string; value: number }[] {
  const returns: { date: string; value: number }[] = [];
  for (let index = 1; index < series.closes.length; index++) {
    returns.push({ date: series.dates[index], value: series.closes[index] / series.closes[index - 1] - 1 });
  }
  return returns;
}

/** Each date's mean return over the series that have one that day. */
export function equalWeightedReturns(seriesList: Pick<BarSeries, "dates" | "closes">[]): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const series of seriesList) {
    for (const { date, value } of dailyReturns(series)) {
      const sum = sums.get(date) ?? { total: 0, count: 0 };
      sum.total += value;
      sum.count += 1;
      sums.set(date, sum);
    }
  }
  return new Map([...sums].map(([date, { total, count }]) => [date, total / count]));
}

/**
 * Beta of the last 60 daily returns against the market's returns on the same dates:
 * cov(stock, market) ÷ var(market). Null unless the market has a return for each of those dates.
 */
export function beta(series: Pick<BarSeries, "dates" | "closes">, market: MarketReturns): number | null {
  return betaAt(series, series.closes.length - 1, market);
}

/** `beta` of the bars from `first` to `end` (indices into the series): the 60 returns ending at `end`. Two passes, no arrays: it runs at every stored bar for a history. */
export function betaAt(series: Pick<BarSeries, "dates" | "closes">, end: number, market: MarketReturns, first = 0): number | null {
  if (end - first < betaReturns) return null;
  const { dates, closes } = series;
  const from = end - betaReturns + 1;
  let stockSum = 0;
  let marketSum = 0;
  for (let index = from; index <= end; index++) {
    const value = market.byDate.get(dates[index]);
    if (value === undefined) return null;
    marketSum += value;
    stockSum += closes[index] / closes[index - 1] - 1;
  }
  const [stockMean, marketMean] = [stockSum / betaReturns, marketSum / betaReturns];
  let covariance = 0;
  let variance = 0;
  for (let index = from; index <= end; index++) {
    const marketValue = market.byDate.get(dates[index])!;
    covariance += (closes[index] / closes[index - 1] - 1 - stockMean) * (marketValue - marketMean);
    variance += (marketValue - marketMean) ** 2;
  }
  return variance === 0 ? null : covariance / variance;
}

type ScoreInputs = Pick<TechnicalSnapshot, "close" | "volume" | "sma5" | "sma20" | "sma50" | "rsi14" | "avgVolume20" | "maSpreadPct">;

const above = (a: number | null, b: number | null) => a !== null && b !== null && a > b;

export function momentumOf({ close, sma5, sma20, sma50, rsi14 }: ScoreInputs): Momentum {
  if (above(close, sma5) && above(sma5, sma20) && above(sma20, sma50) && rsi14 !== null && rsi14 >= 55) return "strong_bullish";
  if (above(sma5, sma20) && above(close, sma20)) return "bullish";
  return "neutral";
}

/** See `technicalScoreFormula`; rounded to one decimal. */
export function technicalScore(inputs: ScoreInputs): number {
  const { close, volume, sma5, sma20, sma50, rsi14, avgVolume20, maSpreadPct } = inputs;
  const trend = [above(close, sma20), above(close, sma50), above(sma5, sma20), above(sma20, sma50)].filter(Boolean).length * 10;
  const rsi = rsi14 === null ? 0 : Math.max(0, 30 - 1.5 * Math.abs(rsi14 - 60));
  const spread = maSpreadPct === null ? 0 : 15 * Math.min(Math.max(maSpreadPct / 0.05, 0), 1);
  const volumePart = volume === null || !avgVolume20 ? 0 : (15 * Math.min(volume / avgVolume20, 2)) / 2;
  return Math.round((trend + rsi + spread + volumePart) * 10) / 10;
}

const last = <T>(values: T[]): T => values[values.length - 1];

/** The mean of the `count` values ending at index `end`, or null when fewer are known. */
export function trailingMeanAt(values: (number | null)[], end: number, count: number): number | null {
  if (end + 1 < count) return null;
  let sum = 0;
  for (let index = end - count + 1; index <= end; index++) {
    const value = values[index];
    if (value === null) return null;
    sum += value;
  }
  return sum / count;
}

/** Derived from the moving averages, RSI and volume at a bar: the same rules at the latest bar (computeTechnicals) and at every bar (technicals-series.ts). */
export function derivedFigures(inputs: Omit<ScoreInputs, "maSpreadPct">): Pick<TechnicalSnapshot, "maCondition" | "maSpreadPct" | "momentum" | "technicalScore"> {
  const maSpreadPct = inputs.sma5 !== null && inputs.sma20 ? (inputs.sma5 - inputs.sma20) / inputs.sma20 : null;
  const scoreInputs = { ...inputs, maSpreadPct };
  return { maCondition: above(inputs.sma5, inputs.sma20), maSpreadPct, momentum: momentumOf(scoreInputs), technicalScore: technicalScore(scoreInputs) };
}

/** Every indicator at the series' latest bar; `market` null leaves beta unknown. */
export function computeTechnicals(
  series: BarSeries,
  market: MarketReturns | null,
  library: IndicatorLibrary,
): Omit<TechnicalSnapshot, "ticker" | "source"> {
  const { dates, closes, volumes } = series;
  const count = closes.length;
  const [sma5, sma20, sma50] = [5, 20, 50].map((period) => smaSeries(closes, period, library));
  const latest = { close: last(closes), volume: last(volumes), sma5: last(sma5), sma20: last(sma20), sma50: last(sma50) };
  const rsi14 = latestRsi(closes, rsiPeriod, library);
  const avgVolume20 = trailingMeanAt(volumes, count - 1, 20);
  const beta60 = market ? beta(series, market) : null;
  return {
    asOf: last(dates),
    ...latest,
    rsi14,
    avgVolume20,
    ...derivedFigures({ ...latest, rsi14, avgVolume20 }),
    lastCrossUpDate: lastCrossUp(dates, sma5, sma20),
    beta60,
    betaProxy: beta60 === null ? null : market!.name,
    return1m: count > returnBars ? latest.close / closes[count - 1 - returnBars] - 1 : null,
    barCount: count,
    twentiethBarDate: count >= 20 ? dates[count - 20] : null,
  };
}
