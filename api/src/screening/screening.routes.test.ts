/** @db */
import request from "supertest";
import { parseTickerCsv } from "@shared/screen-rules";
import type { User } from "../generated/prisma/client";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { flushScreenRuns } from "./screen-runs";

const defaultTickers = ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;
let basicUser: User;
let proUser: User;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  test = createTestApp(db);
  await loadSnapshotPrices(db, defaultTickers);
  basicUser = await createUser(db);
  proUser = await createUser(db, { pro: true });
}, 120_000);
afterAll(async () => {
  await flushScreenRuns();
  await db.close();
});

const basicRowKeys = [
  "ticker", "name", "sector", "price", "sma5", "sma20", "sma50", "rsi", "volume", "avgVolume20", "technicalScore", "sentiment_score",
  "news_count", "analyst_upgrades", "analyst_downgrades", "momentum", "peRatio", "marketCap", "earningsYield", "priceToBook",
  "priceToSales", "revenueGrowth", "netMargin", "returnOnEquity", "debtToEquity", "beta", "maCondition", "maSpreadPct", "crossover",
  "daysToEarnings", "asOf",
].sort();

describe("POST /api/screening/run", () => {
  it("answers the default screen on the five manual tickers with the spec's rows and stats", async () => {
    const response = await request(test.app).post("/api/screening/run").send({ universe: "manual", tickers: defaultTickers }).expect(200);
    const body = response.body;
    expect(body).toMatchObject({
      runId: expect.any(String),
      stats: { universeSize: 5, withPriceData: 5, maPassCount: expect.any(Number), matched: 5 },
      source: expect.stringContaining("Alpha Vantage"),
      asOf: "2021-04-21",
      isSnapshot: true,
      betaProxy: expect.any(String),
    });
    expect(body.results).toHaveLength(5);
    for (const row of body.results) {
      expect(Object.keys(row).sort()).toEqual(basicRowKeys);
      expect(["strong_bullish", "bullish", "neutral"]).toContain(row.momentum);
    }
    expect(body.warnings.map((warning: { code: string }) => warning.code)).not.toContain("OPTIONS_DATA_UNAVAILABLE");
  });

  it("accepts the spec's requireOptions and batchSize from older clients, and says it did not apply them", async () => {
    const response = await request(test.app)
      .post("/api/screening/run")
      .send({ universe: "manual", tickers: defaultTickers, requireOptions: true, minOptionsOi: 0, batchSize: 150 })
      .expect(200);
    expect(response.body.warnings).toEqual(
      expect.arrayContaining([
        { code: "OPTIONS_DATA_UNAVAILABLE", field: "requireOptions", message: expect.stringMatching(/not applied/) },
        { code: "BATCH_SIZE_IGNORED", field: "batchSize", message: expect.stringMatching(/not applied/) },
      ]),
    );
  });

  it("answers 400 naming lookbackDays and its 45–365 bound", async () => {
    const response = await request(test.app).post("/api/screening/run").send({ universe: "sp500", lookbackDays: 10, batchSize: 1000 }).expect(400);
    expect(response.body).toEqual({
      message: "Invalid screening request: lookbackDays must be between 45 and 365; batchSize must be between 50 and 300.",
      code: "BAD_USER_INPUT",
      errors: [
        { field: "lookbackDays", message: "lookbackDays must be between 45 and 365" },
        { field: "batchSize", message: "batchSize must be between 50 and 300" },
      ],
    });
  });

  it("screens only the valid, de-duplicated tickers of an uploaded CSV with junk rows", async () => {
    const csv = "Company,Symbol,Weight\nApple,aapl,0.1\nMicrosoft,MSFT,0.2\nJunk,12345,0\nApple again,AAPL,0.1\n,,\nTotal,,1\n";
    const { tickers } = parseTickerCsv(csv);
    expect(tickers).toEqual(["AAPL", "MSFT"]);
    // The server applies the same rules again to whatever it is sent.
    const response = await request(test.app)
      .post("/api/screening/run")
      .send({ universe: "upload", tickers: [...tickers, " msft", "12345", "BRK.B", ""] })
      .expect(200);
    expect(response.body.results.map((row: { ticker: string }) => row.ticker).sort()).toEqual(["AAPL", "MSFT"]);
    expect(response.body.stats.universeSize).toBe(2);
    expect(response.body.warnings).toContainEqual(expect.objectContaining({ code: "INVALID_TICKERS_DROPPED", field: "tickers", message: expect.stringContaining("12345, BRK.B") }));
  });

  it("answers 400 naming tickers when none is valid", async () => {
    const response = await request(test.app).post("/api/screening/run").send({ universe: "manual", tickers: ["123", "TOOLONG"] }).expect(400);
    expect(response.body.errors).toEqual([{ field: "tickers", message: "tickers holds no valid ticker (1 to 5 letters): 123, TOOLONG" }]);
  });

  it("answers 400 naming the entry for a ticker with a NUL, rather than running a screen it cannot store", async () => {
    await flushScreenRuns();
    const before = await db.prisma.screeningRun.count();
    const response = await request(test.app).post("/api/screening/run").send({ universe: "manual", tickers: ["AAPL", "MS\u0000FT"] }).expect(400);
    expect(response.body.errors).toEqual([{ field: "tickers.1", message: expect.stringMatching(/^tickers\.1 contains a character that cannot be stored/) }]);
    expect(response.body.message).not.toMatch(/\.\.$/);
    await flushScreenRuns();
    expect(await db.prisma.screeningRun.count()).toBe(before);
  });
});

describe("POST /api/screening/combined", () => {
  it("is 403 for anonymous visitors and Basic users", async () => {
    await request(test.app).post("/api/screening/combined").send({ universe: "manual", tickers: defaultTickers }).expect(403);
    const basic = await signedInAgent(test.app, db, basicUser);
    const response = await basic.post("/api/screening/combined").send({ universe: "manual", tickers: defaultTickers }).expect(403);
    expect(response.body).toEqual({ message: expect.stringMatching(/Pro subscription is required/), code: "PRO_REQUIRED" });
  });

  it("gives a Pro user graded rows, best combined score first", async () => {
    const pro = await signedInAgent(test.app, db, proUser);
    const response = await pro.post("/api/screening/combined").send({ universe: "manual", tickers: defaultTickers }).expect(200);
    const rows = response.body.results as { grade: string; combined_score: number }[];
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ["ticker", "name", "price", "grade", "combined_score", "technical_score", "sentiment_score", "news_count", "crossover", "momentum", "latest_headline", "recency_hours"].sort(),
      );
      expect(["A", "B", "C", "D"]).toContain(row.grade);
    }
    expect(rows.map((row) => row.combined_score)).toEqual(rows.map((row) => row.combined_score).sort((a, b) => b - a));
  });
});

describe("GET /api/screening/results", () => {
  it("returns the signed-in user's latest stored Basic run", async () => {
    const agent = await signedInAgent(test.app, db, basicUser);
    await agent.post("/api/screening/run").send({ universe: "manual", tickers: ["AAPL"] }).expect(200);
    const latest = await agent.post("/api/screening/run").send({ universe: "manual", tickers: defaultTickers }).expect(200);
    const stored = await agent.get("/api/screening/results").expect(200);
    const { runId, results, stats, source, asOf, warnings } = latest.body;
    expect(stored.body).toMatchObject({ runId, results, stats, source, asOf, warnings, createdAt: expect.any(String) });
  });

  it("has nothing stored for anonymous visitors, and the combined run for Pro users only", async () => {
    const anonymous = await request(test.app).get("/api/screening/results").expect(200);
    expect(anonymous.body).toEqual({ results: [], stats: null, message: expect.stringMatching(/Sign in/) });
    const basic = await signedInAgent(test.app, db, basicUser);
    await basic.get("/api/screening/results/combined").expect(403);
    const pro = await signedInAgent(test.app, db, proUser);
    const run = await pro.post("/api/screening/combined").send({ universe: "manual", tickers: ["NVDA"] }).expect(200);
    expect((await pro.get("/api/screening/results/combined").expect(200)).body).toMatchObject({ runId: run.body.runId, results: run.body.results });
    const freshUser = await signedInAgent(test.app, db, await createUser(db));
    expect((await freshUser.get("/api/screening/results").expect(200)).body).toEqual({ results: [], stats: null, message: expect.stringMatching(/No stored screening run/) });
  });
});

describe("screen-run limit for the web app's traffic", () => {
  it("refuses a visitor's runs past WEB_SCREEN_RUNS_PER_10_MINUTES, over REST and GraphQL alike, while others still run", async () => {
    const limited = createTestApp(db, { WEB_SCREEN_RUNS_PER_10_MINUTES: "2" });
    const body = { universe: "manual", tickers: ["AAPL"] };
    const fromIp = (ip: string) => request(limited.app).post("/api/screening/run").set("x-forwarded-for", ip).send(body);
    await fromIp("203.0.113.9").expect(200);
    await request(limited.app)
      .post("/graphql")
      .set("x-forwarded-for", "203.0.113.9")
      .send({ query: '{ screen(input: { universe: MANUAL, tickers: ["AAPL"] }) { stats { matched } } }' })
      .expect(200);

    const refused = await fromIp("203.0.113.9").expect(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600);
    await fromIp("198.51.100.4").expect(200);
  });
});

describe("what one requester's screens cost and keep", () => {
  it("charges an API key the screen's size in points over REST, as GraphQL prices it", async () => {
    const agent = await signedInAgent(test.app, db, proUser);
    const created = await agent.post("/graphql").send({ query: 'mutation { createApiKey(input: { name: "rest screens" }) { secret } }' }).expect(200);
    const authorization = `Bearer ${created.body.data.createApiKey.secret as string}`;
    const used = async (body: object) => {
      const response = await request(test.app).post("/api/screening/run").set("authorization", authorization).send(body).expect(200);
      return Number(response.headers["x-ratelimit-used"]);
    };
    const afterManual = await used({ universe: "manual", tickers: ["AAPL"] });
    const afterWholeMarket = await used({ universe: "all_market", maxSymbols: 4000 });
    // One point for the request, 1 + ceil(symbols / 200) for the screen.
    expect(afterManual).toBe(1 + 2);
    expect(afterWholeMarket - afterManual).toBe(1 + 1 + 4000 / 200);
  });

  it("keeps each anonymous visitor's last three runs of a kind, whoever else screens", async () => {
    const since = new Date();
    const fromIp = (ip: string) => request(test.app).post("/api/screening/run").set("x-forwarded-for", ip).send({ universe: "manual", tickers: ["AAPL"] }).expect(200);
    for (let run = 0; run < 6; run += 1) await fromIp("203.0.113.50");
    await fromIp("198.51.100.50");
    await flushScreenRuns();
    const stored = await db.prisma.screeningRun.groupBy({ by: ["anonymousRequester"], where: { createdAt: { gte: since } }, _count: true });
    expect(stored.map((group) => group._count).sort()).toEqual([1, 3]);
    expect(stored.every((group) => group.anonymousRequester && !group.anonymousRequester.includes("203.0.113"))).toBe(true);
  });
});
