// The ticker type-ahead of Research & Compare: tickers of the universe lists (S&P 500, the broad
// list, all US-listed common stocks and ETFs) matching what was typed, built once from the bundled lists.
import { securityInfo, universeTickers } from "../market-data/universes";

export type StockSuggestion = { ticker: string; name: string; universe: string };

type Entry = StockSuggestion & { order: number; words: string[] };

let index: Entry[] | undefined;

function suggestionIndex(): Entry[] {
  if (index) return index;
  const lists: [string, string[]][] = [
    ["S&P 500", universeTickers("sp500", { includeEtf: false })],
    ["S&P 400/600, NASDAQ-100", universeTickers("broad", { includeEtf: false })],
    ["All US-listed", universeTickers("all_market", { includeEtf: true })],
  ];
  const seen = new Map<string, Entry>();
  for (const [order, [universe, tickers]] of lists.entries()) {
    for (const ticker of tickers) {
      if (seen.has(ticker)) continue;
      const name = securityInfo(ticker)?.name ?? ticker;
      seen.set(ticker, { ticker, name, universe, order, words: name.toLowerCase().split(/[^a-z0-9&]+/).filter(Boolean) });
    }
  }
  index = [...seen.values()];
  return index;
}

/**
 * At most `first` (1–20) tickers matching `query`: the ticker itself, then tickers starting with it,
 * then companies with a name word starting with it (or the whole name), the wider lists after the
 * S&P 500 in each group. Empty for an empty query.
 */
export function suggestStocks(query: string, first = 8): StockSuggestion[] {
  const wanted = query.trim();
  const limit = Math.max(1, Math.min(Math.trunc(first) || 8, 20));
  if (wanted === "" || wanted.length > 60) return [];
  const upper = wanted.toUpperCase();
  const lower = wanted.toLowerCase();
  const scored: { entry: Entry; score: number }[] = [];
  for (const entry of suggestionIndex()) {
    let score: number | null = null;
    if (entry.ticker === upper) score = 0;
    else if (entry.ticker.startsWith(upper)) score = 1;
    else if (entry.name.toLowerCase().startsWith(lower)) score = 2;
    else if (entry.words.some((word) => word.startsWith(lower))) score = 3;
    if (score !== null) scored.push({ entry, score });
  }
  scored.sort((a, b) => a.score - b.score || a.entry.order - b.entry.order || a.entry.ticker.length - b.entry.ticker.length || a.entry.ticker.localeCompare(b.entry.ticker));
  return scored.slice(0, limit).map(({ entry }) => ({ ticker: entry.ticker, name: entry.name, universe: entry.universe }));
}
