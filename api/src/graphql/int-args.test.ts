/**
 * Counts, page sizes and limits among GraphQL arguments: every Int argument declares its range,
 * its description states it, and a value outside it (or no Int at all) is refused before the
 * operation runs or is charged, as BAD_USER_INPUT naming the argument.
 *
 * @db
 */
import { isInterfaceType, isObjectType, parse, specifiedRules, validate, type GraphQLArgument, type GraphQLField } from "graphql";
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { IntArgLiteralsRule, intArgProblems, intRangeOf } from "./int-args";
import { schema } from "./schema";

type Arg = { coordinate: string; field: GraphQLField<unknown, unknown>; arg: GraphQLArgument };

/** Every argument of every field whose named type is Int (object, interface and root types). */
const intArgs: Arg[] = Object.values(schema.getTypeMap()).flatMap((type) =>
  (isObjectType(type) || isInterfaceType(type)) && !type.name.startsWith("__")
    ? Object.values(type.getFields()).flatMap((field) =>
        field.args.filter((arg) => String(arg.type).replace(/!$/, "") === "Int").map((arg) => ({ coordinate: `${type.name}.${field.name}(${arg.name}:)`, field, arg })),
      )
    : [],
);

describe("the schema's Int arguments", () => {
  it("are all counts with a declared range, stated in their description", () => {
    // The list: page sizes, tops, limits and day counts (if one is added, it declares a range too).
    expect(intArgs.map((entry) => entry.coordinate).sort()).toEqual([
      "Alert.firings(first:)",
      "Alert.firings(last:)",
      "AlertHistory.firings(first:)",
      "BasicScreenResult.rows(first:)",
      "CombinedScreenResult.rows(first:)",
      "HedgeFund.holdings(first:)",
      "HedgeFund.valueHistory(top:)",
      "Mutation.replayAlerts(days:)",
      "NewsSentiment.articles(first:)",
      "NewsSentiment.articles(last:)",
      "ProScreenResult.rows(first:)",
      "Query.aiPicks(first:)",
      "Query.marketVideos(first:)",
      "Query.marketVideos(last:)",
      "Query.stockSearch(first:)",
      "Query.stockSuggestions(first:)",
      "Stock.priceHistory(days:)",
      "StockEarnings.history(first:)",
      "Viewer.alertFirings(first:)",
      "Viewer.alertFirings(last:)",
      "Viewer.alerts(first:)",
      "Viewer.alerts(last:)",
      "Viewer.watchlists(first:)",
      "Viewer.watchlists(last:)",
      "WatchlistView.rows(first:)",
    ]);
    for (const { coordinate, arg } of intArgs) {
      const range = intRangeOf(arg);
      expect({ coordinate, declared: range !== undefined }).toEqual({ coordinate, declared: true });
      expect({ coordinate, description: arg.description }).toEqual({ coordinate, description: expect.stringContaining(`${range!.min}–${range!.max}`) });
      if (range!.default !== undefined) expect(range!.default >= range!.min && range!.default <= range!.max).toBe(true);
    }
  });
});

describe("intArgProblems", () => {
  const problems = (query: string, variables: Record<string, unknown> = {}) => intArgProblems(schema, parse(query), variables);
  const first = (min: number, max: number) => [{ field: "first", message: `first must be between ${min} and ${max}.` }];

  it("passes counts in range, omitted ones and null", () => {
    expect(problems(`{ stockSuggestions(query: "a", first: 1) { ticker } a: stockSuggestions(query: "a", first: 20) { ticker } }`)).toEqual([]);
    expect(problems(`query ($n: Int) { stockSuggestions(query: "a", first: $n) { ticker } }`, { n: null })).toEqual([]);
    expect(problems(`query ($n: Int) { stockSuggestions(query: "a", first: $n) { ticker } }`)).toEqual([]);
  });

  it("names a count out of range as a literal, a variable, a variable's default, in fragments and nested fields", () => {
    expect(problems(`{ stockSuggestions(query: "a", first: 0) { ticker } }`)).toEqual(first(1, 20));
    expect(problems(`query ($n: Int) { aiPicks(first: $n) { totalCount } }`, { n: -1 })).toEqual(first(1, 100));
    expect(problems(`query ($n: Int = 0) { aiPicks(first: $n) { totalCount } }`)).toEqual(first(1, 100));
    expect(problems(`{ ...F } fragment F on Query { marketVideos(last: 51) { totalCount } }`)).toEqual([{ field: "last", message: "last must be between 1 and 50." }]);
    expect(problems(`query ($d: Int) { stock(ticker: "AAPL") { priceHistory(days: $d) { source } } }`, { d: 3651 })).toEqual([{ field: "days", message: "days must be between 30 and 3650." }]);
    expect(problems(`{ hedgeFund(cik: "1067983") { valueHistory(top: -1) { points { value } } } }`)).toEqual([{ field: "top", message: "top must be between 1 and 10." }]);
  });

  it("names values that are no Int at all, which the executor would refuse without naming the argument", () => {
    for (const value of ["0x10", "1e3", " 5", "5", 5.5, 1e3, true, [5]]) {
      expect(problems(`query ($n: Int) { stockSuggestions(query: "a", first: $n) { ticker } }`, { n: value })).toEqual(first(1, 20));
    }
  });
});

describe("IntArgLiteralsRule", () => {
  const errors = (query: string) => validate(schema, parse(query), [...specifiedRules, IntArgLiteralsRule]);
  const first120 = () => [{ field: "first", message: "first must be between 1 and 20." }];

  it("names a literal that is no Int in range; GraphQL's own rule still says why the type is wrong", () => {
    expect(errors(`{ stockSuggestions(query: "a", first: 8) { ticker } }`)).toEqual([]);
    for (const literal of ["0", "-1", "21", "1e3", "5.5", '" 5"', "true"]) {
      const found = errors(`{ stockSuggestions(query: "a", first: ${literal}) { ticker } }`);
      expect(found.find((error) => error.extensions.code === "BAD_USER_INPUT")?.extensions).toEqual({
        code: "BAD_USER_INPUT",
        fieldErrors: first120(),
        http: { status: 400, spec: false },
      });
    }
  });
});

describe("POST /graphql with a count out of range", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: ReturnType<typeof createTestApp>["app"];
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.reset(); // on PostgreSQL the database is shared by the test files
    ({ app } = createTestApp(db));
  }, 120_000);
  afterAll(() => db.close());

  // The findings: each was answered (8 suggestions for first: 0, one for -1, [] for history,
  // a clamped valueHistory, no picks with hasNextPage) instead of refused. `$n` is sent as a literal and as a variable.
  it.each([
    [`stockSuggestions(query: "app", first: $n) { ticker }`, 0, "first", 1, 20],
    [`stockSuggestions(query: "app", first: $n) { ticker }`, -1, "first", 1, 20],
    [`stock(ticker: "AAPL") { earnings { history(first: $n) { date } } }`, -1, "first", 1, 100],
    [`hedgeFund(cik: "1067983") { valueHistory(top: $n) { points { value } } }`, -1, "top", 1, 10],
    [`hedgeFund(cik: "1067983") { valueHistory(top: $n) { points { value } } }`, 11, "top", 1, 10],
    [`aiPicks(first: $n) { totalCount pageInfo { hasNextPage } }`, 0, "first", 1, 100],
    // A page size this large would have been priced out (QUERY_TOO_COMPLEX) before being named.
    [`marketVideos(first: $n) { edges { node { id } } }`, 2_147_483_647, "first", 1, 50],
  ])("%s with %s is a 400 BAD_USER_INPUT naming the argument", async (selection, value, field, min, max) => {
    for (const body of [{ query: `{ ${selection.replace("$n", String(value))} }` }, { query: `query ($n: Int) { ${selection} }`, variables: { n: value } }]) {
      const response = await request(app).post("/graphql").send(body);
      expect(response.status).toBe(400);
      expect(response.body.data).toBeUndefined();
      expect(response.body.errors).toEqual([
        expect.objectContaining({ message: `Invalid input: ${field}`, extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field, message: `${field} must be between ${min} and ${max}.` }] } }),
      ]);
    }
  });

  it("refuses before the rateLimit dry run prices the operation", async () => {
    const response = await request(app).post("/graphql").send({ query: `{ rateLimit(dryRun: true) { cost } stockSuggestions(query: "app", first: 21) { ticker } }` });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.fieldErrors).toEqual([{ field: "first", message: "first must be between 1 and 20." }]);
  });
});
