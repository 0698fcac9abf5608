/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { loadNewsSnapshot, snapshotFiles } from "./snapshot/news-snapshot";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createTestApp>["app"];

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  const test = createTestApp(db);
  app = test.app;
  // The 2021 files (the headline corpora of 2018–2020 only add background; the snapshot test loads them).
  await loadNewsSnapshot(test.deps, { files: snapshotFiles.filter((file) => !["reuters", "cnbc"].includes(file.source)) });
}, 60_000);
afterAll(() => db.close());

const specFields = [
  "newsCount",
  "bullishCount",
  "bearishCount",
  "neutralCount",
  "trendingTopics",
  "analystUpgrades",
  "analystDowngrades",
  "sentimentScore",
  "sentimentLabel",
  "avgSentiment24h",
  "socialSentiment",
];

describe("GET /api/news-sentiment/:ticker", () => {
  it("answers every spec field for AAPL over 7d, with the snapshot's as-of, mode and sources", async () => {
    const response = await request(app).get("/api/news-sentiment/AAPL?timeframe=7d").expect(200);
    for (const field of specFields) expect(response.body).toHaveProperty(field);
    expect(response.body).toMatchObject({
      ticker: "AAPL",
      timeframe: "7d",
      mode: "snapshot",
      asOf: "2021-04-21T22:40:00.000Z",
      windowStart: "2021-04-14T22:40:00.000Z",
      windowEnd: "2021-04-21T22:40:00.000Z",
      socialSentiment: null,
      noNewsReason: null,
    });
    const body = response.body;
    expect(body.newsCount).toBeGreaterThan(0);
    expect(body.bullishCount + body.bearishCount + body.neutralCount).toBe(body.newsCount);
    expect(body.trendingTopics.every((topic: unknown) => typeof topic === "string")).toBe(true);
    expect(body.sources.at(-1)).toMatchObject({ key: "snapshot", status: "loaded", asOf: "2021-04-21T22:40:00.000Z" });
  });

  it("defaults to 24h and upper-cases the ticker", async () => {
    const response = await request(app).get("/api/news-sentiment/aapl").expect(200);
    expect(response.body).toMatchObject({ ticker: "AAPL", timeframe: "24h", windowStart: "2021-04-20T22:40:00.000Z" });
  });

  it("says plainly when a ticker has no news in the window", async () => {
    const response = await request(app).get("/api/news-sentiment/KO?timeframe=1h").expect(200);
    expect(response.body).toMatchObject({ newsCount: 0, sentimentScore: null, sentimentLabel: null, trendingTopics: [] });
    expect(response.body.noNewsReason).toMatch(/No news tagged KO/);
  });

  it("answers 400 naming the ticker for a malformed or unknown ticker", async () => {
    const malformed = await request(app).get("/api/news-sentiment/NOT_A_TICKER!").expect(400);
    expect(malformed.body).toMatchObject({ code: "BAD_USER_INPUT", errors: [{ field: "ticker", message: expect.stringMatching(/1 to 5 letters/) }] });
    const unknown = await request(app).get("/api/news-sentiment/QQQQQ").expect(400);
    expect(unknown.body.errors).toEqual([{ field: "ticker", message: expect.stringMatching(/Unknown ticker QQQQQ/) }]);
  });

  it("answers 400 naming the timeframe for anything but 1h, 24h, 7d", async () => {
    const response = await request(app).get("/api/news-sentiment/AAPL?timeframe=30d").expect(400);
    expect(response.body).toMatchObject({
      code: "BAD_USER_INPUT",
      message: expect.stringMatching(/timeframe/),
      errors: [{ field: "timeframe", message: "Timeframe must be one of 1h, 24h, 7d." }],
    });
  });
});
