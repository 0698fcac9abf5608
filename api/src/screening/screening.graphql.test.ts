/** @db */
import request from "supertest";
import type { User } from "../generated/prisma/client";
import { universeInfo, universeTickers } from "../market-data/universes";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { methodology } from "./screen";
import { flushScreenRuns } from "./screen-runs";

const defaultTickers = ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;
let basicUser: User;
let proUser: User;

type GraphQLError = { message: string; extensions?: { code?: string; fieldErrors?: { field: string; message: string }[] } };
type Connection<Node> = { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { cursor: string; node: Node }[] };
type ResponseData = {
  screen: { runId: string; warnings: unknown[]; rows: Connection<{ ticker: string; technicalScore: number; momentum: string }> };
  combinedScreen: { kind: string; rows: Connection<{ grade: string; combinedScore: number }> };
  rateLimit: { cost: number };
  screenMethodology: unknown;
  screenUniverses: { universe: string; size: number | null }[];
  viewer: { latestScreen: unknown; savedScreens: { id: string; name: string }[] };
  node: unknown;
  nodes: unknown[];
  saveScreen: { savedScreen: { id: string } };
  deleteSavedScreen: unknown;
};
type GraphQLBody = { data: ResponseData | null; errors?: GraphQLError[] };
type Sender = { post(url: string): request.Test };

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000", API_POINTS_PER_HOUR: "1000000" });
  await loadSnapshotPrices(db, defaultTickers);
  basicUser = await createUser(db);
  proUser = await createUser(db, { pro: true });
}, 120_000);
afterAll(async () => {
  await flushScreenRuns();
  await db.close();
});

async function graphql(query: string, variables: Record<string, unknown> = {}, sender: Sender = request(test.app)): Promise<GraphQLBody> {
  const response = await sender.post("/graphql").send({ query, variables });
  return response.body as GraphQLBody;
}

const screenQuery = /* GraphQL */ `
  query Screen($input: ScreenInput!, $first: Int, $after: String) {
    screen(input: $input) {
      __typename
      runId
      kind
      asOf
      source
      isSnapshot
      betaProxy
      newsAsOf
      createdAt
      stats { universeSize withPriceData maPassCount matched }
      warnings { code field message }
      request { universe tickers lookbackDays newsSources { wsj yahoo reuters cnbc ft } sectorKeyword minRsi }
      rows(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { cursor node { ticker name sector price sma5 sma20 sma50 rsi volume avgVolume20 technicalScore sentimentScore newsCount
          analystUpgrades analystDowngrades momentum peRatio beta maCondition maSpreadPct crossover daysToEarnings asOf } }
      }
    }
  }
`;

const combinedQuery = /* GraphQL */ `
  query Combined($input: ScreenInput!) {
    combinedScreen(input: $input) {
      runId
      kind
      rows(first: 10) { totalCount edges { node { ticker grade combinedScore technicalScore sentimentScore newsCount crossover momentum latestHeadline recencyHours } } }
    }
  }
`;

describe("Query.screen", () => {
  it("runs the default screen on manual tickers, its rows a connection paged with cursors", async () => {
    const first = await graphql(screenQuery, { input: { universe: "MANUAL", tickers: defaultTickers }, first: 2 });
    expect(first.errors).toBeUndefined();
    const screen = first.data!.screen;
    expect(screen).toMatchObject({
      __typename: "BasicScreenResult",
      kind: "BASIC",
      asOf: "2021-04-21",
      isSnapshot: true,
      stats: { universeSize: 5, withPriceData: 5, matched: 5 },
      request: { universe: "MANUAL", tickers: defaultTickers, lookbackDays: 120, newsSources: { wsj: true, yahoo: true, reuters: true, cnbc: false, ft: false }, sectorKeyword: null, minRsi: null },
      rows: { totalCount: 5, pageInfo: { hasNextPage: true } },
    });
    expect((screen.warnings as { code: string }[]).map((warning) => warning.code)).not.toContain("OPTIONS_DATA_UNAVAILABLE");

    const tickers = screen.rows.edges.map((edge) => edge.node.ticker);
    let page = screen.rows;
    while (page.pageInfo.hasNextPage) {
      const next = await graphql(screenQuery, { input: { universe: "MANUAL", tickers: defaultTickers }, first: 2, after: page.pageInfo.endCursor });
      page = next.data!.screen.rows;
      tickers.push(...page.edges.map((edge) => edge.node.ticker));
    }
    const all = await graphql(screenQuery, { input: { universe: "MANUAL", tickers: defaultTickers }, first: 10 });
    const rows = all.data!.screen.rows.edges.map((edge) => edge.node);
    expect(tickers).toEqual(rows.map((row) => row.ticker));
    const scores = rows.map((row) => row.technicalScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const row of rows) expect(["STRONG_BULLISH", "BULLISH", "NEUTRAL"]).toContain(row.momentum);
  });

  it("is BAD_USER_INPUT naming lookbackDays and its bound", async () => {
    const result = await graphql(screenQuery, { input: { universe: "SP500", lookbackDays: 10 } });
    expect(result.errors?.[0]).toMatchObject({
      message: "Invalid screening request: lookbackDays must be between 45 and 365.",
      extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "lookbackDays", message: "lookbackDays must be between 45 and 365" }] },
    });
  });

  it("refuses pages of no rows or over 10,000 rows and cursors from elsewhere, naming the argument", async () => {
    for (const first of [10_001, 0, -1]) {
      const refused = await graphql(screenQuery, { input: { universe: "MANUAL", tickers: ["AAPL"] }, first });
      expect(refused).toEqual({ errors: [expect.objectContaining({ extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "first", message: "first must be between 1 and 10000." }] } })] });
    }
    const badCursor = await graphql(screenQuery, { input: { universe: "MANUAL", tickers: ["AAPL"] }, after: "not-a-cursor" });
    expect(badCursor.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "after" }] });
  });

  it("prices the rows at one point per 100, so a visitor can load 4,000 rows many times an hour", async () => {
    const cost = async (first: number) => {
      const priced = screenQuery.replace("query Screen(", "query Screen($dry: Boolean = true, ").replace("screen(input", "rateLimit(dryRun: $dry) { cost } screen(input");
      const result = await graphql(priced, { input: { universe: "ALL_MARKET" }, first });
      return result.data!.rateLimit.cost;
    };
    const [hundred, fourThousand, tenThousand] = [await cost(100), await cost(4000), await cost(10_000)];
    expect(fourThousand - hundred).toBe(39);
    expect(tenThousand - hundred).toBe(99);
    expect(fourThousand).toBeLessThan(100);
    expect(Math.floor(20_000 / fourThousand)).toBeGreaterThanOrEqual(200);
  });
});

describe("screen size and count", () => {
  const dryRunCost = async (input: Record<string, unknown>) => {
    const result = await graphql(
      "query Priced($input: ScreenInput!) { rateLimit(dryRun: true) { cost } screen(input: $input) { runId } }",
      { input },
    );
    return result.data!.rateLimit.cost;
  };

  it("prices a screen by the symbols it scans: one point per 200 on top of its own", async () => {
    const sizes = Object.fromEntries(universeInfo().map((info) => [info.universe, info.size]));
    const manual = await dryRunCost({ universe: "MANUAL", tickers: defaultTickers });
    const sp500 = await dryRunCost({ universe: "SP500" });
    const wholeMarket = await dryRunCost({ universe: "ALL_MARKET", maxSymbols: 0 });
    expect(sp500 - manual).toBe(Math.ceil(sizes.sp500 / 200) - 1);
    expect(wholeMarket - manual).toBe(Math.ceil(sizes.all_market / 200) - 1);
    expect(await dryRunCost({ universe: "ALL_MARKET", maxSymbols: 400 })).toBe(manual + 1);
  });

  it("runs one screen per query: 1,000 aliased screens are refused before anything runs, is stored or charged", async () => {
    const limited = createTestApp(db, { API_POINTS_PER_HOUR: "1000000" });
    const since = new Date();
    const aliases = Array.from({ length: 1000 }, (_, index) => `s${index}: screen(input: { universe: SP500 }) { runId }`).join("\n");
    const response = await request(limited.app).post("/graphql").send({ query: `{ ${aliases} }` }).expect(400);
    expect(response.body.errors[0]).toMatchObject({
      message: expect.stringContaining("One screen per request: this operation runs 1000"),
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(response.headers["x-ratelimit-used"]).toBe("0");
    // Fragments count too, and one screen still runs.
    const twice = await request(limited.app)
      .post("/graphql")
      .send({ query: 'query { ...S ... on Query { ...S } } fragment S on Query { screen(input: { universe: MANUAL, tickers: ["AAPL"] }) { runId } }' })
      .expect(400);
    expect(twice.body.errors[0].message).toContain("runs 2");
    await request(limited.app).post("/graphql").send({ query: '{ screen(input: { universe: MANUAL, tickers: ["AAPL"] }) { runId } }' }).expect(200);
    await flushScreenRuns();
    expect(await db.prisma.screeningRun.count({ where: { createdAt: { gte: since } } })).toBe(1);
  });
});

describe("Query.combinedScreen", () => {
  it("is PRO_REQUIRED for Basic users and graded rows for Pro users", async () => {
    const basic = await signedInAgent(test.app, db, basicUser);
    const refused = await graphql(combinedQuery, { input: { universe: "MANUAL", tickers: defaultTickers } }, basic);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0].extensions?.code).toBe("PRO_REQUIRED");

    const pro = await signedInAgent(test.app, db, proUser);
    const result = await graphql(combinedQuery, { input: { universe: "MANUAL", tickers: defaultTickers } }, pro);
    expect(result.errors).toBeUndefined();
    const rows = result.data!.combinedScreen.rows.edges.map((edge) => edge.node);
    expect(result.data!.combinedScreen).toMatchObject({ kind: "COMBINED", rows: { totalCount: 5 } });
    for (const row of rows) expect(["A", "B", "C", "D"]).toContain(row.grade);
    const scores = rows.map((row) => row.combinedScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("prices every row the Combined and Pro tables ask for by page size, and refuses pages past 10,000", async () => {
    const pro = await signedInAgent(test.app, db, proUser);
    // A dry run answers the price only; a real one runs the screen.
    const ask = (field: "combinedScreen" | "proScreen", first: number, dryRun: boolean) =>
      graphql(
        `query Priced($input: ${field === "proScreen" ? "ProScreenInput" : "ScreenInput"}!, $first: Int) {
          ${dryRun ? "rateLimit(dryRun: true) { cost }" : ""} ${field}(input: $input) { rows(first: $first) { totalCount edges { node { ticker } } } }
        }`,
        { input: { universe: "ALL_MARKET" }, first },
        pro,
      );
    for (const field of ["combinedScreen", "proScreen"] as const) {
      const [hundred, tenThousand] = [await ask(field, 100, true), await ask(field, 10_000, true)];
      expect(tenThousand.data!.rateLimit.cost - hundred.data!.rateLimit.cost).toBe(99);
      const tooMany = await ask(field, 10_001, false);
      expect(tooMany.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "first" }] });
    }
  });
});

describe("methodology and universes", () => {
  it("answers the score formulas and the universes with their real sizes", async () => {
    const result = await graphql(`{ screenMethodology { technicalScoreFormula momentumRule combinedScoreFormula gradeThresholds } screenUniverses { universe label size description } }`);
    expect(result.data!.screenMethodology).toEqual(methodology);
    const universes = result.data!.screenUniverses;
    expect(universes.map((entry) => entry.universe)).toEqual(["SP500", "SP500_CURRENT", "BROAD", "ALL_MARKET", "UPLOAD", "MANUAL"]);
    // The S&P 500 of the latest price day (point in time); the others are today's lists.
    expect(universes[0].size).toBe(universeTickers("sp500", { includeEtf: false, on: "2021-04-21" }).length);
    expect(universes.slice(1, 4).map((entry) => entry.size)).toEqual(universeInfo().slice(1).map((info) => info.size));
    expect(universes.slice(4).map((entry) => entry.size)).toEqual([null, null]);
  });
});

describe("Viewer.latestScreen", () => {
  it("is the signed-in viewer's latest Basic run", async () => {
    const agent = await signedInAgent(test.app, db, basicUser);
    const run = await graphql(screenQuery, { input: { universe: "MANUAL", tickers: ["MSFT", "JPM"] } }, agent);
    const latest = await graphql(`{ viewer { latestScreen { runId stats { matched } rows(first: 10) { edges { node { ticker } } } } } }`, {}, agent);
    expect(latest.data!.viewer.latestScreen).toMatchObject({ runId: run.data!.screen.runId, stats: { matched: 2 } });

    // Asked together with a new screen, it is the run before (the new one is stored once this answer is sent).
    const both = await graphql(`{ screen(input: { universe: MANUAL, tickers: ["AAPL"] }) { runId } viewer { latestScreen { runId } } }`, {}, agent);
    expect(both.data!.viewer.latestScreen).toEqual({ runId: run.data!.screen.runId });
    await flushScreenRuns();
    const after = await graphql(`{ viewer { latestScreen { runId } } }`, {}, agent);
    expect(after.data!.viewer.latestScreen).toEqual({ runId: both.data!.screen.runId });
  });
});

describe("saved screens", () => {
  const saveMutation = /* GraphQL */ `
    mutation Save($input: SaveScreenInput!) {
      saveScreen(input: $input) { savedScreen { id name kind createdAt updatedAt request { universe tickers minRsi maxRsi minVolume } } }
    }
  `;
  const listQuery = `{ viewer { savedScreens { id name kind } } }`;
  const nodeQuery = `query Node($id: ID!) { node(id: $id) { ... on SavedScreen { name } } }`;
  const deleteMutation = `mutation Delete($id: ID!) { deleteSavedScreen(id: $id) { deletedId } }`;

  it("saves, lists, overwrites by name and deletes the owner's screens; others cannot read or delete them", async () => {
    const owner = await signedInAgent(test.app, db, basicUser);
    const oversold = { name: "  Oversold large caps ", kind: "BASIC", request: { universe: "SP500", maxRsi: 30, minVolume: 1_000_000 } };
    const saved = await graphql(saveMutation, { input: oversold }, owner);
    expect(saved.errors).toBeUndefined();
    const screen = saved.data!.saveScreen.savedScreen;
    expect(screen).toMatchObject({ name: "Oversold large caps", kind: "BASIC", request: { universe: "SP500", tickers: null, maxRsi: 30, minRsi: null, minVolume: 1_000_000 } });

    const again = await graphql(saveMutation, { input: { ...oversold, name: "Oversold large caps", request: { universe: "SP500", maxRsi: 25 } } }, owner);
    expect(again.data!.saveScreen.savedScreen).toMatchObject({ id: screen.id, request: { maxRsi: 25 } });
    await graphql(saveMutation, { input: { name: "Mine", kind: "BASIC", request: { universe: "MANUAL", tickers: ["ko", "pep"] } } }, owner);
    expect((await graphql(listQuery, {}, owner)).data!.viewer.savedScreens.map((entry) => entry.name)).toEqual(["Mine", "Oversold large caps"]);

    expect((await graphql(nodeQuery, { id: screen.id }, owner)).data!.node).toEqual({ name: "Oversold large caps" });
    const mineId = (await graphql(listQuery, {}, owner)).data!.viewer.savedScreens[0].id;
    const nodes = await graphql(`query Nodes($ids: [ID!]!) { nodes(ids: $ids) { ... on SavedScreen { name } } }`, { ids: [mineId, screen.id] }, owner);
    expect(nodes.data!.nodes).toEqual([{ name: "Mine" }, { name: "Oversold large caps" }]);
    const stranger = await signedInAgent(test.app, db, await createUser(db));
    expect((await graphql(nodeQuery, { id: screen.id }, stranger)).data!.node).toBeNull();
    expect((await graphql(nodeQuery, { id: screen.id })).data!.node).toBeNull();
    expect((await graphql(deleteMutation, { id: screen.id }, stranger)).errors?.[0].extensions?.code).toBe("NOT_FOUND");

    expect((await graphql(deleteMutation, { id: screen.id }, owner)).data!.deleteSavedScreen).toEqual({ deletedId: screen.id });
    expect((await graphql(listQuery, {}, owner)).data!.viewer.savedScreens.map((entry) => entry.name)).toEqual(["Mine"]);
  });

  it("checks the name and request, needs sign-in, and Pro for a Combined screen", async () => {
    const basic = await signedInAgent(test.app, db, basicUser);
    const blank = await graphql(saveMutation, { input: { name: "   ", kind: "BASIC", request: { universe: "SP500" } } }, basic);
    expect(blank.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "name", message: "name must be 1 to 80 characters" }] });
    const badRequest = await graphql(saveMutation, { input: { name: "Short", kind: "BASIC", request: { universe: "SP500", lookbackDays: 400 } } }, basic);
    expect(badRequest.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "lookbackDays" }] });
    const combined = { name: "Momentum with positive news", kind: "COMBINED", request: { universe: "SP500", requireMaCondition: true, minRsi: 55, minSentiment: 0.2 } };
    expect((await graphql(saveMutation, { input: combined }, basic)).errors?.[0].extensions?.code).toBe("PRO_REQUIRED");
    expect((await graphql(saveMutation, { input: combined })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const pro = await signedInAgent(test.app, db, proUser);
    expect((await graphql(saveMutation, { input: combined }, pro)).data!.saveScreen.savedScreen).toMatchObject({ kind: "COMBINED" });
  });

  it("finds a Pro saved screen by node(id:) and nodes(ids:) in one query, for its owner only", async () => {
    const owner = await signedInAgent(test.app, db, proUser);
    const input = { name: "Pro node and nodes", kind: "PRO", request: { universe: "SP500" }, advanced: { maxAiRank: 50 } };
    const saved = await graphql(saveMutation, { input }, owner);
    expect(saved.errors).toBeUndefined();
    const { id } = saved.data!.saveScreen.savedScreen;
    const both = `query Both($id: ID!) { node(id: $id) { id ... on SavedScreen { name kind } } nodes(ids: [$id]) { id ... on SavedScreen { name kind } } }`;
    const expected = { id, name: "Pro node and nodes", kind: "PRO" };
    // nodes first, then node: either order resolves the same record, typed, in both places.
    const reversed = `query Reversed($id: ID!) { nodes(ids: [$id, $id]) { id ... on SavedScreen { name } } node(id: $id) { id ... on SavedScreen { name } } }`;
    expect(await graphql(both, { id }, owner)).toEqual({ data: { node: expected, nodes: [expected] } });
    expect(await graphql(reversed, { id }, owner)).toEqual({ data: { nodes: [{ id, name: expected.name }, { id, name: expected.name }], node: { id, name: expected.name } } });
    const stranger = await signedInAgent(test.app, db, await createUser(db, { pro: true }));
    expect(await graphql(both, { id }, stranger)).toEqual({ data: { node: null, nodes: [null] } });
  });
});
