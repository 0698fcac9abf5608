/** @db */
import request from "supertest";
import type { AppDeps } from "../context";
import { recomputeTechnicals } from "../market-data/technicals-store";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestApp, createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { runScreen } from "./screen";
import { flushScreenRuns } from "./screen-runs";

const tickers = ["AAPL", "MSFT", "JPM", "KO", "XOM"];
const pastDay = "2020-07-17";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  deps = createTestDeps(db);
  await loadSnapshotPrices(db, tickers, { withMarket: false });
}, 120_000);
afterAll(async () => {
  await flushScreenRuns();
  await db.close();
});

const screenAsOf = (asOf?: string) => runScreen(deps, null, { universe: "manual", tickers, minVolume: 0, minPrice: 0, asOf }, "basic");

describe("a screen as of a past day", () => {
  it("uses only bars dated on or before it and news up to its end: changing every later bar changes nothing", async () => {
    const before = await screenAsOf(pastDay);
    expect(before.asOf).toBe(pastDay);
    expect(before.request.asOf).toBe(pastDay);
    expect(before.newsAsOf?.toISOString()).toBe(`${pastDay}T23:59:59.999Z`);
    expect(before.rows).toHaveLength(tickers.length);
    expect(before.rows.every((row) => row.asOf === pastDay)).toBe(true);

    // Triple every close after the day and recompute the stored (latest) indicators.
    await db.prisma.$executeRaw`UPDATE price_data SET close = close * 3 WHERE date > ${pastDay}::date`;
    await recomputeTechnicals(db);
    const after = await screenAsOf(pastDay);
    expect(after.rows).toEqual(before.rows);

    // The latest screen sees the change.
    const latest = await screenAsOf();
    expect(latest.asOf).toBe("2021-04-21");
    const latestAapl = latest.rows.find((row) => row.ticker === "AAPL")!;
    const pastAapl = before.rows.find((row) => row.ticker === "AAPL")!;
    expect(latestAapl.price).not.toBe(pastAapl.price);
  });

  it("names asOf and the stored prices' range when the day is outside it or not a date", async () => {
    await expect(screenAsOf("2017-06-01")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "asOf", message: "asOf must be a date from 2018-01-02 to 2021-04-21, the range of the stored prices" }],
    });
    for (const notADate of ["2020-02-30", "17/07/2020", "2020-7-17"]) {
      await expect(screenAsOf(notADate)).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        fieldErrors: [{ field: "asOf", message: "asOf must be a calendar date written YYYY-MM-DD" }],
      });
    }
  });

  it("is asked for by asOf over GraphQL and REST alike", async () => {
    const { app } = createTestApp(db);
    const graphql = await request(app)
      .post("/graphql")
      .send({ query: `{ screen(input: { universe: MANUAL, tickers: ["AAPL"], asOf: "${pastDay}", minVolume: 0 }) { asOf request { asOf } } }` })
      .expect(200);
    expect(graphql.body.data.screen).toEqual({ asOf: pastDay, request: { asOf: pastDay } });
    const rest = await request(app).post("/api/screening/run").send({ universe: "manual", tickers: ["AAPL"], asOf: "2030-01-02" }).expect(400);
    expect(rest.body.errors).toEqual([{ field: "asOf", message: expect.stringContaining("2018-01-02 to 2021-04-21") }]);
  });
});

describe("identical screens asked within SCREEN_ANSWER_CACHE_MS", () => {
  it("share one answer, each as a run of its own, until ingestion stores new articles", async () => {
    const sharing = createTestDeps(db, { SCREEN_ANSWER_CACHE_MS: "60000" });
    const ask = () => runScreen(sharing, null, { universe: "manual", tickers, minVolume: 0, minPrice: 0, asOf: pastDay }, "basic");
    const aaplNews = (outcome: Awaited<ReturnType<typeof ask>>) => outcome.rows.find((row) => row.ticker === "AAPL")!.newsCount;
    const first = await ask();
    const article = await db.prisma.newsArticle.create({
      data: { source: "reuters", guid: "screen-answer-cache", title: "Apple story", publishedAt: new Date(`${pastDay}T12:00:00Z`), tickers: ["AAPL"], score: 0.5, label: "positive", terms: [], isSnapshot: true },
    });
    try {
      const second = await ask();
      expect(second.runId).not.toBe(first.runId);
      expect(second.rows).toEqual(first.rows);
      expect(aaplNews(second)).toBe(aaplNews(first));

      // Ingestion announces what it stored (news events): the next identical screen computes afresh.
      sharing.newsEvents.publish("news:articles", [article]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(aaplNews(await ask())).toBe(aaplNews(first) + 1);
    } finally {
      await db.prisma.newsArticle.delete({ where: { id: article.id } });
      await sharing.newsEvents.close();
    }
  });
});
