// GraphQL for the screeners: Query.screen (Basic, free) and Query.combinedScreen (Pro), their
// rows as in-memory connections of precomputed rows, the methodology and universes, the
// viewer's latest stored run, and saved screens (a Node only its owner can read).
import { cursorToOffset, encodeGlobalID, resolveArrayConnection } from "@pothos/plugin-relay";
import {
  FUND_CHANGE_FILTERS,
  GICS_SECTORS,
  PRO_FUNDAMENTAL_FILTERS,
  PRO_NUMBER_RULES,
  SCREEN_NUMBER_RULES,
  type NumberRule,
  type ProFilters,
  type ProFundamentalField,
} from "@shared/screen-rules";
import { ViewerRef } from "../auth/viewer.graphql";
import { AppError } from "../errors/app-error";
import type { SavedScreen as SavedScreenRecord } from "../generated/prisma/client";
import { builder } from "../graphql/builder";
import { Momentum } from "../market-data/market-data.graphql";
import { universeInfo } from "../market-data/universes";
import { deleteSavedScreen, findSavedScreens, listSavedScreens, savedRequest, saveScreen } from "./saved-screens";
import {
  methodology,
  runRequestedScreen,
  type BasicScreenOutcome,
  type BasicScreenRow,
  type CombinedScreenOutcome,
  type ProScreenOutcome,
  type ProScreenRow,
  type ScreenGrade,
  type CombinedScreenRow,
  type ScreenOutcome,
  type ScreenStats,
} from "./screen";
import { screenCost } from "./screen-cost";
import type { ScreenRequest, ScreenWarning } from "./screen-request";
import type { ProFundHolding } from "./screen-pro";
import { latestRun, type SentResponse } from "./screen-runs";

const ScreenUniverse = builder.enumType("ScreenUniverse", {
  values: {
    SP500: { value: "sp500", description: "S&P 500 members on the screen's day (point in time, former members included; today's list after the membership file's last change)." },
    SP500_CURRENT: { value: "sp500_current", description: "Today's S&P 500 list (503 share classes), whatever the screen's day." },
    BROAD: { value: "broad", description: 'S&P 500/400/600 + NASDAQ-100, de-duplicated (the spec\'s "Bloomberg Pro" option).' },
    ALL_MARKET: { value: "all_market", description: "All US-listed common stocks in the NASDAQ Trader directory (ETFs only with includeEtf)." },
    UPLOAD: { value: "upload", description: "Tickers from an uploaded CSV (parsed on the client, sent in tickers; validated again)." },
    MANUAL: { value: "manual", description: "Tickers typed by the user (sent in tickers)." },
  } as const,
});

const ScreenGrade = builder.enumType("ScreenGrade", { values: ["A", "B", "C", "D"] as const });

export const ScreenKind = builder.enumType("ScreenKind", {
  values: { BASIC: { value: "basic" }, COMBINED: { value: "combined" }, PRO: { value: "pro", description: "The Pro Screener: a Combined screen plus the advanced filters." } } as const,
});

// ---- Request ----

const NewsSourcesInput = builder.inputType("NewsSourcesInput", {
  fields: (t) => ({
    cnbc: t.boolean(),
    ft: t.boolean(),
    reuters: t.boolean(),
    wsj: t.boolean(),
    yahoo: t.boolean(),
  }),
});

const FundChangeFilterEnum = builder.enumType("FundChangeFilter", {
  description: "A tracked fund's latest 13F change: ANY is any position still held (not SOLD_OUT); SOLD_OUT a position held the quarter before and not now.",
  values: {
    ANY: { value: "any" },
    NEW: { value: "new" },
    ADDED: { value: "added" },
    REDUCED: { value: "reduced" },
    SOLD_OUT: { value: "sold_out" },
    UNCHANGED: { value: "unchanged" },
  } as const satisfies Record<string, { value: (typeof FUND_CHANGE_FILTERS)[number] }>,
});

const ruleText = (field: keyof typeof PRO_NUMBER_RULES) => {
  const rule = PRO_NUMBER_RULES[field];
  return `${rule.min} to ${rule.max}${rule.integer ? ", whole" : ""}; null: no filter.`;
};

const ProFiltersInput = builder.inputType("ProFiltersInput", {
  description:
    "The Pro Screener's advanced filters (bounds in shared/screen-rules.ts). A row whose figure is unknown is left out by a set filter and counted in a warning.",
  fields: (t) => ({
    minAiScore: t.float({ description: `AI score (0–1, the calibrated probability of beating the median) at least: ${ruleText("minAiScore")}` }),
    maxAiScore: t.float({ description: `AI score at most: ${ruleText("maxAiScore")}` }),
    maxAiRank: t.int({ description: `AI rank (1 = best of the day) at most: ${ruleText("maxAiRank")}` }),
    minBeatProbability: t.float({ description: `Next report's beat probability (0–1) at least: ${ruleText("minBeatProbability")}` }),
    maxBeatProbability: t.float({ description: `Next report's beat probability at most: ${ruleText("maxBeatProbability")}` }),
    maxDaysToReport: t.int({ description: `Calendar days to the next report at most: ${ruleText("maxDaysToReport")}` }),
    minReturn1m: t.float({ description: `1-month return (fraction, 0.1 = 10 %) at least: ${ruleText("minReturn1m")}` }),
    maxReturn1m: t.float({ description: `1-month return at most: ${ruleText("maxReturn1m")}` }),
    minReturn3m: t.float({ description: `3-month return at least: ${ruleText("minReturn3m")}` }),
    maxReturn3m: t.float({ description: `3-month return at most: ${ruleText("maxReturn3m")}` }),
    minReturn12m: t.float({ description: `12-month return at least: ${ruleText("minReturn12m")}` }),
    maxReturn12m: t.float({ description: `12-month return at most: ${ruleText("maxReturn12m")}` }),
    minVolatility: t.float({ description: `60-day annualised volatility (fraction) at least: ${ruleText("minVolatility")}` }),
    maxVolatility: t.float({ description: `60-day annualised volatility at most: ${ruleText("maxVolatility")}` }),
    maxSentiment: t.float({ description: `News sentiment (−1..1) at most (with minSentiment: a range): ${ruleText("maxSentiment")}` }),
    minArticles: t.int({ description: `Articles in the news window at least: ${ruleText("minArticles")}` }),
    minUpgrades: t.int({ description: `Analyst upgrades in the news window at least: ${ruleText("minUpgrades")}` }),
    maxDowngrades: t.int({ description: `Analyst downgrades in the news window at most: ${ruleText("maxDowngrades")}` }),
    minNetUpgrades: t.int({ description: `Upgrades − downgrades in the news window at least: ${ruleText("minNetUpgrades")}` }),
    ...(Object.fromEntries(
      Object.entries(PRO_FUNDAMENTAL_FILTERS).map(([field, { bound, name, meaning }]) => [
        field,
        t.float({ description: `The ${name} (${meaning}) known on the screen's day (the last 10-K known then) at ${bound === "min" ? "least" : "most"}: ${ruleText(field as ProFundamentalField)}` }),
      ]),
    ) as Record<ProFundamentalField, ReturnType<typeof t.float>>),
    sectors: t.stringList({ description: `GICS sectors to keep (${GICS_SECTORS.join(", ")}); symbols without a sector are left out and counted.` }),
    fundChange: t.field({ type: FundChangeFilterEnum, description: "Held by a tracked fund (13F) with this latest change; null: no fund filter." }),
    fundCik: t.string({ description: "One tracked fund's SEC CIK (with fundChange); null: any tracked fund." }),
  }),
});

/** Fields kept so older clients' requests still parse; a run that sets one says in its warnings that it was not applied. */
const NOT_APPLIED = {
  options: "Not applied: the app has no options data (OPTIONS_DATA_UNAVAILABLE says so when set).",
  batchSize: "Not applied: indicators are precomputed for every symbol (BATCH_SIZE_IGNORED says so when set).",
};

/** A Basic request number's bound and default, as screen-request.ts applies them (shared/screen-rules.ts). */
const screenRuleText = (field: keyof typeof SCREEN_NUMBER_RULES) => {
  const rule: NumberRule = SCREEN_NUMBER_RULES[field];
  const bound = rule.max === undefined ? `At least ${rule.min}` : `${rule.min}–${rule.max}`;
  return `${bound}${rule.integer ? ", whole" : ""}${rule.default === null ? "" : ` (default ${rule.default})`}.`;
};

/** The ScreenInput fields, shared by ProScreenInput. */
const screenInputFields = (t: Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0]) => ({
    asOf: t.string({ description: "Screen as of this past day (YYYY-MM-DD), within the stored prices' range: indicators from bars dated on or before it, news up to its end (UTC). Default: the latest bar and the news clock." }),
    batchSize: t.int({ deprecationReason: NOT_APPLIED.batchSize }),
    includeEtf: t.boolean(),
    lookbackDays: t.int({ description: `Calendar days back in which an SMA 5/20 crossover counts: ${screenRuleText("lookbackDays")}` }),
    maxBeta: t.float({ description: `Beta (60 days) at most: ${screenRuleText("maxBeta")}` }),
    maxEarnDays: t.int({ description: `Leave out rows reporting earnings within this many days; 0: no filter. ${screenRuleText("maxEarnDays")}` }),
    maxRsi: t.float({ description: "Only rows with RSI 14 at or below this (0–100). Not in the spec form; used by presets." }),
    maxSymbols: t.int({ description: `Symbols of the universe scanned at most; 0: every symbol. ${screenRuleText("maxSymbols")}` }),
    minBeta: t.float({ description: `Beta (60 days) at least: ${screenRuleText("minBeta")}` }),
    minOptionsOi: t.int({ deprecationReason: NOT_APPLIED.options }),
    minRsi: t.float({ description: "Only rows with RSI 14 at or above this (0–100)." }),
    minSentiment: t.float({ description: "Only rows whose news sentiment in the window is at least this (-1..1); rows without news fail." }),
    minMarketCapBillions: t.float({ description: "Only rows whose market cap on the screen's day is at least this many billion USD; rows with an unknown market cap fail (a warning counts them)." }),
    maxPeRatio: t.float({ description: "Only rows whose trailing P/E on the screen's day is at most this; a loss or an unknown P/E fails (a warning counts them)." }),
    minPrice: t.float({ description: `Last close at least (USD): ${screenRuleText("minPrice")}` }),
    minVolume: t.int({ description: `20-day average volume at least: ${screenRuleText("minVolume")}` }),
    newsSources: t.field({ type: NewsSourcesInput }),
    newsWindowDays: t.int({ description: `Days of news counted: ${screenRuleText("newsWindowDays")}` }),
    requireCrossover: t.boolean({ description: "Only rows where SMA 5 crossed above SMA 20 inside the lookback window." }),
    requireMaCondition: t.boolean({ description: "Only rows with SMA 5 above SMA 20." }),
    requireOptions: t.boolean({ deprecationReason: NOT_APPLIED.options }),
    sectorKeyword: t.string(),
    tickers: t.stringList(),
    universe: t.field({ type: ScreenUniverse, required: true }),
});

export const ScreenInput = builder.inputType("ScreenInput", {
  description:
    "Spec §3/§5 screening request. Omitted fields take the spec defaults; out-of-range values are BAD_USER_INPUT naming the field and its bound.",
  fields: (t) => screenInputFields(t),
});

const ProScreenInput = builder.inputType("ProScreenInput", {
  description: "A Pro Screener request: every ScreenInput field plus the advanced filters.",
  fields: (t) => ({ ...screenInputFields(t), advanced: t.field({ type: ProFiltersInput }) }),
});

const ProFiltersRef = builder.objectRef<ProFilters>("ProFilters").implement({
  description: "The advanced filters a Pro run used (null: not set).",
  fields: (t) => ({
    minAiScore: t.exposeFloat("minAiScore", { nullable: true }),
    maxAiScore: t.exposeFloat("maxAiScore", { nullable: true }),
    maxAiRank: t.exposeInt("maxAiRank", { nullable: true }),
    minBeatProbability: t.exposeFloat("minBeatProbability", { nullable: true }),
    maxBeatProbability: t.exposeFloat("maxBeatProbability", { nullable: true }),
    maxDaysToReport: t.exposeInt("maxDaysToReport", { nullable: true }),
    minReturn1m: t.exposeFloat("minReturn1m", { nullable: true }),
    maxReturn1m: t.exposeFloat("maxReturn1m", { nullable: true }),
    minReturn3m: t.exposeFloat("minReturn3m", { nullable: true }),
    maxReturn3m: t.exposeFloat("maxReturn3m", { nullable: true }),
    minReturn12m: t.exposeFloat("minReturn12m", { nullable: true }),
    maxReturn12m: t.exposeFloat("maxReturn12m", { nullable: true }),
    minVolatility: t.exposeFloat("minVolatility", { nullable: true }),
    maxVolatility: t.exposeFloat("maxVolatility", { nullable: true }),
    maxSentiment: t.exposeFloat("maxSentiment", { nullable: true }),
    minArticles: t.exposeInt("minArticles", { nullable: true }),
    minUpgrades: t.exposeInt("minUpgrades", { nullable: true }),
    maxDowngrades: t.exposeInt("maxDowngrades", { nullable: true }),
    minNetUpgrades: t.exposeInt("minNetUpgrades", { nullable: true }),
    ...(Object.fromEntries(Object.keys(PRO_FUNDAMENTAL_FILTERS).map((field) => [field, t.exposeFloat(field as ProFundamentalField, { nullable: true })])) as Record<
      ProFundamentalField,
      ReturnType<typeof t.exposeFloat>
    >),
    sectors: t.exposeStringList("sectors", { complexity: { field: 1, multiplier: 1 } }),
    fundChange: t.field({ type: FundChangeFilterEnum, nullable: true, resolve: (filters) => filters.fundChange }),
    fundCik: t.exposeString("fundCik", { nullable: true }),
  }),
});

const NewsSources = builder.objectRef<ScreenRequest["newsSources"]>("NewsSources").implement({
  fields: (t) => ({
    cnbc: t.exposeBoolean("cnbc"),
    ft: t.exposeBoolean("ft"),
    reuters: t.exposeBoolean("reuters"),
    wsj: t.exposeBoolean("wsj"),
    yahoo: t.exposeBoolean("yahoo"),
  }),
});

export const ScreenRequestRef = builder.objectRef<ScreenRequest>("ScreenRequest").implement({
  description: "The validated request a run used (every default filled in).",
  fields: (t) => ({
    asOf: t.exposeString("asOf", { nullable: true, description: "The past day asked for, or null for the latest." }),
    batchSize: t.exposeInt("batchSize", { nullable: true, deprecationReason: NOT_APPLIED.batchSize }),
    includeEtf: t.exposeBoolean("includeEtf"),
    lookbackDays: t.exposeInt("lookbackDays"),
    maxBeta: t.exposeFloat("maxBeta"),
    maxEarnDays: t.exposeInt("maxEarnDays"),
    maxRsi: t.exposeFloat("maxRsi", { nullable: true }),
    maxSymbols: t.exposeInt("maxSymbols"),
    minBeta: t.exposeFloat("minBeta"),
    minOptionsOi: t.exposeInt("minOptionsOi", { deprecationReason: NOT_APPLIED.options }),
    minRsi: t.exposeFloat("minRsi", { nullable: true }),
    minSentiment: t.exposeFloat("minSentiment", { nullable: true }),
    minMarketCapBillions: t.exposeFloat("minMarketCapBillions", { nullable: true }),
    maxPeRatio: t.exposeFloat("maxPeRatio", { nullable: true }),
    minPrice: t.exposeFloat("minPrice"),
    minVolume: t.exposeInt("minVolume"),
    newsSources: t.field({ type: NewsSources, resolve: (request) => request.newsSources }),
    newsWindowDays: t.exposeInt("newsWindowDays"),
    requireCrossover: t.exposeBoolean("requireCrossover"),
    requireMaCondition: t.exposeBoolean("requireMaCondition"),
    requireOptions: t.exposeBoolean("requireOptions", { deprecationReason: NOT_APPLIED.options }),
    sectorKeyword: t.exposeString("sectorKeyword", { nullable: true }),
    // A short list the request carries (no query): priced as one item.
    tickers: t.exposeStringList("tickers", { nullable: true, complexity: { field: 1, multiplier: 1 } }),
    universe: t.field({ type: ScreenUniverse, resolve: (request) => request.universe }),
    advanced: t.field({
      type: ProFiltersRef,
      nullable: true,
      description: "The Pro Screener's advanced filters (null for Basic and Combined requests).",
      resolve: (request) => request.advanced ?? null,
    }),
  }),
});

// ---- Results ----

const ScreenStatsRef = builder.objectRef<ScreenStats>("ScreenStats").implement({
  fields: (t) => ({
    universeSize: t.exposeInt("universeSize", { description: "Symbols in the chosen universe (after maxSymbols)." }),
    withPriceData: t.exposeInt("withPriceData", { description: "Of those, symbols with enough recent bars for the indicators." }),
    maPassCount: t.exposeInt("maPassCount", { description: "Of those, symbols with SMA 5 above SMA 20." }),
    matched: t.exposeInt("matched", { description: "Rows that passed every filter (= rows.totalCount)." }),
  }),
});

const ScreenWarningRef = builder.objectRef<ScreenWarning>("ScreenWarning").implement({
  description: "Something the data could not answer, or a choice the screen made for you. Shown to users.",
  fields: (t) => ({
    code: t.exposeString("code", {
      description:
        "e.g. OPTIONS_DATA_UNAVAILABLE, BATCH_SIZE_IGNORED, PE_PARTIAL, EARNINGS_DATES_PARTIAL, SECTOR_PARTIAL, UNIVERSE_TRUNCATED, NO_PRICE_DATA, NEWS_SOURCES_EMPTY, BETA_PROXY, UNKNOWN_TICKERS; " +
        "Pro: AI_SCORE_UNKNOWN, AI_PICKS_UNAVAILABLE, RETURN_UNKNOWN, VOLATILITY_UNKNOWN, EARNINGS_NOT_COVERED, EARNINGS_NEXT_REPORT_UNKNOWN, BEAT_PROBABILITY_UNKNOWN, " +
        "SENTIMENT_UNKNOWN, FUND_QUARTER_UNAVAILABLE, FUND_QUARTER_PARTIAL, FUND_CHANGE_UNKNOWN, FUND_NOT_TRACKED, ANALYST_ACTIONS_FROM_NEWS, AI_SCORE_PARTIAL, EARNINGS_PREDICTIONS_PARTIAL (api/src/screening/README.md)",
    }),
    field: t.exposeString("field", { nullable: true, description: "The request field the warning is about, if any." }),
    message: t.exposeString("message"),
  }),
});

export const ScreenResult = builder.interfaceRef<ScreenOutcome>("ScreenResult").implement({
  resolveType: (outcome) => (outcome.kind === "basic" ? "BasicScreenResult" : outcome.kind === "pro" ? "ProScreenResult" : "CombinedScreenResult"),
  fields: (t) => ({
    runId: t.exposeID("runId", { description: "The run's id: screening_runs.id for a stored run; a watchlist's view is not stored, so its id names no row." }),
    kind: t.field({ type: ScreenKind, resolve: (outcome) => outcome.kind }),
    request: t.field({ type: ScreenRequestRef, resolve: (outcome) => outcome.request }),
    stats: t.field({ type: ScreenStatsRef, resolve: (outcome) => outcome.stats }),
    source: t.exposeString("source", { description: 'Named data sources, e.g. "Alpha Vantage daily prices (bundled snapshot)".' }),
    asOf: t.exposeString("asOf", { description: "The latest bar date used (YYYY-MM-DD)." }),
    isSnapshot: t.exposeBoolean("isSnapshot", { description: "True when the data is the bundled offline snapshot, not live." }),
    betaProxy: t.exposeString("betaProxy", { nullable: true, description: "The market series beta was measured against." }),
    newsAsOf: t.expose("newsAsOf", { type: "DateTime", nullable: true, description: "Where the news window ended (news clock)." }),
    // A handful of warnings computed with the run: priced as one item.
    warnings: t.field({ type: [ScreenWarningRef], complexity: { field: 1, multiplier: 1 }, resolve: (outcome) => outcome.warnings }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

/** The fundamentals columns of Basic and Pro rows, as known on the row's day (fundamentals/fundamentals-as-of.ts). */
const FUNDAMENTAL_ROW_FIELDS = [
  ["peRatio", "Trailing P/E on the row's day: market cap ÷ the last known 10-K's net income to common, else close ÷ the last four quarters' EPS (Yahoo Finance history)."],
  ["marketCap", "USD on the row's day: close × the last 10-K known then's implied share count (an estimate); null when unknown (the FUNDAMENTALS_PARTIAL warning counts them)."],
  ["earningsYield", "Net income to common ÷ market cap (a fraction)."],
  ["priceToBook", "Market cap ÷ total equity."],
  ["priceToSales", "Market cap ÷ revenue."],
  ["revenueGrowth", "The last known fiscal year's revenue ÷ the year before's − 1 (a fraction)."],
  ["netMargin", "Net income ÷ revenue (a fraction)."],
  ["returnOnEquity", "Net income ÷ total equity (a fraction)."],
  ["debtToEquity", "(Long-term + short-term debt) ÷ total equity; null for banks and insurers."],
] as const satisfies readonly (readonly [keyof BasicScreenRow, string])[];

const BasicScreenRowRef = builder.objectRef<BasicScreenRow>("BasicScreenRow").implement({
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    name: t.exposeString("name", { nullable: true }),
    sector: t.exposeString("sector", { nullable: true }),
    price: t.exposeFloat("price", { description: "Latest close (split-adjusted)." }),
    sma5: t.exposeFloat("sma5", { nullable: true }),
    sma20: t.exposeFloat("sma20", { nullable: true }),
    sma50: t.exposeFloat("sma50", { nullable: true }),
    rsi: t.exposeFloat("rsi", { nullable: true }),
    volume: t.exposeFloat("volume", { nullable: true, description: "Latest day's volume." }),
    avgVolume20: t.exposeFloat("avgVolume20", { nullable: true }),
    technicalScore: t.exposeFloat("technicalScore", { description: "0–100, formula in technicalScoreFormula." }),
    sentimentScore: t.exposeFloat("sentimentScore", {
      nullable: true,
      description: "Mean article sentiment (-1..1) in the news window from the chosen sources; null without news.",
    }),
    newsCount: t.exposeInt("newsCount"),
    analystUpgrades: t.exposeInt("analystUpgrades"),
    analystDowngrades: t.exposeInt("analystDowngrades"),
    momentum: t.field({ type: Momentum, resolve: (row) => row.momentum }),
    ...Object.fromEntries(FUNDAMENTAL_ROW_FIELDS.map(([name, description]) => [name, t.exposeFloat(name, { nullable: true, description })])),
    beta: t.exposeFloat("beta", { nullable: true }),
    maCondition: t.exposeBoolean("maCondition"),
    maSpreadPct: t.exposeFloat("maSpreadPct", { nullable: true }),
    crossover: t.exposeBoolean("crossover"),
    daysToEarnings: t.exposeInt("daysToEarnings", { nullable: true }),
    asOf: t.exposeString("asOf", { description: "The row's latest bar date." }),
  }),
});

const CombinedScreenRowRef = builder.objectRef<CombinedScreenRow>("CombinedScreenRow").implement({
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    name: t.exposeString("name", { nullable: true }),
    price: t.exposeFloat("price"),
    grade: t.field({ type: ScreenGrade, resolve: (row) => row.grade }),
    combinedScore: t.exposeFloat("combinedScore"),
    technicalScore: t.exposeFloat("technicalScore"),
    sentimentScore: t.exposeFloat("sentimentScore", { nullable: true }),
    newsCount: t.exposeInt("newsCount"),
    crossover: t.exposeBoolean("crossover"),
    momentum: t.field({ type: Momentum, resolve: (row) => row.momentum }),
    latestHeadline: t.exposeString("latestHeadline", { nullable: true }),
    recencyHours: t.exposeFloat("recencyHours", { nullable: true, description: "Hours from the latest article to the news clock's as-of." }),
  }),
});

/** The most rows one page may hold: a whole all_market screen. */
export const MAX_ROWS_PAGE = 10_000;
/** rows(first:): 1 to a whole all_market screen, 100 by default. */
const ROWS_PAGE = { min: 1, max: MAX_ROWS_PAGE, default: 100 } as const;
/** Points a rows page costs per 100 rows (the rows are precomputed scalars, so what is selected inside is free). */
const ROWS_PER_POINT = 100;

function rowsPage<Row>(rows: Row[], args: { first?: number | null; after?: string | null }) {
  // In ROWS_PAGE: refused before execution otherwise (graphql/int-args.ts).
  const first = args.first ?? ROWS_PAGE.default;
  if (args.after) {
    let offset = Number.NaN;
    try {
      offset = cursorToOffset(args.after);
    } catch {
      // reported below
    }
    if (!Number.isInteger(offset) || offset < 0) {
      const message = "after must be a cursor from this connection";
      throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: "after", message }] });
    }
  }
  return resolveArrayConnection({ args: { first, after: args.after ?? undefined }, maxSize: MAX_ROWS_PAGE }, rows);
}

const BasicScreenRowConnection = builder.connectionObject(
  {
    type: BasicScreenRowRef,
    name: "BasicScreenRowConnection",
    fields: (t) => ({ totalCount: t.int({ resolve: (connection) => (connection as unknown as { totalCount: number }).totalCount }) }),
  },
  { name: "BasicScreenRowEdge" },
);

const CombinedScreenRowConnection = builder.connectionObject(
  {
    type: CombinedScreenRowRef,
    name: "CombinedScreenRowConnection",
    fields: (t) => ({ totalCount: t.int({ resolve: (connection) => (connection as unknown as { totalCount: number }).totalCount }) }),
  },
  { name: "CombinedScreenRowEdge" },
);

/** ceil(first / 100) points for the page, nothing for what is inside it. */
const rowsComplexity = (args: { first?: number | null }) => ({
  field: Math.max(1, Math.ceil((args.first ?? ROWS_PAGE.default) / ROWS_PER_POINT)),
  multiplier: 0,
});

/** The rows of a Basic screen's outcome: BasicScreenResult's, and a watchlist's view's (watchlists.graphql.ts). */
export const basicRowsField = (t: PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, BasicScreenOutcome>) =>
  t.field({
    type: BasicScreenRowConnection,
    description: "Rows sorted by technical score, highest first.",
    args: { after: t.arg.string(), first: t.arg.int() },
    intArgs: { first: ROWS_PAGE },
    complexity: rowsComplexity,
    resolve: (outcome, args) => rowsPage(outcome.rows, args),
  });

export const BasicScreenResult = builder.objectRef<BasicScreenOutcome>("BasicScreenResult").implement({
  interfaces: [ScreenResult],
  isTypeOf: (outcome) => (outcome as ScreenOutcome).kind === "basic",
  fields: (t) => ({ rows: basicRowsField(t) }),
});

const GradeCountsRef = builder.objectRef<Record<ScreenGrade, number>>("GradeCounts").implement({
  description: "How many of the run's rows got each grade.",
  fields: (t) => ({ a: t.exposeInt("A"), b: t.exposeInt("B"), c: t.exposeInt("C"), d: t.exposeInt("D") }),
});

const CombinedScreenResult = builder.objectRef<CombinedScreenOutcome>("CombinedScreenResult").implement({
  interfaces: [ScreenResult],
  isTypeOf: (outcome) => (outcome as ScreenOutcome).kind === "combined",
  fields: (t) => ({
    gradeCounts: t.field({
      type: GradeCountsRef,
      description: "The grades of all rows (not just the first page), counted from the run's rows.",
      resolve: (outcome) => {
        const counts: Record<ScreenGrade, number> = { A: 0, B: 0, C: 0, D: 0 };
        for (const row of outcome.rows) counts[row.grade]++;
        return counts;
      },
    }),
    rows: t.field({
      type: CombinedScreenRowConnection,
      description: "Rows sorted by combined score, highest first.",
      args: { after: t.arg.string(), first: t.arg.int() },
      intArgs: { first: ROWS_PAGE },
      complexity: rowsComplexity,
      resolve: (outcome, args) => rowsPage(outcome.rows, args),
    }),
  }),
});

const ProFundHoldingRef = builder.objectRef<ProFundHolding>("ProFundHolding").implement({
  description: "A tracked fund's position in its latest 13F quarter filed by the screen's day.",
  fields: (t) => ({
    fundName: t.exposeString("fundName"),
    cik: t.exposeString("cik"),
    quarterEnd: t.exposeString("quarterEnd"),
    knownFrom: t.exposeString("knownFrom", { description: "The filing date, or the 45-day deadline when it is not stored." }),
    changeKind: t.exposeString("changeKind", {
      nullable: true,
      description: "NEW, ADDED, REDUCED, SOLD_OUT or UNCHANGED; null in a fund's first stored quarter (nothing to compare with).",
    }),
    shares: t.exposeFloat("shares"),
    sharesChange: t.exposeFloat("sharesChange", { nullable: true }),
  }),
});

const ProScreenRowRef = builder.objectRef<ProScreenRow>("ProScreenRow").implement({
  description: "A Pro Screener row: the Basic and Combined columns plus the AI, earnings, 13F and news figures. Null: the data has no figure.",
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    name: t.exposeString("name", { nullable: true }),
    sector: t.exposeString("sector", { nullable: true, description: "GICS sector (S&P 500 members only)." }),
    price: t.exposeFloat("price"),
    grade: t.field({ type: ScreenGrade, resolve: (row) => row.grade }),
    combinedScore: t.exposeFloat("combinedScore"),
    technicalScore: t.exposeFloat("technicalScore"),
    sentimentScore: t.exposeFloat("sentimentScore", { nullable: true }),
    newsCount: t.exposeInt("newsCount", { description: "Articles in the news window from the chosen sources." }),
    analystUpgrades: t.exposeInt("analystUpgrades"),
    analystDowngrades: t.exposeInt("analystDowngrades"),
    momentum: t.field({ type: Momentum, resolve: (row) => row.momentum }),
    rsi: t.exposeFloat("rsi", { nullable: true }),
    beta: t.exposeFloat("beta", { nullable: true }),
    ...Object.fromEntries(FUNDAMENTAL_ROW_FIELDS.map(([name, description]) => [name, t.exposeFloat(name, { nullable: true, description })])),
    avgVolume20: t.exposeFloat("avgVolume20", { nullable: true }),
    crossover: t.exposeBoolean("crossover"),
    maCondition: t.exposeBoolean("maCondition"),
    daysToEarnings: t.exposeInt("daysToEarnings", { nullable: true }),
    latestHeadline: t.exposeString("latestHeadline", { nullable: true }),
    aiScore: t.exposeFloat("aiScore", { nullable: true, description: "0–1: the AI model's calibrated probability of beating the median 21-day return." }),
    aiRank: t.exposeInt("aiRank", { nullable: true }),
    aiRankedOf: t.exposeInt("aiRankedOf", { nullable: true, description: "How many tickers the model ranked that day." }),
    return1m: t.exposeFloat("return1m", { nullable: true }),
    return3m: t.exposeFloat("return3m", { nullable: true }),
    return12m: t.exposeFloat("return12m", { nullable: true }),
    volatility60: t.exposeFloat("volatility60", { nullable: true, description: "Annualised 60-day volatility of daily log returns." }),
    beatProbability: t.exposeFloat("beatProbability", { nullable: true, description: "0–1, the earnings model's probability that the next report beats consensus EPS." }),
    baseRate: t.exposeFloat("baseRate", { nullable: true }),
    nextReportDate: t.exposeString("nextReportDate", { nullable: true }),
    daysToReport: t.exposeInt("daysToReport", { nullable: true }),
    earningsCovered: t.exposeBoolean("earningsCovered", { description: "Whether the earnings predictions cover the company at all." }),
    fundHoldings: t.field({ type: [ProFundHoldingRef], complexity: { field: 1, multiplier: 1 }, resolve: (row) => row.fundHoldings }),
    asOf: t.exposeString("asOf"),
  }),
});

const ProScreenRowConnection = builder.connectionObject(
  {
    type: ProScreenRowRef,
    name: "ProScreenRowConnection",
    fields: (t) => ({ totalCount: t.int({ resolve: (connection) => (connection as unknown as { totalCount: number }).totalCount }) }),
  },
  { name: "ProScreenRowEdge" },
);

type FactorSourcesView = ProScreenOutcome["factorSources"];

const ProFactorSourcesRef = builder.objectRef<FactorSourcesView>("ProFactorSources").implement({
  description: "Where a Pro run's AI, earnings and 13F figures came from.",
  fields: (t) => ({
    day: t.exposeString("day", { nullable: true, description: "The day the figures are as of." }),
    aiPicksDate: t.exposeString("aiPicksDate", { nullable: true, description: "The trading day the AI picks were scored on." }),
    aiPicksStatus: t.exposeString("aiPicksStatus"),
    aiPicksMessage: t.exposeString("aiPicksMessage", { nullable: true }),
    earnings: t.exposeString("earnings", { description: "The earnings predictions' source." }),
    funds: t.field({
      type: [
        builder.objectRef<FactorSourcesView["funds"][number]>("ProFundQuarter").implement({
          fields: (f) => ({
            cik: f.exposeString("cik"),
            name: f.exposeString("name"),
            quarterEnd: f.exposeString("quarterEnd", { nullable: true, description: "Null: no quarter filed by the day." }),
            knownFrom: f.exposeString("knownFrom", { nullable: true }),
            firstQuarterKnownFrom: f.exposeString("firstQuarterKnownFrom", { nullable: true }),
          }),
        }),
      ],
      complexity: { field: 1, multiplier: 1 },
      resolve: (sources) => sources.funds,
    }),
  }),
});

const ProScreenResult = builder.objectRef<ProScreenOutcome>("ProScreenResult").implement({
  interfaces: [ScreenResult],
  isTypeOf: (outcome) => (outcome as ScreenOutcome).kind === "pro",
  fields: (t) => ({
    factorSources: t.field({ type: ProFactorSourcesRef, resolve: (outcome) => outcome.factorSources }),
    gradeCounts: t.field({
      type: GradeCountsRef,
      description: "The grades of all rows, counted from the run's rows.",
      resolve: (outcome) => {
        const counts: Record<ScreenGrade, number> = { A: 0, B: 0, C: 0, D: 0 };
        for (const row of outcome.rows) counts[row.grade]++;
        return counts;
      },
    }),
    rows: t.field({
      type: ProScreenRowConnection,
      description: "Rows sorted by combined score, highest first.",
      args: { after: t.arg.string(), first: t.arg.int() },
      intArgs: { first: ROWS_PAGE },
      complexity: rowsComplexity,
      resolve: (outcome, args) => rowsPage(outcome.rows, args),
    }),
  }),
});

/** The HTTP response this GraphQL request is answered on: Yoga merges its server context ({ req, res }) into the context. */
const httpResponseOf = (context: object) => (context as { res?: SentResponse }).res;

builder.queryFields((t) => ({
  screen: t.field({
    type: BasicScreenResult,
    description: "Run a Basic screen (free). Stored as the viewer's latest run.",
    args: { input: t.arg({ type: ScreenInput, required: true }) },
    complexity: ({ input }) => ({ field: screenCost(input), multiplier: 1 }),
    resolve: (_root, { input }, context) => runRequestedScreen(context, input, "basic", httpResponseOf(context)),
  }),
  combinedScreen: t.field({
    type: CombinedScreenResult,
    description: "Run a Combined (technical 60% + sentiment 40%) screen. Pro only.",
    authScopes: { pro: true },
    args: { input: t.arg({ type: ScreenInput, required: true }) },
    complexity: ({ input }) => ({ field: screenCost(input), multiplier: 1 }),
    resolve: (_root, { input }, context) => runRequestedScreen(context, input, "combined", httpResponseOf(context)),
  }),
  proScreen: t.field({
    type: ProScreenResult,
    description:
      "Run a Pro screen: a Combined screen plus the advanced filters (AI score/rank, earnings beat probability and days to report, 13F fund changes, GICS sectors, returns, volatility, sentiment range, articles, analyst actions). Pro only.",
    authScopes: { pro: true },
    args: { input: t.arg({ type: ProScreenInput, required: true }) },
    complexity: ({ input }) => ({ field: screenCost(input), multiplier: 1 }),
    resolve: (_root, { input }, context) => runRequestedScreen(context, input, "pro", httpResponseOf(context)),
  }),
  screenMethodology: t.field({
    type: builder.objectRef<typeof methodology>("ScreenMethodology").implement({
      description: "How scores are computed, for tooltips and docs.",
      fields: (m) => ({
        technicalScoreFormula: m.exposeString("technicalScoreFormula"),
        momentumRule: m.exposeString("momentumRule"),
        combinedScoreFormula: m.exposeString("combinedScoreFormula"),
        gradeThresholds: m.exposeString("gradeThresholds"),
      }),
    }),
    resolve: () => methodology,
  }),
  screenUniverses: t.field({
    type: [
      builder
        .objectRef<{ universe: ScreenRequest["universe"]; label: string; size: number | null; description: string }>("ScreenUniverseInfo")
        .implement({
          fields: (u) => ({
            universe: u.field({ type: ScreenUniverse, resolve: (info) => info.universe }),
            label: u.exposeString("label"),
            size: u.exposeInt("size", { nullable: true, description: "Symbols in it (null for UPLOAD/MANUAL)." }),
            description: u.exposeString("description"),
          }),
        }),
    ],
    description: "Universe choices with their real sizes and labels (the S&P 500's as of the latest price day).",
    // Five entries from memory: priced as one item.
    complexity: { field: 1, multiplier: 1 },
    resolve: async (_root, _args, context) => [
      ...universeInfo(await context.technicals.current()),
      {
        universe: "upload" as const,
        label: "Upload CSV",
        size: null,
        description: "A CSV file's ticker column (the column named like ticker or symbol, else the first); 1 to 5 letter tickers, de-duplicated.",
      },
      {
        universe: "manual" as const,
        label: "My tickers",
        size: null,
        description: "Tickers typed comma-separated; trimmed, upper-cased, 1 to 5 letters, invalid ones dropped.",
      },
    ],
  }),
}));

// ---- The viewer's runs and saved screens ----

builder.objectField(ViewerRef, "latestScreen", (t) =>
  t.field({
    type: BasicScreenResult,
    nullable: true,
    description: "The viewer's latest stored Basic run (GET /api/screening/results).",
    resolve: (_user, _args, context) => latestRun(context, context.viewer, "basic"),
  }),
);

export const SavedScreen = builder.objectRef<SavedScreenRecord>("SavedScreen");

builder.node(SavedScreen, {
  description: "A screen the signed-in user saved by name. Only its owner can read it.",
  id: { resolve: (screen) => screen.id },
  loadMany: (ids, context) => findSavedScreens(context.db, context.viewer, ids),
  fields: (t) => ({
    name: t.exposeString("name"),
    kind: t.field({ type: ScreenKind, resolve: (screen) => screen.kind as "basic" | "combined" | "pro" }),
    request: t.field({ type: ScreenRequestRef, resolve: savedRequest }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.objectField(ViewerRef, "savedScreens", (t) =>
  t.field({
    type: [SavedScreen],
    description: "The viewer's saved screens, newest first.",
    resolve: (user, _args, context) => listSavedScreens(context.db, user.id),
  }),
);

const SaveScreenInput = builder.inputType("SaveScreenInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "1–80 characters, trimmed; the same name overwrites." }),
    kind: t.field({ type: ScreenKind, required: true }),
    request: t.field({ type: ScreenInput, required: true }),
    advanced: t.field({ type: ProFiltersInput, description: "PRO screens only: the advanced filters." }),
  }),
});

builder.mutationFields((t) => ({
  saveScreen: t.field({
    type: builder.objectRef<{ savedScreen: SavedScreenRecord }>("SaveScreenPayload").implement({
      fields: (p) => ({ savedScreen: p.field({ type: SavedScreen, resolve: (payload) => payload.savedScreen }) }),
    }),
    description: "Signed-in users only. Saving a COMBINED or PRO screen needs Pro.",
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: SaveScreenInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const { advanced, ...rest } = input;
      // The advanced filters travel beside the request; only a PRO screen's request accepts them.
      const request = advanced === null || advanced === undefined ? rest.request : { ...rest.request, advanced };
      return { savedScreen: await saveScreen(context, { ...rest, request }) };
    },
  }),
  deleteSavedScreen: t.field({
    type: builder.objectRef<{ deletedId: string }>("DeleteSavedScreenPayload").implement({
      fields: (p) => ({ deletedId: p.exposeID("deletedId") }),
    }),
    description: "Delete one of the viewer's saved screens (another user's id is NOT_FOUND).",
    authScopes: { signedIn: true },
    args: { id: t.arg.globalID({ required: true, for: SavedScreen }) },
    resolve: async (_root, { id }, context) => {
      await deleteSavedScreen(context, id.id);
      return { deletedId: encodeGlobalID(id.typename, id.id) };
    },
  }),
}));
