/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { forgetNewsCorpora, summarizeNews } from "./news-summary";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

let articleNumber = 0;
const article = (publishedAt: string, score: number, label: string) => ({
  source: "reuters",
  guid: `as-of-${(articleNumber += 1)}`,
  title: `Apple headline ${articleNumber}`,
  publishedAt: new Date(publishedAt),
  tickers: ["AAPL"],
  score,
  label,
  terms: [],
  isSnapshot: true,
});

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  await db.prisma.newsArticle.createMany({
    data: [
      article("2020-07-06T12:00:00Z", 0.5, "bullish"),
      article("2020-07-09T12:00:00Z", 0.3, "bullish"),
      // After the day asked for: never counted as of 2020-07-10.
      article("2020-07-13T12:00:00Z", -0.6, "bearish"),
      article("2021-04-21T12:00:00Z", -0.2, "bearish"),
    ],
  });
}, 60_000);
afterAll(() => db.close());

describe("news sentiment as of a past day", () => {
  it("counts only the articles up to the end of that day, over REST and GraphQL alike", async () => {
    const { app } = createTestApp(db);
    const rest = await request(app).get("/api/news-sentiment/AAPL?timeframe=7d&asOf=2020-07-10").expect(200);
    expect(rest.body).toMatchObject({
      newsCount: 2,
      bullishCount: 2,
      bearishCount: 0,
      sentimentScore: 0.4,
      windowEnd: "2020-07-10T23:59:59.999Z",
      windowStart: "2020-07-03T23:59:59.999Z",
    });
    const graphql = await request(app)
      .post("/graphql")
      .send({ query: '{ stock(ticker: "AAPL") { news(timeframe: D7, asOf: "2020-07-10") { newsCount sentimentScore windowEnd } } }' })
      .expect(200);
    expect(graphql.body.data.stock.news).toEqual({ newsCount: 2, sentimentScore: 0.4, windowEnd: "2020-07-10T23:59:59.999Z" });
  });

  it("names asOf when it is not a calendar day or lies in the future", async () => {
    const { app } = createTestApp(db);
    for (const asOf of ["2020-13-01", "yesterday", "2999-01-01"]) {
      const response = await request(app).get(`/api/news-sentiment/AAPL?asOf=${asOf}`).expect(400);
      expect(response.body.errors).toEqual([{ field: "asOf", message: expect.stringMatching(/^asOf must/) }]);
    }
  });

  it("computes analyst actions and trending topics from data up to that day only: later articles and ratings change nothing", async () => {
    const rating = (date: string, action: "upgrade" | "downgrade", firm: string) => ({
      source: "yahoo-ratings",
      publisher: "Yahoo Finance",
      guid: `AAPL|${date}|${firm}|${action}`,
      title: `${firm} ${action}s AAPL`,
      publishedAt: new Date(`${date}T12:00:00Z`),
      publishedTimeKnown: false, // Yahoo's rating history gives dates only
      tickers: ["AAPL"],
      score: 0,
      label: "neutral",
      terms: [],
      analystAction: { action, firm, ticker: "AAPL" },
      isSnapshot: true,
    });
    const headline = (publishedAt: string, title: string) => ({ ...article(publishedAt, 0.1, "neutral"), title });
    await db.prisma.newsArticle.createMany({
      data: [
        rating("2020-07-08", "upgrade", "UBS"),
        headline("2020-07-09T14:00:00Z", "Apple services revenue growth lifts iPhone maker"),
        headline("2020-07-10T09:00:00Z", "Services revenue records put Apple ahead"),
        headline("2020-07-10T10:00:00Z", "Analysts cheer services revenue at Apple"),
        // The wider corpus trending topics are measured against: other companies' news of those days.
        ...Array.from({ length: 300 }, (_, index) => ({
          ...headline(`2020-07-0${1 + (index % 9)}T10:00:00Z`, `Oil prices ${["fall", "rise", "steady"][index % 3]} as demand ${["weakens", "recovers"][index % 2]} in week ${index}`),
          tickers: ["XOM"],
        })),
      ],
    });
    const asOfJuly10 = () => summarizeNews({ db }, { ticker: "AAPL", timeframe: "7d", asOf: "2020-07-10" });
    // The articles were written straight to the database: the corpora counted before them are forgotten, as ingestion does.
    forgetNewsCorpora(db);
    const before = await asOfJuly10();
    expect(before).toMatchObject({ newsCount: 6, analystUpgrades: 1, analystDowngrades: 0 });
    expect(before.trendingTopics.length).toBeGreaterThan(0);

    // Everything after Jul 10: a rating the next day, headlines one minute after its end and days later.
    await db.prisma.newsArticle.createMany({
      data: [
        rating("2020-07-11", "downgrade", "Barclays"),
        rating("2020-07-13", "upgrade", "Wedbush"),
        headline("2020-07-11T00:00:59Z", "Apple antitrust probe widens as regulators subpoena App Store rivals"),
        headline("2020-07-12T08:00:00Z", "Apple antitrust probe: regulators subpoena developers"),
      ],
    });
    const later = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "7d", asOf: "2020-07-14" });
    expect(later).toMatchObject({ analystUpgrades: 2, analystDowngrades: 1 });
    expect(later.trendingTopics.map((topic) => topic.term)).toContain("antitrust probe");

    // Counted again with the later articles stored: the same answer.
    forgetNewsCorpora(db);
    expect(await asOfJuly10()).toEqual(before);
  });
});
