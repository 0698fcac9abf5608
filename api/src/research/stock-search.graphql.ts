// Query.stockSearch (public): the header's ticker type-ahead, from stock-search.ts.
import { builder } from "../graphql/builder";
import { Stock } from "../stocks/stocks.graphql";
import { searchStocks, STOCK_SEARCH_FIRST, STOCK_SEARCH_LIMITS, type StockSearchMatch } from "./stock-search";

const StockSearchMatchRef = builder.objectRef<StockSearchMatch>("StockSearchMatch").implement({
  description: "A stock whose ticker or company name starts with what was typed.",
  fields: (t) => ({
    stock: t.field({ type: Stock, resolve: (match) => match.stock }),
    hasPrices: t.exposeBoolean("hasPrices", {
      description: "Daily prices are stored for it, so its page has a chart and indicators (otherwise only its news).",
    }),
  }),
});

builder.queryField("stockSearch", (t) =>
  t.field({
    type: [StockSearchMatchRef],
    description:
      `Ticker search over the universe lists (S&P 500, S&P 400/600 + NASDAQ-100, all US-listed): tickers and company names starting ` +
      `with \`query\` (1–${STOCK_SEARCH_LIMITS.queryMaxLength} characters); the typed ticker first, then stocks with stored prices. At most \`first\`. ` +
      `Bad input → BAD_USER_INPUT naming query or first.`,
    args: { query: t.arg.string({ required: true }), first: t.arg.int({ description: "How many matches at most." }) },
    intArgs: { first: STOCK_SEARCH_FIRST },
    complexity: (args) => ({
      field: 1,
      multiplier: Math.max(1, Math.min(args.first ?? STOCK_SEARCH_FIRST.default, STOCK_SEARCH_FIRST.max)),
    }),
    resolve: (_root, args, context) => searchStocks(context, args),
  }),
);
