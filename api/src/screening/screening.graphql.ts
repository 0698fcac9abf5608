// GraphQL for the screeners: Query.screen (Basic, free) and Query.combinedScreen (Pro), their
// rows as in-memory connections of precomputed rows, the methodology and universes, the
// viewer's latest stored run, and saved screens (a Node only its owner can read).
import { cursorToOffset, encodeGlobalID, resolveArrayConnection } from "@pothos/plugin-relay";
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
  type ScreenGrade,
  type CombinedScreenRow,
  type ScreenOutcome,
  type ScreenStats,
} from "./screen";
import { screenCost } from "./screen-cost";
import type { ScreenRequest, ScreenWarning } from "./screen-request";
import { latestRun, type SentResponse } from "./screen-runs";

const ScreenUniverse = builder.enumType("ScreenUniverse", {
  values: {
    SP500: { value: "sp500", description: "S&P 500, the full index (503 share classes) from the bundled constituent list." },
    BROAD: { value: "broad", description: 'S&P 500/400/600 + NASDAQ-100, de-duplicated (the spec\'s "Bloomberg Pro" option).' },
    ALL_MARKET: { value: "all_market", description: "All US-listed common stocks in the NASDAQ Trader directory (ETFs only with includeEtf)." },
    UPLOAD: { value: "upload", description: "Tickers from an uploaded CSV (parsed on the client, sent in tickers; validated again)." },
    MANUAL: { value: "manual", description: "Tickers typed by the user (sent in tickers)." },
  } as const,
});

const ScreenGrade = builder.enumType("ScreenGrade", { values: ["A", "B", "C", "D"] as const });

export const ScreenKind = builder.enumType("ScreenKind", {
  values: { BASIC: { value: "basic" }, COMBINED: { value: "combined" } } as const,
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

export const ScreenInput = builder.inputType("ScreenInput", {
  description:
    "Spec §3/§5 screening request. Omitted fields take the spec defaults; out-of-range values are BAD_USER_INPUT naming the field and its bound.",
  fields: (t) => ({
    asOf: t.string({ description: "Screen as of this past day (YYYY-MM-DD), within the stored prices' range: indicators from bars dated on or before it, news up to its end (UTC). Default: the latest bar and the news clock." }),
    batchSize: t.int(),
    includeEtf: t.boolean(),
    lookbackDays: t.int(),
    maxBeta: t.float(),
    maxEarnDays: t.int(),
    maxRsi: t.float({ description: "Only rows with RSI 14 at or below this (0–100). Not in the spec form; used by presets." }),
    maxSymbols: t.int(),
    minBeta: t.float(),
    minOptionsOi: t.int(),
    minRsi: t.float({ description: "Only rows with RSI 14 at or above this (0–100)." }),
    minSentiment: t.float({ description: "Only rows whose news sentiment in the window is at least this (-1..1); rows without news fail." }),
    minPrice: t.float(),
    minVolume: t.int(),
    newsSources: t.field({ type: NewsSourcesInput }),
    newsWindowDays: t.int(),
    requireCrossover: t.boolean({ description: "Only rows where SMA 5 crossed above SMA 20 inside the lookback window." }),
    requireMaCondition: t.boolean({ description: "Only rows with SMA 5 above SMA 20." }),
    requireOptions: t.boolean(),
    sectorKeyword: t.string(),
    tickers: t.stringList(),
    universe: t.field({ type: ScreenUniverse, required: true }),
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
    batchSize: t.exposeInt("batchSize"),
    includeEtf: t.exposeBoolean("includeEtf"),
    lookbackDays: t.exposeInt("lookbackDays"),
    maxBeta: t.exposeFloat("maxBeta"),
    maxEarnDays: t.exposeInt("maxEarnDays"),
    maxRsi: t.exposeFloat("maxRsi", { nullable: true }),
    maxSymbols: t.exposeInt("maxSymbols"),
    minBeta: t.exposeFloat("minBeta"),
    minOptionsOi: t.exposeInt("minOptionsOi"),
    minRsi: t.exposeFloat("minRsi", { nullable: true }),
    minSentiment: t.exposeFloat("minSentiment", { nullable: true }),
    minPrice: t.exposeFloat("minPrice"),
    minVolume: t.exposeInt("minVolume"),
    newsSources: t.field({ type: NewsSources, resolve: (request) => request.newsSources }),
    newsWindowDays: t.exposeInt("newsWindowDays"),
    requireCrossover: t.exposeBoolean("requireCrossover"),
    requireMaCondition: t.exposeBoolean("requireMaCondition"),
    requireOptions: t.exposeBoolean("requireOptions"),
    sectorKeyword: t.exposeString("sectorKeyword", { nullable: true }),
    // A short list the request carries (no query): priced as one item.
    tickers: t.exposeStringList("tickers", { nullable: true, complexity: { field: 1, multiplier: 1 } }),
    universe: t.field({ type: ScreenUniverse, resolve: (request) => request.universe }),
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
        "e.g. OPTIONS_DATA_UNAVAILABLE, PE_PARTIAL, EARNINGS_DATES_PARTIAL, SECTOR_PARTIAL, UNIVERSE_TRUNCATED, NO_PRICE_DATA, NEWS_SOURCES_EMPTY, BETA_PROXY, UNKNOWN_TICKERS",
    }),
    field: t.exposeString("field", { nullable: true, description: "The request field the warning is about, if any." }),
    message: t.exposeString("message"),
  }),
});

const ScreenResult = builder.interfaceRef<ScreenOutcome>("ScreenResult").implement({
  resolveType: (outcome) => (outcome.kind === "basic" ? "BasicScreenResult" : "CombinedScreenResult"),
  fields: (t) => ({
    runId: t.exposeID("runId", { description: "The stored run's id (screening_runs.id)." }),
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
    peRatio: t.exposeFloat("peRatio", { nullable: true }),
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
const DEFAULT_ROWS_PAGE = 100;
/** Points a rows page costs per 100 rows (the rows are precomputed scalars, so what is selected inside is free). */
const ROWS_PER_POINT = 100;

function rowsPage<Row>(rows: Row[], args: { first?: number | null; after?: string | null }) {
  const first = args.first ?? DEFAULT_ROWS_PAGE;
  if (first < 0 || first > MAX_ROWS_PAGE) {
    const message = `first must be between 0 and ${MAX_ROWS_PAGE}`;
    throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: "first", message }] });
  }
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
  field: Math.max(1, Math.ceil((args.first ?? DEFAULT_ROWS_PAGE) / ROWS_PER_POINT)),
  multiplier: 0,
});

const BasicScreenResult = builder.objectRef<BasicScreenOutcome>("BasicScreenResult").implement({
  interfaces: [ScreenResult],
  isTypeOf: (outcome) => (outcome as ScreenOutcome).kind === "basic",
  fields: (t) => ({
    rows: t.field({
      type: BasicScreenRowConnection,
      description: "Rows sorted by technical score, highest first.",
      args: { after: t.arg.string(), first: t.arg.int() },
      complexity: rowsComplexity,
      resolve: (outcome, args) => rowsPage(outcome.rows, args),
    }),
  }),
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
    description: "Universe choices with their real sizes and labels.",
    // Five entries from memory: priced as one item.
    complexity: { field: 1, multiplier: 1 },
    resolve: () => [
      ...universeInfo(),
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

const SavedScreen = builder.objectRef<SavedScreenRecord>("SavedScreen");

builder.node(SavedScreen, {
  description: "A screen the signed-in user saved by name. Only its owner can read it.",
  id: { resolve: (screen) => screen.id },
  loadMany: (ids, context) => findSavedScreens(context.db, context.viewer, ids),
  fields: (t) => ({
    name: t.exposeString("name"),
    kind: t.field({ type: ScreenKind, resolve: (screen) => screen.kind as "basic" | "combined" }),
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
  }),
});

builder.mutationFields((t) => ({
  saveScreen: t.field({
    type: builder.objectRef<{ savedScreen: SavedScreenRecord }>("SaveScreenPayload").implement({
      fields: (p) => ({ savedScreen: p.field({ type: SavedScreen, resolve: (payload) => payload.savedScreen }) }),
    }),
    description: "Signed-in users only. Saving a COMBINED screen needs Pro.",
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: SaveScreenInput, required: true }) },
    resolve: async (_root, { input }, context) => ({ savedScreen: await saveScreen(context, input) }),
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
