/** Display names for the source keys the API uses (feeds, datasets of the bundled snapshot). */
const SOURCE_NAMES: Record<string, string> = {
  benzinga: "Benzinga",
  cnbc: "CNBC",
  finnhub: "Finnhub",
  ft: "Financial Times",
  marketwatch: "MarketWatch",
  nasdaq: "Nasdaq",
  reddit: "Reddit",
  reuters: "Reuters",
  seekingalpha: "Seeking Alpha",
  stocknewsapi: "stocknewsapi.com",
  wsj: "The Wall Street Journal",
  yahoo: "Yahoo Finance",
};

export function sourceName(key: string): string {
  const trimmed = key.trim();
  return SOURCE_NAMES[trimmed.toLowerCase()] ?? trimmed;
}

/** The snapshot's sources, read from its bundled file names ("data/news/finnhub_company_news_….json.gz" → Finnhub). */
export function snapshotSourceNames(files: readonly string[]): string[] {
  const names = files.map((file) => sourceName(file.split("/").pop()?.split("_")[0] ?? file));
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** "A", "A and B", "A, B and C". */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
