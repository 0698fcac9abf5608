/** @db */
import type { Express } from "express";
import request from "supertest";
import type { AppDeps } from "../context";
import type { User } from "../generated/prisma/client";
import { loadEarningsSnapshot } from "../earnings/earnings-snapshot";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { forgetFundHistory } from "../hedge-funds/hedge-funds";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { pearson } from "./compare-math";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let app: Express;
let basic: User;
let pro: User;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  ({ deps, app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "100000" }));
  basic = await createUser(db);
  pro = await createUser(db, { pro: true });
  await loadSnapshotPrices(db, ["AAPL", "MSFT", "NVDA", "AMZN"], { withMarket: false });
  await loadEarningsSnapshot(deps, { force: true });
  await loadHedgeFundSnapshot(deps, { force: true });
}, 180_000);
afterAll(() => db.close());

// GraphQL answers, read field by field in the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON shape
type Json = any;
type Body = { data?: Record<string, Json> | null; errors?: { message: string; path?: string[]; extensions?: Record<string, Json> }[] };

async function asPro(query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const agent = await signedInAgent(app, db, pro);
  return (await agent.post("/graphql").send({ query, variables })).body as Body;
}

const comparisonQuery = `query ($tickers: [String!]!, $range: CompareRange!, $asOf: String) {
  stockComparison(tickers: $tickers, range: $range, asOf: $asOf) {
    tickers range requestedAsOf asOf startDate method source
    series { ticker firstDate lastDate totalReturn points { date value } }
    universe { label totalReturn membersLastDay membersMin membersMax points { date value } }
    correlation { tickers commonDays firstDay lastDay rows { ticker values } }
  }
}`;

describe("stocks(tickers:)", () => {
  const stocksQuery = `query ($tickers: [String!]!) { stocks(tickers: $tickers) { id ticker name } }`;

  it("answers the stocks in the order asked, duplicates and former tickers collapsed, for anyone", async () => {
    const { body } = await request(app).post("/graphql").send({ query: stocksQuery, variables: { tickers: ["msft", "AAPL", "MSFT", "FB", "META"] } });
    expect(body.errors).toBeUndefined();
    expect(body.data.stocks.map((stock: { ticker: string }) => stock.ticker)).toEqual(["MSFT", "AAPL", "META"]);
    expect(body.data.stocks[1].name).toMatch(/Apple/);
  });

  it("names every unknown ticker in a BAD_USER_INPUT error on tickers, and refuses none or more than 20", async () => {
    const unknown = (await request(app).post("/graphql").send({ query: stocksQuery, variables: { tickers: ["AAPL", "ZZZZQ", "QQQQZ"] } })).body as Body;
    expect(unknown.data).toBeNull();
    expect(unknown.errors![0].extensions).toEqual({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "tickers", message: expect.stringMatching(/^Unknown tickers ZZZZQ, QQQQZ: /) }],
    });
    const malformed = (await request(app).post("/graphql").send({ query: stocksQuery, variables: { tickers: ["AAPL", "123"] } })).body as Body;
    expect(malformed.errors![0].extensions!.fieldErrors[0]).toMatchObject({ field: "tickers", message: expect.stringMatching(/^Malformed ticker "123"/) });
    const none = (await request(app).post("/graphql").send({ query: stocksQuery, variables: { tickers: [] } })).body as Body;
    expect(none.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "tickers", message: "tickers must name 1 to 20 different stocks (got 0)." }] });
    const many = ["A", "AA", "AAL", "AAPL", "ABBV", "ABT", "ACN", "ADBE", "ADI", "ADM", "ADP", "AEE", "AEP", "AES", "AFL", "AIG", "AIZ", "AJG", "AKAM", "ALB", "ALK"];
    const tooMany = (await request(app).post("/graphql").send({ query: stocksQuery, variables: { tickers: many } })).body as Body;
    expect(tooMany.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "tickers", message: "tickers must name 1 to 20 different stocks (got 21)." }] });
  });
});

describe("stockComparison", () => {
  it("rebases each stock to 100 on the range's first trading day, beside the equal-weight universe, with the correlation of daily returns", async () => {
    const { data, errors } = await asPro(comparisonQuery, { tickers: ["AAPL", "MSFT", "NVDA", "AMZN"], range: "M3", asOf: "2021-04-21" });
    expect(errors).toBeUndefined();
    const comparison = data!.stockComparison;
    expect(comparison).toMatchObject({ tickers: ["AAPL", "MSFT", "NVDA", "AMZN"], range: "M3", requestedAsOf: "2021-04-21", asOf: "2021-04-21", startDate: "2021-01-21" });
    expect(comparison.source).toMatch(/^Alpha Vantage daily prices \(bundled snapshot/);
    for (const series of comparison.series) {
      expect(series.points[0]).toEqual({ date: "2021-01-21", value: 100 });
      expect(series.lastDate).toBe("2021-04-21");
      expect(series.totalReturn).toBeCloseTo(series.points.at(-1).value / 100 - 1, 12);
    }
    // AAPL closed 136.87 on 2021-01-21 and 133.5 on 2021-04-21 (split-adjusted bundled closes).
    const aapl = comparison.series[0];
    expect(aapl.points.at(-1).value).toBeCloseTo((133.5 / aapl.points[0].value) * 100 * (100 / 136.87) * (aapl.points[0].value / 100), 6);
    // Only these four tickers are stored, so the universe is their equal-weighted mean.
    expect(comparison.universe).toMatchObject({ label: "Equal-weight universe", membersLastDay: 4, membersMin: 4, membersMax: 4 });
    expect(comparison.universe.points[0]).toEqual({ date: "2021-01-21", value: 100 });
    expect(comparison.universe.points).toHaveLength(aapl.points.length);

    const correlation = comparison.correlation;
    expect(correlation.tickers).toEqual(["AAPL", "MSFT", "NVDA", "AMZN"]);
    expect(correlation.commonDays).toBe(aapl.points.length - 1);
    expect(correlation.firstDay).toBe(aapl.points[1].date);
    expect(correlation.rows[0].values[0]).toBe(1);
    expect(correlation.rows[0].values[1]).toBeCloseTo(correlation.rows[1].values[0], 12);
    // Recomputed from the rebased points (their ratios are the closes' ratios).
    const returnsOf = (points: { value: number }[]) => points.slice(1).map((point, index) => point.value / points[index].value - 1);
    expect(correlation.rows[0].values[1]).toBeCloseTo(pearson(returnsOf(aapl.points), returnsOf(comparison.series[1].points))!, 9);
  });

  it("counts only bars up to the as-of day, and answers the latest prices without one", async () => {
    const past = await asPro(comparisonQuery, { tickers: ["AAPL", "MSFT"], range: "M1", asOf: "2020-03-15" });
    expect(past.errors).toBeUndefined();
    expect(past.data!.stockComparison).toMatchObject({ asOf: "2020-03-13", startDate: "2020-02-13" });
    expect(past.data!.stockComparison.series[0].points.every((point: { date: string }) => point.date <= "2020-03-13")).toBe(true);
    const latest = await asPro(comparisonQuery, { tickers: ["AAPL", "MSFT"], range: "Y3" });
    expect(latest.data!.stockComparison).toMatchObject({ requestedAsOf: null, asOf: "2021-04-21", startDate: "2018-04-20" });
  });

  it("refuses unknown tickers and an as-of outside the prices by name", async () => {
    const unknown = await asPro(comparisonQuery, { tickers: ["AAPL", "ZZZZQ"], range: "M1" });
    expect(unknown.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "tickers", message: expect.stringMatching(/^Unknown ticker ZZZZQ/) }] });
    const late = await asPro(comparisonQuery, { tickers: ["AAPL", "MSFT"], range: "M1", asOf: "2030-01-01" });
    expect(late.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "asOf" }] });
  });

  it("is Pro only: visitors and Basic users are refused", async () => {
    const variables = { tickers: ["AAPL", "MSFT"], range: "M1" };
    const anonymous = (await request(app).post("/graphql").send({ query: comparisonQuery, variables })).body as Body;
    expect(anonymous.errors![0].extensions!.code).toBe("UNAUTHENTICATED");
    const agent = await signedInAgent(app, db, basic);
    const basicBody = (await agent.post("/graphql").send({ query: comparisonQuery, variables })).body as Body;
    expect(basicBody.errors![0].extensions!.code).toBe("PRO_REQUIRED");
    expect(basicBody.data?.stockComparison ?? null).toBeNull();
  });
});

describe("Stock.research", () => {
  const researchQuery = `query ($tickers: [String!]!, $asOf: String) {
    stocks(tickers: $tickers) {
      ticker
      research(asOf: $asOf) {
        asOf aiPicksDate aiPicksMessage aiScore aiRank rankedOf returns3m earningsCovered earningsSource
        nextReport { date daysTo beatProbability baseRate consensusEps }
        fundPositions { fundName cik quarterEnd knownFrom shares value percentPortfolio changeKind sharesChange filingUrl source }
        fundQuarters { cik name quarterEnd knownFrom }
      }
    }
  }`;

  it("gives a Pro user each stock's next report after the day and the funds' positions in the latest quarter filed by then", async () => {
    const { data, errors } = await asPro(researchQuery, { tickers: ["AAPL", "MSFT"], asOf: "2021-04-21" });
    expect(errors).toBeUndefined();
    const [aapl] = data!.stocks;
    expect(aapl.research.asOf).toBe("2021-04-21");
    expect(aapl.research.earningsCovered).toBe(true);
    expect(aapl.research.nextReport).toMatchObject({ date: "2021-04-28", daysTo: 7 });
    for (const quarter of aapl.research.fundQuarters) if (quarter.knownFrom) expect(quarter.knownFrom <= "2021-04-21").toBe(true);
    for (const position of aapl.research.fundPositions) {
      expect(position.knownFrom <= "2021-04-21").toBe(true);
      expect(position.source).toEqual(expect.any(String));
    }
  });

  it("never shows a far-future quarter as known in the past (9999-12-31's deadline once sorted before every day)", async () => {
    // As an importer that did not check quarters stored it; today's importers refuse it.
    await db.prisma.hedgeFundFiling.create({ data: { cik: "0001067983", quarterEnd: "9999-12-31", formType: "13F-HR", amendment: false, source: "file", rows: 1, totalValue: 1 } });
    await db.prisma.hedgeFundHolding.create({
      data: { cik: "0001067983", fundName: "BERKSHIRE HATHAWAY INC", quarterEnd: "9999-12-31", cusip: "037833100", ticker: "AAPL", tickerMapped: true, issuerName: "APPLE INC", titleOfClass: "COM", shares: 1, value: 1 },
    });
    forgetFundHistory("0001067983");
    try {
      const { data, errors } = await asPro(researchQuery, { tickers: ["AAPL"], asOf: "2020-06-01" });
      expect(errors).toBeUndefined();
      expect(data!.stocks[0].research.fundQuarters).toEqual([{ cik: "0001067983", name: "BERKSHIRE HATHAWAY INC", quarterEnd: null, knownFrom: null }]);
      expect(data!.stocks[0].research.fundPositions).toEqual([]);
    } finally {
      await db.prisma.hedgeFundHolding.deleteMany({ where: { quarterEnd: "9999-12-31" } });
      await db.prisma.hedgeFundFiling.deleteMany({ where: { quarterEnd: "9999-12-31" } });
      forgetFundHistory("0001067983");
    }
  });

  it("is Pro only, while the stocks themselves are public", async () => {
    const agent = await signedInAgent(app, db, basic);
    const body = (await agent.post("/graphql").send({ query: researchQuery, variables: { tickers: ["AAPL"] } })).body as Body;
    expect(body.errors![0].extensions!.code).toBe("PRO_REQUIRED");
    expect(body.data!.stocks[0]).toEqual({ ticker: "AAPL", research: null });
  });
});

describe("stockSuggestions", () => {
  it("suggests tickers from the universe lists: the ticker itself, then tickers and names starting with what was typed", async () => {
    const query = `query ($q: String!) { stockSuggestions(query: $q, first: 5) { ticker name universe } }`;
    const byTicker = (await request(app).post("/graphql").send({ query, variables: { q: "aap" } })).body as Body;
    expect(byTicker.data!.stockSuggestions[0]).toMatchObject({ ticker: "AAP" });
    expect(byTicker.data!.stockSuggestions.map((s: { ticker: string }) => s.ticker)).toContain("AAPL");
    const byName = (await request(app).post("/graphql").send({ query, variables: { q: "microsoft" } })).body as Body;
    expect(byName.data!.stockSuggestions[0]).toMatchObject({ ticker: "MSFT", universe: "S&P 500" });
    const none = (await request(app).post("/graphql").send({ query, variables: { q: "  " } })).body as Body;
    expect(none.data!.stockSuggestions).toEqual([]);
  });
});
