// Spec §5 ticker-list rules, shared by the web form and the server (which applies them again).
// Pure and dependency-free so the web app can import it as is.

/** A screening ticker: 1 to 5 letters after trimming and upper-casing (spec §5). */
export const SCREEN_TICKER_PATTERN = /^[A-Z]{1,5}$/;

export type ParsedTickers = {
  /** Valid tickers, upper-cased, de-duplicated, in first-seen order. */
  tickers: string[];
  /** Non-empty entries that were not valid tickers, as typed (trimmed). */
  dropped: string[];
};

function collect(entries: Iterable<string>): ParsedTickers {
  const tickers = new Set<string>();
  const dropped: string[] = [];
  for (const entry of entries) {
    const value = entry.trim();
    if (!value) continue;
    const ticker = value.toUpperCase();
    if (SCREEN_TICKER_PATTERN.test(ticker)) tickers.add(ticker);
    else dropped.push(value);
  }
  return { tickers: [...tickers], dropped };
}

/** Manual tickers: comma-separated (new lines count as commas), trimmed, upper-cased, invalid dropped. */
export function parseTickerList(text: string): ParsedTickers {
  return collect(text.split(/[,\n\r]+/));
}

/** Tickers sent as a list (API callers): the same rules entry by entry. */
export function cleanTickerList(values: readonly string[]): ParsedTickers {
  return collect(values);
}

const unquote = (cell: string) => cell.trim().replace(/^"(.*)"$/, "$1");

/**
 * CSV upload: the first line is the header; the column whose name contains "ticker" or
 * "symbol" is used (otherwise the first); each row is split on commas and the cell is
 * upper-cased and kept if it is 1 to 5 letters; duplicates are dropped.
 */
export function parseTickerCsv(text: string): ParsedTickers & { column: string | null } {
  const [header = "", ...rows] = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const names = header.split(",").map(unquote);
  const named = names.findIndex((name) => /ticker|symbol/i.test(name));
  const columnIndex = named === -1 ? 0 : named;
  const parsed = collect(rows.map((row) => unquote(row.split(",")[columnIndex] ?? "")));
  return { ...parsed, column: names[columnIndex] || null };
}
