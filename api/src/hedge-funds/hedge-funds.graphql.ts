// GraphQL Query.hedgeFund(cik) and Query.hedgeFunds: which funds are tracked is public; every
// figure of their 13F holdings (quarters, holdings, history) needs Pro.
import { resolveArrayConnection } from "@pothos/plugin-relay";
import { builder } from "../graphql/builder";
import { resolveAsOfDay } from "../market-data/as-of";
import { fundHistory, fundHistoryAsOf, HOLDING_ORDERS, normalizeCik, orderedHoldings, pickQuarter, SOURCE_LABELS, type FundHistory, type QuarterView } from "./hedge-funds";
import type { PositionChange } from "./quarter-changes";

/** Computed lists, in memory: priced as one item. */
const precomputed = { complexity: { field: 1, multiplier: 1 } } as const;
const pro = { authScopes: { pro: true } } as const;
const MAX_HOLDINGS_PAGE = 500;
/** holdings(first:): 1 to 500 positions a page. */
const HOLDINGS_PAGE = { min: 1, max: MAX_HOLDINGS_PAGE, default: 50 } as const;
/** valueHistory(top:): the latest quarter's 1 to 10 largest positions. */
const VALUE_HISTORY_TOP = { min: 1, max: 10, default: 5 } as const;

const ChangeKindEnum = builder.enumType("HedgeFundChangeKind", {
  values: {
    NEW: { description: "Not held the quarter before." },
    ADDED: { description: "More shares than the quarter before." },
    REDUCED: { description: "Fewer shares." },
    SOLD_OUT: { description: "Held the quarter before, not now (shares and value 0)." },
    UNCHANGED: { description: "The same number of shares." },
  } as const,
});

const HoldingRef = builder.objectRef<PositionChange>("HedgeFundHolding").implement({
  description: "One security of a fund's 13F information table for a quarter (lines per other manager summed), and its change since the previous stored quarter.",
  fields: (t) => ({
    ticker: t.string({ nullable: true, description: "Null when no symbol is known for the CUSIP: show issuerName.", resolve: (change) => (change.position.tickerMapped ? change.position.ticker : null) }),
    cusip: t.string({ resolve: (change) => change.position.cusip }),
    issuerName: t.string({ resolve: (change) => change.position.issuerName }),
    titleOfClass: t.string({ resolve: (change) => change.position.titleOfClass }),
    putCall: t.string({ nullable: true, description: "PUT or CALL for an option position; null for shares.", resolve: (change) => change.position.putCall || null }),
    shares: t.exposeFloat("shares", { description: "Shares (or principal amount) at quarter end." }),
    value: t.exposeFloat("value", { description: "Market value at quarter end in whole USD, as filed (values filed in thousands are multiplied)." }),
    percentPortfolio: t.exposeFloat("percentPortfolio", { description: "Of the quarter's total reported value, 0–100." }),
    changeKind: t.field({ type: ChangeKindEnum, nullable: true, description: "Null for the first stored quarter (nothing to compare with).", resolve: (change) => change.kind }),
    previousShares: t.exposeFloat("previousShares", { nullable: true }),
    previousValue: t.exposeFloat("previousValue", { nullable: true }),
    sharesChange: t.exposeFloat("sharesChange", { nullable: true }),
    valueChange: t.exposeFloat("valueChange", { nullable: true, description: "Includes the price move, not only trades." }),
    sharesChangeFraction: t.exposeFloat("sharesChangeFraction", { nullable: true, description: "Shares change ÷ previous shares (0.25 = +25 %); null for NEW." }),
    estimatedFlow: t.exposeFloat("estimatedFlow", {
      nullable: true,
      description: "Shares bought (+) or sold (−) × the quarter-end price (the previous quarter's when sold out): an estimate, 13F filings give no trade prices.",
    }),
  }),
});

type HoldingsConnectionShape = ReturnType<typeof resolveArrayConnection<PositionChange>> & { quarter: QuarterView; total: number };

const HoldingsConnection = builder.connectionObject(
  {
    type: HoldingRef,
    name: "HedgeFundHoldingsConnection",
    fields: (t) => ({
      totalCount: t.int({ resolve: (connection) => (connection as HoldingsConnectionShape).total }),
      quarterEnd: t.string({ resolve: (connection) => (connection as HoldingsConnectionShape).quarter.quarterEnd }),
      previousQuarterEnd: t.string({ nullable: true, resolve: (connection) => (connection as HoldingsConnectionShape).quarter.comparison.previousQuarterEnd }),
    }),
  },
  { name: "HedgeFundHoldingEdge" },
);

const ChangeCountsRef = builder.objectRef<QuarterView["comparison"]["counts"]>("HedgeFundChangeCounts").implement({
  fields: (t) => ({
    new: t.exposeInt("NEW"),
    added: t.exposeInt("ADDED"),
    reduced: t.exposeInt("REDUCED"),
    soldOut: t.exposeInt("SOLD_OUT"),
    unchanged: t.exposeInt("UNCHANGED"),
  }),
});

const QuarterRef = builder.objectRef<QuarterView>("HedgeFundQuarter").implement({
  description: "A fund's 13F quarter as stored: the filing in effect (the amendment once one is applied) and the portfolio's totals.",
  fields: (t) => ({
    quarterEnd: t.exposeString("quarterEnd", { description: "Period of report (YYYY-MM-DD)." }),
    previousQuarterEnd: t.string({ nullable: true, description: "The stored quarter the changes compare with.", resolve: (quarter) => quarter.comparison.previousQuarterEnd }),
    filedAt: t.exposeString("filedAt", { nullable: true, description: "Date filed with SEC (YYYY-MM-DD); null for bundled snapshot quarters (the file does not give it)." }),
    accessionNumber: t.exposeString("accessionNumber", { nullable: true, description: "Null for bundled snapshot quarters." }),
    formType: t.exposeString("formType", { description: "13F-HR or 13F-HR/A." }),
    amendment: t.exposeBoolean("amendment", { description: "The stored table includes an amendment (13F-HR/A), which won over the original." }),
    source: t.exposeString("source", { description: "snapshot (bundled data/sec13f), edgar (live import) or file (npm run import:13f)." }),
    sourceLabel: t.string({ resolve: (quarter) => SOURCE_LABELS[quarter.source] ?? quarter.source }),
    importedAt: t.field({ type: "DateTime", resolve: (quarter) => quarter.importedAt }),
    filingUrl: t.exposeString("filingUrl", { description: "The filing's index page on EDGAR; the fund's 13F filing list when the accession number is not known." }),
    totalValue: t.float({ description: "Sum of the reported values, whole USD.", resolve: (quarter) => quarter.comparison.totalValue }),
    holdingsCount: t.int({ resolve: (quarter) => quarter.comparison.holdingsCount }),
    top10Weight: t.float({ description: "Share of the total value in the 10 largest positions, 0–1.", resolve: (quarter) => quarter.comparison.top10Weight }),
    changeCounts: t.field({ type: ChangeCountsRef, description: "All zero for the first stored quarter.", resolve: (quarter) => quarter.comparison.counts }),
    topBuys: t.field({ type: [HoldingRef], ...precomputed, description: "Up to 5 largest estimated buys.", resolve: (quarter) => quarter.comparison.topBuys }),
    topSells: t.field({ type: [HoldingRef], ...precomputed, description: "Up to 5 largest estimated sells.", resolve: (quarter) => quarter.comparison.topSells }),
  }),
});

type ValueSeries = { change: PositionChange; points: { quarterEnd: string; value: number; shares: number }[] };

const ValuePointRef = builder.objectRef<ValueSeries["points"][number]>("HedgeFundValuePoint").implement({
  fields: (t) => ({ quarterEnd: t.exposeString("quarterEnd"), value: t.exposeFloat("value"), shares: t.exposeFloat("shares") }),
});

const ValueSeriesRef = builder.objectRef<ValueSeries>("HedgeFundValueSeries").implement({
  description: "One position's reported value in every stored quarter it was held.",
  fields: (t) => ({
    cusip: t.string({ resolve: (series) => series.change.position.cusip }),
    ticker: t.string({ nullable: true, resolve: (series) => (series.change.position.tickerMapped ? series.change.position.ticker : null) }),
    issuerName: t.string({ resolve: (series) => series.change.position.issuerName }),
    points: t.field({ type: [ValuePointRef], ...precomputed, description: "Oldest first.", resolve: (series) => series.points }),
  }),
});

const ImportStatusRef = builder.objectRef<FundHistory["fund"]>("HedgeFundImportStatus").implement({
  description: "The live SEC EDGAR import for this fund (off unless SEC_USER_AGENT is configured).",
  fields: (t) => ({
    lastAttemptAt: t.field({ type: "DateTime", nullable: true, resolve: (fund) => fund.lastAttemptAt }),
    lastSuccessAt: t.field({ type: "DateTime", nullable: true, resolve: (fund) => fund.lastSuccessAt }),
    lastError: t.exposeString("lastError", { nullable: true }),
    liveImport: t.string({
      description: "Whether this server imports new filings from EDGAR, and how often.",
      resolve: (_fund, _args, context) => {
        const { secUserAgent, refreshHours } = context.config.hedgeFunds;
        if (!secUserAgent) return "off: SEC_USER_AGENT is not set (SEC requires a User-Agent naming the client)";
        return refreshHours > 0 ? `every ${refreshHours} h` : "off: HEDGE_FUND_REFRESH_HOURS=0";
      },
    }),
  }),
});

const HoldingOrderEnum = builder.enumType("HedgeFundHoldingOrder", {
  values: Object.fromEntries(HOLDING_ORDERS.map((order) => [order, { value: order }])) as Record<(typeof HOLDING_ORDERS)[number], { value: (typeof HOLDING_ORDERS)[number] }>,
  description: "VALUE, SHARES, NAME (ticker, else issuer) or FLOW (estimatedFlow: largest buys first with FLOW_DESC).",
});

type FundAsOf = ReturnType<typeof fundHistoryAsOf>;

const HedgeFundRef = builder.objectRef<FundAsOf>("HedgeFund").implement({
  description:
    "A fund that files Form 13F with SEC, as known on a day (asOf): only the quarters filed by then (the filing date, else the 45-day deadline). " +
    "Its name and CIK are public; its holdings need Pro.",
  fields: (t) => ({
    asOf: t.exposeString("asOf", { nullable: true, description: "The day the quarters are known by (YYYY-MM-DD): the asOf asked for, else the app's default day." }),
    firstKnownOn: t.exposeString("firstKnownOn", {
      nullable: true,
      description: "The first day any stored quarter is known by (YYYY-MM-DD): a day to offer when none is known by asOf.",
    }),
    cik: t.string({ description: "10 digits with leading zeros.", resolve: (history) => history.fund.cik }),
    name: t.string({ description: "As SEC lists the filer.", resolve: (history) => history.fund.name }),
    importStatus: t.field({ type: ImportStatusRef, resolve: (history) => history.fund }),
    quarters: t.field({ type: [QuarterRef], ...pro, ...precomputed, description: "The quarters known by asOf, newest first.", resolve: (history) => history.quarters }),
    quarter: t.field({
      type: QuarterRef,
      ...pro,
      nullable: true,
      description: "One quarter known by asOf (default: the latest); BAD_USER_INPUT naming quarterEnd when it is not among them.",
      args: { quarterEnd: t.arg.string({ description: "YYYY-MM-DD" }) },
      resolve: (history, args) => pickQuarter(history, args.quarterEnd, "quarterEnd"),
    }),
    holdings: t.field({
      type: HoldingsConnection,
      ...pro,
      nullable: true,
      description: "A quarter's holdings with their change since the previous stored quarter (null when the fund has no quarter).",
      args: {
        quarter: t.arg.string({ description: "Quarter end YYYY-MM-DD; default the latest." }),
        first: t.arg.int(),
        after: t.arg.string(),
        orderBy: t.arg({ type: HoldingOrderEnum, defaultValue: "VALUE_DESC" }),
        includeSoldOut: t.arg.boolean({ defaultValue: false, description: "Also list positions sold out since the previous quarter." }),
      },
      intArgs: { first: HOLDINGS_PAGE },
      complexity: (args) => ({ field: Math.max(1, Math.ceil((args.first ?? HOLDINGS_PAGE.default) / 25)), multiplier: 0 }),
      resolve: (history, args) => {
        const quarter = pickQuarter(history, args.quarter, "quarter");
        if (!quarter) return null;
        // In HOLDINGS_PAGE: refused before execution otherwise (graphql/int-args.ts).
        const first = args.first ?? HOLDINGS_PAGE.default;
        const holdings = orderedHoldings(quarter, args.orderBy ?? "VALUE_DESC", args.includeSoldOut ?? false);
        const connection = resolveArrayConnection({ args: { first, after: args.after ?? undefined }, maxSize: MAX_HOLDINGS_PAGE }, holdings);
        return { ...connection, quarter, total: holdings.length } as HoldingsConnectionShape;
      },
    }),
    valueHistory: t.field({
      type: [ValueSeriesRef],
      ...pro,
      ...precomputed,
      description: "The latest quarter's largest positions (top) and their value in every stored quarter.",
      args: { top: t.arg.int({ defaultValue: VALUE_HISTORY_TOP.default, description: "How many positions." }) },
      intArgs: { top: VALUE_HISTORY_TOP },
      resolve: (history, args) => {
        // In VALUE_HISTORY_TOP: refused before execution otherwise (graphql/int-args.ts).
        const top = args.top ?? VALUE_HISTORY_TOP.default;
        const latest = history.quarters[0];
        if (!latest) return [];
        const oldestFirst = [...history.quarters].reverse();
        return orderedHoldings(latest, "VALUE_DESC", false)
          .slice(0, top)
          .map((change) => ({
            change,
            points: oldestFirst.flatMap((quarter) => {
              const held = quarter.comparison.changes.find(
                (candidate) => candidate.kind !== "SOLD_OUT" && candidate.position.cusip === change.position.cusip && candidate.position.putCall === change.position.putCall,
              );
              return held ? [{ quarterEnd: quarter.quarterEnd, value: held.value, shares: held.shares }] : [];
            }),
          }));
      },
    }),
  }),
});

builder.queryField("hedgeFund", (t) =>
  t.field({
    type: HedgeFundRef,
    nullable: true,
    description:
      "A tracked 13F filer by SEC CIK (with or without leading zeros), as known on asOf; null when it is not tracked. Berkshire Hathaway is 0001067983. " +
      "asOf: YYYY-MM-DD, not after today (default: the app's default as-of day; HedgeFund.asOf says which day was used).",
    args: { cik: t.arg.string({ required: true }), asOf: t.arg.string({ description: "YYYY-MM-DD" }) },
    resolve: async (_root, args, context) => {
      const cik = normalizeCik(args.cik, "cik");
      const [history, asOf] = await Promise.all([fundHistory(context.db, cik), resolveAsOfDay(context.db, args.asOf, "default")]);
      return history && fundHistoryAsOf(history, asOf);
    },
  }),
);

builder.queryField("hedgeFunds", (t) =>
  t.field({
    type: [HedgeFundRef],
    ...precomputed,
    description: "Every tracked 13F filer, by name, as known on asOf (as hedgeFund(asOf:)).",
    args: { asOf: t.arg.string({ description: "YYYY-MM-DD" }) },
    resolve: async (_root, args, context) => {
      const asOf = await resolveAsOfDay(context.db, args.asOf, "default");
      const funds = await context.db.prisma.hedgeFund.findMany({ orderBy: { name: "asc" }, select: { cik: true } });
      const histories = await Promise.all(funds.map((fund) => fundHistory(context.db, fund.cik)));
      return histories.filter((history): history is FundHistory => history !== null).map((history) => fundHistoryAsOf(history, asOf));
    },
  }),
);
