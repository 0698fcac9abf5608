/** @db */
import request from "supertest";
import { storePriceBars, type StoredBar } from "../market-data/price-bars";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { securityMaster } from "../market-data/security-master";
import { dataCoverage } from "./data-coverage";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

// Ten weekdays of bars for three S&P 500 members and one stock outside it.
const weekdays = ["2020-07-06", "2020-07-07", "2020-07-08", "2020-07-09", "2020-07-10", "2020-07-13", "2020-07-14", "2020-07-15", "2020-07-16", "2020-07-17"];
const bar = (ticker: string, date: string): StoredBar => ({ ticker, date, open: 10, high: 11, low: 9, close: 10.5, volume: 1000, source: "alphavantage-snapshot" });

let articleNumber = 0;
const article = (source: string, publishedAt: string, tickers: string[]) => ({
  source,
  guid: `guid-${(articleNumber += 1)}`,
  title: `Headline ${articleNumber}`,
  publishedAt: new Date(publishedAt),
  tickers,
  score: 0.1,
  label: "neutral",
  terms: [],
  isSnapshot: true,
});

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  await storePriceBars(db, ["AAPL", "MSFT", "JPM", "ROKU"].flatMap((ticker) => weekdays.map((date) => bar(ticker, date))));
  await db.prisma.newsArticle.createMany({
    data: [
      // Three S&P 500 members named in the week to 2020-07-09, two in the week to 2020-07-17.
      article("reuters", "2020-07-06T00:00:00Z", ["AAPL", "ROKU"]),
      article("reuters", "2020-07-08T00:00:00Z", ["MSFT"]),
      article("cnbc", "2020-07-09T15:30:00Z", ["JPM", "AAPL"]),
      article("cnbc", "2020-07-16T15:30:00Z", ["AAPL", "MSFT"]),
      article("cnbc", "2020-07-17T09:00:00Z", []),
    ],
  });
}, 60_000);
afterAll(() => db.close());

describe("data coverage", () => {
  it("counts, per source, its range, items per day and tickers, and per day the tickers with prices and with news", async () => {
    const coverage = await dataCoverage(db);
    expect(coverage.prices).toEqual([{ source: "alphavantage-snapshot", firstDate: "2020-07-06", lastDate: "2020-07-17", bars: 40, tickers: 4 }]);
    expect(coverage.news).toEqual([
      expect.objectContaining({ source: "cnbc", articles: 3, daysWithArticles: 3, articlesPerDay: 1, tickers: 3, isSnapshot: true }),
      expect.objectContaining({ source: "reuters", articles: 2, daysWithArticles: 2, articlesPerDay: 1, tickers: 3 }),
    ]);
    expect(coverage.days).toHaveLength(10);
    const members = securityMaster().sp500MembersOn("2020-07-06").length;
    expect(coverage.days[0]).toEqual({
      date: "2020-07-06",
      tickersWithPrices: 4,
      articles: 1,
      tickersWithNews: 2,
      sp500TickersWithNews: 1,
      sp500Members: members,
      sp500MembersWithPrices: 3,
    });
    expect(coverage.days.at(-1)).toMatchObject({ date: "2020-07-17", tickersWithPrices: 4, articles: 1, tickersWithNews: 0, sp500TickersWithNews: 0 });
    expect(coverage.latestPriceDate).toBe("2020-07-17");
  });

  it("counts the day's S&P 500 members with prices, and names the missing ones at each month's first trading day", async () => {
    const { sp500Months } = await dataCoverage(db);
    const members = securityMaster().sp500MembersOn("2020-07-06");
    // One month in the stored days: its first trading day, the members that day, and all but AAPL, MSFT and JPM missing.
    expect(sp500Months).toEqual([{ date: "2020-07-06", members: members.length, withPrices: 3, missing: members.filter((ticker) => !["AAPL", "MSFT", "JPM"].includes(ticker)) }]);
    expect(sp500Months[0].missing).not.toContain("ROKU");
  });

  it("picks the day whose 7-day window names the most S&P 500 companies, the latest among near-ties, and says why", async () => {
    const { newsRichestDay } = await dataCoverage(db);
    // 2020-07-09 through 2020-07-14 all see AAPL, MSFT and JPM in their 7 days; 2020-07-15 no longer sees 07-08's MSFT.
    expect(newsRichestDay).toEqual({
      date: "2020-07-14",
      sp500Tickers: 3,
      windowDays: 7,
      mostSp500Tickers: 3,
      reason: "In the 7 days to 2020-07-14, the stored news names 3 S&P 500 companies, the most of any day with prices.",
    });
  });

  it("defaults the as-of offline to that day, saying why and where prices end; live, to now (null)", async () => {
    const offline = await dataCoverage(db);
    expect(offline.defaultAsOf).toBe("2020-07-14");
    expect(offline.defaultAsOfReason).toBe(
      "Offline, views open at 2020-07-14: the 7 days to it have news for 3 S&P 500 companies, the most in the stored data; prices run to 2020-07-17.",
    );
    // An ingested (non-snapshot) article from the last week makes the news clock live.
    const now = new Date();
    await db.prisma.newsArticle.create({ data: { ...article("reuters", now.toISOString(), ["AAPL"]), isSnapshot: false } });
    try {
      const live = await dataCoverage(db, now);
      expect(live.defaultAsOf).toBeNull();
      expect(live.defaultAsOfReason).toMatch(/^News is live .*; prices run to 2020-07-17\.$/);
    } finally {
      await db.prisma.newsArticle.deleteMany({ where: { isSnapshot: false } });
    }
  });

  it("is the same over REST and GraphQL", async () => {
    const { app } = createTestApp(db);
    const rest = await request(app).get("/api/data-coverage").expect(200);
    expect(rest.body.newsRichestDay.date).toBe("2020-07-14");
    expect(rest.body.defaultAsOf).toBe("2020-07-14");
    expect(rest.body.days).toHaveLength(10);
    const graphql = await request(app)
      .post("/graphql")
      .send({ query: "{ dataCoverage { latestPriceDate defaultAsOf defaultAsOfReason newsRichestDay { date sp500Tickers } news { source articlesPerDay } days { date tickersWithNews } } }" })
      .expect(200);
    expect(graphql.body.data.dataCoverage).toMatchObject({
      latestPriceDate: "2020-07-17",
      defaultAsOf: "2020-07-14",
      defaultAsOfReason: rest.body.defaultAsOfReason,
      newsRichestDay: { date: "2020-07-14", sp500Tickers: 3 },
      news: [{ source: "cnbc" }, { source: "reuters" }],
    });
    expect(graphql.body.data.dataCoverage.days).toEqual(rest.body.days.map(({ date, tickersWithNews }: { date: string; tickersWithNews: number }) => ({ date, tickersWithNews })));
  });

  it("adds up a source's and a ticker's bars that lie months and years apart (bars are read a few months at a time)", async () => {
    await storePriceBars(db, [bar("AAPL", "2019-01-02"), bar("IBM", "2019-06-03"), bar("AAPL", "2019-12-31")].map((older) => ({ ...older, source: "yahoo" })));
    try {
      const coverage = await dataCoverage(db);
      expect(coverage.prices).toEqual([
        { source: "alphavantage-snapshot", firstDate: "2020-07-06", lastDate: "2020-07-17", bars: 40, tickers: 4 },
        { source: "yahoo", firstDate: "2019-01-02", lastDate: "2019-12-31", bars: 3, tickers: 2 },
      ]);
      expect(coverage.days.find((day) => day.date === "2019-06-03")).toMatchObject({ tickersWithPrices: 1 });
      // AAPL's bars span 2019-01-02 to 2020-07-17, so it has prices covering June 2019; MSFT's start in 2020.
      const june = coverage.sp500Months.find((month) => month.date === "2019-06-03")!;
      expect(june.missing).not.toContain("AAPL");
      expect(june.missing).toContain("MSFT");
    } finally {
      await db.prisma.priceBar.deleteMany({ where: { source: "yahoo" } });
    }
  });
});
