// The header's ticker search: the type-ahead of research/suggestions.ts over the universe lists,
// each match as its Stock node, saying whether the app stores prices for it (the stock page has a
// chart and indicators then; otherwise only its news).
import { z } from "zod";
import type { AppDeps } from "../context";
import { intInRange } from "../errors/int-range";
import { parseInput } from "../errors/validation";
import { findKnownStock, type KnownStock } from "../stocks/symbols";
import { suggestStocks } from "./suggestions";

export const STOCK_SEARCH_LIMITS = { queryMaxLength: 40 } as const;
/** stockSearch(first:): 1 to 20 matches. */
export const STOCK_SEARCH_FIRST = { min: 1, max: 20, default: 8 } as const;

const searchInputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "query must not be empty.")
    .max(STOCK_SEARCH_LIMITS.queryMaxLength, `query must be at most ${STOCK_SEARCH_LIMITS.queryMaxLength} characters.`),
  first: intInRange("first", STOCK_SEARCH_FIRST),
});

export type StockSearchMatch = { stock: KnownStock; hasPrices: boolean };

/**
 * At most `first` stocks whose ticker or company name starts with `query`: the typed ticker itself,
 * then the stocks with stored prices, then the rest, each in suggestStocks' order (tickers, then
 * names; S&P 500 members first). A blank or overlong query, or `first` outside 1–20 →
 * BAD_USER_INPUT naming the field.
 */
export async function searchStocks(
  deps: Pick<AppDeps, "technicals">,
  input: { query: string; first?: number | null },
): Promise<StockSearchMatch[]> {
  const { query, first } = parseInput(searchInputSchema, { query: input.query, first: input.first ?? STOCK_SEARCH_FIRST.default });
  const priced = (await deps.technicals.current()).byTicker;
  const typed = query.toUpperCase();
  // Every candidate suggestStocks gives, so priced stocks further down its list can move up.
  const matches = suggestStocks(query, STOCK_SEARCH_FIRST.max).flatMap((suggestion) => {
    const stock = findKnownStock(suggestion.ticker);
    return stock ? [{ stock, hasPrices: priced.has(stock.ticker) }] : [];
  });
  const rank = (match: StockSearchMatch) => (match.stock.ticker === typed ? 0 : match.hasPrices ? 1 : 2);
  return matches.sort((a, b) => rank(a) - rank(b)).slice(0, first);
}
