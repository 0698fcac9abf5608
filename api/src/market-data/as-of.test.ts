/** @db */
// A request without asOf: GraphQL fields answer for the day the web opens at (the coverage's
// default day), the REST shims for the latest stored day; both say which day they used.
import type { Express } from "express";
import type { User } from "../generated/prisma/client";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { dayWithoutAsOf, parsePriceAsOf, resolveAsOfDay, storedPriceRange } from "./as-of";
import { storePriceBars, type StoredBar } from "./price-bars";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Express;
let pro: User;

// July 2020 for three S&P 500 members, with news naming all three in the week to 2020-07-14 (the
// default day), then one more bar on 2021-02-16 (the latest day), after 13F's 2020-12-31 deadline.
const july = ["2020-07-06", "2020-07-07", "2020-07-08", "2020-07-09", "2020-07-10", "2020-07-13", "2020-07-14", "2020-07-15", "2020-07-16", "2020-07-17"];
const bar = (ticker: string, date: string): StoredBar => ({ ticker, date, open: 10, high: 11, low: 9, close: 10.5, volume: 1000, source: "alphavantage-snapshot" });
const article = (guid: string, publishedAt: string, tickers: string[]) => ({
  source: "reuters",
  guid,
  title: guid,
  publishedAt: new Date(publishedAt),
  tickers,
  score: 0.1,
  label: "neutral",
  terms: [],
  isSnapshot: true,
});
const report = (earningsDate: string, actualEps: number | null) => ({
  ticker: "AAPL",
  earningsDate: new Date(`${earningsDate}T00:00:00Z`),
  consensusEps: 1,
  actualEps,
  source: "test",
});

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  const test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "100000" });
  app = test.app;
  await storePriceBars(db, [...["AAPL", "MSFT", "JPM"].flatMap((ticker) => july.map((date) => bar(ticker, date))), bar("AAPL", "2021-02-16")]);
  await db.prisma.newsArticle.createMany({
    data: [article("a", "2020-07-08T12:00:00Z", ["AAPL"]), article("b", "2020-07-09T12:00:00Z", ["MSFT"]), article("c", "2020-07-13T12:00:00Z", ["JPM"])],
  });
  await db.prisma.earningsPrediction.createMany({
    data: [report("2020-04-30", 1.2), report("2020-07-15", 1.1), report("2021-01-27", 1.3), report("2021-04-28", null)],
  });
  await loadHedgeFundSnapshot(test.deps, { force: true });
  pro = await createUser(db, { pro: true });
}, 60_000);
afterAll(() => db.close());

describe("the day without asOf", () => {
  it("is the coverage's default day for GraphQL and the latest price day for REST; a day asked for wins", async () => {
    expect(await dayWithoutAsOf(db, "default")).toBe("2020-07-14");
    expect(await dayWithoutAsOf(db, "latest")).toBe("2021-02-16");
    expect(await resolveAsOfDay(db, "2020-07-06", "latest")).toBe("2020-07-06");
    expect(await resolveAsOfDay(db, undefined, "latest")).toBe("2021-02-16");
  });

  it("reads the stored prices' range once for the calls made while it is being read", async () => {
    const queries = jest.spyOn(db.prisma, "$queryRaw");
    try {
      const days = await Promise.all(july.map((day) => parsePriceAsOf(db, day)));
      expect(days).toEqual(july);
      expect(queries).toHaveBeenCalledTimes(1);
      // Read again afterwards: a load or a refresh may have changed it.
      expect(await storedPriceRange(db)).toEqual({ first: "2020-07-06", last: "2021-02-16" });
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      queries.mockRestore();
    }
  });

  it("refuses a price day outside the stored prices, naming the range", async () => {
    await expect(parsePriceAsOf(db, "2020-07-01")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "asOf", message: "asOf must be a date from 2020-07-06 to 2021-02-16, the range of the stored prices" }],
    });
  });

  it("GET /api/earnings/:ticker answers for the latest day, GraphQL for the default day, each saying which", async () => {
    const agent = await signedInAgent(app, db, pro);
    const rest = await agent.get("/api/earnings/AAPL").expect(200);
    expect(rest.body).toMatchObject({ asOf: "2021-02-16", earnings_date: "2021-04-28" });
    expect(rest.body.history[0].earnings_date).toBe("2021-01-27");

    const graphql = await agent.post("/graphql").send({ query: `{ stock(ticker: "AAPL") { earnings { asOf next { date } } } }` }).expect(200);
    expect(graphql.body.data.stock.earnings).toEqual({ asOf: "2020-07-14", next: { date: "2020-07-15" } });
  });

  it("GET /api/hedge-funds/:fundId answers for the latest day (the 2020-12-31 quarter is due by then), GraphQL for the default day", async () => {
    const agent = await signedInAgent(app, db, pro);
    const rest = await agent.get("/api/hedge-funds/0001067983").expect(200);
    expect(rest.body).toMatchObject({ asOf: "2021-02-16", quarter_end: "2020-12-31" });

    const graphql = await agent.post("/graphql").send({ query: `{ hedgeFund(cik: "1067983") { asOf quarter { quarterEnd } } }` }).expect(200);
    expect(graphql.body.data.hedgeFund).toEqual({ asOf: "2020-07-14", quarter: null });
  });
});
