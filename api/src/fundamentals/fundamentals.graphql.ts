import { builder } from "../graphql/builder";
import { parsePriceAsOf } from "../market-data/as-of";
import { Stock } from "../stocks/stocks.graphql";
import { fundamentalFieldNames, fundamentalsAsOf, type FundamentalsAsOf } from "./fundamentals-as-of";
import type { FundamentalValue } from "./valuation";

const FundamentalFigure = builder.objectRef<FundamentalValue>("FundamentalFigure").implement({
  description: "One fundamental figure as known on a day, or null with the reason it is unknown.",
  fields: (t) => ({
    value: t.exposeFloat("value", { nullable: true, description: "USD for market cap; ratios and fractions (0.12 = 12 %) otherwise." }),
    unknownReason: t.string({ nullable: true, resolve: (figure) => figure.reason }),
    isEstimate: t.exposeBoolean("isEstimate", { description: "Built on market cap, whose share count is implied (net income to common ÷ basic EPS), not a reported count." }),
  }),
});

type StockFundamentalsShape = FundamentalsAsOf & { asOf: string; close: number };

const figureDescriptions: Record<(typeof fundamentalFieldNames)[number], string> = {
  marketCap: "Close × the fiscal year's implied share count on the close's split basis (an estimate).",
  peRatio: "Trailing P/E: market cap ÷ the fiscal year's net income to common; null for a loss.",
  earningsYield: "Net income to common ÷ market cap.",
  priceToBook: "Market cap ÷ total equity.",
  priceToSales: "Market cap ÷ revenue.",
  revenueGrowth: "Revenue ÷ the previous fiscal year's − 1.",
  netMargin: "Net income ÷ revenue.",
  returnOnEquity: "Net income ÷ total equity.",
  debtToEquity: "(Long-term + short-term debt) ÷ total equity; null for banks and insurers.",
};

const StockFundamentals = builder.objectRef<StockFundamentalsShape>("StockFundamentals").implement({
  description:
    "Fundamentals as known on a day: the last 10-K known then (bundled 2012–2016 annual file, each year counted from 90 days after its end), valued at that day's close.",
  fields: (t) => ({
    asOf: t.exposeString("asOf", { description: "The price day the figures are valued on (YYYY-MM-DD)." }),
    close: t.exposeFloat("close", { description: "The close they are valued at (split-adjusted)." }),
    source: t.exposeString("source", { nullable: true, description: "The filing behind the figures and the day it counts from; null when none is known." }),
    fiscalYearEnd: t.exposeString("fiscalYearEnd", { nullable: true }),
    knownFrom: t.exposeString("knownFrom", { nullable: true }),
    ...Object.fromEntries(
      fundamentalFieldNames.map((name) => [name, t.field({ type: FundamentalFigure, description: figureDescriptions[name], resolve: (row) => row[name] })]),
    ),
  }),
});

builder.objectFields(Stock, (t) => ({
  fundamentals: t.field({
    type: StockFundamentals,
    nullable: true,
    description:
      "Market cap, P/E, earnings yield, P/B, P/S, revenue growth, net margin, ROE and debt/equity as known on the latest price day (or the latest on or before asOf); null when there are no prices by then.",
    args: { asOf: t.arg.string({ description: "Answer as of this day (YYYY-MM-DD) within the stored prices' range. Default: the latest bar." }) },
    resolve: async (stock, args, context) => {
      const asOf = await parsePriceAsOf(context.db, args.asOf);
      const market = asOf === null ? await context.technicals.current() : await context.technicals.asOf(asOf);
      const row = market.byTicker.get(stock.ticker);
      if (!row) return null;
      return { ...fundamentalsAsOf(stock.ticker, row.close, row.asOf), asOf: row.asOf, close: row.close };
    },
  }),
}));
