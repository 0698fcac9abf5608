// GraphQL for market data on Stock: technicals (indicators at the latest bar, with P/E and the
// next earnings date) and priceHistory (daily bars with moving averages, for charts).
import { z } from "zod";
import { parseInput } from "../errors/validation";
import { parsePriceAsOf } from "./as-of";
import { builder } from "../graphql/builder";
import { Stock } from "../stocks/stocks.graphql";
import { fundamentalsAsOf, trailingPe } from "../fundamentals/fundamentals-as-of";
import { nextEarnings } from "./fundamentals";
import { priceHistoryDays, readPriceHistory, type PriceBarPoint as PriceBarPointShape, type PriceHistory as PriceHistoryShape } from "./price-history";
import { isStale, marketDate, momentumRule, providerName, type TechnicalSnapshot } from "./technicals-store";

/** The momentum label of a stock's latest bar, shared by Stock.technicals and the screen rows. */
export const Momentum = builder.enumType("Momentum", {
  description: momentumRule,
  values: {
    STRONG_BULLISH: { value: "strong_bullish" },
    BULLISH: { value: "bullish" },
    NEUTRAL: { value: "neutral" },
  } as const,
});

type StockTechnicalsShape = TechnicalSnapshot & {
  isSnapshot: boolean;
  peRatio: number | null;
  peSource: string | null;
  nextEarningsDate: string | null;
  daysToEarnings: number | null;
};

const StockTechnicals = builder.objectRef<StockTechnicalsShape>("StockTechnicals").implement({
  description: "Indicators at a stock's latest daily bar, or its latest on or before an as-of day (prices split-adjusted, not dividend-adjusted).",
  fields: (t) => ({
    asOf: t.exposeString("asOf", { description: "The date of the bar the indicators are at (YYYY-MM-DD)." }),
    source: t.string({
      description: "Who provided that bar, e.g. \"Alpha Vantage daily prices (bundled snapshot)\" or \"Yahoo Finance chart API\".",
      resolve: (technicals) => providerName(technicals.source),
    }),
    isSnapshot: t.exposeBoolean("isSnapshot", { description: "The latest bar is more than a week old (the bundled snapshot, or data that stopped updating)." }),
    close: t.exposeFloat("close"),
    volume: t.exposeFloat("volume", { nullable: true, description: "The latest day's volume." }),
    sma5: t.exposeFloat("sma5", { nullable: true }),
    sma20: t.exposeFloat("sma20", { nullable: true }),
    sma50: t.exposeFloat("sma50", { nullable: true }),
    rsi14: t.exposeFloat("rsi14", { nullable: true, description: "RSI over 14 days, Wilder's smoothing." }),
    avgVolume20: t.exposeFloat("avgVolume20", { nullable: true, description: "Mean volume of the last 20 bars." }),
    beta60: t.exposeFloat("beta60", { nullable: true, description: "Beta of the last 60 daily returns against betaProxy." }),
    betaProxy: t.exposeString("betaProxy", { nullable: true, description: "The market series beta was measured against." }),
    maCondition: t.exposeBoolean("maCondition", { description: "SMA 5 above SMA 20." }),
    maSpreadPct: t.exposeFloat("maSpreadPct", { nullable: true, description: "(SMA 5 − SMA 20) ÷ SMA 20, a fraction (0.012 = 1.2 %)." }),
    lastCrossUpDate: t.exposeString("lastCrossUpDate", {
      nullable: true,
      description: "The latest day SMA 5 closed above SMA 20 after closing at or below it (searched over about 13 months).",
    }),
    momentum: t.field({ type: Momentum, resolve: (row) => row.momentum }),
    technicalScore: t.exposeFloat("technicalScore", { description: "0–100; the formula is screenMethodology.technicalScoreFormula." }),
    return1m: t.exposeFloat("return1m", { nullable: true, description: "Return over the last 21 bars, a fraction." }),
    peRatio: t.exposeFloat("peRatio", {
      nullable: true,
      description: "Trailing P/E on the day: the last known 10-K's (market cap ÷ net income to common), else close ÷ the last four quarters' EPS (bundled Yahoo Finance history).",
    }),
    peSource: t.exposeString("peSource", {
      nullable: true,
      description: 'Where P/E comes from, e.g. "close ÷ trailing 4 quarters EPS (Yahoo EPS history snapshot)".',
    }),
    nextEarningsDate: t.exposeString("nextEarningsDate", {
      nullable: true,
      description: "The next earnings date as known on the as-of day (YYYY-MM-DD), from the newest calendar snapshot taken by then.",
    }),
    daysToEarnings: t.exposeInt("daysToEarnings", { nullable: true, description: "Calendar days from the as-of day to nextEarningsDate." }),
  }),
});

const PriceBarPoint = builder.objectRef<PriceBarPointShape>("PriceBarPoint").implement({
  description: "One daily bar, split-adjusted, with the moving averages at that bar.",
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD" }),
    open: t.exposeFloat("open", { nullable: true }),
    high: t.exposeFloat("high", { nullable: true }),
    low: t.exposeFloat("low", { nullable: true }),
    close: t.exposeFloat("close"),
    volume: t.exposeFloat("volume", { nullable: true }),
    sma5: t.exposeFloat("sma5", { nullable: true }),
    sma20: t.exposeFloat("sma20", { nullable: true }),
    sma50: t.exposeFloat("sma50", { nullable: true }),
  }),
});

const PriceHistory = builder.objectRef<PriceHistoryShape>("PriceHistory").implement({
  description: "A stock's daily bars for a chart.",
  fields: (t) => ({
    source: t.exposeString("source", { description: "The providers of the bars shown, with their date ranges." }),
    asOf: t.exposeString("asOf", { nullable: true, description: "The latest bar's date; null without prices." }),
    bars: t.field({ type: [PriceBarPoint], resolve: (history) => history.bars }),
  }),
});

const daysSchema = z.object({
  days: z
    .number()
    .int("days must be a whole number of days.")
    .min(priceHistoryDays.min, `days must be between ${priceHistoryDays.min} and ${priceHistoryDays.max}.`)
    .max(priceHistoryDays.max, `days must be between ${priceHistoryDays.min} and ${priceHistoryDays.max}.`),
});

const asOfArgDescription =
  "Answer as of this day (YYYY-MM-DD) within the stored prices' range: only bars dated on or before it count. Default: the latest bar.";

builder.objectFields(Stock, (t) => ({
  technicals: t.field({
    type: StockTechnicals,
    nullable: true,
    description:
      "Indicators at the latest bar (or the latest on or before asOf), with P/E and the next earnings date as known on that day; " +
      "null when there are no prices for this ticker by then.",
    args: { asOf: t.arg.string({ description: asOfArgDescription }) },
    resolve: async (stock, args, context) => {
      const asOf = await parsePriceAsOf(context.db, args.asOf);
      const market = asOf === null ? await context.technicals.current() : await context.technicals.asOf(asOf);
      const row = market.byTicker.get(stock.ticker);
      if (!row) return null;
      const isSnapshot = isStale(row.asOf);
      // The day P/E and earnings are known on, as a screen run as of the same day counts them:
      // the market's latest price day on or before asOf (never later), else where the screens' windows end.
      const day = asOf === null ? marketDate({ asOf: row.asOf, isSnapshot }) : (market.asOf ?? asOf);
      const pe = trailingPe(fundamentalsAsOf(row.ticker, row.close, day), row.ticker, row.close, day);
      const earnings = nextEarnings(row.ticker, day);
      return {
        ...row,
        isSnapshot,
        peRatio: pe?.value ?? null,
        peSource: pe?.source ?? null,
        nextEarningsDate: earnings?.date ?? null,
        daysToEarnings: earnings?.daysTo ?? null,
      };
    },
  }),
  priceHistory: t.field({
    type: PriceHistory,
    description:
      "Daily bars with SMA 5/20/50 over the last `days` calendar days (30–3650, default 365) up to the latest bar, or the latest on or before asOf.",
    args: { days: t.arg.int(), asOf: t.arg.string({ description: asOfArgDescription }) },
    intArgs: { days: priceHistoryDays },
    resolve: async (stock, args, context) => {
      const { days } = parseInput(daysSchema, { days: args.days ?? priceHistoryDays.default });
      const asOf = await parsePriceAsOf(context.db, args.asOf);
      return readPriceHistory(context.db, stock.ticker, days, asOf);
    },
  }),
}));
