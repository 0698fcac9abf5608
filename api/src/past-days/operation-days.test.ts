import { getNamedType, isInputObjectType, parse, type GraphQLInputType } from "graphql";
import { schema } from "../graphql/schema";
import { NOT_COUNTED, operationDays, PAST_DAY_FIELDS } from "./operation-days";

const daysOf = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  Object.fromEntries([...operationDays({ schema, document: parse(query), variables, operationName })].map(([day, needs]) => [day, [...needs].sort()]));

describe("the past days an operation asks for", () => {
  it("are the distinct asOf days of its fields, through aliases, each with the work it needs", () => {
    const aliases = Array.from({ length: 500 }, (_, index) => `a${index}: technicals(asOf: "${new Date(Date.UTC(2018, 2, 1 + index)).toISOString().slice(0, 10)}") { rsi14 }`);
    expect(Object.keys(daysOf(`{ stock(ticker: "AAPL") { ${aliases.join(" ")} } }`))).toHaveLength(500);
    expect(
      daysOf(`{
        stock(ticker: "AAPL") {
          technicals(asOf: "2019-01-02") { rsi14 }
          news(asOf: "2019-01-02") { newsCount }
          priceHistory(asOf: "2019-01-03") { asOf }
          latest: technicals { rsi14 }
        }
      }`),
    ).toEqual({ "2019-01-02": ["indicators", "news"], "2019-01-03": ["rows"] });
  });

  it("read variables, screen inputs, inline fragments, fragment spreads and lists of stocks", () => {
    const query = `
      query Days($day: String, $screen: ScreenInput!) {
        screen(input: $screen) { asOf }
        stocks(tickers: ["AAPL", "MSFT"]) { ...Past }
        node(id: "x") { ... on Stock { earnings(asOf: "2020-02-03") { asOf } } }
        aiPicks(asOf: $day) { edges { cursor } }
      }
      fragment Past on Stock { research(asOf: "2020-02-04") { asOf } again: research(asOf: "2020-02-04") { asOf } }`;
    expect(daysOf(query, { day: "2020-02-05", screen: { universe: "SP500", asOf: "2020-02-06" } })).toEqual({
      "2020-02-03": ["rows"],
      "2020-02-04": ["aiPicks", "rows"],
      "2020-02-05": ["aiPicks"],
      "2020-02-06": ["indicators"],
    });
  });

  it("leave out what is no calendar day (the field refuses it), the latest day, unreadable variables and other operations", () => {
    expect(daysOf(`{ stock(ticker: "AAPL") { a: technicals(asOf: "2021-02-30") { rsi14 } b: technicals(asOf: "soon") { rsi14 } c: technicals { rsi14 } } }`)).toEqual({});
    expect(daysOf(`query A($day: String) { stock(ticker: "AAPL") { technicals(asOf: $day) { rsi14 } } }`, { day: 12 })).toEqual({});
    const two = `query A { stock(ticker: "AAPL") { technicals(asOf: "2019-01-02") { rsi14 } } } query B { hedgeFunds(asOf: "2019-01-03") { cik } }`;
    expect(daysOf(two, {}, "B")).toEqual({ "2019-01-03": ["rows"] });
  });

  it("walk a fragment once however often it is spread", () => {
    // Each fragment spreads the next one ten times, six levels deep: a million paths, one walk per fragment.
    const levels = Array.from({ length: 6 }, (_, level) =>
      level === 5
        ? `fragment L5 on Query { stock(ticker: "AAPL") { technicals(asOf: "2019-05-01") { rsi14 } } }`
        : `fragment L${level} on Query { ${Array(10).fill(`...L${level + 1}`).join(" ")} }`,
    );
    expect(daysOf(`{ ...L0 } ${levels.join(" ")}`)).toEqual({ "2019-05-01": ["indicators"] });
  });
});

describe("the fields counted", () => {
  /** The input type holds an `asOf` field, directly or in a nested input. */
  const hasAsOf = (type: GraphQLInputType, seen = new Set<string>()): boolean => {
    const named = getNamedType(type);
    if (!isInputObjectType(named) || seen.has(named.name)) return false;
    seen.add(named.name);
    return Object.values(named.getFields()).some((field) => field.name === "asOf" || hasAsOf(field.type, seen));
  };

  it("are every field of the schema taking an as-of day, or left alone on purpose", () => {
    const taking = Object.values(schema.getTypeMap()).flatMap((type) =>
      "getFields" in type && !isInputObjectType(type)
        ? Object.values(type.getFields())
            .filter((field) => "args" in field && field.args.some((arg) => arg.name === "asOf" || hasAsOf(arg.type)))
            .map((field) => `${type.name}.${field.name}`)
        : [],
    );
    expect(taking.length).toBeGreaterThan(10);
    expect(taking.filter((field) => !(field in PAST_DAY_FIELDS) && !NOT_COUNTED.has(field))).toEqual([]);
    expect(Object.keys(PAST_DAY_FIELDS).filter((field) => !taking.includes(field))).toEqual([]);
  });
});
