// The Basic, Combined and Pro screens (spec §2, §3; the Pro filters in screen-pro.ts): a universe's symbols, their indicators at the
// latest bar (market-data technicals, held in memory), the request's filters, news sentiment from
// the chosen sources, and P/E and earnings dates where the bundled data has them. Time windows
// end at the data's as-of (prices) and the news clock's as-of (news), so the bundled snapshot
// screens like a live day. A constant number of queries whatever the universe: the technicals'
// version check, the news clock, one news aggregate, and one insert (after the answer).
import { createHmac, randomUUID } from "node:crypto";
import { endOfDay } from "@shared/as-of";
import { NEWS_SOURCE_KEYS, PRO_FUNDAMENTAL_FILTERS, type ProFundamentalField } from "@shared/screen-rules";
import type { Viewer } from "../auth/viewer";
import type { AppDeps, RequestContext } from "../context";
import { parsePriceAsOf } from "../market-data/as-of";
import { fundamentalsAsOf, trailingPe, type FundamentalsAsOf } from "../fundamentals/fundamentals-as-of";
import { fundamentalsCoverage, nextEarnings } from "../market-data/fundamentals";
import {
  marketDate,
  marketProxyTicker,
  momentumRule,
  technicalScoreFormula,
  type MarketSnapshot,
  type TechnicalSnapshot,
} from "../market-data/technicals-store";
import { securityInfo, universeTickers, type SecurityInfo, type UniverseKey } from "../market-data/universes";
import { newsClock } from "../news/news-clock";
import { newsByTicker, newsSourceOutlets, type TickerNews } from "./screen-news";
import { fitNumeric, responseSent, storeRunInBackground, type SentResponse, type StoredResultColumns } from "./screen-runs";
import { listSample, parseScreenRequest, type ScreenRequest, type ScreenWarning } from "./screen-request";
import type { FactorDay, FactorSources } from "../research/stock-factors";
import { applyProFilters, cachedFactorsOn, proCoverageWarnings, proExtras, type ProExtras } from "./screen-pro";

export type ScreenKind = "basic" | "combined" | "pro";
export type Momentum = TechnicalSnapshot["momentum"];
export type ScreenGrade = "A" | "B" | "C" | "D";

export type ScreenStats = {
  /** Symbols in the chosen universe, after maxSymbols. */
  universeSize: number;
  /** Of those, symbols with a recent bar and 20 bars inside the lookback window. */
  withPriceData: number;
  /** Of those, symbols with SMA 5 above SMA 20. */
  maPassCount: number;
  /** Rows that passed every filter. */
  matched: number;
};

/** Spec §3 Basic row, plus the fields the web table and the stored run need. */
export type BasicScreenRow = {
  ticker: string;
  name: string | null;
  sector: string | null;
  price: number;
  sma5: number | null;
  sma20: number | null;
  sma50: number | null;
  rsi: number | null;
  volume: number | null;
  avgVolume20: number | null;
  technicalScore: number;
  sentimentScore: number | null;
  newsCount: number;
  analystUpgrades: number;
  analystDowngrades: number;
  momentum: Momentum;
  peRatio: number | null;
  marketCap: number | null;
  earningsYield: number | null;
  priceToBook: number | null;
  priceToSales: number | null;
  revenueGrowth: number | null;
  netMargin: number | null;
  returnOnEquity: number | null;
  debtToEquity: number | null;
  beta: number | null;
  maCondition: boolean;
  maSpreadPct: number | null;
  crossover: boolean;
  daysToEarnings: number | null;
  /** The row's latest bar date. */
  asOf: string;
};

/** Spec §3 Combined row. */
export type CombinedScreenRow = {
  ticker: string;
  name: string | null;
  price: number;
  grade: ScreenGrade;
  combinedScore: number;
  technicalScore: number;
  sentimentScore: number | null;
  newsCount: number;
  crossover: boolean;
  momentum: Momentum;
  latestHeadline: string | null;
  /** Hours from the latest article to the news clock's as-of. */
  recencyHours: number | null;
};

/** The Pro screen's row: the Basic and Combined columns plus the advanced filters' figures. */
export type ProScreenRow = BasicScreenRow &
  Pick<CombinedScreenRow, "grade" | "combinedScore" | "latestHeadline" | "recencyHours"> &
  ProExtras;

type ScreenOutcomeFields = {
  runId: string;
  request: ScreenRequest;
  stats: ScreenStats;
  /** Named data sources. */
  source: string;
  /** The latest bar date used (YYYY-MM-DD). */
  asOf: string;
  isSnapshot: boolean;
  betaProxy: string | null;
  /** Where the news window ended. */
  newsAsOf: Date | null;
  warnings: ScreenWarning[];
  createdAt: Date;
};
export type BasicScreenOutcome = ScreenOutcomeFields & { kind: "basic"; rows: BasicScreenRow[] };
export type CombinedScreenOutcome = ScreenOutcomeFields & { kind: "combined"; rows: CombinedScreenRow[] };
export type ProScreenOutcome = ScreenOutcomeFields & {
  kind: "pro";
  rows: ProScreenRow[];
  /** Where the AI, earnings and 13F figures came from, as of which day. */
  factorSources: FactorSources & { day: string | null };
};
export type ScreenOutcome = BasicScreenOutcome | CombinedScreenOutcome | ProScreenOutcome;

export type ScreenDeps = Pick<AppDeps, "db" | "logger" | "technicals"> & Partial<Pick<AppDeps, "screenAnswers">>;

/** Combined score weights (spec §9: 60% technical, 40% sentiment). */
const TECHNICAL_WEIGHT = 0.6;
const SENTIMENT_WEIGHT = 0.4;
/** Sentiment points for a stock without news in the window: neutral, neither good nor bad news. */
const NO_NEWS_SENTIMENT_POINTS = 50;
const gradeFloors: { grade: ScreenGrade; floor: number }[] = [
  { grade: "A", floor: 75 },
  { grade: "B", floor: 60 },
  { grade: "C", floor: 45 },
];
/** A symbol's latest bar may be this many calendar days older than the data's as-of (weekends, holidays). */
export const FRESH_BAR_DAYS = 7;
/** Bars an indicator set needs inside the lookback window (SMA 20). */
export const MIN_BARS_IN_WINDOW = 20;

/** How the scores are computed, for tooltips and docs (Query.screenMethodology). */
export const methodology = {
  technicalScoreFormula,
  momentumRule,
  combinedScoreFormula:
    `combined score = ${TECHNICAL_WEIGHT} × technical score + ${SENTIMENT_WEIGHT} × sentiment points, where sentiment points = ` +
    `(mean news sentiment + 1) × 50 (−1 → 0, 0 → 50, +1 → 100) over the chosen sources and news window. ` +
    `A stock without news in the window gets a neutral ${NO_NEWS_SENTIMENT_POINTS} sentiment points.`,
  gradeThresholds: `${gradeFloors.map(({ grade, floor }) => `${grade}: combined score ≥ ${floor}`).join("; ")}; D: below ${gradeFloors.at(-1)!.floor}.`,
};

export function sentimentPoints(sentimentScore: number | null): number {
  return sentimentScore === null ? NO_NEWS_SENTIMENT_POINTS : (sentimentScore + 1) * 50;
}

export function combinedScoreOf(technicalScore: number, sentimentScore: number | null): number {
  return round(TECHNICAL_WEIGHT * technicalScore + SENTIMENT_WEIGHT * sentimentPoints(sentimentScore), 2);
}

export function gradeOf(combinedScore: number): ScreenGrade {
  return gradeFloors.find(({ floor }) => combinedScore >= floor)?.grade ?? "D";
}

/** Ties in score go alphabetically (tickers are ASCII: no locale collation, which is slow over thousands of rows). */
const byTicker = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** YYYY-MM-DD `days` calendar days before `date`. */
function daysBefore(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() - days);
  return shifted.toISOString().slice(0, 10);
}

/** A screened symbol with everything its rows and stored columns are made of. */
type Screened = {
  technicals: TechnicalSnapshot;
  info: SecurityInfo | null;
  crossover: boolean;
  news: TickerNews | null;
  peRatio: number | null;
  fundamentals: FundamentalsAsOf | null;
  daysToEarnings: number | null;
  recencyHours: number | null;
};

/** The universe's symbols after includeEtf and maxSymbols, with warnings about what was left out. */
function universeSymbols(request: ScreenRequest, market: MarketSnapshot, day: string, warnings: ScreenWarning[]): string[] {
  let symbols: string[];
  if (request.tickers) {
    const unknown = request.tickers.filter((ticker) => !securityInfo(ticker));
    if (unknown.length > 0) {
      warnings.push({
        code: "UNKNOWN_TICKERS",
        field: "tickers",
        message: `Not in the bundled US symbol lists: ${listSample(unknown)}.`,
      });
    }
    const etfs = request.includeEtf ? [] : request.tickers.filter((ticker) => securityInfo(ticker)?.isEtf);
    if (etfs.length > 0) {
      warnings.push({ code: "ETF_EXCLUDED", field: "includeEtf", message: `Left out ETFs (includeEtf is off): ${listSample(etfs)}.` });
    }
    const left = new Set(etfs);
    symbols = request.tickers.filter((ticker) => !left.has(ticker));
  } else {
    symbols = universeTickers(request.universe as UniverseKey, { includeEtf: request.includeEtf, on: day });
  }
  if (request.maxSymbols > 0 && symbols.length > request.maxSymbols) {
    const liquidity = (ticker: string) => {
      const row = market.byTicker.get(ticker);
      return row ? (row.avgVolume20 ?? 0) * row.close : -1;
    };
    // Most liquid first (20-day average volume × close); a stable sort keeps the list's order among equals.
    const kept = symbols
      .map((ticker, index) => ({ ticker, index, liquidity: liquidity(ticker) }))
      .sort((a, b) => b.liquidity - a.liquidity || a.index - b.index)
      .slice(0, request.maxSymbols);
    warnings.push({
      code: "UNIVERSE_TRUNCATED",
      field: "maxSymbols",
      message:
        `The universe has ${count(symbols.length)} symbols; the ${count(request.maxSymbols)} most liquid ` +
        `(20-day average volume × close) were screened. Set maxSymbols to 0 to screen them all.`,
    });
    symbols = kept.map((entry) => entry.ticker);
  }
  return symbols;
}

/** `storeAfter`: the run is written once this resolves (the HTTP response sent, see `responseSent`). */
export type RunScreenOptions = {
  /** The run is stored once this resolves (its response sent). */
  storeAfter?: Promise<void>;
  /** For an anonymous visitor, whose runs these are (a keyed hash of the client IP): each keeps only its last few. */
  anonymousRequester?: string;
  /** False: not stored as the viewer's latest run (a backtest's screens at each rebalance day). */
  store?: boolean;
  /**
   * Only which tickers match is wanted (a screen's history, day after day): the news is read only
   * when a filter needs it, so the rows' news columns may be empty.
   */
  matchesOnly?: boolean;
};

/**
 * Runs a Basic or Combined screen for the viewer (null: anonymous) and stores it as their
 * latest run (in the background: `flushScreenRuns` awaits it). Invalid input throws
 * BAD_USER_INPUT naming each field; filters the data cannot answer become warnings.
 * Pro access for Combined is checked where it is exposed (GraphQL scope, REST requirePro).
 */
export async function runScreen(deps: ScreenDeps, viewer: Viewer | null, input: unknown, kind: "basic", options?: RunScreenOptions): Promise<BasicScreenOutcome>;
export async function runScreen(deps: ScreenDeps, viewer: Viewer | null, input: unknown, kind: "combined", options?: RunScreenOptions): Promise<CombinedScreenOutcome>;
export async function runScreen(deps: ScreenDeps, viewer: Viewer | null, input: unknown, kind: "pro", options?: RunScreenOptions): Promise<ProScreenOutcome>;
export async function runScreen(deps: ScreenDeps, viewer: Viewer | null, input: unknown, kind: ScreenKind, options?: RunScreenOptions): Promise<ScreenOutcome>;
export async function runScreen(deps: ScreenDeps, viewer: Viewer | null, input: unknown, kind: ScreenKind, options: RunScreenOptions = {}): Promise<ScreenOutcome> {
  const { request, warnings } = parseScreenRequest(input, kind === "pro");
  const matchesOnly = options.matchesOnly ?? false;
  const compute = () => computeScreen(deps, request, warnings, kind, matchesOnly);
  // Keyed by everything the answer depends on but the news, whose ingestion clears the cache.
  const computed = deps.screenAnswers?.enabled
    ? await deps.screenAnswers.get(JSON.stringify([kind, request, warnings, matchesOnly, await deps.technicals.version()]), compute)
    : await compute();
  // Each request is its own run: its id, its time, its row among the owner's runs.
  const outcome = { ...computed.outcome, runId: randomUUID(), createdAt: new Date() };
  const owner = { userId: viewer?.user.id ?? null, anonymousRequester: viewer ? null : (options.anonymousRequester ?? null) };
  if (options.store !== false) storeRunInBackground(deps, owner, outcome, () => storedColumns(outcome, computed.ordered), options.storeAfter);
  return outcome;
}

/** A screen's answer and its rows in order (what a stored run keeps), shared by identical requests (screen-answers.ts). */
export type ComputedScreen = { outcome: ScreenOutcome; ordered: Screened[] };

async function computeScreen(deps: ScreenDeps, request: ScreenRequest, warnings: ScreenWarning[], kind: ScreenKind, matchesOnly: boolean): Promise<ComputedScreen> {
  const createdAt = new Date();
  // The Pro figures (AI pick, next report, 13F) as of the screen's day, read while the prices are.
  const factorsPromise: Promise<FactorDay> | null = kind === "pro" && request.asOf ? cachedFactorsOn(deps, request.asOf) : null;
  // Settled later; a failure before then must not go unhandled.
  factorsPromise?.catch(() => {});
  // As of a past date: indicators from bars dated ≤ asOf and news up to the end of that day;
  // otherwise the latest bars and the news clock.
  const [market, newsEnd] = request.asOf
    ? await Promise.all([pastMarket(deps, request.asOf), endOfDay(request.asOf)])
    : await Promise.all([deps.technicals.current(), newsClock(deps.db, createdAt).then((clock) => clock.asOf)]);
  // Windows end on the latest bar's date for snapshot data, today for live data.
  const today = marketDate(market, createdAt);
  const asOf = market.asOf ?? today;
  const symbols = universeSymbols(request, market, asOf, warnings);

  // With price data: a bar at most FRESH_BAR_DAYS old and 20 bars inside the lookback window.
  const freshFrom = daysBefore(today, FRESH_BAR_DAYS);
  const windowStart = daysBefore(today, request.lookbackDays);
  const priced: TechnicalSnapshot[] = [];
  const missing: string[] = [];
  for (const ticker of symbols) {
    const row = market.byTicker.get(ticker);
    if (row && row.asOf >= freshFrom && row.twentiethBarDate !== null && row.twentiethBarDate >= windowStart) priced.push(row);
    else missing.push(ticker);
  }
  if (missing.length > 0) {
    warnings.push({
      code: "NO_PRICE_DATA",
      field: request.tickers ? "tickers" : "universe",
      message:
        market.asOf === null
          ? "No price data is loaded yet, so no symbol could be screened."
          : `${count(missing.length)} of ${count(symbols.length)} symbols have no price data with ${MIN_BARS_IN_WINDOW} bars in the ` +
            `${request.lookbackDays} days up to ${today} (${market.sourceLabel}): ${listSample(missing)}.`,
    });
  }
  const maPassCount = priced.filter((row) => row.maCondition).length;

  // A Pro screen's days to earnings are its earnings predictions' next report, the figure its table
  // shows ("Report in"), so the maxEarnDays filter, the rows and the caveats count one figure.
  const factorDay = kind === "pro" ? await (factorsPromise ?? cachedFactorsOn(deps, market.asOf)) : null;
  const earningsDays: EarningsDays = factorDay
    ? { daysTo: (ticker) => factorDay.byTicker.get(ticker)?.nextReport?.daysTo ?? null, source: `the earnings predictions (${factorDay.sources.earnings})` }
    : { daysTo: (ticker) => nextEarnings(ticker, today)?.daysTo ?? null, source: "the bundled Yahoo Finance earnings calendar" };
  const selected = filterByFundamentals(request, filterByRequest(request, priced, today, windowStart, earningsDays, warnings), today, warnings, !matchesOnly || kind === "pro");

  const sources = NEWS_SOURCE_KEYS.filter((key) => request.newsSources[key]);
  const newsWindowStart = new Date(newsEnd.getTime() - request.newsWindowDays * 86_400_000);
  // Which rows match depends on the news through minSentiment and the Pro filters only.
  const news =
    matchesOnly && kind !== "pro" && request.minSentiment === null
      ? { byTicker: new Map<string, TickerNews>(), articlesInWindow: 0 }
      : await newsByTicker(deps.db, { tickers: selected.map((entry) => entry.technicals.ticker), sources, windowStart: newsWindowStart, windowEnd: newsEnd });
  const sourceLabels = sources.map((key) => newsSourceOutlets[key].label);
  if (sources.length === 0) {
    warnings.push({ code: "NEWS_SOURCES_EMPTY", field: "newsSources", message: "No news source is selected, so every row has no news." });
  } else if (news.articlesInWindow === 0) {
    warnings.push({
      code: "NEWS_SOURCES_EMPTY",
      field: "newsSources",
      message: `No articles from ${sourceLabels.join(", ")} in the ${plural(request.newsWindowDays, "day", "days")} up to ${newsEnd.toISOString()}, so every row has no news.`,
    });
  }

  // Filled in place: thousands of rows, so no copies.
  for (const entry of selected) {
    const tickerNews = news.byTicker.get(entry.technicals.ticker);
    if (tickerNews) {
      entry.news = tickerNews;
      entry.recencyHours = round((newsEnd.getTime() - tickerNews.latestAt.getTime()) / 3_600_000, 2);
    }
    entry.peRatio = entry.fundamentals ? (trailingPe(entry.fundamentals, entry.technicals.ticker, entry.technicals.close, today)?.value ?? null) : null;
  }
  const floor = request.minSentiment;
  let screened = floor === null ? selected : selected.filter((entry) => entry.news !== null && entry.news.sentimentScore >= floor);
  let proRows: { entry: Screened; row: ProScreenRow }[] = [];
  if (kind === "pro" && factorDay && request.advanced) {
    const candidates = screened.map((entry) => {
      const row = proRow(entry, factorDay);
      return { entry, row, ticker: row.ticker, sector: row.sector, newsCount: row.newsCount, sentimentScore: row.sentimentScore, analystUpgrades: row.analystUpgrades, analystDowngrades: row.analystDowngrades, extras: row };
    });
    proRows = applyProFilters(request.advanced, candidates, factorDay, warnings);
    screened = proRows.map(({ entry }) => entry);
  }
  warnings.push(...coverageWarnings(request, market, screened, kind));
  if (kind === "pro" && factorDay) proCoverageWarnings(proRows.map(({ row }) => ({ ticker: row.ticker, sector: row.sector, newsCount: row.newsCount, sentimentScore: row.sentimentScore, analystUpgrades: row.analystUpgrades, analystDowngrades: row.analystDowngrades, extras: row })), factorDay, warnings);

  const common = {
    runId: randomUUID(),
    request,
    source: `${market.sourceLabel}; news: ${sourceLabels.length > 0 ? sourceLabels.join(", ") : "none selected"}`,
    asOf,
    isSnapshot: market.isSnapshot,
    betaProxy: market.betaProxy,
    newsAsOf: newsEnd,
    warnings,
    createdAt,
  };
  const stats = (matched: number): ScreenStats => ({ universeSize: symbols.length, withPriceData: priced.length, maPassCount, matched });
  const finish = (outcome: ScreenOutcome, ordered: Screened[]): ComputedScreen => ({ outcome, ordered });
  if (kind === "pro") {
    proRows.sort((a, b) => b.row.combinedScore - a.row.combinedScore || b.row.technicalScore - a.row.technicalScore || byTicker(a.row.ticker, b.row.ticker));
    return finish(
      {
        ...common,
        kind,
        stats: stats(proRows.length),
        rows: proRows.map(({ row }) => row),
        factorSources: { ...factorDay!.sources, day: factorDay!.day },
      },
      proRows.map(({ entry }) => entry),
    );
  }
  if (kind === "basic") {
    const ordered = screened.sort((a, b) => b.technicals.technicalScore - a.technicals.technicalScore || byTicker(a.technicals.ticker, b.technicals.ticker));
    return finish({ ...common, kind, stats: stats(ordered.length), rows: ordered.map(basicRow) }, ordered);
  }
  const scored = screened.map((entry) => ({ entry, row: combinedRow(entry) }));
  scored.sort((a, b) => b.row.combinedScore - a.row.combinedScore || b.row.technicalScore - a.row.technicalScore || byTicker(a.row.ticker, b.row.ticker));
  return finish(
    { ...common, kind, stats: stats(scored.length), rows: scored.map(({ row }) => row) },
    scored.map(({ entry }) => entry),
  );
}

/** Where a screen's days to the next earnings report come from. */
type EarningsDays = { daysTo: (ticker: string) => number | null; source: string };

/** The request's filters over symbols with price data; warnings say what the data could not answer. */
function filterByRequest(
  request: ScreenRequest,
  priced: TechnicalSnapshot[],
  today: string,
  windowStart: string,
  earningsDays: EarningsDays,
  warnings: ScreenWarning[],
): Screened[] {
  const betaNarrowed = request.minBeta > -10 || request.maxBeta < 10;
  const keyword = request.sectorKeyword?.toLowerCase() ?? null;
  let withoutBeta = 0;
  let withoutSector = 0;
  let withoutEarningsDate = 0;
  const selected: Screened[] = [];
  for (const technicals of priced) {
    if (technicals.close < request.minPrice) continue;
    if ((technicals.avgVolume20 ?? 0) < request.minVolume) continue;
    if (betaNarrowed) {
      if (technicals.beta60 === null) {
        withoutBeta += 1;
        continue;
      }
      if (technicals.beta60 < request.minBeta || technicals.beta60 > request.maxBeta) continue;
    }
    if (request.minRsi !== null && (technicals.rsi14 === null || technicals.rsi14 < request.minRsi)) continue;
    if (request.maxRsi !== null && (technicals.rsi14 === null || technicals.rsi14 > request.maxRsi)) continue;
    if (request.requireMaCondition && !technicals.maCondition) continue;
    const crossover = technicals.lastCrossUpDate !== null && technicals.lastCrossUpDate >= windowStart;
    if (request.requireCrossover && !crossover) continue;
    const info = securityInfo(technicals.ticker);
    if (keyword !== null) {
      if (!info?.sector && !info?.subIndustry) {
        withoutSector += 1;
        continue;
      }
      if (![info.sector, info.subIndustry].some((name) => name?.toLowerCase().includes(keyword))) continue;
    }
    const daysToEarnings = earningsDays.daysTo(technicals.ticker);
    if (request.maxEarnDays > 0) {
      if (daysToEarnings === null) withoutEarningsDate += 1;
      else if (daysToEarnings <= request.maxEarnDays) continue;
    }
    // Every field set here, so all entries share one shape; news, recency and P/E come later.
    selected.push({ technicals, info, crossover, daysToEarnings, news: null, recencyHours: null, peRatio: null, fundamentals: null });
  }
  if (withoutBeta > 0) {
    warnings.push({
      code: "BETA_UNKNOWN",
      field: "minBeta",
      message: `${plural(withoutBeta, "symbol has", "symbols have")} no 60-day beta and ${withoutBeta === 1 ? "was" : "were"} left out by the beta range ${request.minBeta}..${request.maxBeta}.`,
    });
  }
  if (withoutSector > 0) {
    warnings.push({
      code: "SECTOR_PARTIAL",
      field: "sectorKeyword",
      message: `${plural(withoutSector, "symbol has", "symbols have")} no sector in the bundled lists (GICS sectors come with the S&P 500 list only) and ${withoutSector === 1 ? "was" : "were"} left out by sectorKeyword.`,
    });
  }
  if (withoutEarningsDate > 0) {
    warnings.push({
      code: "EARNINGS_DATES_PARTIAL",
      field: "maxEarnDays",
      message: `${plural(withoutEarningsDate, "symbol has", "symbols have")} no next earnings date in ${earningsDays.source} and ${withoutEarningsDate === 1 ? "was" : "were"} kept: the maxEarnDays filter could not be applied to ${withoutEarningsDate === 1 ? "it" : "them"}.`,
    });
  }
  return selected;
}

/** One bound on a fundamental figure: the figure's value for a row (null: unknown that day) and its limit. */
type FundamentalBound = { field: string; bound: "min" | "max"; limit: number; unknownText: string; valueOf: (entry: Screened, day: string) => number | null };

/** The request's bounds on fundamentals: the Basic market-cap and P/E filters, and a Pro screen's PRO_FUNDAMENTAL_FILTERS. */
function fundamentalBounds(request: ScreenRequest): FundamentalBound[] {
  const bounds: FundamentalBound[] = [];
  if (request.minMarketCapBillions !== null) {
    bounds.push({ field: "minMarketCapBillions", bound: "min", limit: request.minMarketCapBillions * 1e9, unknownText: "no market cap known", valueOf: (entry) => entry.fundamentals!.marketCap.value });
  }
  if (request.maxPeRatio !== null) {
    bounds.push({
      field: "maxPeRatio",
      bound: "max",
      limit: request.maxPeRatio,
      unknownText: "no P/E (a loss, or no earnings known then)",
      valueOf: (entry, day) => trailingPe(entry.fundamentals!, entry.technicals.ticker, entry.technicals.close, day)?.value ?? null,
    });
  }
  for (const [field, { figure, bound, name }] of Object.entries(PRO_FUNDAMENTAL_FILTERS) as [ProFundamentalField, (typeof PRO_FUNDAMENTAL_FILTERS)[ProFundamentalField]][]) {
    const limit = request.advanced?.[field] ?? null;
    if (limit !== null) bounds.push({ field: `advanced.${field}`, bound, limit, unknownText: `no ${name} known`, valueOf: (entry) => entry.fundamentals![figure].value });
  }
  return bounds;
}

/**
 * Each row's fundamentals on the screen's day (fundamentals-as-of.ts), and the filters over them: a
 * row whose figure is unknown that day fails the filter, and a warning per filter counts those
 * rows, so a thin answer says why. `forRows` false (only the matches wanted): read only for the filters.
 */
function filterByFundamentals(request: ScreenRequest, selected: Screened[], day: string, warnings: ScreenWarning[], forRows: boolean): Screened[] {
  const bounds = fundamentalBounds(request);
  // Read for the rows' columns, or for the filters (half a millisecond a day over the S&P 500).
  if (!forRows && bounds.length === 0) return selected;
  for (const entry of selected) entry.fundamentals = fundamentalsAsOf(entry.technicals.ticker, entry.technicals.close, day);
  if (bounds.length === 0) return selected;
  const unknown = new Map<FundamentalBound, number>();
  const kept = selected.filter((entry) =>
    bounds.every((bound) => {
      const value = bound.valueOf(entry, day);
      if (value === null) {
        unknown.set(bound, (unknown.get(bound) ?? 0) + 1);
        return false;
      }
      return bound.bound === "min" ? value >= bound.limit : value <= bound.limit;
    }),
  );
  for (const [bound, count] of unknown) {
    warnings.push({
      code: "FUNDAMENTAL_UNKNOWN",
      field: bound.field,
      message: `${plural(count, "symbol has", "symbols have")} ${bound.unknownText} on ${day} and ${count === 1 ? "was" : "were"} left out by ${bound.field.replace("advanced.", "")}.`,
    });
  }
  return kept;
}

/** What the data cannot fill for the matched rows, with counts, and the deprecated fields a client set. */
function coverageWarnings(request: ScreenRequest, market: MarketSnapshot, screened: Screened[], kind: ScreenKind): ScreenWarning[] {
  const warnings: ScreenWarning[] = [];
  if (request.requireOptions || request.minOptionsOi > 0) {
    warnings.push({
      code: "OPTIONS_DATA_UNAVAILABLE",
      field: request.requireOptions ? "requireOptions" : "minOptionsOi",
      message: "The app has no options data, so requireOptions and minOptionsOi were not applied (no row was filtered by them).",
    });
  }
  if (request.batchSize !== null) {
    warnings.push({
      code: "BATCH_SIZE_IGNORED",
      field: "batchSize",
      message: "batchSize was not applied: indicators are precomputed for every symbol, so it changes nothing.",
    });
  }
  if (market.betaProxy && !market.betaProxy.startsWith(marketProxyTicker)) {
    warnings.push({ code: "BETA_PROXY", field: null, message: `Beta (60 days) is measured against this market proxy: ${market.betaProxy}.` });
  }
  const total = screened.length;
  const coverage = fundamentalsCoverage();
  const withPe = screened.filter((entry) => entry.peRatio !== null).length;
  const withMarketCap = screened.filter((entry) => entry.fundamentals?.marketCap.value != null).length;
  if (total > 0 && (withPe < total || withMarketCap < total)) {
    warnings.push({
      code: "FUNDAMENTALS_PARTIAL",
      field: null,
      message:
        `Market cap is known for ${count(withMarketCap)} and P/E for ${count(withPe)} of ${plural(total, "row", "rows")} on ${market.asOf ?? "the screen's day"}: ` +
        `they come from the last 10-K known that day in the bundled 2012–2016 annual file (counted 90 days after its fiscal year's end; ` +
        `market cap from its implied share count, an estimate), else P/E from the last four quarters' EPS in the bundled Yahoo Finance ` +
        `history (${count(coverage.peTickers)} US tickers). Other figures follow the same 10-K and are null where it is unknown.`,
    });
  }
  const withEarnings = screened.filter((entry) => entry.daysToEarnings !== null).length;
  // With maxEarnDays set, filterByRequest has already said how many dates were unknown; a Pro
  // screen's EARNINGS_PREDICTIONS_PARTIAL counts its dates (screen-pro.ts).
  if (total > 0 && withEarnings < total && request.maxEarnDays === 0 && kind !== "pro") {
    warnings.push({
      code: "EARNINGS_DATES_PARTIAL",
      field: null,
      message:
        `Days to earnings are known for ${count(withEarnings)} of ${plural(total, "row", "rows")}: ` +
        `the bundled Yahoo Finance earnings calendar covers ${count(coverage.earningsTickers)} US tickers.`,
    });
  }
  return warnings;
}

/** Rounded to a precision beyond what anyone reads (a 6,000-row answer is a quarter smaller for it). */
const roundedOrNull = (value: number | null, decimals: number) => (value === null ? null : round(value, decimals));

function basicRow(entry: Screened): BasicScreenRow {
  const { technicals } = entry;
  return {
    ticker: technicals.ticker,
    name: entry.info?.name ?? null,
    sector: entry.info?.sector ?? null,
    price: technicals.close,
    sma5: roundedOrNull(technicals.sma5, 4),
    sma20: roundedOrNull(technicals.sma20, 4),
    sma50: roundedOrNull(technicals.sma50, 4),
    rsi: roundedOrNull(technicals.rsi14, 2),
    volume: technicals.volume,
    avgVolume20: roundedOrNull(technicals.avgVolume20, 0),
    technicalScore: technicals.technicalScore,
    sentimentScore: entry.news?.sentimentScore ?? null,
    newsCount: entry.news?.newsCount ?? 0,
    analystUpgrades: entry.news?.analystUpgrades ?? 0,
    analystDowngrades: entry.news?.analystDowngrades ?? 0,
    momentum: technicals.momentum,
    peRatio: roundedOrNull(entry.peRatio, 2),
    marketCap: roundedOrNull(entry.fundamentals?.marketCap.value ?? null, 0),
    earningsYield: roundedOrNull(entry.fundamentals?.earningsYield.value ?? null, 5),
    priceToBook: roundedOrNull(entry.fundamentals?.priceToBook.value ?? null, 3),
    priceToSales: roundedOrNull(entry.fundamentals?.priceToSales.value ?? null, 3),
    revenueGrowth: roundedOrNull(entry.fundamentals?.revenueGrowth.value ?? null, 5),
    netMargin: roundedOrNull(entry.fundamentals?.netMargin.value ?? null, 5),
    returnOnEquity: roundedOrNull(entry.fundamentals?.returnOnEquity.value ?? null, 5),
    debtToEquity: roundedOrNull(entry.fundamentals?.debtToEquity.value ?? null, 3),
    beta: roundedOrNull(technicals.beta60, 3),
    maCondition: technicals.maCondition,
    maSpreadPct: roundedOrNull(technicals.maSpreadPct, 5),
    crossover: entry.crossover,
    daysToEarnings: entry.daysToEarnings,
    asOf: technicals.asOf,
  };
}

function combinedRow(entry: Screened): CombinedScreenRow {
  const { technicals } = entry;
  const sentimentScore = entry.news?.sentimentScore ?? null;
  const combinedScore = combinedScoreOf(technicals.technicalScore, sentimentScore);
  return {
    ticker: technicals.ticker,
    name: entry.info?.name ?? null,
    price: technicals.close,
    grade: gradeOf(combinedScore),
    combinedScore,
    technicalScore: technicals.technicalScore,
    sentimentScore,
    newsCount: entry.news?.newsCount ?? 0,
    crossover: entry.crossover,
    momentum: technicals.momentum,
    latestHeadline: entry.news?.latestHeadline ?? null,
    recencyHours: entry.recencyHours,
  };
}

/** Written out field by field: spreading two objects into a 40-field one took V8's slow path (≈ 40 µs a row, 20 ms a screen). */
function proRow(entry: Screened, factorDay: FactorDay): ProScreenRow {
  const basic = basicRow(entry);
  const combined = combinedRow(entry);
  const extras = proExtras(factorDay.byTicker.get(entry.technicals.ticker));
  return {
    ticker: basic.ticker,
    name: basic.name,
    sector: basic.sector,
    price: basic.price,
    sma5: basic.sma5,
    sma20: basic.sma20,
    sma50: basic.sma50,
    rsi: basic.rsi,
    volume: basic.volume,
    avgVolume20: basic.avgVolume20,
    technicalScore: basic.technicalScore,
    sentimentScore: basic.sentimentScore,
    newsCount: basic.newsCount,
    analystUpgrades: basic.analystUpgrades,
    analystDowngrades: basic.analystDowngrades,
    momentum: basic.momentum,
    peRatio: basic.peRatio,
    marketCap: basic.marketCap,
    earningsYield: basic.earningsYield,
    priceToBook: basic.priceToBook,
    priceToSales: basic.priceToSales,
    revenueGrowth: basic.revenueGrowth,
    netMargin: basic.netMargin,
    returnOnEquity: basic.returnOnEquity,
    debtToEquity: basic.debtToEquity,
    beta: basic.beta,
    maCondition: basic.maCondition,
    maSpreadPct: basic.maSpreadPct,
    crossover: basic.crossover,
    daysToEarnings: basic.daysToEarnings,
    asOf: basic.asOf,
    grade: combined.grade,
    combinedScore: combined.combinedScore,
    latestHeadline: combined.latestHeadline,
    recencyHours: combined.recencyHours,
    aiScore: extras.aiScore,
    aiRank: extras.aiRank,
    aiRankedOf: extras.aiRankedOf,
    return1m: extras.return1m,
    return3m: extras.return3m,
    return12m: extras.return12m,
    volatility60: extras.volatility60,
    beatProbability: extras.beatProbability,
    baseRate: extras.baseRate,
    nextReportDate: extras.nextReportDate,
    daysToReport: extras.daysToReport,
    earningsCovered: extras.earningsCovered,
    fundHoldings: extras.fundHoldings,
  };
}

/** The spec's screening_results columns for each row, in the rows' order, fitted to the columns' precision. */
function storedColumns(outcome: ScreenOutcome, ordered: Screened[]): StoredResultColumns[] {
  return ordered.map((entry, position) => {
    const { technicals } = entry;
    const score = outcome.kind === "basic" ? technicals.technicalScore : (outcome.rows[position] as CombinedScreenRow | ProScreenRow).combinedScore;
    return {
      position,
      row: outcome.rows[position],
      ticker: technicals.ticker,
      lastClose: fitNumeric(technicals.close, 10, 2),
      sma5: fitNumeric(technicals.sma5, 10, 2),
      sma20: fitNumeric(technicals.sma20, 10, 2),
      maCondition: technicals.maCondition,
      maSpreadPct: fitNumeric(technicals.maSpreadPct, 5, 4),
      beta60: fitNumeric(technicals.beta60, 5, 3),
      newsCount: entry.news?.newsCount ?? 0,
      sentiment: fitNumeric(entry.news?.sentimentScore ?? null, 3, 2),
      recencyHours: fitNumeric(entry.recencyHours, 8, 2),
      headline: entry.news?.latestHeadline ?? null,
      // final_score is numeric(5,3), which cannot hold 0–100: the 0–100 score is stored as a fraction.
      finalScore: fitNumeric(score / 100, 5, 3),
    };
  });
}

/** The market as of a past date, which must lie in the stored prices' range (BAD_USER_INPUT naming asOf otherwise). */
async function pastMarket(deps: ScreenDeps, asOf: string): Promise<MarketSnapshot> {
  return deps.technicals.asOf((await parsePriceAsOf(deps.db, asOf))!);
}

/**
 * A screen asked for over HTTP (GraphQL or REST). The web app's traffic (per signed-in user or
 * anonymous IP) spends one of its screen runs first; API keys pay through their point budget.
 * The run is stored once `response` has been sent.
 */
export async function runRequestedScreen(context: RequestContext, input: unknown, kind: "basic", response: SentResponse | undefined): Promise<BasicScreenOutcome>;
export async function runRequestedScreen(context: RequestContext, input: unknown, kind: "combined", response: SentResponse | undefined): Promise<CombinedScreenOutcome>;
export async function runRequestedScreen(context: RequestContext, input: unknown, kind: "pro", response: SentResponse | undefined): Promise<ProScreenOutcome>;
export async function runRequestedScreen(context: RequestContext, input: unknown, kind: ScreenKind, response: SentResponse | undefined): Promise<ScreenOutcome>;
export async function runRequestedScreen(context: RequestContext, input: unknown, kind: ScreenKind, response: SentResponse | undefined): Promise<ScreenOutcome> {
  const { viewer } = context;
  if (viewer?.authMethod !== "apiKey") {
    await context.rateLimiters.screenRuns.consume(viewer ? `user:${viewer.user.id}` : `ip:${context.clientIp}`);
  }
  const anonymousRequester = createHmac("sha256", context.sessionSecret).update(context.clientIp).digest("base64url");
  return runScreen(context, viewer, input, kind, { storeAfter: responseSent(response), anonymousRequester });
}
