/** @db */
import request from "supertest";
import type { Express } from "express";
import type { AppDeps } from "../context";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { closeWorkerPool } from "../workers/worker-pool";
import { pastDayCost } from "./past-day-limits";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  await loadSnapshotPrices(db, ["AAPL"], { withMarket: false });
}, 60_000);
afterAll(async () => {
  await closeWorkerPool();
  await db.close();
});

/** `count` distinct calendar days inside the stored prices, from `first` on. */
const days = (count: number, first = "2018-03-01") =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10));

/** One alias of `field` per day on AAPL. */
const perDay = (field: string, selection: string, asOfDays: string[], extra = "") =>
  `{ stock(ticker: "AAPL") { ${asOfDays.map((day, index) => `a${index}: ${field}(asOf: "${day}") ${selection}`).join(" ")} } ${extra} }`;

type GraphQLAnswer = { data?: Record<string, unknown> | null; errors?: { message: string; extensions: Record<string, unknown> }[] };

/** A fresh app (its own counters and caches) and a client for one anonymous IP. */
function freshApp(environment: NodeJS.ProcessEnv = {}): { app: Express; deps: AppDeps } {
  return createTestApp(db, { PAST_DAYS_PER_OPERATION: "5", PAST_DAYS_PER_MINUTE: "7", ...environment });
}
const post = (app: Express, query: string, ip = "203.0.113.1") => request(app).post("/graphql").set("X-Forwarded-For", ip).send({ query });

describe("past days per operation", () => {
  it("refuses the 500-day alias operation before anything runs, naming the limit", async () => {
    const { app, deps } = freshApp();
    const response = await post(app, perDay("technicals", "{ rsi14 }", days(500))).expect(400);
    const body = response.body as GraphQLAnswer;
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "PAST_DAYS_PER_OPERATION", maxPastDays: 5, pastDays: 500 });
    expect(body.errors![0].message).toMatch(/500 past days not in memory \(2018-03-01, .* and 495 more\); at most 5 per query \(PAST_DAYS_PER_OPERATION\)/);
    // Nothing computed, nothing spent.
    expect(deps.technicals.pastDayCounts().computed).toBe(0);
    expect(response.headers["x-ratelimit-used"]).toBe("0");
  });

  it("counts every field taking a day: six different fields on six days are refused", async () => {
    const { app } = freshApp();
    const [d1, d2, d3, d4, d5, d6] = days(6, "2019-02-01");
    const query = `{
      stock(ticker: "AAPL") {
        technicals(asOf: "${d1}") { rsi14 } news(asOf: "${d2}") { newsCount } priceHistory(asOf: "${d3}") { asOf }
        earnings(asOf: "${d4}") { asOf } research(asOf: "${d5}") { asOf }
      }
      hedgeFunds(asOf: "${d6}") { cik }
    }`;
    const body = (await post(app, query).expect(400)).body as GraphQLAnswer;
    expect(body.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "PAST_DAYS_PER_OPERATION", pastDays: 6 });
  });

  it("serves 5 distinct days, priced as a screen of each day's universe; the same days again are in memory and cost nothing more", async () => {
    const { app, deps } = freshApp();
    const five = days(5, "2019-03-04");
    const first = (await post(app, perDay("technicals", "{ asOf rsi14 }", five, "rateLimit { cost }")).expect(200)).body as GraphQLAnswer;
    expect(first.errors).toBeUndefined();
    expect(Object.keys(first.data!.stock as object)).toHaveLength(5);
    expect(deps.technicals.pastDayCounts().computed).toBe(5);
    const again = (await post(app, perDay("technicals", "{ asOf rsi14 }", five, "rateLimit { cost }")).expect(200)).body as GraphQLAnswer;
    const cost = (answer: GraphQLAnswer) => (answer.data!.rateLimit as { cost: number }).cost;
    expect(cost(first) - cost(again)).toBe(5 * (await pastDayCost(deps)));
    expect(await pastDayCost(deps)).toBe(2); // 1 ticker with prices: 1 + ⌈1 ÷ 200⌉
    expect(deps.technicals.pastDayCounts().computed).toBe(5);
  });
});

describe("past days per requester per minute", () => {
  it("trips on the first day past the limit with a 429 naming it; days in memory, days counted this minute and other requesters go on", async () => {
    const { app } = freshApp();
    const [first5, next2, [eighth]] = [days(5, "2019-06-03"), days(2, "2019-06-10"), days(1, "2019-06-20")];
    // Price histories read rows for their day, which nothing keeps: every day counts until the minute is over.
    const history = (asOfDays: string[]) => perDay("priceHistory", "{ asOf }", asOfDays);
    expect((await post(app, history(first5)).expect(200)).body.errors).toBeUndefined();
    expect((await post(app, history(next2)).expect(200)).body.errors).toBeUndefined();

    const refused = await post(app, history([eighth])).expect(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect((refused.body as GraphQLAnswer).errors![0].extensions).toMatchObject({
      code: "RATE_LIMITED",
      limit: "PAST_DAYS_PER_MINUTE",
      maxPastDaysPerMinute: 7,
    });
    expect((refused.body as GraphQLAnswer).errors![0].message).toMatch(/1 more not in memory \(2019-06-20\), and 7 of 7 per minute are used \(PAST_DAYS_PER_MINUTE\)/);

    // A day already counted this minute is not counted again; the latest day is no past day.
    expect((await post(app, history([first5[0], next2[1]])).expect(200)).body.errors).toBeUndefined();
    expect((await post(app, `{ stock(ticker: "AAPL") { priceHistory { asOf } } }`).expect(200)).body.errors).toBeUndefined();
    // Another client IP, and a signed-in user from the same IP, have their own allowance.
    expect((await post(app, history([eighth]), "203.0.113.2").expect(200)).body.errors).toBeUndefined();
    const user = await signedInAgent(app, db, await createUser(db));
    const signedIn = await user.post("/graphql").set("X-Forwarded-For", "203.0.113.1").send({ query: history([eighth]) }).expect(200);
    expect(signedIn.body.errors).toBeUndefined();
  });

  it("counts no day for an operation refused later (its cost), nor for pricing one (rateLimit dryRun)", async () => {
    const { app } = freshApp({ API_MAX_QUERY_COST: "15" });
    const histories = (asOfDays: (string | null)[], extra = "") =>
      `{ stock(ticker: "AAPL") { ${asOfDays.map((day, index) => `a${index}: priceHistory${day ? `(asOf: "${day}")` : ""} { asOf }`).join(" ")} } ${extra} }`;
    // 1 + 5 × 2 = 11 points without the days; the five days' price (2 each) takes it to 21: refused, no day counted.
    const tooCostly = await post(app, histories(days(5, "2020-01-06"))).expect(400);
    expect((tooCostly.body as GraphQLAnswer).errors![0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", cost: 21, maxCost: 15 });
    // Pricing three days counts none; the price is the days' more than the same query for the latest day.
    const priced = async (asOfDays: (string | null)[]) =>
      ((await post(app, histories(asOfDays, "rateLimit(dryRun: true) { cost }")).expect(200)).body as GraphQLAnswer).data!.rateLimit as { cost: number };
    expect((await priced(days(3, "2020-02-03"))).cost - (await priced([null, null, null])).cost).toBe(3 * 2);
    // All seven of the minute are still there: 3 + 3 + 1 days served, the eighth refused.
    for (const asOfDays of [days(3, "2020-03-02"), days(3, "2020-03-09"), days(1, "2020-03-16")]) {
      expect((await post(app, histories(asOfDays)).expect(200)).body.errors).toBeUndefined();
    }
    await post(app, histories(days(1, "2020-03-17"))).expect(429);
  });

  it("counts the REST shims' past days too, in the same allowance as GraphQL's", async () => {
    const { app } = freshApp();
    const get = (path: string) => request(app).get(path).set("X-Forwarded-For", "203.0.113.9");
    const seven = days(7, "2019-09-02");
    for (const day of seven) await get(`/api/news-sentiment/AAPL?timeframe=7d&asOf=${day}`).expect(200);
    // The same day again: its news corpus is in memory now, and it was counted this minute anyway.
    await get(`/api/news-sentiment/MSFT?asOf=${seven[0]}`).expect(200);
    const refused = await get("/api/news-sentiment/AAPL?asOf=2019-09-20").expect(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/7 of 7 per minute are used \(PAST_DAYS_PER_MINUTE\)/) });
    const graphql = await post(app, perDay("priceHistory", "{ asOf }", ["2019-09-23"]), "203.0.113.9").expect(429);
    expect((graphql.body as GraphQLAnswer).errors![0].extensions).toMatchObject({ limit: "PAST_DAYS_PER_MINUTE" });
  });
});
