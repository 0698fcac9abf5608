// An alert's history: when it would have fired over the whole stored period, each day judged only
// on data dated up to that day (the same rules as live evaluation, alert-conditions.ts), and what
// followed: the ticker's return over the next 5 and 21 trading days against the equal-weight
// universe of every stored ticker, with the mean excess and its 95 % block-bootstrap interval.
import { rsiPeriod, loadIndicatorLibrary, rsiSeries, smaSeries } from "../market-data/technicals";
import { lastIndexOnOrBefore, withStaleness, type BarHistory } from "../market-data/technicals-store";
import { technicalsSeries } from "../market-data/technicals-series";
import { universeDailyReturns } from "../research/compare-math";
import type { SavedScreen } from "../generated/prisma/client";
import type { ScreenDeps } from "../screening/screen";
import { blockBootstrapMeanInterval, mean } from "../shared/statistics";
import {
  analystFiring,
  firingOfDay,
  fundFiring,
  screenFirings,
  SMA_PERIODS,
  type AlertCondition,
  type ConditionParams,
  type DayFacts,
  type FoundFiring,
} from "./alert-conditions";
import { HISTORY_NEWS_SOURCES, newsAndEarningsByDay } from "./alert-history-facts";
import { analystActionsBetween, fundChangesKnownBetween, screenMatchesAtDay, tradingDayOnOrAfter } from "./alert-facts";

export const FORWARD_HORIZONS = [5, 21] as const;

export type ForwardReturn = { days: number; stock: number | null; universe: number | null; excess: number | null };
export type HistoryFiring = FoundFiring & { forward: ForwardReturn[] };
export type HorizonSummary = {
  days: number;
  measured: number;
  meanStock: number | null;
  meanUniverse: number | null;
  meanExcess: number | null;
  /** The 95 % interval of the mean excess (block bootstrap over the firings in day order: nearby firings move together). */
  excessLow: number | null;
  excessHigh: number | null;
  /** Share of measured firings that beat the universe. */
  hitRate: number | null;
};
export type AlertHistory = {
  from: string | null;
  to: string | null;
  source: string;
  available: boolean;
  /** Every firing, newest first. */
  firings: HistoryFiring[];
  horizons: HorizonSummary[];
  warnings: string[];
  ms: number;
};

/** What a history needs of an alert (saved or not): its condition, settings, watched tickers or saved screen. */
export type HistoryRequest = { condition: AlertCondition; params: unknown; tickers: string[]; screen?: SavedScreen | null };

const FROM_PRICES: readonly AlertCondition[] = ["price_cross", "price_move", "sma_cross", "rsi_level"];
const FROM_NEWS_OR_EARNINGS: readonly AlertCondition[] = ["sentiment_cross", "article_jump", "earnings_within"];

/** Each stored bars version's universe returns, computed once (every stored ticker, equal weight). */
const universes = new WeakMap<BarHistory, Map<string, { mean: number; members: number }>>();
function universeOf(bars: BarHistory) {
  let returns = universes.get(bars);
  if (!returns) universes.set(bars, (returns = universeDailyReturns(bars.byTicker.values(), bars.tradingDays)));
  return returns;
}

/** The ticker's daily figures from its stored bars, as the screen computes them at each day. */
async function dailyFacts(bars: BarHistory, ticker: string): Promise<DayFacts[]> {
  const series = bars.byTicker.get(ticker);
  if (!series) return [];
  const library = await loadIndicatorLibrary();
  const smas = Object.fromEntries(SMA_PERIODS.map((period) => [period, smaSeries(series.closes, period, library)])) as Record<5 | 20 | 50, (number | null)[]>;
  const rsi = rsiSeries(series.closes, rsiPeriod, library);
  return series.dates.map((day, index) => ({
    day,
    close: series.closes[index],
    sma: { 5: smas[5][index], 20: smas[20][index], 50: smas[50][index] },
    rsi: rsi[index],
    sentiment: null,
    articles: 0,
    daysToEarnings: null,
  }));
}

function forwardReturns(bars: BarHistory, universe: Map<string, { mean: number }>, dayIndex: Map<string, number>, ticker: string, day: string): ForwardReturn[] {
  const series = bars.byTicker.get(ticker);
  const found = series ? lastIndexOnOrBefore(series.dates, day) : -1;
  const start = found >= 0 && series!.dates[found] === day ? found : -1;
  const first = dayIndex.get(day);
  return FORWARD_HORIZONS.map((days) => {
    const end = series && start >= 0 ? start + days : -1;
    if (!series || end < 0 || end >= series.dates.length || first === undefined) return { days, stock: null, universe: null, excess: null };
    const stock = series.closes[end] / series.closes[start] - 1;
    // The universe compounded over the same trading days.
    let growth = 1;
    for (let index = first + 1; index <= (dayIndex.get(series.dates[end]) ?? first); index++) growth *= 1 + (universe.get(bars.tradingDays[index])?.mean ?? 0);
    const universeReturn = growth - 1;
    return { days, stock, universe: universeReturn, excess: stock - universeReturn };
  });
}

function summarize(firings: HistoryFiring[]): HorizonSummary[] {
  const inDayOrder = [...firings].sort((a, b) => a.day.localeCompare(b.day) || a.ticker.localeCompare(b.ticker));
  return FORWARD_HORIZONS.map((days, horizon) => {
    const measured = inDayOrder.map((firing) => firing.forward[horizon]).filter((forward) => forward.excess !== null);
    const excess = measured.map((forward) => forward.excess!);
    const interval = blockBootstrapMeanInterval(excess);
    return {
      days,
      measured: measured.length,
      meanStock: mean(measured.map((forward) => forward.stock!)),
      meanUniverse: mean(measured.map((forward) => forward.universe!)),
      meanExcess: mean(excess),
      excessLow: interval?.low ?? null,
      excessHigh: interval?.high ?? null,
      hitRate: measured.length > 0 ? excess.filter((value) => value > 0).length / measured.length : null,
    };
  });
}

/** When the alert would have fired over the stored history, and what followed; see the file's opening comment. */
export async function alertHistory(deps: ScreenDeps, request: HistoryRequest): Promise<AlertHistory> {
  const started = performance.now();
  const bars = await deps.technicals.bars();
  const from = bars.tradingDays[0] ?? null;
  const to = bars.tradingDays.at(-1) ?? null;
  const sources = bars.sourceRanges.map((range) => `${range.source} (${range.first} → ${range.last})`).join("; ");
  const warnings: string[] = [];
  const found: FoundFiring[] = [];
  const { condition, params, tickers } = request;

  if (FROM_PRICES.includes(condition)) {
    for (const ticker of tickers) {
      const facts = await dailyFacts(bars, ticker);
      if (facts.length === 0) warnings.push(`${ticker} has no stored prices.`);
      for (let index = 1; index < facts.length; index++) {
        const firing = firingOfDay(condition as "price_cross", params as never, ticker, facts[index - 1], facts[index]);
        if (firing) found.push(firing);
      }
    }
    if (condition === "price_cross") warnings.push("Closes are split-adjusted as stored today, so a level is compared with adjusted past closes.");
  } else if (condition === "analyst_action" && from && to) {
    const actions = await analystActionsBetween(deps.db, tickers, new Date(`${from}T00:00:00Z`), new Date(`${to}T23:59:59.999Z`), to);
    for (const action of actions) {
      const day = tradingDayOnOrAfter(bars.tradingDays, action.publishedAt.toISOString().slice(0, 10));
      const firing = day ? analystFiring(params as ConditionParams["analyst_action"], { ...action, day }) : null;
      if (firing) found.push(firing);
    }
  } else if (condition === "fund_change" && from && to) {
    for (const change of await fundChangesKnownBetween(deps.db, tickers, "0000-01-01", to)) {
      const day = tradingDayOnOrAfter(bars.tradingDays, change.knownOn);
      const firing = day ? fundFiring(params as ConditionParams["fund_change"], { ...change, knownOn: day }) : null;
      if (firing) found.push(firing);
    }
  } else if (condition === "screen_enter" || condition === "screen_leave") {
    if (request.screen && bars.tradingDays.length > 0) return screenHistory(deps, bars, request.screen, condition, started);
  } else if (FROM_NEWS_OR_EARNINGS.includes(condition)) {
    const figures = await newsAndEarningsByDay(deps, tickers, bars.tradingDays);
    for (const ticker of tickers) {
      const byDay = figures.get(ticker);
      const facts = (await dailyFacts(bars, ticker)).map((facts) => ({ ...facts, ...byDay?.get(facts.day) }));
      for (let index = 1; index < facts.length; index++) {
        const firing = firingOfDay(condition as "sentiment_cross", params as never, ticker, facts[index - 1], facts[index]);
        if (firing) found.push(firing);
      }
    }
    return finished(bars, found, {
      from,
      to,
      source:
        condition === "earnings_within"
          ? `Report dates from the bundled Yahoo Finance earnings calendar; daily closes from ${sources}`
          : `The 7-day news window of the screen's default sources (${HISTORY_NEWS_SOURCES}) at each day's close; daily closes from ${sources}`,
      warnings,
      started,
    });
  }
  return finished(bars, found, { from, to, source: `Daily closes from ${sources}`, warnings, started });
}

/** The firings with their forward returns, newest first, summarized per horizon. */
function finished(bars: BarHistory, found: FoundFiring[], shape: { from: string | null; to: string | null; source: string; warnings: string[]; started: number }): AlertHistory {
  const universe = universeOf(bars);
  const dayIndex = new Map(bars.tradingDays.map((day, index) => [day, index]));
  // A fact fires once, on the first day it is met (a report due within N days: on the first of them), as live.
  const firstOfEachFact = new Map<string, FoundFiring>();
  for (const firing of [...found].sort((a, b) => a.day.localeCompare(b.day))) {
    const key = `${firing.ticker} ${firing.factKey}`;
    if (!firstOfEachFact.has(key)) firstOfEachFact.set(key, firing);
  }
  const firings = [...firstOfEachFact.values()]
    .map((firing) => ({ ...firing, forward: forwardReturns(bars, universe, dayIndex, firing.ticker, firing.day) }))
    .sort((a, b) => b.day.localeCompare(a.day) || a.ticker.localeCompare(b.ticker));
  const unmeasured = firings.filter((firing) => firing.forward.every((forward) => forward.excess === null)).length;
  const warnings = [...shape.warnings];
  if (unmeasured > 0) warnings.push(`${unmeasured} firing${unmeasured === 1 ? "" : "s"} too close to the end of the stored prices for a forward return.`);
  return {
    from: shape.from,
    to: shape.to,
    source: `${shape.source}; universe: the equal-weight mean daily return of every stored ticker`,
    available: bars.tradingDays.length > 0,
    firings,
    horizons: summarize(firings),
    warnings,
    ms: Math.round(performance.now() - shape.started),
  };
}

/**
 * A Pro screen's history covers this many trading days (about a year) up to the last stored one:
 * each day needs that day's AI scores, earnings predictions and 13F holdings (some 13 ms a day).
 */
export const PRO_SCREEN_HISTORY_DAYS = 250;

/**
 * A saved screen's entries or exits: the screen run, by its own kind and filters, at every stored
 * trading day (a Pro screen: its last PRO_SCREEN_HISTORY_DAYS), each day's membership compared
 * with the day before's by the live rule. The days' indicators come from the series computed once
 * over every bar (market-data/technicals-series.ts), not from a 420-day window per day, and only
 * the news and fundamentals a filter needs are read.
 */
async function screenHistory(deps: ScreenDeps, bars: BarHistory, screen: SavedScreen, condition: "screen_enter" | "screen_leave", started: number): Promise<AlertHistory> {
  const pro = screen.kind === "pro";
  const days = pro ? bars.tradingDays.slice(-(PRO_SCREEN_HISTORY_DAYS + 1)) : bars.tradingDays;
  const matches = await screenMatchesEveryDay(deps, bars, screen, days);
  const found: FoundFiring[] = [];
  for (let index = 1; index < matches.length; index++) found.push(...screenFirings(condition, screen.name, matches[index - 1], matches[index]));
  const source = matches.at(-1)?.source ?? "";
  const warnings = pro
    ? [
        `A Pro screen's history covers its last ${PRO_SCREEN_HISTORY_DAYS} stored trading days, not the whole period: each day needs that day's AI scores, earnings predictions and 13F holdings. Replay earlier days to see it fire there.`,
      ]
    : [];
  return finished(bars, found, { from: days[1] ?? null, to: days.at(-1) ?? null, source, warnings, started });
}

type DayMatches = { day: string; tickers: Set<string>; source: string };

/** How long a screen's daily matches are kept: the form's preview, then the saved alert's history, ask for the same. */
export const SCREEN_MATCHES_KEPT_MS = 10 * 60_000;
const SCREENS_KEPT = 4;
/** Per version of the bars, the last few screens' daily matches, by kind and request (not name: the firings' text is made after). */
const keptMatches = new WeakMap<BarHistory, Map<string, { expires: number; matches: Promise<DayMatches[]> }>>();

/** The screen's matches at each of `days` (see screenHistory), kept SCREEN_MATCHES_KEPT_MS: news or AI scores may change them meanwhile. */
function screenMatchesEveryDay(deps: ScreenDeps, bars: BarHistory, screen: SavedScreen, days: string[]): Promise<DayMatches[]> {
  let kept = keptMatches.get(bars);
  if (!kept) keptMatches.set(bars, (kept = new Map()));
  const key = JSON.stringify([screen.kind, screen.request, days[0], days.length]);
  const entry = kept.get(key);
  kept.delete(key);
  if (entry && entry.expires > Date.now()) {
    kept.set(key, entry);
    return entry.matches;
  }
  const matches = runScreenEveryDay(deps, bars, screen, days);
  const fresh = { expires: Date.now() + SCREEN_MATCHES_KEPT_MS, matches };
  kept.set(key, fresh);
  matches.catch(() => kept.get(key) === fresh && kept.delete(key));
  for (const older of kept.keys()) if (kept.size > SCREENS_KEPT) kept.delete(older);
  return matches;
}

async function runScreenEveryDay(deps: ScreenDeps, bars: BarHistory, screen: SavedScreen, days: string[]): Promise<DayMatches[]> {
  const series = await technicalsSeries(bars);
  const everyDay: ScreenDeps = {
    db: deps.db,
    logger: deps.logger,
    technicals: { ...deps.technicals, asOf: async (day) => withStaleness(series.snapshotAt(day)) },
  };
  const matches: DayMatches[] = [];
  for (const day of days) matches.push({ day, ...(await screenMatchesAtDay(everyDay, screen, day)) });
  return matches;
}
