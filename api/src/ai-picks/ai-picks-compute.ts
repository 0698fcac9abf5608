// The AI picks pass's computation, pure, run in a worker thread (api/src/workers/) so the ~13 s
// of features, walk-forward, track record and scored days never hold the request loop. The main
// thread reads the prices and news from the database, sends them packed (packed-bars.ts,
// packNews), and writes what comes back (ai-picks-pass.ts). The same functions run in-process
// give the same result, bit for bit (ai-picks-compute.test.ts).
import path from "node:path";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { makeWayForRequests } from "../shared/between-requests";
import { loadIndicatorLibrary } from "../market-data/technicals";
import { lastIndexOnOrBefore, marketReturns, type BarHistory } from "../market-data/technicals-store";
import { unpackBars, type PackedBars } from "../market-data/packed-bars";
import { securityInfo, sp500MembersOn } from "../market-data/universes";
import { fundamentalsAsOf } from "../fundamentals/fundamentals-as-of";
import { buffersOf, transferring } from "../workers/worker-protocol";
import { workerModule } from "../workers/worker-pool";
import { historyFeatures, type PriceFactor, type TickerFeatures } from "./features";
import { earningsIndexOf, type EarningsRow } from "./earnings-inputs";
import { newsIndexOf, unpackNews, type NewsIndex, type PackedNews } from "./news-inputs";
import { trackRecord, type RebalanceOutcome, type TrackRecord } from "./track-record";
import { scoreDay, walkForward, type FittedModel, type FundamentalsAt, type ScoredDay, type WalkForwardInput } from "./walk-forward";
import type * as ThisModule from "./ai-picks-compute";

/** This module's functions in the worker pool. */
export const aiPicksWorker = workerModule<typeof ThisModule>(path.join(__dirname, "ai-picks-compute.ts"));

/** The model's price inputs from the bars: the market proxy's returns, then every ticker's features. */
export async function priceInputs(bars: BarHistory): Promise<{ features: Map<string, TickerFeatures>; marketProxy: string | null }> {
  const market = await marketReturns((tickers) =>
    tickers.flatMap((ticker) => {
      const series = bars.byTicker.get(ticker);
      return series ? [{ ticker, dates: series.dates, closes: series.closes, volumes: series.volumes, source: series.sources.at(-1) ?? "" }] : [];
    }),
  );
  const features = await historyFeatures(bars, market, await loadIndicatorLibrary());
  return { features, marketProxy: market?.name ?? null };
}

export type FeatureValues = { tickers: string[]; values: Record<PriceFactor, Float64Array>[]; marketProxy: string | null };

/** Every ticker's feature values (its dates and closes are the caller's bars), the arrays moved back. */
export async function featureValues(bars: PackedBars) {
  const { features, marketProxy } = await priceInputs(unpackBars(bars));
  const tickers = [...features.keys()];
  const values = tickers.map((ticker) => features.get(ticker)!.values);
  return transferring<FeatureValues>({ tickers, values, marketProxy }, buffersOf(values.flatMap((byFactor) => Object.values(byFactor))));
}

/** The features of `bars` from featureValues' answer: the series' own dates and closes, as historyFeatures gives them. */
export function featuresOf(bars: BarHistory, { tickers, values }: FeatureValues): Map<string, TickerFeatures> {
  return new Map(
    tickers.map((ticker, index) => {
      const series = bars.byTicker.get(ticker)!;
      return [ticker, { dates: series.dates, closes: series.closes, values: values[index] }];
    }),
  );
}

/** A 10-K's figures known at a day's close, valued at that close (fundamentals-as-of.ts). */
export function fundamentalsAt(ticker: string, close: number, day: string): FundamentalsAt {
  const known = fundamentalsAsOf(ticker, close, day);
  const priceToBook = known.priceToBook.value;
  return {
    earningsYield: known.earningsYield.value,
    bookToPrice: priceToBook === null || priceToBook === 0 ? null : 1 / priceToBook,
    returnOnEquity: known.returnOnEquity.value,
    netMargin: known.netMargin.value,
  };
}

/** The walk-forward's inputs: prices' features, news, earnings, filings, sectors and each day's members. */
export function walkForwardInput(
  features: Map<string, TickerFeatures>,
  tradingDays: string[],
  news: NewsIndex,
  earnings: EarningsRow[],
  pointInTimeMembers = true,
): WalkForwardInput {
  return {
    features,
    tradingDays,
    news,
    earnings: earningsIndexOf(earnings),
    fundamentals: fundamentalsAt,
    sectorOf: (ticker) => securityInfo(ticker)?.sector ?? null,
    membersOn: pointInTimeMembers ? sp500MembersOn : undefined,
  };
}

export type PassInputs = {
  bars: PackedBars;
  news: PackedNews;
  earnings: EarningsRow[];
  /** Days shown besides the rebalances (the latest price day, the default as-of day): scored unless a rebalance. */
  shownDays: string[];
  /** True: each day's universe is that day's S&P 500 members (universes.ts); false: every ticker with prices. */
  pointInTimeMembers: boolean;
  /** Fewer training days to start from (short test histories). */
  minTrainingDays?: number;
};

/** One stored run: a rebalance or a shown day, its model, and its picks as the JSON rows ai_picks is filled from (in groups). */
export type ComputedRun = {
  date: string;
  kind: "rebalance" | "day";
  model: FittedModel;
  universeSize: number;
  periodEnd: string | null;
  outcome: RebalanceOutcome | null;
  picksJson: string[];
};

/**
 * Picks per insert: about 12 ms of PGlite each, the longest a request may wait for one. A day's ~500
 * in one statement held the request thread for 100-150 ms, once per run of a pass.
 */
export const PICKS_PER_INSERT = 50;

export type ComputedPass = {
  marketProxy: string | null;
  rebalances: number;
  days: string[];
  summary: Omit<TrackRecord, "outcomes" | "curve">;
  curve: TrackRecord["curve"];
  runs: ComputedRun[];
};

/** The realised return of each pick to its period's end, as the track record computed it. */
function realisedReturns(day: ScoredDay, features: Map<string, TickerFeatures>, periodEnd: string): Map<string, number> {
  const returns = new Map<string, number>();
  for (const pick of day.picks) {
    const series = features.get(pick.ticker)!;
    const end = lastIndexOnOrBefore(series.dates, periodEnd);
    if (end >= 0 && series.dates[end] > day.date) returns.set(pick.ticker, series.closes[end] / pick.price - 1);
  }
  return returns;
}

/** A day's picks as the rows of jsonb_to_recordset inserts (ai-picks-pass.ts, storePicks), PICKS_PER_INSERT to each. */
export function picksJson(day: ScoredDay, forwardReturns: Map<string, number> | null): string[] {
  const rows = day.picks.map((pick) => ({
    t: pick.ticker,
    r: pick.rank,
    p: pick.price.toFixed(2),
    a: pick.aiScore.toFixed(4),
    r1: pick.returns1m?.toFixed(4) ?? null,
    r3: pick.returns3m?.toFixed(4) ?? null,
    r12: pick.returns12m?.toFixed(4) ?? null,
    rsi: pick.rsi?.toFixed(2) ?? null,
    s: pick.score,
    f: pick.factors,
    n: pick.newsArticles,
    b: pick.baselineRank,
    fr: forwardReturns?.get(pick.ticker) ?? null,
  }));
  const groups: string[] = [];
  for (let start = 0; start < rows.length; start += PICKS_PER_INSERT) groups.push(JSON.stringify(rows.slice(start, start + PICKS_PER_INSERT)));
  return groups;
}

/** The whole pass's computation: features, walk-forward, track record, shown days, and the rows to store. */
export async function computePass({ bars: packedBars, news, earnings, shownDays, pointInTimeMembers, minTrainingDays }: PassInputs): Promise<ComputedPass> {
  const bars = unpackBars(packedBars);
  const { features, marketProxy } = await priceInputs(bars);
  const input = walkForwardInput(features, bars.tradingDays, newsIndexOf(unpackNews(news)), earnings, pointInTimeMembers);
  // Pauses let a shorter task sent to the same worker (a past day's indicators) run between steps.
  const rebalances = await walkForward(input, { pause: () => yieldToEventLoop(), betweenSteps: makeWayForRequests, minTrainingDays });
  const record = trackRecord(rebalances, features, bars.tradingDays);
  await yieldToEventLoop();
  const shown = shownDays.filter((day) => !rebalances.some((rebalance) => rebalance.date === day));
  const days = [...new Set(shown)].flatMap((day) => scoreDay(input, rebalances, day) ?? []);
  const { outcomes, curve, ...summary } = record;
  const runs: ComputedRun[] = [
    ...rebalances.map((day, index) => ({ day, kind: "rebalance" as const, outcome: outcomes.get(day.date) ?? null, periodEnd: rebalances[index + 1]?.date ?? null })),
    ...days.map((day) => ({ day, kind: "day" as const, outcome: null, periodEnd: null })),
  ].map(({ day, kind, outcome, periodEnd }) => ({
    date: day.date,
    kind,
    model: day.model,
    universeSize: day.picks.length,
    periodEnd,
    outcome,
    picksJson: picksJson(day, outcome && periodEnd ? realisedReturns(day, features, periodEnd) : null),
  }));
  return { marketProxy, rebalances: rebalances.length, days: days.map((day) => day.date), summary, curve, runs };
}
