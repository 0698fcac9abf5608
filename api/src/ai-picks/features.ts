// The AI picks model's inputs, computed once per ticker over its whole bar history. Each value at
// bar i uses bars 0..i only (returns look back, RSI and the averages run forward), so reading the
// value at the last bar on or before a day D is reading data dated ≤ D, whatever follows D.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { IndicatorLibrary, MarketReturns } from "../market-data/technicals";
import type { BarHistory } from "../market-data/technicals-store";

export type PriceFactor =
  | "return1m"
  | "return3m"
  | "return6m"
  | "momentum12_1"
  | "rsi14"
  | "sma50Distance"
  | "sma200Distance"
  | "volatility60"
  | "beta60"
  | "volumeTrend20";
/** Inputs read per day from filings, earnings reports, analysts and articles (factor-inputs.ts). */
export type DatedFactor =
  | "earningsYield"
  | "bookToPrice"
  | "returnOnEquity"
  | "netMargin"
  | "earningsSurprise"
  | "surpriseTrend"
  | "netRatings"
  | "newsSentiment"
  | "newsSentimentChange";
export type Factor = PriceFactor | DatedFactor;

/**
 * The families of the equal-weight factor composite, each with the sign the literature gives it
 * (decided before any data was seen: reversal, momentum, low volatility, value, quality, earnings
 * surprise, analyst revisions, news sentiment).
 */
export type FactorFamily = "reversal" | "momentum" | "lowVolatility" | "value" | "quality" | "earnings" | "analysts" | "news";

type FactorDefinition = { key: Factor; label: string; definition: string; family: FactorFamily | null; direction: 1 | -1 | 0 };

/** Every input, in the order of the model's weights, with the words users read beside a pick. */
export const FACTORS: FactorDefinition[] = [
  { key: "return1m", label: "1-month return", definition: "close ÷ close 21 trading days earlier − 1 (low is good: 1-month reversal)", family: "reversal", direction: -1 },
  { key: "return3m", label: "3-month return", definition: "close ÷ close 63 trading days earlier − 1", family: null, direction: 0 },
  { key: "return6m", label: "6-month return", definition: "close ÷ close 126 trading days earlier − 1", family: null, direction: 0 },
  { key: "momentum12_1", label: "12-1 momentum", definition: "the return from 252 to 21 trading days ago (the last month left out)", family: "momentum", direction: 1 },
  { key: "rsi14", label: "RSI 14", definition: "Wilder's 14-day relative strength index", family: null, direction: 0 },
  { key: "sma50Distance", label: "Distance from SMA 50", definition: "close ÷ 50-day simple moving average − 1", family: null, direction: 0 },
  { key: "sma200Distance", label: "Distance from SMA 200", definition: "close ÷ 200-day simple moving average − 1", family: null, direction: 0 },
  { key: "volatility60", label: "60-day volatility", definition: "standard deviation of the last 60 daily log returns × √252 (low is good: low volatility)", family: "lowVolatility", direction: -1 },
  { key: "beta60", label: "Beta", definition: "beta of the last 60 daily returns against the market proxy", family: null, direction: 0 },
  { key: "volumeTrend20", label: "20-day volume trend", definition: "ln(20-day average volume ÷ 60-day average volume)", family: null, direction: 0 },
  { key: "earningsYield", label: "Earnings yield", definition: "net income to common ÷ market cap, from the last 10-K known (filed figures counted 90 days after the year's end)", family: "value", direction: 1 },
  { key: "bookToPrice", label: "Book-to-price", definition: "total equity ÷ market cap, from the last 10-K known", family: "value", direction: 1 },
  { key: "returnOnEquity", label: "Return on equity", definition: "net income ÷ total equity, from the last 10-K known", family: "quality", direction: 1 },
  { key: "netMargin", label: "Net margin", definition: "net income ÷ revenue, from the last 10-K known", family: "quality", direction: 1 },
  { key: "earningsSurprise", label: "Earnings surprise", definition: "the last reported EPS surprise, % of consensus (clipped to ±50), within 120 days", family: "earnings", direction: 1 },
  { key: "surpriseTrend", label: "Surprise trend", definition: "mean surprise of the last 2 reports minus that of the 2 before", family: "earnings", direction: 1 },
  { key: "netRatings", label: "Analyst revisions", definition: "upgrades minus downgrades of the last 90 days", family: "analysts", direction: 1 },
  { key: "newsSentiment", label: "News sentiment", definition: "mean sentiment (−1…1) of the articles naming the ticker in the 7 days to the day's close", family: "news", direction: 1 },
  { key: "newsSentimentChange", label: "News sentiment change", definition: "the 7 days' mean sentiment minus that of the 30 days before them", family: "news", direction: 1 },
];
export const PRICE_FACTORS: PriceFactor[] = ["return1m", "return3m", "return6m", "momentum12_1", "rsi14", "sma50Distance", "sma200Distance", "volatility60", "beta60", "volumeTrend20"];
export const FACTOR_INDEX = new Map(FACTORS.map((factor, index) => [factor.key, index]));

/** Bars a ticker needs before every price input exists: 12-1 momentum looks 252 bars back. */
export const HISTORY_BARS = 253;

/** One ticker's inputs at each of its bars (NaN where the history is too short). */
export type TickerFeatures = { dates: string[]; closes: number[]; values: Record<PriceFactor, Float64Array> };

const prefixSums = (values: ArrayLike<number>) => {
  const sums = new Float64Array(values.length + 1);
  for (let index = 0; index < values.length; index++) sums[index + 1] = sums[index] + values[index];
  return sums;
};
/** Sum of values[from..to] (inclusive) from prefix sums. */
const windowSum = (sums: Float64Array, from: number, to: number) => sums[to + 1] - sums[from];

/** The price inputs of one ticker at every bar. `market` gives the proxy's return by date. */
export function tickerFeatures(
  dates: string[],
  closes: number[],
  volumes: (number | null)[],
  market: MarketReturns | null,
  { RSI }: IndicatorLibrary,
): TickerFeatures {
  const count = closes.length;
  const values = Object.fromEntries(PRICE_FACTORS.map((factor) => [factor, new Float64Array(count).fill(NaN)])) as Record<PriceFactor, Float64Array>;
  const closeSums = prefixSums(closes);
  const volumeSums = prefixSums(volumes.map((volume) => volume ?? 0));
  const volumeCounts = prefixSums(volumes.map((volume) => (volume === null ? 0 : 1)));
  // Daily returns dated by their later bar (index 0 has none).
  const logReturns = new Float64Array(count);
  const stockReturns = new Float64Array(count);
  const marketReturns = new Float64Array(count);
  const marketKnown = new Float64Array(count);
  for (let index = 1; index < count; index++) {
    logReturns[index] = Math.log(closes[index] / closes[index - 1]);
    stockReturns[index] = closes[index] / closes[index - 1] - 1;
    const marketReturn = market?.byDate.get(dates[index]);
    if (marketReturn !== undefined) {
      marketReturns[index] = marketReturn;
      marketKnown[index] = 1;
    }
  }
  const logSums = prefixSums(logReturns);
  const logSquareSums = prefixSums(logReturns.map((value) => value * value));
  const [stockSums, marketSums, crossSums, marketSquareSums, knownSums] = [
    prefixSums(stockReturns),
    prefixSums(marketReturns),
    prefixSums(stockReturns.map((value, index) => value * marketReturns[index])),
    prefixSums(marketReturns.map((value) => value * value)),
    prefixSums(marketKnown),
  ];
  const rsi = new RSI(14);
  for (let index = 0; index < count; index++) {
    const close = closes[index];
    const rsiValue = rsi.add(close);
    if (rsiValue !== null) values.rsi14[index] = Number(rsiValue);
    const lagReturn = (bars: number) => (index >= bars ? close / closes[index - bars] - 1 : NaN);
    values.return1m[index] = lagReturn(21);
    values.return3m[index] = lagReturn(63);
    values.return6m[index] = lagReturn(126);
    if (index >= 252) values.momentum12_1[index] = closes[index - 21] / closes[index - 252] - 1;
    if (index >= 49) values.sma50Distance[index] = close / (windowSum(closeSums, index - 49, index) / 50) - 1;
    if (index >= 199) values.sma200Distance[index] = close / (windowSum(closeSums, index - 199, index) / 200) - 1;
    if (index >= 60) {
      const [sum, squares] = [windowSum(logSums, index - 59, index), windowSum(logSquareSums, index - 59, index)];
      const variance = (squares - (sum * sum) / 60) / 59;
      values.volatility60[index] = Math.sqrt(Math.max(variance, 0) * 252);
      // As technicals.beta: only when the market has a return on each of the 60 days.
      if (windowSum(knownSums, index - 59, index) === 60) {
        const [stock, marketSum] = [windowSum(stockSums, index - 59, index), windowSum(marketSums, index - 59, index)];
        const covariance = windowSum(crossSums, index - 59, index) - (stock * marketSum) / 60;
        const marketVariance = windowSum(marketSquareSums, index - 59, index) - (marketSum * marketSum) / 60;
        if (marketVariance > 0) values.beta60[index] = covariance / marketVariance;
      }
    }
    if (index >= 59 && windowSum(volumeCounts, index - 59, index) === 60) {
      const [recent, longer] = [windowSum(volumeSums, index - 19, index) / 20, windowSum(volumeSums, index - 59, index) / 60];
      if (recent > 0 && longer > 0) values.volumeTrend20[index] = Math.log(recent / longer);
    }
  }
  return { dates, closes, values };
}

/** Every ticker's price inputs, from the stored bars (yielding to the event loop every 25 tickers: a server runs beside it). */
export async function historyFeatures(history: BarHistory, market: MarketReturns | null, library: IndicatorLibrary): Promise<Map<string, TickerFeatures>> {
  const features = new Map<string, TickerFeatures>();
  for (const [ticker, bars] of history.byTicker) {
    if (features.size % 25 === 0) await yieldToEventLoop();
    if (bars.closes.length < 2) continue;
    features.set(ticker, tickerFeatures(bars.dates, bars.closes, bars.volumes, market, library));
  }
  return features;
}
