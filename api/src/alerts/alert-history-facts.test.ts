/** @db */
import { endOfDay } from "@shared/as-of";
import { SCREEN_NUMBER_RULES } from "@shared/screen-rules";
import type { AppDeps } from "../context";
import { universeTickers } from "../market-data/universes";
import { countedInWindow } from "../news/news-window";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { factsOfDay } from "./alert-facts";
import { newsAndEarningsByDay, type NewsAndEarnings } from "./alert-history-facts";

/**
 * Tickers with news in the bundled files from the screen's default sources (Reuters headlines and
 * Yahoo rating changes, both dated only; stocknewsapi and finnhub stories with a time) and, for
 * AAPL and ABBV, earnings dates in the 2021 calendar snapshots.
 */
const tickers = ["AAPL", "MSFT", "JPM", "KO", "ABBV", "NFLX"];
/** Scattered over the stored period (from the 20th bar on, when the screen first has figures): busy Reuters months, quiet ones, the earnings snapshots' weeks and the last day. */
const scatteredDays = ["2018-02-15", "2018-06-29", "2019-01-31", "2019-07-24", "2019-12-20", "2020-02-20", "2020-07-17", "2021-02-22", "2021-03-05", "2021-03-08", "2021-04-21"];
const windowMs = SCREEN_NUMBER_RULES.newsWindowDays.default * 86_400_000;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let tradingDays: string[];

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  deps = createTestDeps(db);
  await loadSnapshotPrices(db, tickers, { withMarket: false });
  await loadNewsSnapshot(deps, { force: true });
  tradingDays = (await deps.technicals.bars()).tradingDays;
}, 180_000);
afterAll(async () => {
  await db.close();
});

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What the live evaluation sees at `day`, for the three figures. */
async function liveFigures(day: string): Promise<Map<string, NewsAndEarnings>> {
  const { byTicker } = await factsOfDay(deps, tickers, day);
  return new Map([...byTicker].map(([ticker, facts]) => [ticker, { sentiment: facts.sentiment, articles: facts.articles, daysToEarnings: facts.daysToEarnings }]));
}

/**
 * A Reuters headline of AAPL (dated only, stored at 12:00 UTC) whose date + 6 and + 7 days are both
 * trading days: the first is the last day whose 7-day window holds the headline's whole day, the
 * second the first that does not.
 */
async function dateOnlyEdge(): Promise<{ publishedAt: Date; lastCounted: string; firstDropped: string }> {
  const stored = new Set(tradingDays);
  const rows = await db.prisma.$queryRaw<{ published_at: Date }[]>`
    SELECT published_at FROM news_articles
    WHERE source = 'reuters' AND NOT published_time_known AND 'AAPL' = ANY(tickers)
    ORDER BY published_at`;
  for (const { published_at: publishedAt } of rows) {
    const date = publishedAt.toISOString().slice(0, 10);
    const [lastCounted, firstDropped] = [addDays(date, 6), addDays(date, 7)];
    if (stored.has(lastCounted) && stored.has(firstDropped)) return { publishedAt, lastCounted, firstDropped };
  }
  throw new Error("no AAPL Reuters headline 6 and 7 days before two trading days");
}

describe("the news and earnings figures of every trading day", () => {
  it("equal factsOfDay's sentiment, articles and days to earnings at scattered days and at a date-only article's window edge", async () => {
    const edge = await dateOnlyEdge();
    // The rule's edge: the headline's day is wholly inside the window ending at lastCounted, outside the next day's.
    const windowOf = (day: string) => [new Date(endOfDay(day).getTime() - windowMs), endOfDay(day)] as const;
    expect(countedInWindow(edge.publishedAt, false, ...windowOf(edge.lastCounted))).toBe(true);
    expect(countedInWindow(edge.publishedAt, false, ...windowOf(edge.firstDropped))).toBe(false);

    const days = [...scatteredDays, edge.lastCounted, edge.firstDropped];
    expect(days.every((day) => tradingDays.includes(day))).toBe(true);
    // Every stored day at once, as the history asks, though only some are compared.
    const figures = await newsAndEarningsByDay(deps, tickers, tradingDays);
    expect([...figures.keys()]).toEqual(tickers);
    for (const ticker of tickers) expect(figures.get(ticker)!.size).toBe(tradingDays.length);

    let withNews = 0;
    let withEarnings = 0;
    for (const day of days) {
      const live = await liveFigures(day);
      expect([...live.keys()].sort()).toEqual([...tickers].sort());
      for (const ticker of tickers) {
        expect({ ticker, day, ...figures.get(ticker)!.get(day) }).toEqual({ ticker, day, ...live.get(ticker) });
        if (live.get(ticker)!.articles > 0) withNews += 1;
        if (live.get(ticker)!.daysToEarnings !== null) withEarnings += 1;
      }
    }
    // The comparison covers days with news and with a next report, not only empty ones.
    expect(withNews).toBeGreaterThanOrEqual(10);
    expect(withEarnings).toBeGreaterThanOrEqual(4);
    expect(figures.get("AAPL")!.get(edge.lastCounted)!.articles).toBeGreaterThan(0);
  });

  it("reads 500 tickers' articles over every stored day in one query; a ticker without news or earnings dates has none", async () => {
    const many = [...new Set([...universeTickers("sp500", { includeEtf: false }).slice(0, 499), "ZZZZ"])];
    const queries = jest.spyOn(db.prisma, "$queryRaw");
    const figures = await newsAndEarningsByDay(deps, many, tradingDays);
    expect(queries).toHaveBeenCalledTimes(1);
    queries.mockRestore();

    expect(figures.size).toBe(many.length);
    expect([...figures.get("ZZZZ")!.values()].every((day) => day.sentiment === null && day.articles === 0 && day.daysToEarnings === null)).toBe(true);
    // The same figures whichever tickers and days are asked with them.
    const few = await newsAndEarningsByDay(deps, ["AAPL", "JPM"], scatteredDays);
    for (const ticker of ["AAPL", "JPM"]) {
      for (const day of scatteredDays) expect(figures.get(ticker)!.get(day)).toEqual(few.get(ticker)!.get(day));
    }
  });
});
