/** @db */
// The Pro screen end to end (GraphQL and REST) on the bundled prices of five tickers and the bundled
// 13F snapshot: Pro only, each advanced filter's honest warnings against real (partial) data, bad
// input named by field, stored runs and saved screens of kind PRO.
import request from "supertest";
import type { User } from "../generated/prisma/client";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp, createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { flushScreenRuns } from "./screen-runs";

const tickers = ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;
let basicUser: User;
let proUser: User;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000", API_POINTS_PER_HOUR: "1000000" });
  await loadSnapshotPrices(db, tickers);
  await loadHedgeFundSnapshot(createTestDeps(db), { force: true });
  // The earnings predictions cover AAPL only: a report a week after the prices' last day (2021-04-21).
  const report = { ticker: "AAPL", beatProbability: 80, consensusEps: 1.4, modelVersion: "test", source: "test" };
  await db.prisma.earningsPrediction.createMany({
    data: [
      { ...report, earningsDate: new Date("2021-01-27"), actualEps: 1.68, surprise: 20 },
      { ...report, earningsDate: new Date("2021-04-28") },
    ],
  });
  basicUser = await createUser(db);
  proUser = await createUser(db, { pro: true });
}, 180_000);
afterAll(async () => {
  await flushScreenRuns();
  await db.close();
});

type Row = { ticker: string; sector: string | null; combinedScore: number; aiScore: number | null; daysToReport: number | null; daysToEarnings: number | null; fundHoldings: { fundName: string; changeKind: string | null }[] };
type Warning = { code: string; field: string | null; message: string };
type Body = {
  data: { proScreen: { kind: string; warnings: Warning[]; stats: { matched: number }; factorSources: { day: string; funds: { quarterEnd: string | null }[] }; rows: { totalCount: number; edges: { node: Row }[] } } } | null;
  errors?: { message: string; extensions?: { code?: string; fieldErrors?: { field: string; message: string }[] } }[];
};

const proQuery = /* GraphQL */ `
  query Pro($input: ProScreenInput!) {
    proScreen(input: $input) {
      kind
      warnings { code field message }
      stats { matched }
      factorSources { day aiPicksStatus funds { name quarterEnd } }
      request { advanced { minAiScore sectors fundChange } }
      rows(first: 100) { totalCount edges { node { ticker sector combinedScore aiScore daysToReport daysToEarnings fundHoldings { fundName changeKind } } } }
    }
  }
`;

async function pro(input: Record<string, unknown>, sender: { post(url: string): request.Test } = request(test.app)): Promise<Body> {
  const response = await sender.post("/graphql").send({ query: proQuery, variables: { input: { universe: "MANUAL", tickers, ...input } } });
  return response.body as Body;
}
const proAgent = () => signedInAgent(test.app, db, proUser);
const codes = (body: Body) => body.data!.proScreen.warnings.map((warning) => warning.code);

describe("Query.proScreen", () => {
  it("is refused to anonymous visitors (UNAUTHENTICATED) and Basic users (PRO_REQUIRED)", async () => {
    const anonymous = await pro({});
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const basic = await pro({}, await signedInAgent(test.app, db, basicUser));
    expect(basic.data).toBeNull();
    expect(basic.errors?.[0].extensions?.code).toBe("PRO_REQUIRED");
  });

  it("gives a Pro user the Combined rows with the extra columns, best combined score first, and says what it could not fill", async () => {
    const body = await pro({}, await proAgent());
    expect(body.errors).toBeUndefined();
    const result = body.data!.proScreen;
    expect(result.kind).toBe("PRO");
    const rows = result.rows.edges.map((edge) => edge.node);
    expect(rows.map((row) => row.ticker).sort()).toEqual([...tickers].sort());
    expect(rows.map((row) => row.combinedScore)).toEqual(rows.map((row) => row.combinedScore).sort((a, b) => b - a));
    expect(rows.find((row) => row.ticker === "JPM")?.sector).toBe("Financials");
    // No AI picks are stored in this database and the earnings predictions cover AAPL only: the rest is empty, and said to be.
    expect(rows.every((row) => row.aiScore === null)).toBe(true);
    expect(rows.filter((row) => row.daysToReport !== null).map((row) => row.ticker)).toEqual(["AAPL"]);
    expect(codes(body)).toEqual(expect.arrayContaining(["AI_SCORE_PARTIAL", "EARNINGS_PREDICTIONS_PARTIAL"]));
  });

  it("leaves out and counts what the AI and earnings filters cannot answer", async () => {
    const body = await pro({ advanced: { minAiScore: 0.5, minBeatProbability: 0.6 } }, await proAgent());
    const result = body.data!.proScreen;
    expect(result.stats.matched).toBe(0);
    expect(result.warnings.find((warning) => warning.code === "AI_PICKS_UNAVAILABLE")?.field).toBe("advanced.minAiScore");
    const earnings = body.data!.proScreen.warnings;
    expect(codes(body)).not.toContain("EARNINGS_NOT_COVERED"); // every row already left by the AI filter
    expect(earnings.length).toBeGreaterThan(0);
    const onlyEarnings = await pro({ advanced: { maxDaysToReport: 30 } }, await proAgent());
    expect(onlyEarnings.data!.proScreen.warnings).toEqual(
      expect.arrayContaining([{ code: "EARNINGS_NOT_COVERED", field: "advanced.maxDaysToReport", message: expect.stringMatching(/^4 symbols are not covered by the earnings predictions/) }]),
    );
  });

  it("counts days to earnings from the figure its table shows: the caveat, the filter and the rows agree", async () => {
    const body = await pro({}, await proAgent());
    const result = body.data!.proScreen;
    const aapl = result.rows.edges.map((edge) => edge.node).find((row) => row.ticker === "AAPL")!;
    expect(aapl).toMatchObject({ daysToReport: 7, daysToEarnings: 7 });
    // One caveat, counting the rows the table shows a report for (not the Basic screen's Yahoo calendar, empty here).
    expect(codes(body)).not.toContain("EARNINGS_DATES_PARTIAL");
    expect(result.warnings.find((warning) => warning.code === "EARNINGS_PREDICTIONS_PARTIAL")?.message).toMatch(/^Beat probability and days to the next report are known for 1 of 5 rows/);
    for (const row of result.rows.edges.map((edge) => edge.node)) expect(row.daysToEarnings).toBe(row.daysToReport);

    // "Exclude earnings within 10 days" leaves AAPL out (7 days), and says the others have no date in the same source.
    const excluded = await pro({ maxEarnDays: 10 }, await proAgent());
    expect(excluded.data!.proScreen.rows.edges.map((edge) => edge.node.ticker)).not.toContain("AAPL");
    expect(excluded.data!.proScreen.warnings).toContainEqual({
      code: "EARNINGS_DATES_PARTIAL",
      field: "maxEarnDays",
      message: expect.stringMatching(/^4 symbols have no next earnings date in the earnings predictions/),
    });
  });

  it("filters by the fundamentals of the last 10-K known on the day, and counts the stocks with none then", async () => {
    // On 2018-02-01 the bundled 2012–2016 file still covers Amazon (fiscal 2016, to December), not the
    // others, whose next 10-Ks were due by then and are not in it.
    const leverage = await pro({ asOf: "2018-02-01", advanced: { maxDebtToEquity: 100 } }, await proAgent());
    expect(leverage.errors).toBeUndefined();
    expect(leverage.data!.proScreen.rows.edges.map((edge) => edge.node.ticker)).toEqual(["AMZN"]);
    expect(leverage.data!.proScreen.warnings).toContainEqual({
      code: "FUNDAMENTAL_UNKNOWN",
      field: "advanced.maxDebtToEquity",
      message: "4 symbols have no debt / equity known on 2018-02-01 and were left out by maxDebtToEquity.",
    });
    // Amazon's fiscal 2016 net margin was 1.7 %: in at 1 %, out at 10 %.
    const margin = async (minNetMargin: number) =>
      (await pro({ asOf: "2018-02-01", advanced: { minNetMargin } }, await proAgent())).data!.proScreen.rows.edges.map((edge) => edge.node.ticker);
    expect(await margin(0.01)).toEqual(["AMZN"]);
    expect(await margin(0.1)).toEqual([]);
    const bad = await pro({ advanced: { maxPriceToBook: -1 } }, await proAgent());
    expect(bad.errors?.[0].extensions?.fieldErrors).toEqual([{ field: "advanced.maxPriceToBook", message: "maxPriceToBook must be between 0 and 1000" }]);
  });

  it("filters by GICS sectors", async () => {
    const body = await pro({ advanced: { sectors: ["Financials", "Consumer Discretionary"] } }, await proAgent());
    expect(body.data!.proScreen.rows.edges.map((edge) => edge.node.ticker).sort()).toEqual(["AMZN", "JPM"]);
    expect(body.data!.proScreen).toMatchObject({ request: { advanced: { sectors: ["Financials", "Consumer Discretionary"] } } });
  });

  it("filters by a tracked fund's 13F holding as of the day, and says when no quarter was filed yet", async () => {
    const held = await pro({ asOf: "2021-03-01", advanced: { fundChange: "ANY" } }, await proAgent());
    expect(held.errors).toBeUndefined();
    const rows = held.data!.proScreen.rows.edges.map((edge) => edge.node);
    expect(rows.map((row) => row.ticker)).toContain("AAPL");
    for (const row of rows) expect(row.fundHoldings.some((holding) => holding.changeKind !== "SOLD_OUT")).toBe(true);
    expect(held.data!.proScreen.factorSources.funds.every((fund) => fund.quarterEnd === "2020-12-31")).toBe(true);

    const early = await pro({ asOf: "2020-06-01", advanced: { fundChange: "ADDED" } }, await proAgent());
    expect(early.data!.proScreen.stats.matched).toBe(0);
    expect(early.data!.proScreen.warnings).toEqual(
      expect.arrayContaining([{ code: "FUND_QUARTER_UNAVAILABLE", field: "advanced.fundChange", message: expect.stringMatching(/^No 13F quarter of the tracked funds was filed by 2020-06-01/) }]),
    );
  });

  it("refuses bad advanced filters naming each field and its rule", async () => {
    const body = await pro({ advanced: { minAiScore: 2, minReturn1m: 0.5, maxReturn1m: 0.1, maxAiRank: 0, sectors: ["Tech"] } }, await proAgent());
    expect(body.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(body.errors?.[0].extensions?.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "advanced.minAiScore", message: "minAiScore must be between 0 and 1" },
        { field: "advanced.maxAiRank", message: "maxAiRank must be between 1 and 10000" },
        { field: "advanced.minReturn1m", message: "minReturn1m must be at most maxReturn1m" },
        { field: "advanced.sectors.0", message: expect.stringMatching(/^sectors must be GICS sectors/) },
      ]),
    );
  });

  it("saves a PRO screen with its advanced filters for Pro users only", async () => {
    const mutation = /* GraphQL */ `
      mutation Save($input: SaveScreenInput!) {
        saveScreen(input: $input) { savedScreen { kind request { advanced { maxAiRank fundChange sectors } } } }
      }
    `;
    const input = { name: "Funds adding", kind: "PRO", request: { universe: "SP500" }, advanced: { fundChange: "ADDED", maxAiRank: 50, sectors: ["Energy"] } };
    const saved = await (await proAgent()).post("/graphql").send({ query: mutation, variables: { input } });
    expect(saved.body.data.saveScreen.savedScreen).toEqual({ kind: "PRO", request: { advanced: { maxAiRank: 50, fundChange: "ADDED", sectors: ["Energy"] } } });
    const basic = await (await signedInAgent(test.app, db, basicUser)).post("/graphql").send({ query: mutation, variables: { input } });
    expect(basic.body.errors[0].extensions.code).toBe("PRO_REQUIRED");
    const advancedOnBasic = await (await proAgent()).post("/graphql").send({ query: mutation, variables: { input: { ...input, kind: "BASIC" } } });
    expect(advancedOnBasic.body.errors[0].message).toMatch(/Unknown screening request field: advanced/);
  });
});

describe("POST /api/screening/pro", () => {
  it("is 403 PRO_REQUIRED without Pro", async () => {
    await request(test.app).post("/api/screening/pro").send({ universe: "manual", tickers }).expect(403);
    const basic = await signedInAgent(test.app, db, basicUser);
    const response = await basic.post("/api/screening/pro").send({ universe: "manual", tickers }).expect(403);
    expect(response.body.code).toBe("PRO_REQUIRED");
  });

  it("answers a Pro user with the extra columns and stores the run as the latest Pro run", async () => {
    const agent = await proAgent();
    const response = await agent.post("/api/screening/pro").send({ universe: "manual", tickers, advanced: { sectors: ["Information Technology"] } }).expect(200);
    expect(response.body.results.map((row: { ticker: string }) => row.ticker).sort()).toEqual(["AAPL", "MSFT", "NVDA"]);
    expect(Object.keys(response.body.results[0])).toEqual(expect.arrayContaining(["aiScore", "aiRank", "return3m", "return12m", "volatility60", "beatProbability", "daysToReport", "fundHoldings", "combined_score", "analyst_upgrades"]));
    expect(response.body.factorSources).toMatchObject({ earnings: expect.any(String) });
    const bad = await agent.post("/api/screening/pro").send({ universe: "manual", tickers, advanced: { maxVolatility: -1, maxAiRank: 1.5, fundCik: "1067983" } }).expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/maxVolatility must be between 0 and 5/);
    expect(JSON.stringify(bad.body)).toMatch(/maxAiRank must be a whole number/);
    expect(JSON.stringify(bad.body)).toMatch(/fundChange must be set when fundCik is/);
    await flushScreenRuns();
    const latest = await agent.get("/api/screening/results/pro").expect(200);
    expect(latest.body.runId).toBe(response.body.runId);
    expect(latest.body.results).toHaveLength(3);
    await (await signedInAgent(test.app, db, basicUser)).get("/api/screening/results/pro").expect(403);
  });
});
