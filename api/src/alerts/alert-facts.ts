// The facts alerts are evaluated on, each point in time: the Basic screen's figures for a set of
// tickers at a trading day (what the screener and a watchlist show at that day), the analyst
// actions the news carried between two days' news clocks, the 13F quarters that became known
// between two days, and a saved screen's matches at a day.
import type { Database } from "../db/database";
import { fundHistory, fundHistoryAsOf, knownFromOf } from "../hedge-funds/hedge-funds";
import { lastIndexOnOrBefore } from "../market-data/technicals-store";
import { countedInWindowSql } from "../news/news-window";
import { savedRequest } from "../screening/saved-screens";
import { runScreen, type ScreenDeps, type ScreenKind } from "../screening/screen";
import { screenTickersAtDay } from "../screening/screen-tickers";
import type { AnalystActionFact, DayFacts, FundChangeFact } from "./alert-conditions";
import type { SavedScreen } from "../generated/prisma/client";

/** The trading day before `day` in the stored prices (null at the first). */
export async function previousTradingDay(deps: Pick<ScreenDeps, "technicals">, day: string): Promise<string | null> {
  const { tradingDays } = await deps.technicals.bars();
  const index = lastIndexOnOrBefore(tradingDays, day);
  return tradingDays[tradingDays[index] === day ? index - 1 : index] ?? null;
}

/** The first stored trading day on or after `day` (when an article or a filing of that date is first seen). */
export function tradingDayOnOrAfter(tradingDays: string[], day: string): string | null {
  const index = lastIndexOnOrBefore(tradingDays, day);
  return tradingDays[tradingDays[index] === day ? index : index + 1] ?? null;
}

/** Stored trading days from `from` (inclusive), at most `count`. */
export async function tradingDaysFrom(deps: Pick<ScreenDeps, "technicals">, from: string, count: number): Promise<string[]> {
  const { tradingDays } = await deps.technicals.bars();
  return tradingDays.filter((day) => day >= from).slice(0, count);
}

export type FactsOfDay = {
  day: string;
  byTicker: Map<string, DayFacts>;
  /** The screen's named sources, as the screener shows them. */
  source: string;
  /** Where the day's news window ended. */
  newsAsOf: Date | null;
};

/** The tickers' Basic-screen figures at `day` (a ticker without a bar that day has none). */
export async function factsOfDay(deps: ScreenDeps, tickers: readonly string[], day: string): Promise<FactsOfDay> {
  if (tickers.length === 0) return { day, byTicker: new Map(), source: "", newsAsOf: null };
  const outcome = await screenTickersAtDay(deps, tickers, day);
  const byTicker = new Map<string, DayFacts>();
  for (const row of outcome.rows) {
    if (row.asOf !== day) continue;
    byTicker.set(row.ticker, {
      day,
      close: row.price,
      sma: { 5: row.sma5, 20: row.sma20, 50: row.sma50 },
      rsi: row.rsi,
      sentiment: row.newsCount > 0 ? row.sentimentScore : null,
      articles: row.newsCount,
      daysToEarnings: row.daysToEarnings,
    });
  }
  return { day, byTicker, source: outcome.source, newsAsOf: outcome.newsAsOf };
}

type AnalystRow = { id: string; tickers: string[]; title: string; source: string; published_at: Date; action: string };

/** Upgrades and downgrades of the tickers in the news counted in (start, end], by the news window rule. */
export async function analystActionsBetween(db: Database, tickers: readonly string[], start: Date, end: Date, day: string): Promise<AnalystActionFact[]> {
  if (tickers.length === 0 || end <= start) return [];
  const rows = await db.prisma.$queryRaw<AnalystRow[]>`
    SELECT id::text, tickers, title, source, published_at, analyst_action->>'action' AS action
    FROM news_articles
    WHERE analyst_action->>'action' IN ('upgrade', 'downgrade') AND NOT is_social
      AND tickers && ${[...tickers]}::text[] AND ${countedInWindowSql(start, end)}
    ORDER BY published_at, id`;
  const wanted = new Set(tickers);
  return rows.flatMap((row) =>
    row.tickers
      .filter((ticker) => wanted.has(ticker))
      .map((ticker) => ({ articleId: row.id, ticker, action: row.action as AnalystActionFact["action"], title: row.title, source: row.source, publishedAt: row.published_at, day })),
  );
}

/**
 * Position changes in the tracked funds' 13F quarters first known after `after` and on or before
 * `day`. With `latestQuarterOnly`, only each fund's latest quarter known by `day` counts (a
 * watchlist's recent changes): an older quarter also known in the window is left out.
 */
export async function fundChangesKnownBetween(db: Database, tickers: readonly string[], after: string, day: string, latestQuarterOnly = false): Promise<FundChangeFact[]> {
  const wanted = new Set(tickers);
  const funds = await db.prisma.hedgeFund.findMany({ select: { cik: true }, orderBy: { cik: "asc" } });
  const facts: FundChangeFact[] = [];
  for (const { cik } of funds) {
    const history = await fundHistory(db, cik);
    if (!history) continue;
    // Known by the day, newest first: the first is the fund's latest quarter, as the Pro screener's fund column reads it.
    const quarters = latestQuarterOnly ? fundHistoryAsOf(history, day).quarters.slice(0, 1) : history.quarters;
    for (const quarter of quarters) {
      const knownOn = knownFromOf(quarter);
      if (knownOn <= after || knownOn > day) continue;
      for (const change of quarter.comparison.changes) {
        if (!change.kind || change.kind === "UNCHANGED" || !change.position.tickerMapped || !wanted.has(change.position.ticker)) continue;
        facts.push({
          ticker: change.position.ticker,
          fundCik: cik,
          fundName: history.fund.name,
          quarterEnd: quarter.quarterEnd,
          knownOn,
          kind: change.kind,
          previousShares: change.previousShares,
          shares: change.shares,
          filingUrl: quarter.filingUrl,
        });
      }
    }
  }
  return facts;
}

/** A saved screen's matching tickers at `day`, by the screen's own kind and filters. */
export async function screenMatchesAtDay(deps: ScreenDeps, screen: SavedScreen, day: string): Promise<{ tickers: Set<string>; source: string }> {
  const outcome = await runScreen(deps, null, { ...savedRequest(screen), asOf: day }, screen.kind as ScreenKind, { store: false, matchesOnly: true });
  return { tickers: new Set(outcome.rows.map((row) => row.ticker)), source: outcome.source };
}
