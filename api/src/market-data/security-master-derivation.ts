// How the three bundled price files become one history per security, and the index's membership
// spells become securities: the rules behind data/securities/ (written by `npm run
// data:securities`, read at run time by security-master.ts). Pure: the caller reads the files.
import { cleanCompanyName } from "../shared/symbols/clean-company-name";
import { formerTickers } from "../shared/symbols/former-tickers";
import type { DailyBar } from "./price-bars";

export type PriceFile = "alphavantage" | "kaggle" | "quandl";

/** One series of one file and what becomes of it. */
export type MasterRow = {
  /** The security's key: its ticker today, else its last ticker, suffixed -YYYYMM (its last bar) when another security uses that ticker today. */
  key: string;
  name: string | null;
  sector: string | null;
  file: PriceFile;
  symbol: string;
  firstDate: string;
  lastDate: string;
  /** The bars stored from this series (null: none, another file has them). */
  usedFrom: string | null;
  usedThrough: string | null;
  /** Prices are multiplied by this when stored (volumes divided): the chaining factor. */
  scale: number;
  rule: string;
};

export type MembershipRow = { key: string; spellTicker: string; start: string; end: string | null };

export type Spell = { ticker: string; start: string; end: string | null };

/** What is known about today's listings and the old lists' company names. */
export type NameSources = {
  /** Today's ticker for a 2021 symbol of the same company, or null (price-snapshot's resolver). */
  todayTicker2021: (symbol: string) => string | null;
  /** A ticker's listing today: its name, or null when nothing trades under it. */
  listedToday: (ticker: string) => { name: string } | null;
  names2021: ReadonlyMap<string, { name: string; sector: string }>;
  names2017: ReadonlyMap<string, { name: string; sector: string }>;
};

type Series = { file: PriceFile; symbol: string; bars: DailyBar[] };

/** The data's first day: membership before it is not needed. */
export const historyStart = "2013-02-08";

/**
 * Membership tickers that name, for a while, another security than the one the ticker names in
 * the price files (the spells file uses each company's latest ticker and merges reused ones).
 * Each maps the spell's days before `before` to the security of `symbol` in `file`.
 */
const spellOverrides: { spellTicker: string; before: string; file: PriceFile; symbol: string; why: string }[] = [
  {
    spellTicker: "IR",
    before: "2020-03-03",
    file: "kaggle",
    symbol: "IR",
    why: "IR was Ingersoll-Rand plc (TT since 2020-03-02) until Gardner Denver took the ticker",
  },
];

/** Constituent tickers → the earlier tickers the price files use for the same company (data README, section 2b). */
const spellAliases: Record<string, string[]> = {
  AABA: ["YHOO"],
  BHGE: ["BHI", "BKR"],
  CBRE: ["CBG"],
  KDP: ["DPS"],
  WELL: ["HCN"],
  JEF: ["LUK"],
  BKNG: ["PCLN"],
  WYND: ["WYN"],
  APTV: ["DLPH"],
  DXC: ["CSC"],
};

/**
 * Tickers of the 2013–2018 files that the same company changed later (data README, section 2):
 * its history is stored under the later ticker when that still names it today.
 */
const laterTickers: Record<string, string> = {
  CBG: "CBRE",
  PCLN: "BKNG",
  HCN: "WELL",
  LUK: "JEF",
  DPS: "KDP",
  WYN: "WYND",
  BBT: "TFC",
  JEC: "J",
  TMK: "GL",
  SYMC: "NLOK",
  HRS: "LHX",
  UTX: "RTX",
  CBS: "VIAC",
  HCP: "PEAK",
  KORS: "CPRI",
  BHGE: "BKR",
};

const day = 86_400_000;
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const genericWords = new Set(["inc", "corp", "corporation", "co", "company", "companies", "group", "holdings", "the", "plc", "ltd", "and", "&", "of", "class", "series", "new"]);
const nameWords = (name: string) =>
  cleanCompanyName(name)
    .toLowerCase()
    .replace(/[.,'’]/g, "")
    .split(/[\s-]+/)
    .filter((word) => word && !genericWords.has(word));

/**
 * Whether two lists name one company: their first three letters agree ("Campbell Soup" and "The
 * Campbell's Company"), or one's first distinctive word is among the other's first two ("Block H&R"
 * and "H&R Block"), while "IHS Markit" is not the ETF that trades as INFO today, nor "Anadarko
 * Petroleum" "ARKO Petroleum".
 */
export function sameCompanyName(a: string, b: string): boolean {
  const letters = (name: string) => nameWords(name).join("").replace(/[^a-z]/g, "").slice(0, 3);
  if (letters(a) !== "" && letters(a) === letters(b)) return true;
  const [wordsA, wordsB] = [nameWords(a), nameWords(b)];
  const leads = (words: string[], others: string[]) => words.length > 0 && words[0].length > 2 && others.slice(0, 2).includes(words[0]);
  return leads(wordsA, wordsB) || leads(wordsB, wordsA);
}

/**
 * Two series of one security on the days both have, by their closes: the ratio later ÷ earlier
 * file is constant (within 1 % of its median on every common day; the files agree within 0.1 %
 * except where a ticker names another company, IR at 2.6×). Null when they are not one security.
 */
export function closeRatio(later: DailyBar[], earlier: DailyBar[]): { ratio: number; days: number } | null {
  const earlierClose = new Map(earlier.map((bar) => [bar.date, bar.close]));
  const ratios = later.flatMap((bar) => {
    const close = earlierClose.get(bar.date);
    return close ? [bar.close / close] : [];
  });
  if (ratios.length < 5) return null;
  const ratio = median(ratios);
  return ratios.every((value) => Math.abs(value / ratio - 1) <= 0.01) ? { ratio, days: ratios.length } : null;
}

/**
 * Whether two series move together day by day: at least 20 common days, and on 90 % of them the
 * daily returns differ by under 0.15 percentage points. A dividend-adjusted series (Quandl) and a
 * raw one (Kaggle) differ only on ex-dividend days, so the same security passes and two
 * companies do not.
 */
export function sameReturns(a: DailyBar[], b: DailyBar[]): { days: number } | null {
  const closesOfB = new Map(b.map((bar) => [bar.date, bar.close]));
  let previousA: number | null = null;
  let previousB: number | null = null;
  let days = 0;
  let close = 0;
  for (const bar of a) {
    const closeB = closesOfB.get(bar.date);
    if (closeB === undefined) {
      previousA = previousB = null;
      continue;
    }
    if (previousA !== null && previousB !== null) {
      days += 1;
      if (Math.abs(bar.close / previousA - closeB / previousB) < 0.0015) close += 1;
    }
    previousA = bar.close;
    previousB = closeB;
  }
  return days >= 20 && close >= 0.9 * days ? { days } : null;
}

const monthOf = (date: string) => date.slice(0, 7).replace("-", "");

/**
 * Every series of the three files with its security: the 2018–2021 file's series under today's
 * ticker when the company still trades under it; each 2013–2018 Kaggle series joined to the
 * 2018–2021 series whose closes it matches on the overlap (any symbol: renames are found, IR
 * is told from IR), scaled to it, and used only before it starts; each Quandl series joined to
 * the Kaggle series whose returns it matches (then used only where the Kaggle one has no bars),
 * otherwise a security of its own.
 */
export function deriveSecurityMaster(files: { alphavantage: Series[]; kaggle: Series[]; quandl: Series[] }, names: NameSources): MasterRow[] {
  const rows: MasterRow[] = [];
  const rowOf = new Map<Series, MasterRow>();
  const takenKeys = new Set<string>();
  const range = (series: Series) => ({ firstDate: series.bars[0].date, lastDate: series.bars[series.bars.length - 1].date });

  /** A former member's key: its ticker, unless that ticker is someone else's today. */
  const formerKey = (series: Series, name: string | null): { key: string; why: string } => {
    const later = laterTickers[series.symbol];
    const ticker = formerTickers[later ?? series.symbol] ?? later ?? series.symbol;
    const listed = names.listedToday(ticker);
    if (listed && !takenKeys.has(ticker) && (later || (name && sameCompanyName(listed.name, name)))) {
      return { key: ticker, why: `trades today as ${ticker} (${listed.name})` };
    }
    const own = names.listedToday(series.symbol);
    if (!own && !takenKeys.has(series.symbol)) return { key: series.symbol, why: "former member; its ticker is free today" };
    const key = `${series.symbol}-${monthOf(range(series).lastDate)}`;
    return { key, why: `former member; ${series.symbol} names ${own ? own.name : "another series"} today, so the key carries its last bar's month` };
  };

  for (const series of files.alphavantage) {
    const info = names.names2021.get(series.symbol) ?? null;
    const today = names.todayTicker2021(series.symbol);
    const { key, why } = today && !takenKeys.has(today) ? { key: today, why: `today's ticker of the same company` } : formerKey(series, info?.name ?? null);
    takenKeys.add(key);
    const row: MasterRow = { key, name: info?.name ?? null, sector: info?.sector ?? null, file: "alphavantage", symbol: series.symbol, ...range(series), usedFrom: range(series).firstDate, usedThrough: range(series).lastDate, scale: 1, rule: why };
    rows.push(row);
    rowOf.set(series, row);
  }

  const avBySymbol = new Map(files.alphavantage.map((series) => [series.symbol, series]));
  for (const series of files.kaggle) {
    const info = names.names2017.get(series.symbol) ?? null;
    // The same symbol first, then every 2018–2021 series (a rename): the closes decide.
    const candidates = [avBySymbol.get(series.symbol), ...files.alphavantage].filter((candidate): candidate is Series => candidate !== undefined);
    let joined: { target: Series; ratio: number; days: number } | null = null;
    for (const candidate of candidates) {
      const match = closeRatio(candidate.bars, series.bars);
      if (match) {
        joined = { target: candidate, ...match };
        break;
      }
    }
    const { firstDate, lastDate } = range(series);
    if (joined) {
      const target = rowOf.get(joined.target)!;
      const usedThrough = shiftDate(target.firstDate, -1);
      const row: MasterRow = {
        key: target.key,
        name: target.name ?? info?.name ?? null,
        sector: target.sector ?? info?.sector ?? null,
        file: "kaggle",
        symbol: series.symbol,
        firstDate,
        lastDate,
        usedFrom: firstDate < target.firstDate ? firstDate : null,
        usedThrough: firstDate < target.firstDate ? usedThrough : null,
        scale: joined.ratio,
        rule: `chained to the 2018–2021 series ${joined.target.symbol}: closes agree on ${joined.days} common days at a ratio of ${joined.ratio.toFixed(4)}`,
      };
      rows.push(row);
      rowOf.set(series, row);
      continue;
    }
    const { key, why } = formerKey(series, info?.name ?? null);
    takenKeys.add(key);
    const row: MasterRow = { key, name: info?.name ?? null, sector: info?.sector ?? null, file: "kaggle", symbol: series.symbol, firstDate, lastDate, usedFrom: firstDate, usedThrough: lastDate, scale: 1, rule: why };
    rows.push(row);
    rowOf.set(series, row);
  }

  for (const series of files.quandl) {
    const info = names.names2017.get(series.symbol) ?? null;
    const { firstDate, lastDate } = range(series);
    const twin = files.kaggle.map((candidate) => ({ candidate, match: sameReturns(series.bars, candidate.bars) })).find((entry) => entry.match);
    if (twin) {
      const target = rowOf.get(twin.candidate)!;
      const kaggleFirst = twin.candidate.bars[0].date;
      const before = series.bars.filter((bar) => bar.date < kaggleFirst);
      const ratio = closeRatio(twin.candidate.bars, series.bars)?.ratio ?? median(commonRatios(twin.candidate.bars, series.bars));
      rows.push({
        key: target.key,
        name: target.name ?? info?.name ?? null,
        sector: target.sector ?? info?.sector ?? null,
        file: "quandl",
        symbol: series.symbol,
        firstDate,
        lastDate,
        usedFrom: before.length > 0 ? before[0].date : null,
        usedThrough: before.length > 0 ? before[before.length - 1].date : null,
        scale: ratio * target.scale,
        rule:
          before.length > 0
            ? `the same security as the Kaggle series ${twin.candidate.symbol} (returns agree on ${twin.match!.days} days): used before ${kaggleFirst}, scaled to it`
            : `the same security as the Kaggle series ${twin.candidate.symbol} (returns agree on ${twin.match!.days} days), which covers its days: not stored`,
      });
      continue;
    }
    const { key, why } = formerKey(series, info?.name ?? null);
    takenKeys.add(key);
    rows.push({ key, name: info?.name ?? null, sector: info?.sector ?? null, file: "quandl", symbol: series.symbol, firstDate, lastDate, usedFrom: firstDate, usedThrough: lastDate, scale: 1, rule: `${why}; split- and dividend-adjusted (Quandl WIKI)` });
  }
  return rows;
}

function commonRatios(later: DailyBar[], earlier: DailyBar[]): number[] {
  const earlierClose = new Map(earlier.map((bar) => [bar.date, bar.close]));
  return later.flatMap((bar) => (earlierClose.has(bar.date) ? [bar.close / earlierClose.get(bar.date)!] : []));
}

/**
 * Each membership spell (clipped to the data's period) as spans of securities: a spell's ticker
 * names the series whose symbol, key or former ticker it is (or an alias's), and each day goes to
 * the series covering it, else the nearest one in time (a member whose prices start later still
 * counts, without prices). A ticker no series has stays a member under its own name, unpriced.
 */
export function deriveMembership(spells: Spell[], rows: MasterRow[], through: string): MembershipRow[] {
  const stored = rows.filter((row) => row.usedFrom !== null);
  const namesOf = (row: MasterRow) => new Set([row.symbol, row.key, formerTickers[row.symbol] ?? row.symbol, row.key.replace(/-\d{6}$/, "")]);
  const membership: MembershipRow[] = [];
  for (const spell of spells) {
    const start = spell.start < historyStart ? historyStart : spell.start;
    const end = spell.end;
    if ((end !== null && end <= start) || start > through) continue;
    const wanted = new Set([spell.ticker, ...(spellAliases[spell.ticker] ?? [])]);
    const candidates = stored.filter((row) => [...namesOf(row)].some((name) => wanted.has(name)));
    const spans: MembershipRow[] = [];
    const push = (key: string, from: string, to: string | null) => {
      const last = spans[spans.length - 1];
      if (last && last.key === key && last.end === from) last.end = to;
      else spans.push({ key, spellTicker: spell.ticker, start: from, end: to });
    };
    // Cut points: the spell's ends, each candidate's first day and the day after its last, and the overrides' dates.
    const overrides = spellOverrides.filter((override) => override.spellTicker === spell.ticker);
    const cuts = new Set([start, ...candidates.flatMap((row) => [row.usedFrom!, shiftDate(row.usedThrough!, 1)]), ...overrides.map((override) => override.before)]);
    const points = [...cuts].filter((date) => date >= start && (end === null || date < end)).sort();
    for (let index = 0; index < points.length; index++) {
      const from = points[index];
      const to = points[index + 1] ?? end;
      const override = overrides.find((entry) => from < entry.before);
      const overridden = override ? rows.find((row) => row.file === override.file && row.symbol === override.symbol) : undefined;
      const covering = candidates.filter((row) => row.usedFrom! <= from && from <= row.usedThrough!);
      const nearest = [...candidates].sort((a, b) => distance(a, from) - distance(b, from))[0];
      const key = overridden?.key ?? covering[0]?.key ?? nearest?.key ?? spell.ticker;
      push(key, from, to);
    }
    membership.push(...spans);
  }
  return membership.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.start < b.start ? -1 : 1));
}

function distance(row: MasterRow, date: string): number {
  if (date < row.usedFrom!) return Date.parse(row.usedFrom!) - Date.parse(date);
  if (date > row.usedThrough!) return Date.parse(date) - Date.parse(row.usedThrough!);
  return 0;
}
