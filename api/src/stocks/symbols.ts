// Which tickers the app knows, and their company names: the bundled reference lists
// (data/reference/, see PROVENANCE.md there), loaded once. Renamed tickers (FB) map to
// today's (META), as the news tagger maps them.
import { z } from "zod";
import { AppError } from "../errors/app-error";
import { cleanCompanyName } from "../shared/symbols/clean-company-name";
import { extraAliases } from "../shared/symbols/company-aliases";
import { formerTickers } from "../shared/symbols/former-tickers";
import { loadReferenceData, normaliseSymbol } from "../shared/symbols/reference-data";
import { securityMaster } from "../market-data/security-master";

export type KnownStock = {
  ticker: string;
  /** The company name from the index lists, else the Nasdaq Trader directory. */
  name: string;
  /** Lower-case words that name the company (ticker, name, curated short forms): left out of trending topics. */
  nameWords: string[];
};

type SymbolDirectory = Map<string, { name: string; aliases: string[] }>;

let directory: SymbolDirectory | undefined;

function symbolDirectory(): SymbolDirectory {
  if (directory) return directory;
  const reference = loadReferenceData();
  const built: SymbolDirectory = new Map();
  for (const listed of reference.listedSymbols) {
    built.set(listed.symbol, { name: listed.companyName, aliases: [] });
  }
  // Index lists last: their names are the ones news uses ("Apple Inc.", not "Apple Inc. - Common Stock").
  for (const constituent of [...reference.constituents].reverse()) {
    built.set(constituent.ticker, { name: constituent.name, aliases: [] });
  }
  // Share classes share their curated short forms (GOOG gets "Google" like GOOGL).
  const aliasesByName = new Map<string, string[]>();
  for (const [ticker, aliases] of Object.entries(extraAliases)) {
    const entry = built.get(ticker);
    if (entry) aliasesByName.set(cleanCompanyName(entry.name), aliases);
  }
  for (const entry of built.values()) entry.aliases = aliasesByName.get(cleanCompanyName(entry.name)) ?? [];
  directory = built;
  return built;
}

const legalWords = new Set(["inc", "corp", "corporation", "co", "company", "companies", "holdings", "group", "plc", "ltd", "class", "the", "common", "stock", "shares"]);

/**
 * Spec §5: 1–5 letters after trimming and upper-casing; a share class suffix (.B) is allowed too,
 * and a former member's month suffix (DD-201708: its ticker names another security today).
 */
export const tickerSchema = z
  .string({ error: "Ticker is required." })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,5}(\.[A-Z])?(-\d{6})?$/, {
    error: "Ticker must be 1 to 5 letters (optionally a class suffix such as BRK.B, or a former member's month such as DD-201708).",
  });

/** The stock a valid, known ticker names (renamed tickers → today's), or null. */
export function findKnownStock(ticker: string): KnownStock | null {
  const symbol = normaliseSymbol(ticker);
  const current = formerTickers[symbol] ?? symbol;
  const entry = symbolDirectory().get(current);
  if (!entry) return formerMember(symbol);
  const nameWords = new Set([current.toLowerCase(), symbol.toLowerCase()]);
  for (const name of [cleanCompanyName(entry.name), ...entry.aliases]) {
    for (const word of name.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length > 1 && !legalWords.has(word)) nameWords.add(word);
    }
  }
  return { ticker: current, name: entry.name, nameWords: [...nameWords] };
}

/**
 * A former S&P 500 member the bundled price history has (market-data/security-master.ts), by its
 * key (YHOO, DD-201708) or by a ticker it had in the 2013–2018 files (PCLN → BKNG).
 */
function formerMember(symbol: string): KnownStock | null {
  const master = securityMaster();
  const key = master.security(symbol) ? symbol : (master.keyOf("kaggle", symbol) ?? master.keyOf("quandl", symbol));
  if (!key) return null;
  if (key !== symbol) return findKnownStock(key);
  const name = master.security(key)?.name ?? key;
  const words = cleanCompanyName(name).toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 1 && !legalWords.has(word));
  return { ticker: key, name, nameWords: [...new Set([key.toLowerCase(), ...words])] };
}

/** Validates a ticker from a request: malformed or unknown → BAD_USER_INPUT naming `ticker`. */
export function requireKnownStock(input: unknown): KnownStock {
  const parsed = tickerSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Ticker is invalid.";
    throw new AppError("BAD_USER_INPUT", `Invalid input: ticker. ${message}`, { fieldErrors: [{ field: "ticker", message }] });
  }
  const stock = findKnownStock(parsed.data);
  if (!stock) {
    const message = `Unknown ticker ${parsed.data}: it is not in the bundled symbol lists (US-listed securities).`;
    throw new AppError("BAD_USER_INPUT", `Invalid input: ticker. ${message}`, { fieldErrors: [{ field: "ticker", message }] });
  }
  return stock;
}
