// GraphQL Query.screenBacktest: free within the Free plan's limits, more with Pro (the limits
// are checked by the service, which answers PRO_REQUIRED naming the limit).
import { builder } from "../graphql/builder";
import { ScreenInput, ScreenKind, ScreenRequestRef } from "../screening/screening.graphql";
import { backtestCost, BACKTEST_LIMITS, requestedScreenBacktest, type BacktestHolding, type BacktestMonth, type BacktestPoint, type ForwardHorizon, type ScreenBacktest } from "./screen-backtest";

/** Lists computed with the backtest, in memory: priced as one item (the backtest's own price covers the work). */
const precomputed = { complexity: { field: 1, multiplier: 1 } } as const;

const ScreenBacktestInput = builder.inputType("ScreenBacktestInput", {
  description:
    `A screen to backtest and the period. Free: one period of at most ${BACKTEST_LIMITS.free.months} months and topN ≤ ${BACKTEST_LIMITS.free.topN}; ` +
    `Pro: any period within the stored prices and topN ≤ ${BACKTEST_LIMITS.pro.topN}, and COMBINED screens. Past a limit: PRO_REQUIRED naming it.`,
  fields: (t) => ({
    screen: t.field({ type: ScreenInput, required: true, description: "The screen as run (its asOf is the day forward returns start from)." }),
    kind: t.field({ type: ScreenKind, description: "Default BASIC." }),
    from: t.string({ description: "First rebalance month, YYYY-MM. Default: the screen's as-of month." }),
    to: t.string({ description: "Last rebalance month, YYYY-MM. Default: 11 months after from, clipped to the stored prices." }),
    topN: t.int({ description: `Rows held at each rebalance, the screen's first N (default ${BACKTEST_LIMITS.defaultTopN}).` }),
  }),
});

const ForwardHorizonRef = builder.objectRef<ForwardHorizon>("BacktestForwardReturn").implement({
  description: "Close-to-close returns from the screen's day to `tradingDays` trading days later. Returns are fractions (0.012 = 1.2 %).",
  fields: (t) => ({
    tradingDays: t.exposeInt("tradingDays"),
    endDate: t.exposeString("endDate", { nullable: true, description: "Null when the stored prices end before it." }),
    rowsWithData: t.exposeInt("rowsWithData", { description: "Rows with a close on both days." }),
    rowsMean: t.exposeFloat("rowsMean", { nullable: true, description: "Equal-weight mean return of those rows." }),
    universeWithData: t.exposeInt("universeWithData"),
    universeMean: t.exposeFloat("universeMean", { nullable: true }),
    universeMedian: t.exposeFloat("universeMedian", { nullable: true }),
    hits: t.exposeInt("hits", { description: "Rows whose return beat the universe median." }),
    hitRate: t.exposeFloat("hitRate", { nullable: true, description: "hits ÷ rowsWithData." }),
  }),
});

const BacktestHoldingRef = builder.objectRef<BacktestHolding>("BacktestHolding").implement({
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    weight: t.exposeFloat("weight"),
    close: t.exposeFloat("close", { description: "The close it was bought at (split-adjusted, as stored)." }),
    priceDate: t.exposeString("priceDate", { description: "The bar that close is from." }),
  }),
});

const BacktestMonthRef = builder.objectRef<BacktestMonth>("BacktestMonth").implement({
  description: "One rebalance: bought at startDate's close, held to endDate's close.",
  fields: (t) => ({
    month: t.exposeString("month"),
    startDate: t.exposeString("startDate"),
    endDate: t.exposeString("endDate"),
    portfolioReturn: t.exposeFloat("portfolioReturn", { description: "After this rebalance's cost." }),
    universeReturn: t.exposeFloat("universeReturn"),
    holdingsCount: t.exposeInt("holdingsCount"),
    rowsMatched: t.exposeInt("rowsMatched", { description: "Rows the screen gave that day." }),
    turnover: t.exposeFloat("turnover", { description: "Buys + sells as a fraction of the portfolio." }),
    cost: t.exposeFloat("cost", { description: "Fraction of the portfolio's value paid: 10 bps × turnover." }),
    universeCount: t.exposeInt("universeCount", { description: "Universe symbols with a close that day." }),
    holdings: t.field({ type: [BacktestHoldingRef], ...precomputed, resolve: (month) => month.holdings }),
  }),
});

const BacktestPointRef = builder.objectRef<BacktestPoint>("BacktestPoint").implement({
  description: "Cumulative value at a day's close (1 = the start).",
  fields: (t) => ({
    date: t.exposeString("date"),
    portfolio: t.exposeFloat("portfolio"),
    universe: t.exposeFloat("universe"),
  }),
});

const ScreenBacktestRef = builder.objectRef<ScreenBacktest>("ScreenBacktest").implement({
  description: "A screen's forward returns and its monthly-rebalanced top-N portfolio against its universe, from the stored prices.",
  fields: (t) => ({
    kind: t.field({ type: ScreenKind, resolve: (backtest) => backtest.kind }),
    request: t.field({ type: ScreenRequestRef, resolve: (backtest) => backtest.request }),
    topN: t.exposeInt("topN"),
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    screenAsOf: t.exposeString("screenAsOf", { description: "The trading day the screen ran as of." }),
    screenRows: t.exposeInt("screenRows"),
    forwardReturns: t.field({ type: [ForwardHorizonRef], ...precomputed, resolve: (backtest) => backtest.forwardReturns }),
    months: t.field({ type: [BacktestMonthRef], ...precomputed, resolve: (backtest) => backtest.months }),
    series: t.field({ type: [BacktestPointRef], ...precomputed, resolve: (backtest) => backtest.series }),
    portfolioReturn: t.exposeFloat("portfolioReturn"),
    universeReturn: t.exposeFloat("universeReturn"),
    portfolioMaxDrawdown: t.exposeFloat("portfolioMaxDrawdown"),
    universeMaxDrawdown: t.exposeFloat("universeMaxDrawdown"),
    averageTurnover: t.exposeFloat("averageTurnover"),
    totalCost: t.exposeFloat("totalCost", { description: "The share of value the costs took over the period." }),
    method: t.exposeString("method"),
    source: t.exposeString("source"),
    pricesAsOf: t.exposeString("pricesAsOf", { description: "The latest stored price day." }),
    warnings: t.exposeStringList("warnings", precomputed),
  }),
});

builder.queryField("screenBacktest", (t) =>
  t.field({
    type: ScreenBacktestRef,
    description:
      "Backtest a screen: forward returns of its rows at +5/+21/+63 trading days and a monthly-rebalanced equal-weight top-N portfolio with 10 bps per unit of turnover, " +
      "against the equal-weight universe. Costs the screen's points once per screen it runs (each rebalance, plus the screen's own day); counts as the operation's one screen.",
    args: { input: t.arg({ type: ScreenBacktestInput, required: true }) },
    complexity: ({ input }) => ({ field: backtestCost(input), multiplier: 1 }),
    resolve: (_root, { input }, context) => requestedScreenBacktest(context, input),
  }),
);
