// Research & Compare: a few stocks' prices over a range, rebased to 100, beside the equal-weight
// universe, and the correlation of their daily returns. Everything comes from price_data as held in
// memory by the technicals store (one read per version of the data), and only bars dated on or
// before the as-of day count.
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import { dayWithoutAsOf, parsePriceAsOf } from "../market-data/as-of";
import { lastIndexOnOrBefore, sourceLabel, type BarHistory } from "../market-data/technicals-store";
import { findKnownStock, tickerSchema, type KnownStock } from "../stocks/symbols";
import {
  alignedDailyReturns,
  correlationMatrix,
  monthsBefore,
  rebasedSeries,
  rebasedUniverse,
  universeDailyReturns,
  type IndexPoint,
} from "./compare-math";

type Deps = Pick<AppDeps, "db" | "technicals">;

/** The most tickers one request may name (stocks(tickers:) and stockComparison). */
export const MAX_TICKERS = 20;

export const COMPARE_RANGES = {
  M1: { months: 1, label: "1 month" },
  M3: { months: 3, label: "3 months" },
  M6: { months: 6, label: "6 months" },
  Y1: { months: 12, label: "1 year" },
  Y3: { months: 36, label: "3 years" },
  Y5: { months: 60, label: "5 years" },
} as const;

export type CompareRange = keyof typeof COMPARE_RANGES;

export const UNIVERSE_LABEL = "Equal-weight universe";

export const COMPARE_METHOD =
  "Each line is the stock's close divided by its close on the range's first trading day (the last trading day on or before the as-of day minus the range), × 100; " +
  "a stock whose prices start later is rebased on its first bar. The equal-weight universe compounds, each trading day, the mean close-to-close return of every " +
  "ticker in the stored prices with a bar on that day and on the trading day before (rebalanced daily, no costs). Correlations are Pearson's r of the daily " +
  "close-to-close returns on the common days: the trading days in the range on which every compared stock has a bar, and one on the trading day before. " +
  "Prices are split-adjusted, not dividend-adjusted (except the Quandl series of companies that left the index by 2018, which are also dividend-adjusted). " +
  "The universe is the tickers the stored prices hold on each day: in the bundled data, the S&P 500 members of Feb 2018 and the companies that left " +
  "the index between 2013 and 2018 (before 2018), then the members of April 2021 (from 2018), so companies that left the index between 2018 and 2021 " +
  "are missing from 2018 on, which flatters the universe's returns there (survivorship bias).";

export type ComparedSeries = {
  ticker: string;
  /** The first and last bar in the range (null without any). */
  firstDate: string | null;
  lastDate: string | null;
  points: IndexPoint[];
  /** Last point ÷ 100 − 1 (a fraction); null without points. */
  totalReturn: number | null;
};

export type UniverseSeries = {
  label: string;
  points: IndexPoint[];
  totalReturn: number | null;
  /** Tickers averaged on the range's last day (fewest and most over the range). */
  membersLastDay: number;
  membersMin: number;
  membersMax: number;
};

export type CorrelationView = {
  tickers: string[];
  /** Pearson's r, row i column j for tickers[i] and tickers[j]; null when a stock's returns do not vary or there are fewer than 3 common days. */
  matrix: (number | null)[][];
  commonDays: number;
  firstDay: string | null;
  lastDay: string | null;
};

export type StockComparisonView = {
  tickers: string[];
  range: CompareRange;
  /** The as-of asked for (null: the latest prices). */
  requestedAsOf: string | null;
  /** The last trading day in the range (on or before the as-of). */
  asOf: string | null;
  /** The range's first trading day, the one every line is 100 on. */
  startDate: string | null;
  series: ComparedSeries[];
  universe: UniverseSeries;
  correlation: CorrelationView;
  method: string;
  source: string;
};

const badTickers = (message: string) => new AppError("BAD_USER_INPUT", `Invalid input: tickers. ${message}`, { fieldErrors: [{ field: "tickers", message }] });

/**
 * The stocks a list of tickers names, in the order given, duplicates collapsed (renamed tickers
 * count as today's: FB and META are one). BAD_USER_INPUT naming `tickers` for fewer than `min` or
 * more than MAX_TICKERS, a malformed ticker, or tickers no bundled list has (each named).
 */
export function requireKnownStocks(input: readonly unknown[], { min = 1, max = MAX_TICKERS }: { min?: number; max?: number } = {}): KnownStock[] {
  // Past this many names, duplicates or not, the list is refused unread.
  if (input.length > max * 5) throw badTickers(`tickers must name ${min} to ${max} different stocks (got ${input.length} names).`);
  const malformed: string[] = [];
  const unknown: string[] = [];
  const stocks = new Map<string, KnownStock>();
  for (const raw of input) {
    const parsed = tickerSchema.safeParse(raw);
    if (!parsed.success) {
      malformed.push(typeof raw === "string" ? JSON.stringify(raw) : String(raw));
      continue;
    }
    const stock = findKnownStock(parsed.data);
    if (!stock) unknown.push(parsed.data);
    else if (!stocks.has(stock.ticker)) stocks.set(stock.ticker, stock);
  }
  const errors: { field: string; message: string }[] = [];
  if (malformed.length > 0) errors.push({ field: "tickers", message: `Malformed ticker${malformed.length > 1 ? "s" : ""} ${malformed.join(", ")}: a ticker is 1 to 5 letters (optionally a class suffix such as BRK.B).` });
  if (unknown.length > 0) errors.push({ field: "tickers", message: `Unknown ticker${unknown.length > 1 ? "s" : ""} ${[...new Set(unknown)].join(", ")}: not in the bundled symbol lists (US-listed securities).` });
  if (errors.length > 0) {
    throw new AppError("BAD_USER_INPUT", `Invalid input: tickers. ${errors.map((error) => error.message).join(" ")}`, { fieldErrors: errors });
  }
  if (stocks.size < min || stocks.size > max) {
    throw badTickers(`tickers must name ${min === max ? min : `${min} to ${max}`} different stocks (got ${stocks.size}).`);
  }
  return [...stocks.values()];
}

/** The universe's daily returns per version of the prices (the bars object is new after every load or refresh). */
const universeCache = new WeakMap<BarHistory, Map<string, { mean: number; members: number }>>();

function universeReturnsOf(bars: BarHistory) {
  let returns = universeCache.get(bars);
  if (!returns) {
    returns = universeDailyReturns(bars.byTicker.values(), bars.tradingDays);
    universeCache.set(bars, returns);
  }
  return returns;
}

const totalReturn = (points: IndexPoint[]) => (points.length > 0 ? points[points.length - 1].value / 100 - 1 : null);

/** The sources of the bars used, with their date ranges. */
function sourcesOf(bars: BarHistory, tickers: string[], start: string, end: string): string {
  const used = new Set<string>();
  for (const ticker of tickers) {
    const series = bars.byTicker.get(ticker);
    if (!series) continue;
    const from = Math.max(0, lastIndexOnOrBefore(series.dates, start));
    const to = lastIndexOnOrBefore(series.dates, end);
    for (let index = from; index <= to; index++) used.add(series.sources[index]);
  }
  const labels = bars.sourceRanges.filter((range) => used.has(range.source)).map((range) => sourceLabel(range.source, range.first, range.last));
  return labels.length > 0 ? labels.join("; ") : "No price data";
}

/**
 * The comparison of `tickers` (1–20, validated like stocks(tickers:)) over `range` up to `asOf`
 * (YYYY-MM-DD within the stored prices, or null for the app's default as-of day).
 */
export async function stockComparison(deps: Deps, input: { tickers: readonly unknown[]; range: CompareRange; asOf: unknown }): Promise<StockComparisonView> {
  const stocks = requireKnownStocks(input.tickers);
  const requestedAsOf = await parsePriceAsOf(deps.db, input.asOf);
  const [bars, day] = await Promise.all([deps.technicals.bars(), requestedAsOf ?? dayWithoutAsOf(deps.db, "default")]);
  const tickers = stocks.map((stock) => stock.ticker);
  const lastIndex = day === null ? -1 : lastIndexOnOrBefore(bars.tradingDays, day);
  const end = lastIndex >= 0 ? bars.tradingDays[lastIndex] : null;
  const base = end === null ? null : bars.tradingDays[Math.max(0, lastIndexOnOrBefore(bars.tradingDays, monthsBefore(end, COMPARE_RANGES[input.range].months)))];
  const empty = { points: [], totalReturn: null };
  if (end === null || base === null) {
    return {
      tickers,
      range: input.range,
      requestedAsOf,
      asOf: null,
      startDate: null,
      series: tickers.map((ticker) => ({ ticker, firstDate: null, lastDate: null, ...empty })),
      universe: { label: UNIVERSE_LABEL, ...empty, membersLastDay: 0, membersMin: 0, membersMax: 0 },
      correlation: { tickers, matrix: tickers.map(() => tickers.map(() => null)), commonDays: 0, firstDay: null, lastDay: null },
      method: COMPARE_METHOD,
      source: "No price data",
    };
  }
  const closeSeries = tickers.map((ticker) => bars.byTicker.get(ticker) ?? { dates: [], closes: [] });
  const series = tickers.map((ticker, index) => {
    const points = rebasedSeries(closeSeries[index], base, end);
    return { ticker, firstDate: points[0]?.date ?? null, lastDate: points.at(-1)?.date ?? null, points, totalReturn: totalReturn(points) };
  });
  const universeReturns = universeReturnsOf(bars);
  const universePoints = rebasedUniverse(universeReturns, bars.tradingDays, base, end);
  const members = universePoints.slice(1).map((point) => universeReturns.get(point.date)?.members ?? 0);
  const aligned = alignedDailyReturns(closeSeries, bars.tradingDays, base, end);
  return {
    tickers,
    range: input.range,
    requestedAsOf,
    asOf: end,
    startDate: base,
    series,
    universe: {
      label: UNIVERSE_LABEL,
      points: universePoints,
      totalReturn: totalReturn(universePoints),
      membersLastDay: members.at(-1) ?? 0,
      membersMin: members.length > 0 ? Math.min(...members) : 0,
      membersMax: members.length > 0 ? Math.max(...members) : 0,
    },
    correlation: {
      tickers,
      matrix: correlationMatrix(aligned.returns),
      commonDays: aligned.days.length,
      firstDay: aligned.days[0] ?? null,
      lastDay: aligned.days.at(-1) ?? null,
    },
    method: COMPARE_METHOD,
    source: sourcesOf(bars, tickers, base, end),
  };
}
