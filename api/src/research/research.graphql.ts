// Research & Compare: stocks(tickers:) (public: a list of Stock nodes), Stock.research(asOf:) (Pro:
// the AI pick, the next earnings report and the tracked funds' 13F positions on a day, from
// stock-factors.ts), stockComparison (Pro: rebased prices, the equal-weight universe and the
// correlation of daily returns, from compare.ts) and stockSuggestions (public: the type-ahead).
import { builder, type GraphQLContext } from "../graphql/builder";
import { Stock } from "../stocks/stocks.graphql";
import { COMPARE_RANGES, MAX_TICKERS, requireKnownStocks, stockComparison, type ComparedSeries, type CorrelationView, type StockComparisonView, type UniverseSeries } from "./compare";
import type { IndexPoint } from "./compare-math";
import { THIRTEEN_F_DEADLINE_DAYS } from "../hedge-funds/hedge-funds";
import { factorsOn, type FactorDay, type FundPosition, type NextReport, type StockFactors } from "./stock-factors";
import { suggestStocks, type StockSuggestion } from "./suggestions";

const pro = { pro: true } as const;

// ---- stocks(tickers:) ----

builder.queryField("stocks", (t) =>
  t.field({
    type: [Stock],
    description:
      `Stocks by ticker, in the order asked, duplicates collapsed (FB and META are one). 1–${MAX_TICKERS} different tickers; ` +
      "fewer, more, a malformed or an unknown ticker → BAD_USER_INPUT naming tickers (every unknown ticker is named in extensions.fieldErrors).",
    args: { tickers: t.arg.stringList({ required: true }) },
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, Math.min(args.tickers.length, MAX_TICKERS)) }),
    resolve: (_root, { tickers }) => requireKnownStocks(tickers),
  }),
);

// ---- Stock.research(asOf:) ----

type StockResearchShape = { ticker: string; factors: StockFactors | null; day: FactorDay };

/** factorsOn once per request and day: a page of four stocks asks for it four times. */
const factorsPerRequest = new WeakMap<GraphQLContext, Map<string, Promise<FactorDay>>>();

function factorsFor(context: GraphQLContext, asOf: string | null | undefined): Promise<FactorDay> {
  let byDay = factorsPerRequest.get(context);
  if (!byDay) {
    byDay = new Map();
    factorsPerRequest.set(context, byDay);
  }
  const key = asOf ?? "";
  let day = byDay.get(key);
  if (!day) {
    day = factorsOn(context, asOf ?? null);
    byDay.set(key, day);
  }
  return day;
}

const NextReportRef = builder.objectRef<NextReport>("ResearchNextReport").implement({
  description: "The company's first earnings report after the day, with the beat probability the model gave before it. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD, the announcement's local date." }),
    daysTo: t.exposeInt("daysTo", { description: "Calendar days from the day to the report." }),
    beatProbability: t.exposeFloat("beatProbability", { nullable: true, description: "0–1: the calibrated probability that reported EPS beats consensusEps." }),
    baseRate: t.exposeFloat("baseRate", { nullable: true, description: "0–1: the share of all covered companies' earlier reports that beat, to read the probability against." }),
    consensusEps: t.exposeFloat("consensusEps", { nullable: true }),
  }),
});

const FundPositionRef = builder.objectRef<FundPosition>("ResearchFundPosition").implement({
  description: "A tracked fund's position in the stock in its latest 13F quarter filed by the day (sold-out positions included, with 0 shares). Pro only.",
  authScopes: pro,
  fields: (t) => ({
    cik: t.exposeString("cik"),
    fundName: t.exposeString("fundName"),
    quarterEnd: t.exposeString("quarterEnd", { description: "The quarter the 13F reports (YYYY-MM-DD)." }),
    knownFrom: t.exposeString("knownFrom", { description: `The filing date, or the ${THIRTEEN_F_DEADLINE_DAYS}-day deadline after the quarter when it is not stored.` }),
    shares: t.exposeFloat("shares"),
    value: t.exposeFloat("value", { description: "US dollars as reported." }),
    percentPortfolio: t.exposeFloat("percentPortfolio", { description: "Of the quarter's reported value, 0–100." }),
    changeKind: t.exposeString("changeKind", { nullable: true, description: "NEW | ADDED | REDUCED | SOLD_OUT | UNCHANGED against the quarter before; null for a fund's first stored quarter." }),
    sharesChange: t.exposeFloat("sharesChange", { nullable: true }),
    filingUrl: t.exposeString("filingUrl"),
    source: t.exposeString("source"),
  }),
});

const FundQuarterRef = builder.objectRef<FactorDay["sources"]["funds"][number]>("ResearchFundQuarter").implement({
  description: "Which 13F quarter of a tracked fund counts on the day.",
  authScopes: pro,
  fields: (t) => ({
    cik: t.exposeString("cik"),
    name: t.exposeString("name"),
    quarterEnd: t.exposeString("quarterEnd", { nullable: true, description: "Null when none of its quarters was known by the day." }),
    knownFrom: t.exposeString("knownFrom", { nullable: true }),
    firstQuarterKnownFrom: t.exposeString("firstQuarterKnownFrom", { nullable: true, description: "When its first stored quarter became known." }),
  }),
});

const StockResearchRef = builder.objectRef<StockResearchShape>("StockResearch").implement({
  description: "A stock's Pro research figures on a day: the AI pick, the next earnings report and the tracked funds' 13F positions, each point in time. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    asOf: t.string({ nullable: true, description: "The day (YYYY-MM-DD): the trading day the AI picks were scored on, else the as-of asked for.", resolve: ({ day }) => day.day }),
    aiPicksDate: t.string({ nullable: true, description: "The trading day the AI picks were scored on; null when there are none.", resolve: ({ day }) => day.sources.aiPicksDate }),
    aiPicksMessage: t.string({ nullable: true, description: "Why there are no AI picks on the day (null when there are).", resolve: ({ day }) => day.sources.aiPicksMessage }),
    aiScore: t.float({ nullable: true, description: "0–1: the AI pick's calibrated probability of beating the universe median over the next 21 trading days.", resolve: ({ factors }) => factors?.ai?.aiScore ?? null }),
    aiRank: t.int({ nullable: true, description: "The AI pick's rank that day (1 = best).", resolve: ({ factors }) => factors?.ai?.rank ?? null }),
    rankedOf: t.int({ nullable: true, description: "How many tickers were ranked that day.", resolve: ({ factors }) => factors?.ai?.rankedOf ?? null }),
    returns1m: t.float({ nullable: true, description: "close ÷ close 21 trading days earlier − 1 (AI picks' input).", resolve: ({ factors }) => factors?.ai?.returns1m ?? null }),
    returns3m: t.float({ nullable: true, description: "close ÷ close 63 trading days earlier − 1 (AI picks' input).", resolve: ({ factors }) => factors?.ai?.returns3m ?? null }),
    returns12m: t.float({ nullable: true, description: "close ÷ close 252 trading days earlier − 1 (AI picks' input).", resolve: ({ factors }) => factors?.ai?.returns12m ?? null }),
    volatility60: t.float({ nullable: true, description: "Standard deviation of the last 60 daily log returns × √252 (AI picks' input).", resolve: ({ factors }) => factors?.ai?.volatility60 ?? null }),
    earningsCovered: t.boolean({ description: "Whether the earnings data covers the company at all.", resolve: ({ factors }) => factors?.earningsCovered ?? false }),
    earningsFrom: t.string({
      nullable: true,
      description: "The first report the earnings data holds for the company (YYYY-MM-DD): on a day more than a quarter before it, nextReport is null because the next report is unknown.",
      resolve: ({ factors }) => factors?.earningsFrom ?? null,
    }),
    nextReport: t.field({ type: NextReportRef, nullable: true, resolve: ({ factors }) => factors?.nextReport ?? null }),
    fundPositions: t.field({
      type: [FundPositionRef],
      description: "The tracked funds' positions in the stock, each in its latest quarter filed by the day; empty when none holds or sold it.",
      complexity: { field: 1, multiplier: 1 },
      resolve: ({ factors }) => factors?.fundPositions ?? [],
    }),
    fundQuarters: t.field({
      type: [FundQuarterRef],
      description: "Every tracked fund and the quarter of it that counts on the day.",
      complexity: { field: 1, multiplier: 1 },
      resolve: ({ day }) => day.sources.funds,
    }),
    earningsSource: t.string({ resolve: ({ day }) => day.sources.earnings }),
  }),
});

builder.objectField(Stock, "research", (t) =>
  t.field({
    type: StockResearchRef,
    nullable: true,
    authScopes: pro,
    description:
      "Pro research figures as of a day (YYYY-MM-DD within the stored prices; default the app's default as-of day): the AI pick, the next earnings report and the tracked funds' 13F positions. Pro only.",
    args: { asOf: t.arg.string() },
    resolve: async (stock, { asOf }, context) => {
      const day = await factorsFor(context, asOf);
      return { ticker: stock.ticker, factors: day.byTicker.get(stock.ticker) ?? null, day };
    },
  }),
);

// ---- stockComparison ----

const CompareRangeEnum = builder.enumType("CompareRange", {
  description: "The span a comparison covers, up to its as-of day.",
  values: Object.fromEntries(Object.entries(COMPARE_RANGES).map(([key, { label }]) => [key, { value: key, description: label }])) as {
    [Key in keyof typeof COMPARE_RANGES]: { value: Key; description: string };
  },
});

const IndexPointRef = builder.objectRef<IndexPoint>("IndexPoint").implement({
  description: "A day's value of a series rebased to 100.",
  authScopes: pro,
  fields: (t) => ({ date: t.exposeString("date"), value: t.exposeFloat("value") }),
});

const pointsField = { complexity: { field: 1, multiplier: 1 } } as const;

const ComparedSeriesRef = builder.objectRef<ComparedSeries>("ComparedSeries").implement({
  description: "A stock's closes over the range as an index, 100 on its first bar in the range. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    firstDate: t.exposeString("firstDate", { nullable: true }),
    lastDate: t.exposeString("lastDate", { nullable: true }),
    totalReturn: t.exposeFloat("totalReturn", { nullable: true, description: "Over the range, a fraction (0.12 = 12 %)." }),
    points: t.field({ type: [IndexPointRef], ...pointsField, resolve: (series) => series.points }),
  }),
});

const UniverseSeriesRef = builder.objectRef<UniverseSeries>("ComparedUniverse").implement({
  description: "The equal-weight universe over the range, 100 on the range's first trading day. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    label: t.exposeString("label"),
    totalReturn: t.exposeFloat("totalReturn", { nullable: true }),
    membersLastDay: t.exposeInt("membersLastDay", { description: "Tickers averaged on the range's last day." }),
    membersMin: t.exposeInt("membersMin"),
    membersMax: t.exposeInt("membersMax"),
    points: t.field({ type: [IndexPointRef], ...pointsField, resolve: (series) => series.points }),
  }),
});

const CorrelationRowRef = builder.objectRef<{ ticker: string; values: (number | null)[] }>("ReturnCorrelationRow").implement({
  description: "One ticker's correlations with every compared ticker. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    values: t.field({
      type: ["Float"],
      nullable: { list: false, items: true },
      description: "Pearson's r with each ticker in order; null with fewer than 3 common days or returns that do not vary.",
      complexity: { field: 1, multiplier: 1 },
      resolve: (row) => row.values,
    }),
  }),
});

const CorrelationRef = builder.objectRef<CorrelationView>("ReturnCorrelation").implement({
  description: "Pearson's r of the compared stocks' daily close-to-close returns on their common days. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    tickers: t.exposeStringList("tickers", { description: "The rows' and columns' order." }),
    rows: t.field({
      type: [CorrelationRowRef],
      description: "One row per ticker, in the order of tickers: rows[i].values[j] is r between tickers[i] and tickers[j].",
      complexity: { field: 1, multiplier: 1 },
      resolve: (correlation) => correlation.tickers.map((ticker, index) => ({ ticker, values: correlation.matrix[index] })),
    }),
    commonDays: t.exposeInt("commonDays", { description: "Trading days in the range on which every stock has a bar, and one on the trading day before." }),
    firstDay: t.exposeString("firstDay", { nullable: true }),
    lastDay: t.exposeString("lastDay", { nullable: true }),
  }),
});

const StockComparisonRef = builder.objectRef<StockComparisonView>("StockComparison").implement({
  description: "Stocks' prices over a range rebased to 100, the equal-weight universe beside them, and the correlation of their daily returns. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    tickers: t.exposeStringList("tickers", { description: "Today's tickers compared, in the order asked, duplicates collapsed." }),
    range: t.field({ type: CompareRangeEnum, resolve: (comparison) => comparison.range }),
    requestedAsOf: t.exposeString("requestedAsOf", { nullable: true }),
    asOf: t.exposeString("asOf", { nullable: true, description: "The range's last trading day (on or before the as-of asked for); null without prices." }),
    startDate: t.exposeString("startDate", { nullable: true, description: "The range's first trading day: the last one on or before the as-of day minus the range." }),
    series: t.field({ type: [ComparedSeriesRef], complexity: { field: 1, multiplier: 4 }, resolve: (comparison) => comparison.series }),
    universe: t.field({ type: UniverseSeriesRef, resolve: (comparison) => comparison.universe }),
    correlation: t.field({ type: CorrelationRef, resolve: (comparison) => comparison.correlation }),
    method: t.exposeString("method"),
    source: t.exposeString("source", { description: "The price providers behind the bars used, with their date ranges." }),
  }),
});

builder.queryField("stockComparison", (t) =>
  t.field({
    type: StockComparisonRef,
    nullable: true,
    authScopes: pro,
    description:
      `Compare 1–${MAX_TICKERS} stocks (the page shows 2–4) over a range up to asOf (YYYY-MM-DD within the stored prices; default the app's default as-of day; asOf in the answer is the range's last trading day). ` +
      "Bad tickers → BAD_USER_INPUT naming tickers; a bad asOf → naming asOf. Pro only.",
    args: {
      tickers: t.arg.stringList({ required: true }),
      range: t.arg({ type: CompareRangeEnum, required: true }),
      asOf: t.arg.string(),
    },
    resolve: (_root, { tickers, range, asOf }, context) => stockComparison(context, { tickers, range, asOf }),
  }),
);

// ---- stockSuggestions ----

const StockSuggestionRef = builder.objectRef<StockSuggestion>("StockSuggestion").implement({
  description: "A ticker from the universe lists matching what was typed.",
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    name: t.exposeString("name"),
    universe: t.exposeString("universe", { description: "The narrowest list it is in: S&P 500, the broad list (S&P 400/600, NASDAQ-100) or all US-listed stocks." }),
  }),
});

/** stockSuggestions(first:): 1 to 20 suggestions. */
const SUGGESTIONS_FIRST = { min: 1, max: 20, default: 8 } as const;

builder.queryField("stockSuggestions", (t) =>
  t.field({
    type: [StockSuggestionRef],
    description: "Type-ahead over the universe lists (S&P 500, S&P 400/600 + NASDAQ-100, all US-listed common stocks): ticker matches first, then company names. At most `first`.",
    args: { query: t.arg.string({ required: true }), first: t.arg.int({ description: "How many suggestions at most." }) },
    intArgs: { first: SUGGESTIONS_FIRST },
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, Math.min(args.first ?? SUGGESTIONS_FIRST.default, SUGGESTIONS_FIRST.max)) }),
    // In SUGGESTIONS_FIRST: refused before execution otherwise (graphql/int-args.ts).
    resolve: (_root, { query, first }) => suggestStocks(query, first ?? SUGGESTIONS_FIRST.default),
  }),
);
