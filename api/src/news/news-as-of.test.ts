import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

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
});
