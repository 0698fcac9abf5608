// Every ticker's indicators at every stored bar, for questions asked of many past days at once (a
// saved screen's history over the whole stored period). technicalsThrough answers one day from
// each ticker's 420-day window, a few hundred ms of CPU a day: some ten minutes for the ~2,000
// stored days. Here each ticker's moving averages, RSI and crossovers are computed once over its
// whole series, and a day's figures are read at the day's bar, cut to what that bar's own window
// would hold: an average needs its bars inside the window, a crossover counts only where the
// window's averages are known, beta takes the window's 60 returns. The figures equal
// technicalsThrough's but for RSI, whose smoothing here starts at the series' first bar rather
// than the window's (see RSI_SETTLED_BARS; below 1e-6 on the bundled bars), and for the beta of a
// ticker whose latest bar is over a week old (the window's market returns cover only the 100 days
// before the day asked for, the series' every day): no screen keeps such a ticker. The figures are kept
// as columns (NaN for unknown), about 60 bytes a bar, while histories ask for them, and dropped
// FORGET_AFTER_MS after the last.
import { rsiPeriod, betaAt, derivedFigures, latestRsi, loadIndicatorLibrary, returnBars, rsiSeries, smaSeries, trailingMeanAt, type IndicatorLibrary, type MarketReturns, type Momentum, type TechnicalSnapshot } from "./technicals";
import {
  indicatorWindowDays,
  lastIndexOnOrBefore,
  marketReturns,
  sourcesLabel,
  type BarHistory,
  type MarketSnapshot,
  type TickerBars,
  type WindowRow,
} from "./technicals-store";

/** One ticker's figures at every bar, each cut to its bar's window; NaN: unknown there. */
type TickerSeries = {
  ticker: string;
  bars: TickerBars;
  sma5: Float64Array;
  sma20: Float64Array;
  sma50: Float64Array;
  rsi14: Float64Array;
  avgVolume20: Float64Array;
  beta60: Float64Array;
  maSpreadPct: Float64Array;
  technicalScore: Float64Array;
  /** Index into MOMENTA. */
  momentum: Uint8Array;
  /** Each bar's window: the index of its first bar (the bars in the 420 calendar days up to it). */
  windowStart: Int32Array;
  /** Each bar's window's latest SMA 5 / SMA 20 cross up (−1: none in it). */
  lastCrossUp: Int32Array;
};

/** A stored ticker: for each stored trading day its latest bar on or before it (−1: none yet), and its series once a day's row is asked for. */
type StoredTicker = { ticker: string; bars: TickerBars; barOfDay: Int32Array; series?: TickerSeries };

export type TechnicalsSeries = {
  /** What technicalsStore.asOf(day) answers, from the series (see the file's opening comment). */
  snapshotAt(day: string): Omit<MarketSnapshot, "isSnapshot">;
};

/**
 * From this many bars on, RSI smoothed from the series' first bar equals RSI smoothed from the
 * window's first (the start's weight has fallen to (13/14)^235, under 1e-7); a shorter window
 * that does not start the series (one after a long gap in its bars) is computed on its own.
 */
const RSI_SETTLED_BARS = 250;
const MOMENTA: readonly Momentum[] = ["strong_bullish", "bullish", "neutral"];
/** Kept this long after the last history asked for them. */
export const FORGET_AFTER_MS = 5 * 60_000;

let kept: { history: BarHistory; series: Promise<TechnicalsSeries>; forget?: NodeJS.Timeout } | undefined;

/** The series of the current bars: each ticker's computed when first read (a few seconds for all of the bundled 1.1 M bars). */
export function technicalsSeries(history: BarHistory): Promise<TechnicalsSeries> {
  if (kept?.history !== history) {
    if (kept) clearTimeout(kept.forget);
    const entry: NonNullable<typeof kept> = { history, series: computeSeries(history) };
    entry.series.catch(() => {
      if (kept === entry) kept = undefined;
    });
    kept = entry;
  }
  const entry = kept;
  clearTimeout(entry.forget);
  entry.forget = setTimeout(() => {
    if (kept === entry) kept = undefined;
  }, FORGET_AFTER_MS).unref();
  return entry.series;
}

const orNaN = (value: number | null) => (value === null ? NaN : value);
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

async function computeSeries(history: BarHistory): Promise<TechnicalsSeries> {
  const library = await loadIndicatorLibrary();
  const wholeSeries = (tickers: string[]): WindowRow[] =>
    tickers.flatMap((ticker) => {
      const bars = history.byTicker.get(ticker);
      return bars ? [{ ticker, dates: bars.dates, closes: bars.closes, volumes: bars.volumes, source: bars.sources.at(-1)! }] : [];
    });
  // A date's market return is the same in every window holding the date and the bar before.
  const market = await marketReturns(wholeSeries);
  const { tradingDays } = history;
  const stored = new Map<string, StoredTicker>();
  for (const [ticker, bars] of history.byTicker) {
    const barOfDay = new Int32Array(tradingDays.length);
    for (let day = 0, bar = -1; day < tradingDays.length; day++) {
      while (bar + 1 < bars.dates.length && bars.dates[bar + 1] <= tradingDays[day]) bar++;
      barOfDay[day] = bar;
    }
    stored.set(ticker, { ticker, bars, barOfDay });
  }
  const betaProxy = market?.name ?? null;
  return {
    snapshotAt(day) {
      const dayIndex = lastIndexOnOrBefore(tradingDays, day);
      const latestSources: string[] = [];
      for (const { bars, barOfDay } of stored.values()) {
        const index = dayIndex < 0 ? -1 : barOfDay[dayIndex];
        if (index >= 0) latestSources.push(bars.sources[index]);
      }
      return {
        // The latest bar of any ticker on or before the day: the trading day itself.
        asOf: tradingDays[dayIndex] ?? null,
        sourceLabel: sourcesLabel(latestSources, history.sourceRanges),
        betaProxy,
        byTicker: new RowsOnDemand((ticker) => {
          const entry = stored.get(ticker);
          const index = entry && dayIndex >= 0 ? entry.barOfDay[dayIndex] : -1;
          if (index < 0) return undefined;
          // A screen of a few tickers computes a few series, not the ~700 stored.
          entry!.series ??= tickerSeries(entry!, market, library);
          return rowAt(entry!.series, index, betaProxy);
        }),
      };
    },
  };
}

/** One ticker's figures at every bar (see the file's opening comment). */
function tickerSeries({ ticker, bars }: StoredTicker, market: MarketReturns | null, library: IndicatorLibrary): TickerSeries {
  const { dates, closes, volumes } = bars;
  const length = dates.length;
  const [fullSma5, fullSma20, fullSma50] = [5, 20, 50].map((period) => smaSeries(closes, period, library));
  const fullRsi = rsiSeries(closes, rsiPeriod, library);
  const firstRsi = fullRsi.findIndex((value) => value !== null);
  const rsiWarmUp = firstRsi < 0 ? Infinity : firstRsi + 1;
  const series: TickerSeries = {
    ticker,
    bars,
    sma5: new Float64Array(length),
    sma20: new Float64Array(length),
    sma50: new Float64Array(length),
    rsi14: new Float64Array(length),
    avgVolume20: new Float64Array(length),
    beta60: new Float64Array(length),
    maSpreadPct: new Float64Array(length),
    technicalScore: new Float64Array(length),
    momentum: new Uint8Array(length),
    windowStart: new Int32Array(length),
    lastCrossUp: new Int32Array(length),
  };
  const dayNumbers = dates.map((date) => Date.parse(date) / 86_400_000);
  let start = 0;
  let cross = -1;
  for (let index = 0; index < length; index++) {
    // The window holds the bars after the day `indicatorWindowDays` calendar days before this one.
    while (dayNumbers[start] <= dayNumbers[index] - indicatorWindowDays) start++;
    series.windowStart[index] = start;
    const count = index - start + 1;
    // An average or RSI is known where the window alone holds enough bars for it.
    const sma5 = count >= 5 ? fullSma5[index] : null;
    const sma20 = count >= 20 ? fullSma20[index] : null;
    const sma50 = count >= 50 ? fullSma50[index] : null;
    const rsi14 = count < rsiWarmUp ? null : start === 0 || count >= RSI_SETTLED_BARS ? fullRsi[index] : latestRsi(closes.slice(start, index + 1), rsiPeriod, library);
    const avgVolume20 = count >= 20 ? trailingMeanAt(volumes, index, 20) : null;
    const derived = derivedFigures({ close: closes[index], volume: volumes[index], sma5, sma20, sma50, rsi14, avgVolume20 });
    series.sma5[index] = orNaN(sma5);
    series.sma20[index] = orNaN(sma20);
    series.sma50[index] = orNaN(sma50);
    series.rsi14[index] = orNaN(rsi14);
    series.avgVolume20[index] = orNaN(avgVolume20);
    series.beta60[index] = orNaN(market ? betaAt(bars, index, market, start) : null);
    series.maSpreadPct[index] = orNaN(derived.maSpreadPct);
    series.technicalScore[index] = derived.technicalScore;
    series.momentum[index] = MOMENTA.indexOf(derived.momentum);
    const [fast, slow, fastBefore, slowBefore] = [fullSma5[index], fullSma20[index], fullSma5[index - 1], fullSma20[index - 1]];
    if (fast !== null && slow !== null && fastBefore != null && slowBefore != null && fast > slow && fastBefore <= slowBefore) cross = index;
    // The window's scan for a cross stops where its SMA 20 is not yet known (its first 19 bars).
    series.lastCrossUp[index] = cross >= start + 20 ? cross : -1;
  }
  return series;
}

/**
 * A day's rows, each made when first read: a screen reads only its universe's rows (five for a
 * list of five, not the ~700 stored). Only `get` and `has` know the unread rows: the snapshots
 * made here go to the screen alone, which reads rows by ticker.
 */
class RowsOnDemand extends Map<string, TechnicalSnapshot> {
  constructor(private readonly make: (ticker: string) => TechnicalSnapshot | undefined) {
    super();
  }

  override get(ticker: string): TechnicalSnapshot | undefined {
    let row = super.get(ticker);
    if (row === undefined) {
      row = this.make(ticker);
      if (row) this.set(ticker, row);
    }
    return row;
  }

  override has(ticker: string): boolean {
    return this.get(ticker) !== undefined;
  }
}

/** The row technicalsThrough would give at bar `index` (one object, field by field: the columns are already cut to the window). */
function rowAt(series: TickerSeries, index: number, betaProxy: string | null): TechnicalSnapshot {
  const { dates, closes, volumes, sources } = series.bars;
  const count = index - series.windowStart[index] + 1;
  const close = closes[index];
  const beta60 = orNull(series.beta60[index]);
  const cross = series.lastCrossUp[index];
  return {
    ticker: series.ticker,
    source: sources[index],
    asOf: dates[index],
    close,
    volume: volumes[index],
    sma5: orNull(series.sma5[index]),
    sma20: orNull(series.sma20[index]),
    sma50: orNull(series.sma50[index]),
    rsi14: orNull(series.rsi14[index]),
    avgVolume20: orNull(series.avgVolume20[index]),
    maCondition: series.sma5[index] > series.sma20[index],
    maSpreadPct: orNull(series.maSpreadPct[index]),
    momentum: MOMENTA[series.momentum[index]],
    technicalScore: series.technicalScore[index],
    lastCrossUpDate: cross >= 0 ? dates[cross] : null,
    beta60,
    betaProxy: beta60 === null ? null : betaProxy,
    return1m: count > returnBars ? close / closes[index - returnBars] - 1 : null,
    barCount: count,
    twentiethBarDate: count >= 20 ? dates[index - 19] : null,
  };
}
