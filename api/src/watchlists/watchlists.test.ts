/** @db */
import request from "supertest";
import type { User } from "../generated/prisma/client";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;
let basicUser: User;
let proUser: User;

type GraphQLError = { message: string; extensions?: { code?: string; screens?: number; fieldErrors?: { field: string; message: string }[] } };
type WatchlistData = { id: string; name: string; tickers: string[] };
type Body = { data: Record<string, { watchlist?: WatchlistData } & Record<string, unknown>> | null; errors?: GraphQLError[] };
type Sender = { post(url: string): request.Test };

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000", API_POINTS_PER_HOUR: "1000000" });
  basicUser = await createUser(db);
  proUser = await createUser(db, { pro: true });
  await loadSnapshotPrices(db, ["AAPL", "MSFT", "KO"]);
  // Berkshire Hathaway's 13F quarters 2020-06-30 → 2024-03-31 (no filing dates: each known on its 45-day deadline).
  await loadHedgeFundSnapshot(test.deps, { force: true });
}, 120_000);
afterAll(() => db.close());

const graphql = async (query: string, variables: Record<string, unknown>, sender: Sender = request(test.app)): Promise<Body> =>
  (await sender.post("/graphql").send({ query, variables })).body as Body;

const create = `mutation Create($name: String!, $tickers: [String!]) { createWatchlist(name: $name, tickers: $tickers) { watchlist { id name tickers } } }`;
const add = `mutation Add($id: ID!, $tickers: [String!]!) { addToWatchlist(id: $id, tickers: $tickers) { watchlist { id name tickers } } }`;
const set = `mutation Set($id: ID!, $tickers: [String!]!) { setWatchlistTickers(id: $id, tickers: $tickers) { watchlist { tickers } } }`;
const remove = `mutation Remove($id: ID!, $tickers: [String!]!) { removeFromWatchlist(id: $id, tickers: $tickers) { watchlist { tickers } } }`;
const rename = `mutation Rename($id: ID!, $name: String!) { renameWatchlist(id: $id, name: $name) { watchlist { name } } }`;
const drop = `mutation Drop($id: ID!) { deleteWatchlist(id: $id) { deletedId } }`;
const lists = `{ viewer { watchlistLimits { lists tickersPerList } watchlists(first: 20) { edges { node { id name tickers } } } } }`;
const node = `query Node($id: ID!) { node(id: $id) { ... on Watchlist { name tickers } } }`;

const errorOf = (body: Body) => body.errors?.[0]?.extensions;
const namesOf = (body: Body) =>
  (body.data!.viewer as unknown as { watchlists: { edges: { node: WatchlistData }[] } }).watchlists.edges.map((edge) => edge.node.name);

describe("a Basic user's watchlist", () => {
  it("keeps one list of up to 25 known tickers in the user's order; past a limit nothing is saved", async () => {
    const basic = await signedInAgent(test.app, db, await createUser(db));
    const created = await graphql(create, { name: "  Dividend ideas ", tickers: ["ko", "PEP", " ko ", "jnj"] }, basic);
    expect(created.errors).toBeUndefined();
    const list = created.data!.createWatchlist.watchlist!;
    expect(list).toMatchObject({ name: "Dividend ideas", tickers: ["KO", "PEP", "JNJ"] });

    const second = await graphql(create, { name: "Another" }, basic);
    expect(errorOf(second)).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "name", message: expect.stringContaining("one watchlist on the Basic plan") }] });

    const unknown = await graphql(add, { id: list.id, tickers: ["MSFT", "ZZZZQ"] }, basic);
    expect(errorOf(unknown)).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "tickers", message: expect.stringContaining("ZZZZQ") }] });
    const many = ["AAPL", "MSFT", "NVDA", "JPM", "AMZN", "GOOGL", "META", "XOM", "CVX", "WMT", "PG", "HD", "MRK", "ABBV", "PFE", "BAC", "WFC", "C", "INTC", "CSCO", "ORCL", "T", "VZ"];
    const over = await graphql(add, { id: list.id, tickers: many }, basic);
    expect(errorOf(over)).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "tickers", message: expect.stringContaining("at most 25 tickers on the Basic plan") }] });
    // Neither refused change left anything behind.
    expect((await graphql(node, { id: list.id }, basic)).data!.node).toEqual({ name: "Dividend ideas", tickers: ["KO", "PEP", "JNJ"] });

    expect((await graphql(add, { id: list.id, tickers: ["msft", "KO"] }, basic)).data!.addToWatchlist.watchlist!.tickers).toEqual(["KO", "PEP", "JNJ", "MSFT"]);
    expect((await graphql(set, { id: list.id, tickers: ["MSFT", "JNJ", "KO", "PEP"] }, basic)).data!.setWatchlistTickers.watchlist!.tickers).toEqual(["MSFT", "JNJ", "KO", "PEP"]);
    expect((await graphql(remove, { id: list.id, tickers: ["JNJ"] }, basic)).data!.removeFromWatchlist.watchlist!.tickers).toEqual(["MSFT", "KO", "PEP"]);
    expect((await graphql(lists, {}, basic)).data!.viewer).toMatchObject({ watchlistLimits: { lists: 1, tickersPerList: 25 } });
  });

  it("lets only one of two lists created at once pass the one-list limit", async () => {
    const basic = await signedInAgent(test.app, db, await createUser(db));
    const outcomes = await Promise.all([graphql(create, { name: "First" }, basic), graphql(create, { name: "Second" }, basic)]);
    expect(outcomes.filter((body) => body.errors === undefined)).toHaveLength(1);
    expect(namesOf(await graphql(lists, {}, basic))).toHaveLength(1);
  });

  it("needs a name of 1 to 80 characters and names every bad field at once", async () => {
    const basic = await signedInAgent(test.app, db, basicUser);
    const body = await graphql(create, { name: " ", tickers: ["NOPE1"] }, basic);
    expect(errorOf(body)?.fieldErrors?.map((error) => error.field)).toEqual(["name", "tickers"]);
    expect(errorOf(await graphql(create, { name: "x".repeat(81) }, basic))?.fieldErrors).toEqual([{ field: "name", message: "name must be 1 to 80 characters" }]);
  });
});

describe("a Pro user's watchlists", () => {
  it("keeps up to 20 lists with unique names, renames and deletes them", async () => {
    const pro = await signedInAgent(test.app, db, await createUser(db, { pro: true }));
    const ids: string[] = [];
    for (let index = 1; index <= 20; index++) ids.push((await graphql(create, { name: `List ${index}` }, pro)).data!.createWatchlist.watchlist!.id);
    expect(errorOf(await graphql(create, { name: "List 21" }, pro))?.fieldErrors?.[0].message).toContain("at most 20 watchlists on the Pro plan");
    expect(errorOf(await graphql(create, { name: "List 2" }, pro))?.fieldErrors?.[0]).toMatchObject({ field: "name", message: expect.stringContaining("already have") });
    expect(errorOf(await graphql(rename, { id: ids[0], name: "List 2" }, pro))?.fieldErrors?.[0].field).toBe("name");
    expect((await graphql(rename, { id: ids[0], name: "Core" }, pro)).data!.renameWatchlist.watchlist).toEqual({ name: "Core" });
    expect((await graphql(drop, { id: ids[1] }, pro)).data!.deleteWatchlist).toEqual({ deletedId: ids[1] });
    const names = namesOf(await graphql(lists, {}, pro));
    expect(names).toHaveLength(19);
    expect(names[0]).toBe("Core");
    expect((await graphql(lists, {}, pro)).data!.viewer).toMatchObject({ watchlistLimits: { lists: 20, tickersPerList: 500 } });
  });

  it("are private: another user or a visitor reads nothing and changes nothing", async () => {
    const owner = await signedInAgent(test.app, db, proUser);
    const { id } = (await graphql(create, { name: "Private", tickers: ["AAPL"] }, owner)).data!.createWatchlist.watchlist!;
    const stranger = await signedInAgent(test.app, db, await createUser(db, { pro: true }));
    expect((await graphql(node, { id }, stranger)).data!.node).toBeNull();
    expect((await graphql(node, { id })).data!.node).toBeNull();
    expect(errorOf(await graphql(add, { id, tickers: ["MSFT"] }, stranger))?.code).toBe("NOT_FOUND");
    expect(errorOf(await graphql(drop, { id }, stranger))?.code).toBe("NOT_FOUND");
    expect(errorOf(await graphql(create, { name: "Anonymous" }))?.code).toBe("UNAUTHENTICATED");
    expect((await graphql(node, { id }, owner)).data!.node).toEqual({ name: "Private", tickers: ["AAPL"] });
  });
});

describe("REST /api/watchlists", () => {
  it("creates a list from a CSV file, changes it and exports it in the list's order", async () => {
    const agent = await signedInAgent(test.app, db, await createUser(db, { pro: true }));
    const csv = "Name,Symbol,Weight\nCoca-Cola,ko,0.5\nPepsiCo,PEP,0.5\n";
    const created = await agent.post("/api/watchlists").send({ name: "From a file", csv }).expect(201);
    const { id } = created.body.watchlist as WatchlistData;
    expect(created.body.watchlist).toMatchObject({ name: "From a file", tickers: ["KO", "PEP"] });
    expect((await agent.patch(`/api/watchlists/${id}`).send({ add: ["MDLZ"] }).expect(200)).body.watchlist.tickers).toEqual(["KO", "PEP", "MDLZ"]);
    expect((await agent.patch(`/api/watchlists/${id}`).send({ tickers: ["MDLZ", "KO", "PEP"] }).expect(200)).body.watchlist.tickers).toEqual(["MDLZ", "KO", "PEP"]);
    const exported = await agent.get(`/api/watchlists/${id}/export.csv`).expect(200);
    expect(exported.headers["content-type"]).toMatch(/^text\/csv/);
    expect(exported.headers["content-disposition"]).toContain("From-a-file.csv");
    expect(exported.text).toBe("ticker\r\nMDLZ\r\nKO\r\nPEP\r\n");
    const listed = await agent.get("/api/watchlists").expect(200);
    expect(listed.body).toMatchObject({ watchlists: [{ id, name: "From a file" }], limits: { lists: 20, tickersPerList: 500 } });
    expect((await agent.delete(`/api/watchlists/${id}`).expect(200)).body).toEqual({ deletedId: id });
    await agent.get(`/api/watchlists/${id}/export.csv`).expect(404);
  });

  it("answers bad input with a 4xx naming the field, and visitors with 401", async () => {
    const agent = await signedInAgent(test.app, db, await createUser(db));
    expect((await agent.post("/api/watchlists").send({ name: "Bad", tickers: ["AAPL", "XQZZY"] }).expect(400)).body.errors).toEqual([
      { field: "tickers", message: expect.stringContaining("XQZZY") },
    ]);
    expect((await agent.post("/api/watchlists").send({ name: "Bad", csv: "" }).expect(400)).body.errors[0].field).toBe("csv");
    const { id } = (await agent.post("/api/watchlists").send({ name: "Good" }).expect(201)).body.watchlist as WatchlistData;
    expect((await agent.patch(`/api/watchlists/${id}`).send({ add: ["AAPL"], remove: ["KO"] }).expect(400)).body.errors[0].field).toBe("body");
    await agent.patch("/api/watchlists/not-a-uuid").send({ add: ["AAPL"] }).expect(404);
    await request(test.app).get("/api/watchlists").expect(401);
    await request(test.app).post("/api/watchlists").send({ name: "Anonymous" }).expect(401);
    expect((await agent.post("/api/watchlists").set("origin", "https://evil.example").send({ name: "Forged" }).expect(403)).body.code).toBe("FORBIDDEN");
  });
});

describe("a watchlist's view", () => {
  const view = `query View($id: ID!, $asOf: String) {
    node(id: $id) { ... on Watchlist { view(asOf: $asOf) { asOf source isSnapshot warnings { code message } rows(first: 50) { edges { node { ticker price sma20 rsi newsCount } } } } } }
  }`;
  type View = { asOf: string; source: string; isSnapshot: boolean; warnings: { code: string; message: string }[]; rows: { edges: { node: { ticker: string; price: number; sma20: number | null; rsi: number | null } }[] } };
  const viewOf = (body: Body) => (body.data!.node as unknown as { view: View }).view;

  it("shows every ticker of the list with prices at the latest day or a past one, and names those without", async () => {
    const agent = await signedInAgent(test.app, db, basicUser);
    const existing = (await graphql(lists, {}, agent)).data!.viewer as unknown as { watchlists: { edges: { node: WatchlistData }[] } };
    await Promise.all(existing.watchlists.edges.map((edge) => graphql(drop, { id: edge.node.id }, agent)));
    const { id } = (await graphql(create, { name: "Viewed", tickers: ["KO", "AAPL", "MSFT", "PEP"] }, agent)).data!.createWatchlist.watchlist!;

    const latest = viewOf(await graphql(view, { id }, agent));
    expect(latest.rows.edges.map((edge) => edge.node.ticker).sort()).toEqual(["AAPL", "KO", "MSFT"]);
    expect(latest.rows.edges.every((edge) => edge.node.price > 0 && edge.node.sma20 !== null && edge.node.rsi !== null)).toBe(true);
    expect(latest).toMatchObject({ isSnapshot: true, source: expect.stringContaining("daily prices") });
    expect(latest.warnings.find((warning) => warning.message.includes("PEP"))).toBeDefined();

    const past = viewOf(await graphql(view, { id, asOf: "2019-06-14" }, agent));
    expect(past.asOf <= "2019-06-14").toBe(true);
    expect(past.rows.edges).toHaveLength(3);
    expect(past.rows.edges[0].node.price).not.toBe(latest.rows.edges.find((edge) => edge.node.ticker === past.rows.edges[0].node.ticker)!.node.price);

    const rest = await agent.get(`/api/watchlists/${Buffer.from(id, "base64").toString().split(":")[1]}?asOf=2019-06-14`).expect(200);
    expect(rest.body.view.results).toHaveLength(3);
    expect(errorOf(await graphql(view, { id, asOf: "2019-13-40" }, agent))?.fieldErrors?.[0].field).toBe("asOf");
  });

  const changesView = `query Changes($id: ID!, $asOf: String) {
    node(id: $id) { ... on Watchlist { view(asOf: $asOf) { asOf rows(first: 50) { edges { node { ticker price asOf } } } dayChanges { ticker asOf close previousAsOf previousClose change changePercent source } } } }
  }`;
  type DayChange = { ticker: string; asOf: string; close: number; previousAsOf: string; previousClose: number; change: number; changePercent: number; source: string };
  type ChangesView = { asOf: string; rows: { edges: { node: { ticker: string; price: number; asOf: string } }[] }; dayChanges: DayChange[] };

  /** The ticker's two latest stored closes on or before `day`, newest first, read from price_data itself. */
  const lastTwoCloses = (ticker: string, day: string) => db.prisma.$queryRaw<{ date: string; close: number }[]>`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, close::float8 AS close FROM price_data
    WHERE ticker = ${ticker} AND date <= ${day}::date AND close IS NOT NULL ORDER BY date DESC LIMIT 2`;

  it("shows each row's change against the ticker's previous stored close, with both days and the source, over GraphQL and REST", async () => {
    const agent = await signedInAgent(test.app, db, await createUser(db));
    const { id } = (await graphql(create, { name: "Moves", tickers: ["AAPL", "KO", "MSFT"] }, agent)).data!.createWatchlist.watchlist!;
    for (const asOf of [undefined, "2019-06-14", "2020-03-16"]) {
      const view = (await graphql(changesView, { id, asOf }, agent)).data!.node as unknown as { view: ChangesView };
      expect(view.view.dayChanges.map((change) => change.ticker)).toEqual(view.view.rows.edges.map((edge) => edge.node.ticker));
      for (const { node: row } of view.view.rows.edges) {
        const [today, before] = await lastTwoCloses(row.ticker, row.asOf);
        expect(today.date).toBe(row.asOf);
        expect(view.view.dayChanges.find((change) => change.ticker === row.ticker)).toEqual({
          ticker: row.ticker,
          asOf: row.asOf,
          close: row.price,
          previousAsOf: before.date,
          previousClose: before.close,
          change: expect.closeTo(today.close - before.close, 4),
          changePercent: expect.closeTo((today.close / before.close - 1) * 100, 4),
          source: expect.stringContaining("Alpha Vantage"),
        });
      }
    }
    // 2020-03-16: the S&P 500 fell about 12 %, and Apple with it.
    const crash = (await graphql(changesView, { id, asOf: "2020-03-16" }, agent)).data!.node as unknown as { view: ChangesView };
    const apple = crash.view.dayChanges.find((change) => change.ticker === "AAPL")!;
    expect(apple).toMatchObject({ asOf: "2020-03-16", previousAsOf: "2020-03-13" });
    expect(apple.changePercent).toBeLessThan(-8);

    const rawId = Buffer.from(id, "base64").toString().split(":")[1];
    const rest = (await agent.get(`/api/watchlists/${rawId}?asOf=2020-03-16`).expect(200)).body.view as { results: { ticker: string; dayChange: DayChange | null }[] };
    expect(rest.results.map((row) => row.dayChange)).toEqual(rest.results.map((row) => crash.view.dayChanges.find((change) => change.ticker === row.ticker)));
    // 13F holdings are Pro data: a Basic viewer's rows carry no fundChanges key at all.
    expect(rest.results.every((row) => !("fundChanges" in row))).toBe(true);
  });

  const fundsView = `query Funds($id: ID!, $asOf: String) {
    node(id: $id) { ... on Watchlist { view(asOf: $asOf) { asOf fundChanges { ticker fundName fundCik quarterEnd knownOn kind previousShares shares sharesChangePercent filingUrl source } } } }
  }`;
  type FundChange = { ticker: string; fundName: string; quarterEnd: string; knownOn: string; kind: string; sharesChangePercent: number | null; source: string };

  it("shows a Pro user each tracked fund's latest 13F changes known by the view's day; Basic users get PRO_REQUIRED and no figure", async () => {
    const pro = await signedInAgent(test.app, db, await createUser(db, { pro: true }));
    const { id } = (await graphql(create, { name: "Held", tickers: ["AAPL", "KO", "MSFT"] }, pro)).data!.createWatchlist.watchlist!;
    const fundsAt = async (asOf: string) => ((await graphql(fundsView, { id, asOf }, pro)).data!.node as unknown as { view: { fundChanges: FundChange[] } }).view.fundChanges;

    // 2021-03-01: the latest quarter known is 2020-12-31 (due 2021-02-14), when Berkshire cut Apple by 6 % and
    // kept Coca-Cola; 2020-09-30's quarter (Apple bought, due 2020-11-14) is older, so it is not shown.
    expect(await fundsAt("2021-03-01")).toEqual([
      {
        ticker: "AAPL",
        fundName: "BERKSHIRE HATHAWAY INC",
        fundCik: "0001067983",
        quarterEnd: "2020-12-31",
        knownOn: "2021-02-14",
        kind: "REDUCED",
        previousShares: 944_295_554,
        shares: 887_135_554,
        sharesChangePercent: expect.closeTo(-6.0532, 3),
        filingUrl: expect.stringContaining("sec.gov"),
        source: "SEC EDGAR 13F-HR filings",
      },
    ]);
    expect(await fundsAt("2020-12-01")).toMatchObject([{ ticker: "AAPL", quarterEnd: "2020-09-30", kind: "ADDED", sharesChangePercent: expect.closeTo(285.18, 2) }]);
    // Before the first stored quarter was known, there is nothing to show.
    expect(await fundsAt("2019-06-14")).toEqual([]);

    const rawId = Buffer.from(id, "base64").toString().split(":")[1];
    const rest = (await pro.get(`/api/watchlists/${rawId}?asOf=2021-03-01`).expect(200)).body.view as { results: { ticker: string; fundChanges: FundChange[] }[] };
    expect(Object.fromEntries(rest.results.map((row) => [row.ticker, row.fundChanges.map((change) => `${change.kind} ${change.quarterEnd}`)]))).toEqual({
      AAPL: ["REDUCED 2020-12-31"],
      KO: [],
      MSFT: [],
    });

    const basic = await signedInAgent(test.app, db, await createUser(db));
    const basicList = (await graphql(create, { name: "Held", tickers: ["AAPL"] }, basic)).data!.createWatchlist.watchlist!;
    const refused = await graphql(fundsView, { id: basicList.id, asOf: "2021-03-01" }, basic);
    expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(["PRO_REQUIRED"]);
    expect((refused.data!.node as unknown as { view: { asOf: string; fundChanges: null } }).view).toEqual({ asOf: expect.any(String), fundChanges: null });
  });

  it("counts as the request's one screen: aliased views, or a view beside a screen, are refused before any runs", async () => {
    const agent = await signedInAgent(test.app, db, proUser);
    const aliased = `{ viewer { watchlists { edges { node { a: view(asOf: "2019-06-14") { asOf } b: view(asOf: "2019-06-13") { asOf } } } } } }`;
    expect(errorOf(await graphql(aliased, {}, agent))).toMatchObject({ code: "BAD_USER_INPUT", screens: 2 });
    const beside = `{ screen(input: { universe: SP500 }) { asOf } viewer { watchlists(first: 1) { edges { node { view { asOf } } } } } }`;
    expect(errorOf(await graphql(beside, {}, agent))).toMatchObject({ code: "BAD_USER_INPUT", screens: 2 });
  });
});
