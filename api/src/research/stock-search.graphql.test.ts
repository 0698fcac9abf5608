/** @db */
import request from "supertest";
import type { Express } from "express";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Express;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  ({ app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "100000" }));
  await loadSnapshotPrices(db, ["AAPL"], { withMarket: false });
}, 60_000);
afterAll(() => db.close());

type Match = { hasPrices: boolean; stock: { id: string; ticker: string; name: string } };
type Body = {
  data?: { stockSearch: Match[] } | null;
  errors?: { message: string; extensions?: { code?: string; fieldErrors?: { field: string; message: string }[] } }[];
};

const searchQuery = /* GraphQL */ `
  query ($query: String!, $first: Int) {
    stockSearch(query: $query, first: $first) { hasPrices stock { id ticker name } }
  }
`;

// Signed out: the search is public reference data.
async function search(query: string, first?: number): Promise<Body> {
  return (await request(app).post("/graphql").send({ query: searchQuery, variables: { query, first } })).body as Body;
}

describe("stockSearch", () => {
  it("finds Apple by the start of its name, with stored prices, right after the typed ticker APP", async () => {
    const { data, errors } = await search("app");
    expect(errors).toBeUndefined();
    const tickers = data!.stockSearch.map((match) => match.stock.ticker);
    expect(tickers.slice(0, 2)).toEqual(["APP", "AAPL"]);
    expect(data!.stockSearch[1]).toEqual({ hasPrices: true, stock: { id: expect.any(String), ticker: "AAPL", name: "Apple Inc." } });
    // Only AAPL's prices were loaded here: the others say their page has no chart.
    expect(data!.stockSearch.filter((match) => match.hasPrices).map((match) => match.stock.ticker)).toEqual(["AAPL"]);
    expect(data!.stockSearch).toHaveLength(8);
  });

  it("matches tickers case-insensitively, trims the query and honours first", async () => {
    const { data } = await search("  msft ", 3);
    expect(data!.stockSearch[0].stock).toMatchObject({ ticker: "MSFT", name: "Microsoft" });
    expect(data!.stockSearch.length).toBeLessThanOrEqual(3);
  });

  it("answers an empty list when nothing matches", async () => {
    const { data, errors } = await search("zzzzqqq");
    expect(errors).toBeUndefined();
    expect(data!.stockSearch).toEqual([]);
  });

  it.each([
    ["   ", undefined, "query", "query must not be empty."],
    ["a".repeat(41), undefined, "query", "query must be at most 40 characters."],
    ["apple", 0, "first", "first must be between 1 and 20."],
    ["apple", 21, "first", "first must be between 1 and 20."],
  ])("refuses query %j with first %j, naming %s", async (query, first, field, message) => {
    const body = await search(query, first);
    // A blank query is refused by the field (data null); a first outside 1–20 before the query runs (no data).
    expect(body.data ?? null).toBeNull();
    expect(body.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field, message }] });
    expect(body.errors![0].message).toBe(`Invalid input: ${field}`);
  });
});
