// The comparison's choices and how they live in the URL (?tickers=AAPL,MSFT&range=1Y).
import type { CompareRange } from "./__generated__/ResearchComparePageQuery.graphql";

export const DEFAULT_TICKERS = ["AAPL", "MSFT", "NVDA"];
export const MIN_TICKERS = 2;
export const MAX_TICKERS = 4;
export const RANGES: { param: string; value: CompareRange; label: string }[] = [
  { param: "1M", value: "M1", label: "1M" },
  { param: "3M", value: "M3", label: "3M" },
  { param: "6M", value: "M6", label: "6M" },
  { param: "1Y", value: "Y1", label: "1Y" },
  { param: "3Y", value: "Y3", label: "3Y" },
  { param: "5Y", value: "Y5", label: "5Y" },
];
const DEFAULT_RANGE = RANGES[3];

/**
 * ?tickers=AAPL,MSFT: upper-cased, duplicates dropped, at most MAX_TICKERS; without the parameter
 * the default three, and a single ticker is compared with the first default that is not it.
 */
export function tickersFromParam(param: string | null): string[] {
  const tickers = [...new Set((param ?? "").split(",").map((ticker) => ticker.trim().toUpperCase()).filter(Boolean))].slice(0, MAX_TICKERS);
  if (tickers.length === 0) return DEFAULT_TICKERS;
  for (const ticker of DEFAULT_TICKERS) if (tickers.length < MIN_TICKERS && !tickers.includes(ticker)) tickers.push(ticker);
  return tickers;
}

/** ?range= (1M … 3Y), else one year. */
export function compareRangeOf(params: URLSearchParams): (typeof RANGES)[number] {
  return RANGES.find((candidate) => candidate.param === params.get("range")?.toUpperCase()) ?? DEFAULT_RANGE;
}
