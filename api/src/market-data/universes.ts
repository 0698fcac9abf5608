// The screening universes, built from the bundled reference lists (data/reference/, see
// PROVENANCE.md there) once per process. Rules and their reasons: README.md in this folder.
import { cleanCompanyName } from "../shared/symbols/clean-company-name";
import {
  loadReferenceData,
  type IndexConstituent,
  type IndexName,
  type ListedSymbol,
  type ReferenceData,
} from "../shared/symbols/reference-data";
import { tickerSchema } from "../stocks/symbols";
import { membershipAsOf, securityMaster } from "./security-master";

export type UniverseKey = "sp500" | "sp500_current" | "broad" | "all_market";

export type SecurityInfo = {
  ticker: string;
  name: string;
  /** GICS sector and sub-industry: known for S&P 500 members only. */
  sector: string | null;
  subIndustry: string | null;
  /** SEC CIK (10 digits) from today's S&P 500 list; null for others. */
  cik: string | null;
  isEtf: boolean;
  /** The listing exchange's name, from the Nasdaq Trader directory (null when it does not list the ticker). */
  exchange: string | null;
};

/**
 * Security types that are not common stock, recognised by the directory's security name.
 * American depositary shares (ADRs) stay in: they are the usual way foreign companies' common
 * shares trade in the US, and stock screeners list them. So do REITs, MLP common units and
 * closed-end funds, which trade as common shares.
 */
const nonCommonSecurities: { kind: string; pattern: RegExp; unless?: RegExp }[] = [
  { kind: "warrant", pattern: /\bwarrants?\b/i },
  // An ADS "representing the right to receive" shares is not a right.
  { kind: "right", pattern: /\brights?\b/i, unless: /depositary/i },
  // SPAC units are; a partnership's common units are its equity.
  { kind: "unit", pattern: /\bunits?\b/i, unless: /limited partner|partnership|limited liability|common units/i },
  { kind: "preferred", pattern: /\bpreferred\b|\bpreference\b/i },
  // Notes, debentures, ETNs and anything with a coupon ("4.875% Series due 2066").
  { kind: "debt", pattern: /\bnotes?\b|\bdebentures?\b|%/i },
  { kind: "structured product", pattern: /\bSTRATS\b|\bCorTS\b|\bCtfs?\b|\bCerts?\b|trust securities/i },
];

/** Why a listed symbol is not a common stock, or null when it is one. */
export function nonCommonKind(listed: Pick<ListedSymbol, "securityName">): string | null {
  for (const { kind, pattern, unless } of nonCommonSecurities) {
    if (pattern.test(listed.securityName) && !unless?.test(listed.securityName)) return kind;
  }
  return null;
}

const exchangeNames: Record<string, string> = {
  Q: "NASDAQ",
  N: "NYSE",
  A: "NYSE American",
  P: "NYSE Arca",
  Z: "Cboe BZX",
  V: "IEX",
};

type Universes = {
  sp500: string[];
  broad: string[];
  /** Common stocks and ETFs, index members first; ETFs are dropped unless asked for. */
  allMarket: { ticker: string; isEtf: boolean }[];
  securities: Map<string, SecurityInfo>;
};

/** Builds every universe from the reference lists. */
function buildUniverses(reference: ReferenceData): Universes {
  // The screen accepts tickers of 1–5 letters with an optional class suffix; other symbols could never be asked for.
  const listed = new Map(
    reference.listedSymbols.filter((row) => tickerSchema.safeParse(row.symbol).success).map((row) => [row.symbol, row]),
  );
  const members = (index: IndexName) =>
    reference.constituents.filter((row) => row.index === index).map((row) => row.ticker);
  const sp500 = unique(members("sp500"));
  // The NASDAQ-100, S&P 400 and S&P 600 lists are unverified (data/reference/PROVENANCE.md):
  // their tickers count only when the Nasdaq Trader directory lists them.
  const verified = (index: IndexName) => members(index).filter((ticker) => listed.has(ticker));
  const broad = unique([...sp500, ...verified("nasdaq100"), ...verified("sp400"), ...verified("sp600")]);
  const commonOrEtf = [...listed.values()]
    .filter((row) => row.isEtf || nonCommonKind(row) === null)
    .map((row) => row.symbol)
    .sort();
  // Index members first, so a maxSymbols cut keeps the largest companies. (Two S&P 500 members,
  // AVB and EQR, are missing from the bundled directory; they are US-listed all the same.)
  const allMarket = unique([...broad, ...commonOrEtf]).map((ticker) => ({
    ticker,
    isEtf: listed.get(ticker)?.isEtf ?? false,
  }));

  const securities = new Map<string, SecurityInfo>();
  // The index lists' names first ("Apple Inc."), in the order sp500, nasdaq100, sp400, sp600, as for Stock.name.
  const constituents = new Map<string, IndexConstituent>();
  for (const row of reference.constituents) if (!constituents.has(row.ticker)) constituents.set(row.ticker, row);
  for (const ticker of unique([...broad, ...listed.keys()])) {
    const row = listed.get(ticker);
    const constituent = constituents.get(ticker);
    securities.set(ticker, {
      ticker,
      name: constituent?.name ?? cleanCompanyName(row?.companyName ?? ticker),
      sector: constituent?.sector ?? null,
      subIndustry: constituent?.subIndustry ?? null,
      cik: constituent?.cik ?? null,
      isEtf: row?.isEtf ?? false,
      exchange: row ? (exchangeNames[row.exchange] ?? row.exchange) : null,
    });
  }
  return { sp500, broad, allMarket, securities };
}

const unique = (tickers: string[]) => [...new Set(tickers)];

let universes: Universes | undefined;
const current = () => (universes ??= buildUniverses(loadReferenceData()));

/**
 * A universe's tickers (dot form, BRK.B), de-duplicated, in a stable order. "sp500" on a day
 * (`on`, YYYY-MM-DD) is the index's members that day (security-master.ts: point in time, former
 * members under their keys); after the membership file's last change, and without `on`, it is
 * today's list, as "sp500_current" always is. The other universes are today's lists.
 */
export function universeTickers(universe: UniverseKey, options: { includeEtf: boolean; on?: string | null }): string[] {
  const { sp500, broad, allMarket } = current();
  // Copies: the cached lists stay as built whatever a caller does with the result.
  if (universe === "sp500" && options.on && options.on < membershipAsOf) return securityMaster().sp500MembersOn(options.on);
  if (universe === "sp500" || universe === "sp500_current") return [...sp500];
  if (universe === "broad") return [...broad];
  return allMarket.filter((row) => options.includeEtf || !row.isEtf).map((row) => row.ticker);
}

const memberSets = new Map<string, ReadonlySet<string>>();

/** The S&P 500's members on a day as a set (universeTickers' "sp500" rule), kept per day: the AI picks ask for each trading day. */
export function sp500MembersOn(day: string): ReadonlySet<string> {
  let members = memberSets.get(day);
  if (!members) {
    members = new Set(universeTickers("sp500", { includeEtf: false, on: day }));
    if (memberSets.size > 5000) memberSets.clear();
    memberSets.set(day, members);
  }
  return members;
}

/** The stored prices a universe label counts against: the tickers with indicators, and whether they are the bundled snapshot. */
export type PricedTickers = { byTicker: ReadonlyMap<string, unknown>; isSnapshot: boolean };

/**
 * Each universe's label, size and description. The all-market label says how much of it has
 * prices (`prices`, the technicals store's current snapshot), since a screen can rank only those.
 */
export function universeInfo(prices?: PricedTickers & { asOf: string | null }): { universe: UniverseKey; label: string; size: number; description: string }[] {
  const size = (universe: UniverseKey) => universeTickers(universe, { includeEtf: false, on: prices?.asOf }).length;
  const count = (n: number) => n.toLocaleString("en-US");
  const allMarket = universeTickers("all_market", { includeEtf: false });
  const priced = prices ? allMarket.filter((ticker) => prices.byTicker.has(ticker)).length : null;
  const pricedWords = priced === null ? "" : ` · ${count(priced)} priced${prices?.isSnapshot ? " in the bundled snapshot" : ""}`;
  return [
    {
      universe: "sp500",
      label: prices?.asOf ? `S&P 500 members of the day (${count(size("sp500"))} on ${prices.asOf})` : `S&P 500 (${count(size("sp500"))} stocks)`,
      size: size("sp500"),
      description:
        "The S&P 500 as it stood on the screen's day, former members included (point-in-time membership from fja05680/sp500, joined to the price files' securities), one row per share class.",
    },
    {
      universe: "sp500_current",
      label: `Today's S&P 500 list (${count(size("sp500_current"))} stocks)`,
      size: size("sp500_current"),
      description:
        "Every member of today's S&P 500, one row per share class (GOOGL and GOOG), from the bundled constituent list (Wikipedia via datasets/s-and-p-500-companies). On a past day it screens today's members: survivorship bias.",
    },
    {
      universe: "broad",
      label: `Bloomberg Pro: S&P 500/400/600 + NASDAQ-100 (${count(size("broad"))} stocks)`,
      size: size("broad"),
      description:
        "S&P 500, S&P MidCap 400, S&P SmallCap 600 and NASDAQ-100 members, de-duplicated. Members of the last three lists count only when the Nasdaq Trader directory lists them.",
    },
    {
      universe: "all_market",
      label: `All US-listed common stocks: ${count(allMarket.length)} listed${pricedWords}`,
      size: allMarket.length,
      description:
        "Every common stock (ADRs included) in the Nasdaq Trader symbol directory for Nasdaq, NYSE, NYSE American, NYSE Arca, Cboe BZX and IEX; no test issues, warrants, rights, units, preferred shares or notes. ETFs only with includeEtf.",
    },
  ];
}

/**
 * Name, sector and listing of a ticker (dot form) from the reference lists, else a former S&P 500
 * member's from the security master (no exchange: it does not trade under it today); null when
 * neither has it.
 */
export function securityInfo(ticker: string): SecurityInfo | null {
  const listed = current().securities.get(ticker);
  if (listed) return listed;
  const former = securityMaster().security(ticker);
  return former ? { ticker, name: former.name ?? ticker, sector: former.sector, subIndustry: null, cik: null, isEtf: false, exchange: null } : null;
}
