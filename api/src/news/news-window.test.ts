/** @db */
import request from "supertest";
import { endOfDay } from "@shared/as-of";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { newsByTicker } from "../screening/screen-news";
import { summarizeNews } from "./news-summary";
import { wholeDaysWithin } from "./news-window";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

let articleNumber = 0;
const article = (source: string, publisher: string, publishedAt: string, publishedTimeKnown: boolean) => ({
  source,
  publisher,
  guid: `window-${(articleNumber += 1)}`,
  title: `Apple headline ${articleNumber}`,
  publishedAt: new Date(publishedAt),
  publishedTimeKnown,
  tickers: ["AAPL"],
  score: 0.5,
  label: "bullish",
  terms: [],
  isSnapshot: true,
});

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  await db.prisma.newsArticle.createMany({
    data: [
      // Dates only, placed at 12:00 UTC: two Reuters stories of Jul 14, one CNBC story of Jul 13.
      article("reuters", "Reuters", "2020-07-14T12:00:00Z", false),
      article("reuters", "Reuters", "2020-07-14T12:00:00Z", false),
      article("cnbc", "CNBC", "2020-07-13T12:00:00Z", false),
      // A story with its time, in the day's last hour.
      article("finnhub", "Reuters", "2020-07-14T23:30:00Z", true),
    ],
  });
}, 60_000);
afterAll(() => db.close());

describe("date-only articles in time windows", () => {
  it("finds the whole UTC days inside a window: none in an hour, one in 24 hours to a day's end, seven in 7 days", () => {
    const end = endOfDay("2020-07-14");
    const days = (hours: number) => {
      const { from, until } = wholeDaysWithin(new Date(end.getTime() - hours * 3_600_000), end);
      return (until.getTime() - from.getTime()) / 86_400_000;
    };
    expect([days(1), days(24), days(24 * 7)]).toEqual([0, 1, 7]);
    // Live, a window ending mid-day holds the day before only when it starts by that day's midnight.
    const midday = new Date("2020-07-14T15:00:00Z");
    expect(wholeDaysWithin(new Date(midday.getTime() - 24 * 3_600_000), midday)).toEqual({
      from: new Date("2020-07-14T00:00:00Z"),
      until: new Date("2020-07-14T00:00:00Z"),
    });
  });

  it("never counts them in a 1-hour window, and says how many were left out", async () => {
    const summary = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "1h", asOf: "2020-07-14" });
    expect(summary.newsCount).toBe(1);
    expect(summary.dateOnlyNote).toBe(
      "Reuters gives dates only, no times of day. 2 articles dated Jul 14, 2020 are not counted in the hour up to Jul 14, 2020, 23:59 UTC: it does not hold their whole day.",
    );
  });

  it("counts them in 24-hour and 7-day windows ending at a day's end for the whole days inside", async () => {
    const day = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "24h", asOf: "2020-07-14" });
    expect(day.newsCount).toBe(3);
    expect(day.dateOnlyNote).toBe(
      "CNBC and Reuters give dates only, no times of day. 1 article dated Jul 13, 2020 is not counted in the 24 hours up to Jul 14, 2020, 23:59 UTC: " +
        "it does not hold their whole day. 2 articles dated Jul 14, 2020 are counted: the 24 hours up to Jul 14, 2020, 23:59 UTC holds their whole day.",
    );
    const week = await summarizeNews({ db }, { ticker: "AAPL", timeframe: "7d", asOf: "2020-07-14" });
    expect(week.newsCount).toBe(4);
    expect(week.dateOnlyNote).toMatch(/3 articles dated Jul 13, 2020 to Jul 14, 2020 are counted/);
  });

  it("lists exactly the counted articles, each saying whether its time is known", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/graphql")
      .send({
        query: /* GraphQL */ `
          {
            stock(ticker: "AAPL") {
              hour: news(timeframe: H1, asOf: "2020-07-14") { newsCount dateOnlyNote articles(first: 10) { edges { node { source publishedTimeKnown } } } }
              day: news(timeframe: H24, asOf: "2020-07-14") { newsCount articles(first: 10) { edges { node { source publishedTimeKnown } } } }
            }
          }
        `,
      })
      .expect(200);
    const { hour, day } = response.body.data.stock;
    expect(hour.articles.edges.map((edge: { node: unknown }) => edge.node)).toEqual([{ source: "finnhub", publishedTimeKnown: true }]);
    expect(hour.dateOnlyNote).toMatch(/^Reuters gives dates only/);
    expect(day.articles.edges).toHaveLength(day.newsCount);
    expect(day.articles.edges.filter((edge: { node: { publishedTimeKnown: boolean } }) => !edge.node.publishedTimeKnown)).toHaveLength(2);
  });

  it("applies the same rule to the screens' news counts", async () => {
    const count = async (windowStart: string, windowEnd: string) =>
      (await newsByTicker(db, { tickers: ["AAPL"], sources: ["reuters", "cnbc"], windowStart: new Date(windowStart), windowEnd: new Date(windowEnd) })).byTicker.get("AAPL")
        ?.newsCount ?? 0;
    // A 1-day window to Jul 14's end: Jul 14's two date-only stories and the timed one.
    expect(await count("2020-07-13T23:59:59.999Z", "2020-07-14T23:59:59.999Z")).toBe(3);
    // A day ending at 18:00 holds no whole day: only timed stories could count, and there are none in it.
    expect(await count("2020-07-13T18:00:00Z", "2020-07-14T18:00:00Z")).toBe(0);
  });
});
