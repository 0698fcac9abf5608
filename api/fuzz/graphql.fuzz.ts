// Every root query and mutation field of the schema, called with generated arguments (right types
// holding wrong values, and wrong types), plus malformed GraphQL requests (syntax, depth, aliases,
// batches, GET parameters, content types, sizes, global ids, one alias per past day): no answer may
// be a 5xx or a masked "Unexpected error.", every error must say what was wrong, and nothing may be
// logged as an error. An operation asking for more past days than PAST_DAYS_PER_OPERATION is refused
// before it runs, naming the limit (issue 24).
import fc from "fast-check";
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  parse,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from "graphql";
import { isCalendarDay } from "@shared/as-of";
import { intRangeOf } from "../src/graphql/int-args";
import { schema } from "../src/graphql/schema";
import { CORPORA_KEPT } from "../src/news/news-summary";
import {
  answerProblem,
  deeplyNestedJson,
  FUZZ_SEED,
  fuzzPort,
  fuzzRequests,
  nastyString,
  outOfRangeCounts,
  percentEncode,
  proSessionCookie,
  send,
  shortNastyString,
  startFuzzServer,
  wrongValue,
  type FuzzRequest,
  type FuzzServer,
} from "./fuzz-harness";

const FIELD_RUNS = 2_200;
const MALFORMED_RUNS = 800;
const COUNT_RUNS = 500;

/** Relay global ids: real type names with junk ids, unknown types, and strings that are no base64 at all. */
const globalId: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom("Stock", "NewsArticle", "SavedScreen", "ApiKey", "User", "Viewer", "ScreeningRun", "Query", "", "__Type"), shortNastyString)
    .map(([typename, id]) => Buffer.from(`${typename}:${id}`).toString("base64")),
  fc.constantFrom("U3RvY2s6QUFQTA==", "Stock:AAPL", "%%%", "====", "", Buffer.from("NewsArticle:00000000-0000-4000-8000-000000000000").toString("base64")),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString("base64")),
  shortNastyString,
);

/** A value for an input type: mostly of the right type with awkward contents, sometimes of any type at all. */
function inputValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const wrong = { weight: 1, arbitrary: wrongValue };
  if (isNonNullType(type)) return fc.oneof({ weight: 12, arbitrary: inputValue(type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  if (isListType(type)) {
    const items = inputValue(type.ofType as GraphQLInputType, depth + 1);
    return fc.oneof({ weight: 6, arbitrary: fc.array(items, { maxLength: depth > 1 ? 2 : 6 }) }, { weight: 1, arbitrary: items }, wrong);
  }
  if (isEnumType(type)) return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...type.getValues().map((value) => value.name)) }, wrong);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const record = fc.record(Object.fromEntries(fields.map((field) => [field.name, inputValue(field.type, depth + 1)])), { requiredKeys: [] });
    const withExtra = fc.tuple(record, shortNastyString, wrongValue).map(([value, key, extra]) => ({ ...value, [key]: extra }));
    return fc.oneof({ weight: 8, arbitrary: record }, { weight: 1, arbitrary: withExtra }, wrong);
  }
  const scalars: Record<string, fc.Arbitrary<unknown>> = {
    String: nastyString,
    ID: globalId,
    Int: fc.oneof(fc.integer({ min: -5, max: 1_000 }), fc.constantFrom(-2_147_483_648, 2_147_483_647, 2_147_483_648, 1e15, 1.5)),
    Float: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e308, 5e-324)),
    Boolean: fc.boolean(),
    DateTime: fc.oneof(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), shortNastyString),
  };
  return fc.oneof({ weight: 6, arbitrary: scalars[type.name] ?? nastyString }, wrong);
}

/** A selection set that reads a type's argument-free fields, two levels deep. */
function selectionFor(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (isUnionType(named) || isInterfaceType(named) || depth >= 2) return isInterfaceType(named) && named.getFields().id ? "{ __typename id }" : "{ __typename }";
  if (!isObjectType(named)) return "{ __typename }";
  const fields = Object.values(named.getFields())
    .filter((field) => field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined))
    .map((field) => `${field.name} ${selectionFor(field.type, depth + 1)}`);
  return `{ __typename ${fields.join(" ")} }`;
}

type RootField = { operation: "query" | "mutation"; field: GraphQLField<unknown, unknown> };

const rootFields: RootField[] = [
  ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ operation: "query" as const, field })),
  ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ operation: "mutation" as const, field })),
];

/** One root field called through variables, so each argument can hold any JSON value. */
const fieldOperation: fc.Arbitrary<{ query: string; variables: Record<string, unknown> }> = fc.constantFrom(...rootFields).chain(({ operation, field }) => {
  const definitions = field.args.map((arg) => `$${arg.name}: ${arg.type}`).join(", ");
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const query = `${operation} Fuzz${definitions ? `(${definitions})` : ""} { ${field.name}${args ? `(${args})` : ""} ${selectionFor(field.type)} }`;
  const variables = fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, inputValue(arg.type)])), { requiredKeys: [] });
  return variables.map((values) => ({ query, variables: values }));
});

const PAST_DAY_RUNS = 150;

/** Stock fields taking an as-of day, with what to select (issue 24: one alias per past day). */
const pastDayFields = [
  ["technicals", "{ rsi14 }"],
  ["news", "{ newsCount }"],
  ["priceHistory", "{ asOf }"],
  ["earnings", "{ asOf }"],
  ["research", "{ asOf }"],
] as const;

/** A calendar day of the stored prices' years, a day that is none (2021-02-30), or a string that is no day at all. */
const asOfValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.date({ min: new Date("2017-06-01"), max: new Date("2021-12-31"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.constantFrom("2021-02-30", "2019-13-01", "19-01-01", "") },
  { weight: 1, arbitrary: shortNastyString },
);

/** `stock(ticker: "AAPL") { a0: <field>(asOf: …) … }` with up to 600 aliases, the days inline or through variables. */
const pastDayOperation: fc.Arbitrary<{ field: string; query: string; variables: Record<string, unknown>; calendarDays: number }> = fc
  .record({
    field: fc.constantFrom(...pastDayFields),
    days: fc.oneof(fc.array(asOfValue, { minLength: 1, maxLength: 8 }), fc.array(asOfValue, { minLength: 9, maxLength: 600 })),
    asVariables: fc.boolean(),
  })
  .map(({ field: [field, selection], days, asVariables }: { field: readonly [string, string]; days: string[]; asVariables: boolean }) => {
    const aliases = days.map((day, index) => `a${index}: ${field}(asOf: ${asVariables ? `$d${index}` : JSON.stringify(day)}) ${selection}`);
    const definitions = asVariables ? `(${days.map((_, index) => `$d${index}: String`).join(", ")})` : "";
    const variables = asVariables ? Object.fromEntries(days.map((day, index) => [`d${index}`, day])) : {};
    const calendarDays = new Set(days.filter(isCalendarDay)).size;
    return { field, query: `query PastDays${definitions} { stock(ticker: "AAPL") { ${aliases.join(" ")} } }`, variables, calendarDays };
  });

const parses = (query: string) => {
  try {
    parse(query);
    return true;
  } catch {
    return false;
  }
};

const deep = (depth: number) => `{ __schema { types { ${"fields { type { ofType { ".repeat(depth)}name${" } } }".repeat(depth)} } } }`;

/** GraphQL requests that are wrong as requests: syntax, shape, size, depth, aliases, batches. */
const malformedOperation: fc.Arbitrary<{ body: unknown } | { raw: string }> = fc.oneof(
  fc.constantFrom("{", "query {", "{ stock(ticker: ) }", "mutation { }", "{ ...F }", "fragment F on Query { ...F } { ...F }", "subscription { }", "{ node }", "{ __typename @skip }", "{ \u0000 }", "{ stock(ticker: \"\\ud800\") { ticker } }").map((query) => ({ body: { query } })),
  shortNastyString.map((query) => ({ body: { query } })),
  fc.integer({ min: 5, max: 60 }).map((depth) => ({ body: { query: deep(depth) } })),
  fc.integer({ min: 2, max: 3_000 }).map((count) => ({ body: { query: `{ ${Array.from({ length: count }, (_, index) => `a${index}: screenUniverses { key }`).join(" ")} }` } })),
  pastDayOperation.map(({ query, variables }) => ({ body: { query, variables } })),
  fc.integer({ min: 2, max: 2_000 }).map((count) => ({ body: { query: `{ nodes(ids: [${Array.from({ length: count }, () => '"U3RvY2s6QUFQTA=="').join(",")}]) { id } }` } })),
  fc.tuple(wrongValue, wrongValue, wrongValue).map(([query, variables, operationName]) => ({ body: { query, variables, operationName } })),
  wrongValue.map((variables) => ({ body: { query: "query Q($t: String!) { stock(ticker: $t) { ticker } }", variables } })),
  fc.array(fc.constant({ query: "{ __typename }" }), { maxLength: 20 }).map((batch) => ({ body: batch })),
  wrongValue.map((extensions) => ({ body: { query: "{ __typename }", extensions } })),
  fc.constant({ body: { query: "{ __typename }", extensions: { persistedQuery: { version: 1, sha256Hash: "abc" } } } }),
  fc.constant({ body: { query: "query A { __typename } query B { __typename }", operationName: "C" } }),
  fc.integer({ min: 260_000, max: 2_000_000 }).map((size) => ({ body: { query: "{ __typename }", variables: { padding: "x".repeat(size) } } })),
  fc.constantFrom("{", "[", "nul", "{\"query\": \"{ __typename }\"", "\u0000", "").map((raw) => ({ raw })),
  deeplyNestedJson.map((nested) => ({ raw: `{"query": "query Q($t: [String!]!) { screen(input: { universe: MANUAL, tickers: $t }) { __typename } }", "variables": {"t": ${nested}}}` })),
);

// ---- counts outside their documented range (graphql/int-args.ts), wherever they sit ----------

/** Required arguments of the fields with a count or on the way to one (a field needing others is not taken). */
const pathArguments: Record<string, string> = {
  "Query.stockSearch": 'query: "app"',
  "Query.stockSuggestions": 'query: "app"',
  "Query.stock": 'ticker: "AAPL"',
  "Query.hedgeFund": 'cik: "1067983"',
  "Query.screen": 'input: { universe: MANUAL, tickers: ["AAPL"] }',
  "Query.combinedScreen": 'input: { universe: MANUAL, tickers: ["AAPL"] }',
  "Query.proScreen": 'input: { universe: MANUAL, tickers: ["AAPL"] }',
  "Mutation.replayAlerts": 'from: "2020-04-01"',
};

type RangedArg = {
  coordinate: string;
  arg: GraphQLArgument;
  range: { min: number; max: number };
  operation: "query" | "mutation";
  select: (argument: string) => string;
};

/**
 * Every argument declaring a range, with the shortest selection from Query that reaches its field
 * (through `... on Type` under an interface or union): `wrap` puts the field's selection in place.
 */
function rangedArgs(): RangedArg[] {
  const found: RangedArg[] = [];
  const queryType = schema.getQueryType()!;
  const seen = new Set<string>([queryType.name]);
  let frontier: { type: GraphQLObjectType; wrap: (inner: string) => string }[] = [{ type: queryType, wrap: (inner) => `{ ${inner} }` }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { type, wrap } of frontier) {
      for (const field of Object.values(type.getFields())) {
        const coordinate = `${type.name}.${field.name}`;
        for (const arg of field.args) {
          const range = intRangeOf(arg);
          const others = pathArguments[coordinate] ? `${pathArguments[coordinate]}, ` : "";
          const select = (argument: string) => wrap(`${field.name}(${others}${arg.name}: ${argument}) { __typename }`);
          if (range) found.push({ coordinate: `${coordinate}(${arg.name}:)`, arg, range, operation: "query", select });
        }
        const needsArguments = field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
        if (needsArguments && !pathArguments[coordinate]) continue;
        const named = getNamedType(field.type);
        const targets = isObjectType(named) ? [{ object: named, on: null }] : isAbstractType(named) ? schema.getPossibleTypes(named).map((object) => ({ object, on: object.name })) : [];
        const call = pathArguments[coordinate] ? `${field.name}(${pathArguments[coordinate]})` : field.name;
        for (const { object, on } of targets) {
          if (seen.has(object.name)) continue;
          seen.add(object.name);
          next.push({ type: object, wrap: (inner) => wrap(`${call} { ${on ? `... on ${on} { ${inner} }` : inner} }`) });
        }
      }
    }
    frontier = next;
  }
  // A mutation's own counts (what its payload holds is reached from Query above).
  for (const field of Object.values(schema.getMutationType()!.getFields())) {
    const coordinate = `Mutation.${field.name}`;
    for (const arg of field.args) {
      const range = intRangeOf(arg);
      const others = pathArguments[coordinate] ? `${pathArguments[coordinate]}, ` : "";
      if (range) found.push({ coordinate: `${coordinate}(${arg.name}:)`, arg, range, operation: "mutation", select: (argument) => `{ ${field.name}(${others}${arg.name}: ${argument}) { __typename } }` });
    }
  }
  return found;
}

const counts = rangedArgs();

/** A count's field selected with an out-of-range value, as a literal or a variable; the answer must name the argument. */
const countOperation: fc.Arbitrary<{ body: { query: string; variables?: Record<string, unknown> }; refuses: string }> = fc
  .constantFrom(...counts)
  .chain(({ arg, range, operation, select }) =>
    fc.record({ value: fc.constantFrom(...outOfRangeCounts(range)), asVariable: fc.boolean() }).map(({ value, asVariable }) => {
      const body = asVariable
        ? { query: `${operation} Count($n: Int) ${select("$n")}`, variables: { n: value } }
        : { query: `${operation} Count ${select(JSON.stringify(value))}` };
      return { body, refuses: arg.name };
    }),
  );

type Caller = Record<string, string>;

function graphqlRequest(callers: fc.Arbitrary<Caller>): fc.Arbitrary<FuzzRequest> {
  const accept = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(undefined, "application/json", "application/graphql-response+json") },
    { weight: 1, arbitrary: fc.constantFrom("*/*", "text/html", "application/xml") },
  );
  const asPost = fc
    .record({ caller: callers, accept, operation: fc.oneof({ weight: 3, arbitrary: fieldOperation.map((body) => ({ body })) }, { weight: 1, arbitrary: malformedOperation }) })
    .map(({ caller, accept: acceptType, operation }): FuzzRequest => ({
      method: "POST",
      path: "/graphql",
      headers: { "content-type": "application/json", ...(acceptType ? { accept: acceptType } : {}), ...caller },
      body: "raw" in operation ? operation.raw : JSON.stringify(operation.body),
    }));
  const asGet = fc
    .record({
      caller: callers,
      query: fc.oneof(fc.constantFrom("{ __typename }", "{ screenUniverses { key } }", "mutation { refreshSubscription { status } }"), shortNastyString),
      params: fc.constantFrom("", "&variables=%7B", "&extensions=%7B", "&variables=%FF", "&variables=null", "&variables=%5B1%5D", "&operationName=%00", "&query=%FF"),
    })
    .map(({ caller, query, params }): FuzzRequest => ({ method: "GET", path: `/graphql?query=${percentEncode(query)}${params}`, headers: { accept: "application/json", ...caller } }));
  const oddContentType = fc
    .record({
      caller: callers,
      contentType: fc.constantFrom("text/plain", "application/graphql", "multipart/form-data", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "application/json; charset=koi8-r", "application/xml"),
      body: fc.constantFrom("{ __typename }", "query=%7B__typename%7D&variables=%7B", "--x\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n{\r\n--x--", '{"query":"{ __typename }"}'),
      encoding: fc.constantFrom(undefined, "gzip", "br", "compress"),
    })
    .map(({ caller, contentType, body, encoding }): FuzzRequest => ({
      method: "POST",
      path: "/graphql",
      headers: { "content-type": contentType, ...(encoding ? { "content-encoding": encoding } : {}), ...caller },
      body,
    }));
  // A subscription a client accepts as a stream stays open by design: asked as JSON it must be refused.
  const subscriptionAsJson = fc.record({ caller: callers, tickers: inputValue(schema.getSubscriptionType()!.getFields().newsArticlesAdded.args[0].type) }).map(
    ({ caller, tickers }): FuzzRequest => ({
      method: "POST",
      path: "/graphql",
      headers: { "content-type": "application/json", accept: "application/json", ...caller },
      body: JSON.stringify({ query: "subscription S($tickers: [String!]!) { newsArticlesAdded(tickers: $tickers) { id } }", variables: { tickers } }),
    }),
  );
  const otherMethod = fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS").map((method): FuzzRequest => ({ method, path: "/graphql", headers: { "content-type": "application/json" }, body: "{}" }));
  return fc.oneof(
    { weight: 12, arbitrary: asPost },
    { weight: 2, arbitrary: asGet },
    { weight: 2, arbitrary: oddContentType },
    { weight: 1, arbitrary: subscriptionAsJson },
    { weight: 1, arbitrary: otherMethod },
  );
}

describe("GraphQL operations with malformed input", () => {
  let server: FuzzServer;
  let callers: fc.Arbitrary<Caller>;
  /** Callers whose operations run: anonymous, a Pro session with its CSRF header, an API key. */
  let runningCallers: fc.Arbitrary<Caller>;
  beforeAll(async () => {
    server = await startFuzzServer(fuzzPort(2));
    const csrf = { "x-graphql-yoga-csrf": "1" };
    const cookie = await proSessionCookie(server);
    const created = await send(server.url, {
      method: "POST",
      path: "/graphql",
      headers: { "content-type": "application/json", cookie, ...csrf },
      body: JSON.stringify({ query: `mutation { createApiKey(input: { name: "fuzz" }) { secret } }` }),
    });
    const secret = (created.body as { data: { createApiKey: { secret: string } } }).data.createApiKey.secret;
    runningCallers = fc.constantFrom<Caller>({}, { cookie, ...csrf }, { authorization: `Bearer ${secret}` });
    callers = fc.oneof(
      // Mostly callers whose operations run; wrong credentials are refused before them.
      { weight: 3, arbitrary: runningCallers },
      // A cookie without the CSRF header: refused before anything runs.
      { weight: 1, arbitrary: fc.constantFrom<Caller>({ cookie }, { authorization: "Bearer tsk_not-a-key" }, { cookie: "tickerscope.sid=s%3Agarbage.sig", ...csrf }) },
    );
  }, 60_000);
  afterAll(() => server.close());

  it(`refuses ${COUNT_RUNS} counts outside their documented range (0, -1, past each end, 0x10, 1e3, " 5", 5.5), naming the argument`, async () => {
    // Every ranged argument is reached (a new one needing a required argument on its way: add it to pathArguments).
    expect(counts.map((count) => count.coordinate).sort()).toEqual(
      Object.values(schema.getTypeMap())
        .flatMap((type) => (isObjectType(type) ? Object.values(type.getFields()).flatMap((field) => field.args.filter((arg) => intRangeOf(arg)).map((arg) => `${type.name}.${field.name}(${arg.name}:)`)) : []))
        .sort(),
    );
    // Callers whose operations would run: the count is refused before anything else.
    const requests = fc.record({ caller: runningCallers, count: countOperation }).map(
      ({ caller, count }): FuzzRequest => ({
        method: "POST",
        path: "/graphql",
        headers: { "content-type": "application/json", ...caller },
        body: JSON.stringify(count.body),
        refuses: count.refuses,
      }),
    );
    await fuzzRequests(server, requests, COUNT_RUNS);
  }, 240_000);

  it(`answers ${FIELD_RUNS + MALFORMED_RUNS} generated requests over every root field without a 5xx or an unexpected error`, async () => {
    expect(rootFields.length).toBeGreaterThan(10);
    await fuzzRequests(server, graphqlRequest(callers), FIELD_RUNS + MALFORMED_RUNS);
  }, 240_000);

  it(`refuses ${PAST_DAY_RUNS} generated one-alias-per-past-day operations past the limit before they run, naming it; never a 5xx or a hang`, async () => {
    const perOperation = server.deps.config.pastDays.perOperation;
    await fc.assert(
      fc.asyncProperty(fc.record({ caller: runningCallers, operation: pastDayOperation }), async ({ caller, operation: { field, query, variables, calendarDays } }) => {
        const answer = await send(server.url, {
          method: "POST",
          path: "/graphql",
          headers: { "content-type": "application/json", ...caller },
          body: JSON.stringify({ query, variables }),
        });
        expect(answerProblem(answer)).toBeNull();
        // No prices are stored here, so no day's indicators, picks or rows are ever in memory; a news
        // corpus is (the last CORPORA_KEPT days asked). A document that does not parse (a lone
        // surrogate written inline) is answered as a syntax error.
        const mayBeKept = field === "news" ? CORPORA_KEPT : 0;
        if (calendarDays - mayBeKept > perOperation && parses(query)) {
          const [error] = (answer.body as { errors: { extensions: { pastDays: number } }[] }).errors;
          expect(answer.status).toBe(400);
          expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "PAST_DAYS_PER_OPERATION", maxPastDays: perOperation });
          expect(error.extensions.pastDays).toBeGreaterThanOrEqual(calendarDays - mayBeKept);
          expect(error.extensions.pastDays).toBeLessThanOrEqual(calendarDays);
        }
      }),
      { seed: FUZZ_SEED, numRuns: PAST_DAY_RUNS, endOnFailure: true },
    );
    expect(server.errorLines()).toEqual([]);
  }, 240_000);
});
