import { builder } from "../graphql/builder";
import { parsePriceAsOf } from "../market-data/as-of";
import { ProviderError } from "../market-data/providers/http";
import { Stock } from "../stocks/stocks.graphql";
import type { GraphQLContext } from "../graphql/builder";
import { fundamentalFieldNames, fundamentalsAsOf, type FundamentalsAsOf } from "./fundamentals-as-of";
import { secFundamentalsAsOf } from "./sec-fundamentals";
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
    "Fundamentals as known on a day: the last 10-K known then (bundled 2012–2016 annual file, each year counted from 90 days after its end; where it has none and SEC_USER_AGENT is set, SEC XBRL companyfacts filed by then), valued at that day's close.",
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
      const bundled = fundamentalsAsOf(stock.ticker, row.close, row.asOf);
      const live = bundled.source === null ? await liveFundamentals(context, stock.ticker, row) : null;
      return { ...(live ?? bundled), asOf: row.asOf, close: row.close };
    },
  }),
}));

/** SEC companies one request may look up live: each may be an SEC request (10 a second for the whole deployment). */
export const SEC_COMPANIES_PER_REQUEST = 4;
/** How long a page waits for SEC (the fetch goes on and fills the cache for the next view). */
const SEC_WAIT_MS = 4_000;
/** After SEC failed to answer, how long no request waits for it. */
const SEC_PAUSE_AFTER_FAILURE_MS = 5 * 60_000;
const secLookups = new WeakMap<GraphQLContext, Set<string>>();
let secPausedUntil = 0;

/**
 * SEC's figures filed by the row's day, where the bundled file has none and SEC_USER_AGENT is set;
 * null otherwise, past this request's share of lookups, or when SEC does not answer within
 * SEC_WAIT_MS (logged, and SEC left alone for a while: the bundled answer and its reasons stand).
 */
async function liveFundamentals(context: GraphQLContext, ticker: string, row: { close: number; asOf: string }): Promise<FundamentalsAsOf | null> {
  if (!context.secCompanyFacts || Date.now() < secPausedUntil) return null;
  const asked = secLookups.get(context) ?? new Set<string>();
  secLookups.set(context, asked);
  if (!asked.has(ticker) && asked.size >= SEC_COMPANIES_PER_REQUEST) return null;
  asked.add(ticker);
  const lastBarDate = (await context.technicals.current()).byTicker.get(ticker)?.asOf ?? row.asOf;
  try {
    return await secFundamentalsAsOf(context.secCompanyFacts, ticker, { close: row.close, day: row.asOf, lastBarDate }, AbortSignal.timeout(SEC_WAIT_MS));
  } catch (error) {
    // A company SEC has no facts for is an answer; a network failure or a timeout pauses the lookups.
    const unreachable = !(error instanceof ProviderError) || error.retryable;
    if (unreachable) secPausedUntil = Date.now() + SEC_PAUSE_AFTER_FAILURE_MS;
    context.logger.warn({ err: error, ticker, day: row.asOf, pausedForMs: unreachable ? SEC_PAUSE_AFTER_FAILURE_MS : 0 }, "SEC XBRL companyfacts unavailable; the bundled fundamentals stand");
    return null;
  }
}
