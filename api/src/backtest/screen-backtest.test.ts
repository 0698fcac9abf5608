/** @db */
import request from "supertest";
import type { Express } from "express";
import type { AppDeps } from "../context";
import { createTechnicalsStore, PAST_SNAPSHOTS_KEPT, recomputeTechnicals } from "../market-data/technicals-store";
import { flushScreenRuns } from "../screening/screen-runs";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { screenBacktest } from "./screen-backtest";

const tickers = ["AAPL", "MSFT", "JPM", "KO", "XOM", "NVDA"];
const screen = { universe: "manual", tickers, minVolume: 0, minPrice: 0, asOf: "2019-06-03" };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let app: Express;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  ({ deps, app } = createTestApp(db));
  await loadSnapshotPrices(db, tickers, { withMarket: false });
}, 120_000);
afterAll(async () => {
  await flushScreenRuns();
  await db.close();
});

const closeOn = async (ticker: string, date: string) => {
  const [row] = await db.prisma.$queryRaw<{ close: number }[]>`SELECT close::float8 AS close FROM price_data WHERE ticker = ${ticker} AND date = ${date}::date`;
  return row.close;
};

describe("a screen backtest over the stored prices", () => {
  it("gives forward returns and monthly figures a user can recompute from the stored closes", async () => {
    const backtest = await screenBacktest(deps, null, { screen, from: "2019-06", to: "2019-09", topN: 3 });
    expect(backtest).toMatchObject({ screenAsOf: "2019-06-03", screenRows: 6, from: "2019-06", to: "2019-09", topN: 3 });
    expect(backtest.months.map((month) => [month.month, month.startDate, month.endDate, month.holdingsCount])).toEqual([
      ["2019-06", "2019-06-03", "2019-07-01", 3],
      ["2019-07", "2019-07-01", "2019-08-01", 3],
      ["2019-08", "2019-08-01", "2019-09-03", 3],
      ["2019-09", "2019-09-03", "2019-09-30", 3],
    ]);
    // +5 trading days after 2019-06-03 is 2019-06-10; all six tickers have both closes.
    const [week] = backtest.forwardReturns;
    expect(week).toMatchObject({ tradingDays: 5, endDate: "2019-06-10", rowsWithData: 6, universeWithData: 6 });
    const weekReturns = await Promise.all(tickers.map(async (ticker) => (await closeOn(ticker, "2019-06-10")) / (await closeOn(ticker, "2019-06-03")) - 1));
    expect(week.universeMean).toBeCloseTo(weekReturns.reduce((sum, value) => sum + value, 0) / 6, 12);
    // Rows and universe are the same six names: half of them beat the median.
    expect(week.hitRate).toBe(0.5);

    // The first month, bought from cash (turnover 1, 10 bps): 0.999 × the mean of end ÷ start closes − 1.
    const [june] = backtest.months;
    expect(june.turnover).toBe(1);
    const growth = await Promise.all(june.holdings.map(async (holding) => (await closeOn(holding.ticker, june.endDate)) / holding.close));
    expect(june.holdings.every((holding) => holding.priceDate === "2019-06-03")).toBe(true);
    expect(june.portfolioReturn).toBeCloseTo(0.999 * (growth.reduce((sum, value) => sum + value, 0) / 3) - 1, 12);
    // The cumulative series compounds the monthly returns.
    const compounded = backtest.months.reduce((value, month) => value * (1 + month.portfolioReturn), 1);
    expect(backtest.series.at(-1)!.portfolio).toBeCloseTo(compounded, 12);
    expect(backtest.series[0]).toMatchObject({ date: "2019-06-03", universe: 1 });
    expect(backtest.source).toContain("Alpha Vantage daily prices (bundled snapshot");
    expect(backtest.method).toMatch(/10 bps × turnover/);
  });

  it("never uses data after a rebalance day: a per-ticker random drift on every later close leaves the holdings chosen up to that day as they were", async () => {
    const input = { screen, from: "2019-06", to: "2019-10", topN: 2 };
    const before = await screenBacktest(deps, null, input);
    const cutoff = "2019-08-01";
    // Each ticker drifts its own way (−5 % to +5 % a week, compounding), so later ranks change too;
    // the originals are kept in a table of their own (rounding would spoil dividing back).
    await db.prisma.$executeRaw`CREATE TABLE lookahead_saved_closes AS SELECT ticker, date, close FROM price_data WHERE date > ${cutoff}::date`;
    await db.prisma.$executeRaw`
      UPDATE price_data SET close = round(close * exp(((abs(hashtext(ticker)) % 200) - 100) / 2000.0 * (date - ${cutoff}::date) / 7.0), 2)
      WHERE date > ${cutoff}::date`;
    await recomputeTechnicals(db); // a new data version: the bars in memory are read again
    try {
      const after = await screenBacktest(deps, null, input);
      const chosen = (backtest: typeof before, upTo: boolean) =>
        backtest.months.filter((month) => (month.startDate <= cutoff) === upTo).map((month) => [month.startDate, month.holdings]);
      expect(chosen(after, true)).toEqual(chosen(before, true));
      expect(chosen(after, true)).toHaveLength(3);
      // Months that ended by the cutoff kept their returns; the month across it did not, nor did the later holdings.
      expect(after.months[0].portfolioReturn).toBeCloseTo(before.months[0].portfolioReturn, 12);
      expect(after.months[2].portfolioReturn).not.toBeCloseTo(before.months[2].portfolioReturn, 2);
      expect(chosen(after, false)).not.toEqual(chosen(before, false));
      expect(after.forwardReturns[0]).toEqual(before.forwardReturns[0]);
    } finally {
      await db.prisma.$executeRaw`
        UPDATE price_data SET close = saved.close FROM lookahead_saved_closes saved WHERE price_data.ticker = saved.ticker AND price_data.date = saved.date`;
      await db.prisma.$executeRaw`DROP TABLE lookahead_saved_closes`;
      await recomputeTechnicals(db);
    }
  });

  it("refuses bad input naming the field and the rule", async () => {
    const refused = async (input: Record<string, unknown>) => {
      const response = await request(app).post("/api/screen/backtest").send({ screen, ...input }).expect(400);
      expect(response.body.code).toBe("BAD_USER_INPUT");
      return response.body.errors;
    };
    expect(await refused({ from: "2019-09", to: "2019-06" })).toEqual([{ field: "from", message: "from must be on or before to" }]);
    expect(await refused({ from: "2017-01", to: "2017-03" })).toEqual([
      { field: "from", message: "from must be a month from 2018-01 to 2021-04, the months of the stored prices" },
      { field: "to", message: "to must be a month from 2018-01 to 2021-04, the months of the stored prices" },
    ]);
    expect(await refused({ topN: 0 })).toEqual([{ field: "topN", message: "topN must be between 1 and 100" }]);
    expect(await refused({ from: "2019-13" })).toEqual([{ field: "from", message: "from must be a month written YYYY-MM" }]);
    expect(await refused({ screen: { universe: "moon" } })).toEqual([{ field: "screen.universe", message: expect.stringContaining("universe must be one of") }]);
  });

  it("gives Free callers one period of up to 12 months and the top 20, and Pro more", async () => {
    const overLimits = { screen, from: "2019-01", to: "2020-01", topN: 21 };
    const anonymous = await request(app).post("/api/screen/backtest").send(overLimits).expect(403);
    expect(anonymous.body).toMatchObject({ code: "PRO_REQUIRED" });
    expect(anonymous.body.errors.map((error: { field: string }) => error.field)).toEqual(["to", "topN"]);
    expect(anonymous.body.message).toMatch(/at most 12 months \(this one is 13\).*top 20 rows/);

    const basic = await signedInAgent(app, db, await createUser(db));
    const graphql = await basic
      .post("/graphql")
      .send({ query: `{ screenBacktest(input: { screen: { universe: MANUAL, tickers: ["AAPL"], asOf: "2019-06-03" }, kind: COMBINED, from: "2019-06", to: "2019-07" }) { topN } }` })
      .expect(200);
    expect(graphql.body.data).toBeNull();
    expect(graphql.body.errors[0].extensions).toMatchObject({ code: "PRO_REQUIRED", fieldErrors: [{ field: "kind" }] });

    const pro = await signedInAgent(app, db, await createUser(db, { pro: true }));
    const answered = await pro.post("/api/screen/backtest").send(overLimits).expect(200);
    expect(answered.body.months).toHaveLength(13);
    expect(answered.body.topN).toBe(21);
  });

  it("runs over GraphQL as the operation's one screen", async () => {
    const query = `{ screenBacktest(input: { screen: { universe: MANUAL, tickers: ["AAPL", "KO"], asOf: "2019-06-03", minVolume: 0 }, from: "2019-06", to: "2019-06", topN: 1 }) {
      screenAsOf forwardReturns { tradingDays endDate rowsWithData hitRate } months { month holdings { ticker close priceDate } } series { date portfolio universe } } }`;
    const response = await request(app).post("/graphql").send({ query }).expect(200);
    expect(response.body.data.screenBacktest).toMatchObject({ screenAsOf: "2019-06-03", months: [{ month: "2019-06", holdings: [{ priceDate: "2019-06-03" }] }] });
    expect(response.body.data.screenBacktest.forwardReturns.map((horizon: { endDate: string }) => horizon.endDate)).toEqual(["2019-06-10", "2019-07-02", "2019-08-30"]);
    const twice = await request(app).post("/graphql").send({ query: `{ a: screenBacktest(input: { screen: { universe: SP500 } }) { topN } screen(input: { universe: SP500 }) { asOf } }` });
    expect(twice.body.errors[0].message).toMatch(/One screen per request: this operation runs 2/);
  });

  it("keeps every day a full-range backtest screens, through the run and after it: the same backtest again computes none", async () => {
    const technicals = createTechnicalsStore(db);
    const pro = { user: await createUser(db, { pro: true }), authMethod: "session" as const };
    // Every month of the stored prices, and a screen day that is no rebalance day: 41 days, one more than the views' room.
    const input = { screen: { ...screen, asOf: "2019-06-12" }, from: "2018-01", to: "2021-04", topN: 3 };
    const first = await screenBacktest({ ...deps, technicals }, pro, input);
    expect(first.months).toHaveLength(40);
    const days = first.months.length + 1;
    expect(days).toBeGreaterThan(PAST_SNAPSHOTS_KEPT);
    // No day computed twice within the run (none evicted another).
    expect(technicals.pastDayCounts()).toMatchObject({ computed: days, kept: days });
    const hitsBefore = technicals.pastDayCounts().hits;

    const again = await screenBacktest({ ...deps, technicals }, pro, input);
    expect(technicals.pastDayCounts()).toMatchObject({ computed: days, hits: hitsBefore + days });
    expect(again.months).toEqual(first.months);
  });
});
