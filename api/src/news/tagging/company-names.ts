// Company names → tickers: the aliases the tagger looks for, built from the bundled index lists
// plus the curated short forms and former names (shared/symbols/company-aliases.ts) and the
// ambiguity rules in curated-names.ts.
import { cleanCompanyName } from "../../shared/symbols/clean-company-name";
import { extraAliases } from "../../shared/symbols/company-aliases";
import type { IndexName, ReferenceData } from "../../shared/symbols/reference-data";
import { ambiguityRules, blockedAliases, personOrPlaceNames, type AmbiguityRule } from "./curated-names";
import { tokenise } from "./text";

export interface CompanyAlias {
  /** Lower-case words of the alias ("johnson", "&", "johnson"). */
  keys: string[];
  /** The words as the company writes them: decides which must be capitalised ("eBay", "IBM", "of"). */
  written: string[];
  /** Every share class of the company (GOOGL and GOOG). */
  tickers: string[];
  /**
   * What a capitalised mention needs besides itself to count (see ticker-tagger.ts):
   * - none: it is the company ("Microsoft", "Johnson & Johnson");
   * - any: it is also an ordinary word ("Apple", "Target", "Visa"): a cue, a business word near it, a list of companies...;
   * - adjacent: it is also a person's or place's name ("Williams", "Hilton"): a cue, a legal suffix, a company
   *   listed next to it or a business word right after it ("Hilton cuts forecast"), never a title or first name before it;
   * - strong: a smaller (S&P 400/600-only) company named like a word or person ("Yeti", "Powell"): a cue, a legal
   *   suffix, its ticker in parentheses or a list of companies.
   */
  evidence: "none" | "any" | "adjacent" | "strong";
  /** Every word is an ordinary word ("Home Depot", "Best Buy"): in title-case text it needs evidence too. */
  allCommonWords: boolean;
  /** The name itself ends in "'s" ("McDonald's", "Lowe's"): written so, it is the company, not someone's. */
  endsInPossessive: boolean;
  rule?: AmbiguityRule;
}

interface Company {
  tickers: string[];
  name: string;
  /** Only in the S&P 400/600 lists: less often in the news, so a name that is also a word needs strong evidence. */
  minor: boolean;
}

const indexRank: Record<IndexName, number> = { sp500: 0, nasdaq100: 1, sp400: 2, sp600: 3 };

// Legal-form words dropped from the end of a name: "Target Corporation" → "Target".
const legalSuffixes = new Set([
  "inc", "incorporated", "corp", "corporation", "co", "company", "companies", "holdings", "holding", "group",
  "plc", "ltd", "limited", "llc", "lp", "nv", "sa", "ag", "se", "the",
]);

// Words that describe the business rather than name it: "Gilead Sciences" → "Gilead". Used only when
// what remains is not itself an ordinary word or a person's or place's name ("Zebra Technologies" stays whole).
const businessDescriptors = new Set([
  "international", "technologies", "technology", "sciences", "worldwide", "financial", "communications", "systems",
  "enterprises", "industries", "brands", "entertainment", "resorts", "laboratories", "pharmaceuticals", "therapeutics",
  "interactive", "solutions", "services", "networks", "semiconductor", "platforms", "restaurants", "energy", "resources",
]);

// Words that are written lower case inside names; they never need to be capitalised.
const connectors = new Set(["of", "and", "&", "the", "de", "for", "on"]);

/** "IBM", "UPS", "3M": written in capitals (two characters or more). */
export function isAcronym(word: string): boolean {
  return word.length >= 2 && /^[\p{Lu}\p{N}&]+$/u.test(word) && /\p{Lu}/u.test(word);
}

interface Word {
  text: string;
  possessive: boolean;
}

function wordsOf(name: string): Word[] {
  return tokenise(name).tokens.map(({ text, possessive }) => ({ text, possessive }));
}

/** The name without legal-form words at its end: "JPMorgan Chase & Co." → "JPMorgan Chase". */
function withoutLegalSuffix(words: Word[]): Word[] {
  const kept = [...words];
  while (kept.length > 1 && (legalSuffixes.has(kept.at(-1)!.text.toLowerCase()) || kept.at(-1)!.text === "&")) kept.pop();
  return kept;
}

function companiesOf(reference: ReferenceData): Company[] {
  const listed = new Set(reference.listedSymbols.map((symbol) => symbol.symbol));
  const bestRow = new Map<string, { name: string; rank: number }>();
  for (const row of reference.constituents) {
    const rank = indexRank[row.index];
    // The S&P 400/600 lists are unverified third-party copies: keep only tickers the Nasdaq directory lists.
    if (rank >= indexRank.sp400 && !listed.has(row.ticker)) continue;
    const current = bestRow.get(row.ticker);
    if (!current || rank < current.rank) bestRow.set(row.ticker, { name: row.name, rank });
  }
  // Share classes share a cleaned name ("Fox Corporation (Class A)" / "(Class B)").
  const byName = new Map<string, Company>();
  for (const [ticker, { name, rank }] of bestRow) {
    const cleaned = cleanCompanyName(name);
    const key = cleaned.toLowerCase();
    const company = byName.get(key) ?? { tickers: [], name: cleaned, minor: true };
    company.tickers.push(ticker);
    company.minor &&= rank >= indexRank.sp400;
    byName.set(key, company);
  }
  return [...byName.values()];
}

function variantsOf(words: string[]): string[][] {
  const variants = [words];
  if (words.includes("&")) variants.push(words.map((word) => (word === "&" ? "and" : word)));
  if (words.includes("and")) variants.push(words.map((word) => (word === "and" ? "&" : word)));
  return variants;
}

export function buildCompanyAliases(reference: ReferenceData): CompanyAlias[] {
  const { commonWords } = reference;
  const isCommon = (word: string) => commonWords.has(word.toLowerCase()) || connectors.has(word.toLowerCase());
  const candidates = new Map<
    string,
    {
      written: string[];
      tickers: Set<string>;
      companies: Set<string>;
      minor: boolean;
      curated: boolean;
      endsInPossessive: boolean;
      plainCore: boolean;
    }
  >();

  const add = (words: Word[], company: Company, curated: boolean, plainCore = false) => {
    const endsInPossessive = words.at(-1)?.possessive ?? false;
    for (const written of variantsOf(words.map((word) => word.text))) {
      if (written.length === 0) continue;
      const key = written.join(" ").toLowerCase();
      if (!curated && blockedAliases.has(key)) continue;
      const entry = candidates.get(key) ?? {
        written,
        tickers: new Set(),
        companies: new Set(),
        minor: true,
        curated,
        endsInPossessive,
        plainCore,
      };
      entry.endsInPossessive ||= endsInPossessive;
      entry.plainCore &&= plainCore;
      company.tickers.forEach((ticker) => entry.tickers.add(ticker));
      entry.companies.add(company.name.toLowerCase());
      entry.minor &&= company.minor;
      entry.curated ||= curated;
      candidates.set(key, entry);
    }
  };

  const companies = companiesOf(reference);
  const companyByTicker = new Map(companies.flatMap((company) => company.tickers.map((ticker) => [ticker, company])));
  for (const company of companies) {
    const words = wordsOf(company.name);
    add(words, company, false);
    const shortName = withoutLegalSuffix(words);
    add(shortName, company, false);
    const core = withoutLegalSuffix(shortName.filter((word, index) => index === 0 || !businessDescriptors.has(word.text.toLowerCase())));
    const coreWords = core.map((word) => word.text);
    const coreKey = coreWords.join(" ").toLowerCase();
    // A smaller company's one plain word is too often a place or a person ("California Resources", "Albany
    // International"): it needs strong evidence. "NeoGenomics", "EOG" look coined and need none.
    const plainWord = coreWords.length === 1 && !/\p{N}|\p{L}\p{Lu}/u.test(coreWords[0]);
    const usable = !coreWords.every(isCommon) && !personOrPlaceNames.has(coreKey);
    if (core.length < shortName.length && usable) add(core, company, false, company.minor && plainWord);
  }
  for (const [ticker, names] of Object.entries(extraAliases)) {
    const company = companyByTicker.get(ticker);
    if (!company) continue;
    for (const name of names) add(wordsOf(name), company, true);
  }

  const aliases: CompanyAlias[] = [];
  for (const [key, entry] of candidates) {
    // The same words for two different companies name neither with confidence.
    if (entry.companies.size > 1 && !entry.curated) continue;
    const rule = ambiguityRules[key];
    // "UPS" written in capitals is not the word "ups": acronyms must match in capitals (ticker-tagger.ts).
    const oneOrdinaryWord = entry.written.length === 1 && isCommon(entry.written[0]) && !isAcronym(entry.written[0]);
    const personOrPlace = personOrPlaceNames.has(key);
    let evidence: CompanyAlias["evidence"] = "none";
    if (entry.minor && !entry.curated && (oneOrdinaryWord || personOrPlace || entry.plainCore)) evidence = "strong";
    else if (personOrPlace) evidence = "adjacent";
    else if (rule || oneOrdinaryWord) evidence = "any";
    aliases.push({
      keys: entry.written.map((word) => word.toLowerCase()),
      written: entry.written,
      tickers: [...entry.tickers],
      evidence,
      allCommonWords: entry.written.every(isCommon),
      endsInPossessive: entry.endsInPossessive,
      rule,
    });
  }
  return aliases;
}
