/** @db */
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { AppError } from "../errors/app-error";
import { enrichArticle, storeArticles } from "./articles";
import { newsClock } from "./news-clock";
import { CORPORA_KEPT, isNewsDayCached, newestFirst, summarizeNews, windowArticlesWhere, type NewsTimeframe } from "./news-summary";
import { loadNewsSnapshot } from "./snapshot/news-snapshot";
import { stopWords } from "./trending-topics";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const snapshotAsOf = new Date("2021-04-21T22:40:00Z");

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  await loadNewsSnapshot(createTestDeps(db));
}, 60_000);
afterAll(() => db.close());

const timeframes: NewsTimeframe[] = ["1h", "24h", "7d"];

describe("summarizeNews on the bundled snapshot", () => {
  it.each(timeframes)("AAPL %s: counts add up and match the listed articles, in the window ending at the snapshot's as-of", async (timeframe) => {
    const summary = await summarizeNews({ db }, { ticker: "aapl", timeframe });
    expect(summary).toMatchObject({ ticker: "AAPL", name: "Apple Inc.", mode: "snapshot", asOf: snapshotAsOf, windowEnd: snapshotAsOf });
    expect(summary.newsCount).toBeGreaterThan(0);
    expect(summary.bullishCount + summary.bearishCount + summary.neutralCount).toBe(summary.newsCount);

    const articles = await db.prisma.newsArticle.findMany({ where: windowArticlesWhere(summary), orderBy: newestFirst });
    expect(articles).toHaveLength(summary.newsCount);
    expect(articles.filter((article) => article.label === "bullish")).toHaveLength(summary.bullishCount);
    expect(articles.filter((article) => article.label === "bearish")).toHaveLength(summary.bearishCount);
    const mean = articles.reduce((sum, article) => sum + Number(article.score), 0) / articles.length;
    expect(summary.sentimentScore).toBeCloseTo(mean, 3);
    expect(summary.sentimentLabel).toBe(mean >= 0.2 ? "bullish" : mean <= -0.2 ? "bearish" : "neutral");
    expect(articles.every((article) => article.publishedAt > summary.windowStart && article.publishedAt <= summary.windowEnd)).toBe(true);
    expect(summary.socialSentiment).toBeNull();
    expect(summary.socialSentimentReason).toMatch(/no social posts/);
    expect(summary.noNewsReason).toBeNull();
  });

  it("keeps the news corpus of the last past days asked for, and counts a day's headlines once for concurrent summaries", async () => {
    const days = Array.from({ length: CORPORA_KEPT }, (_, index) => `2020-03-${String(index + 2).padStart(2, "0")}`);
    expect(days.some((day) => isNewsDayCached(db, day))).toBe(false);
    const queries = jest.spyOn(db.prisma, "$queryRaw");
    try {
      // Two tickers as of the same day: one corpus read (a `LIMIT LEAST(` query) between them.
      await Promise.all(["AAPL", "MSFT"].map((ticker) => summarizeNews({ db }, { ticker, asOf: days[0] })));
      const corpusReads = () => queries.mock.calls.filter(([sql]) => (sql as unknown as string[]).join("?").includes("LIMIT LEAST(")).length;
      expect(corpusReads()).toBe(1);
      for (const day of days.slice(1)) await summarizeNews({ db }, { ticker: "AAPL", asOf: day });
      expect(days.every((day) => isNewsDayCached(db, day))).toBe(true);
      expect(corpusReads()).toBe(days.length);
      await summarizeNews({ db }, { ticker: "KO", asOf: days[3] });
      expect(corpusReads()).toBe(days.length);
    } finally {
      queries.mockRestore();
    }
  });

  it("switching timeframe changes counts consistently: 1h ⊆ 24h ⊆ 7d", async () => {
    const [hour, day, week] = await Promise.all(timeframes.map((timeframe) => summarizeNews({ db }, { ticker: "AAPL", timeframe })));
    for (const key of ["newsCount", "bullishCount", "bearishCount", "neutralCount", "analystUpgrades", "analystDowngrades"] as const) {
      expect(hour[key]).toBeLessThanOrEqual(day[key]);
      expect(day[key]).toBeLessThanOrEqual(week[key]);
    }
    expect(hour.newsCount).toBeLessThan(day.newsCount);
    // The 24h average is the same whatever the window, and equals the 24h window's score.
    expect(hour.avgSentiment24h).toBe(day.sentimentScore);
    expect(week.avgSentiment24h).toBe(day.sentimentScore);
  });

  it("trending topics stand out for the ticker, without stop-words or the company's name", async () => {
    const summary = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "24h" });
    const terms = summary.trendingTopics.map((topic) => topic.term);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms).toEqual(expect.arrayContaining(["hearing", "antitrust"]));
    for (const term of terms) {
      for (const word of term.split(" ")) {
        expect(stopWords.has(word)).toBe(false);
        expect(["apple", "aapl", "inc"]).not.toContain(word);
      }
    }
    expect(summary.trendingTopics.every((topic) => topic.count >= 2)).toBe(true);
  });

  it("a ticker with no news in the window gives zeros, nulls and a reason in plain words", async () => {
    const summary = await summarizeNews({ db }, { ticker: "KO", timeframe: "7d" });
    expect(summary).toMatchObject({
      newsCount: 0,
      bullishCount: 0,
      bearishCount: 0,
      neutralCount: 0,
      trendingTopics: [],
      analystUpgrades: 0,
      analystDowngrades: 0,
      sentimentScore: null,
      sentimentLabel: null,
      avgSentiment24h: null,
      socialSentiment: null,
    });
    expect(summary.noNewsReason).toMatch(/^No news tagged KO in the 7 days up to Apr 21, 2021, 22:40 UTC/);
  });

  it("counts analyst upgrades and downgrades from the articles' analyst actions", async () => {
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 30 * 60_000);
    const stored = await storeArticles(db, [
      enrichArticle({ source: "test-live", guid: "up", title: "Goldman Sachs Upgrades Apple to Buy", publishedAt: hourAgo, feedTicker: "AAPL" }),
      enrichArticle({ source: "test-live", guid: "down", title: "Jefferies Downgrades Apple to Hold", publishedAt: hourAgo, feedTicker: "AAPL" }),
      enrichArticle({ source: "test-live", guid: "msft", title: "Needham Upgrades Microsoft to Buy", publishedAt: hourAgo, feedTicker: "MSFT" }),
    ]);
    try {
      const summary = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "1h" }, now);
      expect(summary).toMatchObject({ mode: "live", newsCount: 2, analystUpgrades: 1, analystDowngrades: 1 });
    } finally {
      await db.prisma.newsArticle.deleteMany({ where: { id: { in: stored.map((article) => article.id) } } });
    }
  });

  it("lists the feeds and the snapshot with its files among the sources", async () => {
    const summary = await summarizeNews({ db }, { ticker: "AAPL" });
    expect(summary.timeframe).toBe("24h");
    expect(summary.sources.at(-1)).toMatchObject({
      key: "snapshot",
      status: "loaded",
      asOf: snapshotAsOf,
      files: expect.arrayContaining(["data/news/finnhub_company_news_AAPL_2021-03-01_2021-03-15.json.gz"]),
    });
  });

  it("rejects a malformed or unknown ticker and an unknown timeframe, naming each field", async () => {
    const failure = (input: { ticker: unknown; timeframe?: unknown }) =>
      summarizeNews({ db }, input).then(
        () => null,
        (error: AppError) => error,
      );
    const bad = await failure({ ticker: "NOT_A_TICKER!", timeframe: "2d" });
    expect(bad).toBeInstanceOf(AppError);
    expect(bad?.code).toBe("BAD_USER_INPUT");
    expect(bad?.fieldErrors?.map((error) => error.field)).toEqual(["ticker", "timeframe"]);
    const unknown = await failure({ ticker: "ZZZZZ" });
    expect(unknown?.fieldErrors).toEqual([{ field: "ticker", message: expect.stringMatching(/Unknown ticker ZZZZZ/) }]);
  });
});

describe("newsClock", () => {
  it("runs live from now once an ingested article is less than 7 days old, and back to the snapshot without one", async () => {
    const now = new Date();
    const [stored] = await storeArticles(db, [
      enrichArticle({ source: "test-live", guid: "live-1", title: "Apple shares jump after record iPhone sales", publishedAt: new Date(now.getTime() - 3_600_000), feedTicker: "AAPL" }),
    ]);
    try {
      expect(await newsClock(db, now)).toMatchObject({ mode: "live", asOf: now, snapshotAsOf });
      const summary = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "24h" }, now);
      expect(summary).toMatchObject({ mode: "live", newsCount: 1, bullishCount: 1 });
    } finally {
      await db.prisma.newsArticle.delete({ where: { id: stored.id } });
    }
    expect(await newsClock(db, now)).toMatchObject({ mode: "snapshot", asOf: snapshotAsOf });
  });
});
