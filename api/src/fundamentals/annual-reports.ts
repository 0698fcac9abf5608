// Annual (10-K) fundamentals for fiscal years 2012–2016 from the bundled Kaggle "New York Stock
// Exchange" file (data/fundamentals/, see PROVENANCE.md there), read once into memory and answered
// point in time: a fiscal year's figures count only once they were surely public. Tickers are the
// file's own, those of early 2017 (PCLN, not BKNG); mapping them to today's is the caller's part.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";

const fundamentalsDirectory = path.join(projectRoot, "data", "fundamentals");
const annualFile = "nyse_fundamentals_annual_2012-2016.csv.gz";
const securitiesFile = "nyse_securities_2017.csv";

/**
 * Days after a fiscal year's end from which its 10-K figures count as known. The file has no
 * filing dates, so this is an assumption: the SEC's 10-K deadline is 60 days for large accelerated
 * filers (nearly all of the S&P 500; 75 and 90 days for smaller filers), and 90 keeps a margin for
 * the few that filed late or were not large accelerated filers.
 */
export const tenKKnownAfterDays = 90;

/** Split ratios (new shares per old share) that companies actually use; 1.5 is a 3-for-2 split. */
export const usualSplitRatios = [1.5, 2, 3, 4, 5, 7, 8, 10, 20] as const;

/**
 * How far the implied share count's year-on-year ratio may stray from a usual split ratio and still
 * count as that split: buybacks and issuance move the count too. 6.5% rather than a round 6% because
 * Apple's 7-for-1 split of 2014 came with buybacks of about 6% that year (ratio 6.580, 6.003% short
 * of 7). Between 6% and 6.5% it also takes Centene's 2-for-1 of 2015 (6.4%) and two mergers that
 * `notShareSplits` rejects (LUK, QRVO).
 */
export const splitRatioTolerance = 0.065;

/**
 * Year-on-year share count ratios that fall within the tolerance of a usual split ratio but are not
 * that split: mostly acquisitions paid in shares, whose new shares count fully in the weighted
 * average only from the next fiscal year, and rows whose EPS does not fit their net income. Keyed by
 * ticker and the later year's period end. Left unadjusted: a wrong split would carry one bad year's
 * EPS into every earlier year.
 */
const notShareSplits: { ticker: string; periodEnd: string; reason: string }[] = [
  { ticker: "ALB", periodEnd: "2015-12-31", reason: "shares issued for the Rockwood acquisition (January 2015)" },
  { ticker: "LUK", periodEnd: "2013-12-31", reason: "shares issued in the merger with Jefferies (March 2013)" },
  { ticker: "MAA", periodEnd: "2014-12-31", reason: "shares issued in the merger with Colonial Properties (October 2013)" },
  { ticker: "O", periodEnd: "2013-12-31", reason: "shares issued for American Realty Capital Trust (January 2013)" },
  { ticker: "PNR", periodEnd: "2013-12-31", reason: "shares issued in the merger with Tyco Flow Control (September 2012)" },
  { ticker: "QRVO", periodEnd: "2016-04-02", reason: "Qorvo formed from RF Micro Devices and TriQuint (January 2015)" },
  { ticker: "WRK", periodEnd: "2016-09-30", reason: "WestRock formed from RockTenn and MeadWestvaco (July 2015)" },
  { ticker: "SLG", periodEnd: "2013-12-31", reason: "the file's FY2013 EPS (0.39) does not fit its net income to common (101 M): 260 M implied shares against 89 M" },
  { ticker: "TDG", periodEnd: "2015-09-30", reason: "the file's EPS does not fit its net income to common: 94 M then 178 M implied shares" },
  {
    ticker: "DISCA",
    periodEnd: "2014-12-31",
    reason: "the file's FY2014 EPS (0.38) does not fit its net income to common (1,139 M): 3.0 bn implied shares against 357 M; Discovery's split that year was 2-for-1 (a Class C share dividend, August 2014)",
  },
];

const day = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);

/**
 * A fiscal year's number: the calendar year of the day ten weeks before it ends. Years ending from
 * January to early March (retail calendars, 52/53-week years such as ILMN's ending 2017-01-01) take
 * the previous year's number, as the file's `For Year` does for most of them; the rest keep the year
 * they end in (AAPL's year ending 2016-09-24 is 2016). The file's own `For Year` is not used: it is
 * empty in 173 rows and wrong in a few (IPG 2015 says 1215).
 */
const fiscalYearOf = (periodEnd: string) => Number(addDays(periodEnd, -70).slice(0, 4));

/** A year-on-year implied share count change beyond this factor, either way, that is not a split is reported as suspect. */
const shareCountJumpFactor = 1.3;

/** The file's fiscal years end from 2012-03-03 to 2017-01-01 (ILMN's fiscal 2016, a 52/53-week year). */
const firstPeriodEnd = "2012-01-01";
const lastPeriodEnd = "2017-01-07";

export type Security2017 = {
  ticker: string;
  name: string;
  /** Zero-padded to 10 digits, as the SEC writes it. */
  cik: string;
  sector: string;
  subIndustry: string;
  /** When it joined the S&P 500; null when the list does not say. */
  dateFirstAdded: string | null;
};

/** One fiscal year from its 10-K. Money in whole US dollars as reported; per-share figures on the ticker's latest share basis. */
export type AnnualReport = {
  /** The file's ticker, of early 2017. */
  ticker: string;
  companyName: string;
  cik: string;
  sector: string;
  /** GICS sector Financials (banks, insurers, brokers): their balance sheets make debt/equity meaningless. */
  isFinancial: boolean;
  fiscalYear: number;
  periodEnd: string;
  /** The first day the figures count as known: `periodEnd` + `tenKKnownAfterDays`. */
  knownFrom: string;
  revenue: number;
  netIncome: number;
  /** After preferred dividends and other claims: what basic EPS divides by the share count. */
  netIncomeToCommon: number;
  totalAssets: number;
  totalLiabilities: number;
  totalEquity: number;
  longTermDebt: number;
  /** Short-term debt and the current portion of long-term debt. */
  shortTermDebt: number;
  /** Basic EPS on the per-share basis of `perShareBasisPeriodEnd` (as reported ÷ `splitFactorToLatest`); null when the file has none. */
  eps: number | null;
  /**
   * Implied weighted-average basic shares on the same basis: net income to common ÷ basic EPS. Null
   * without EPS, or when the two have opposite signs. Rough when EPS is a few cents (rounding).
   */
  impliedShares: number | null;
  /** Product of the share splits detected after this fiscal year: reported shares × this = `impliedShares`. */
  splitFactorToLatest: number;
  /**
   * The period end of the ticker's last fiscal year in the file, whose per-share basis every year is
   * expressed in. Splits after it are not visible here: a caller whose prices are adjusted for later
   * splits multiplies `impliedShares` (and divides `eps`) by their factors.
   */
  perShareBasisPeriodEnd: string;
};

export type AnnualReportAsOf =
  | { latest: AnnualReport; prior: AnnualReport | null; reason: null }
  | { latest: null; prior: null; reason: string };

export type DroppedAnnualRow = { ticker: string; periodEnd: string; reason: string };
export type ShareSplitCandidate = {
  ticker: string;
  /** Period ends of the two consecutive fiscal years the share count jumped between. */
  fromPeriodEnd: string;
  toPeriodEnd: string;
  /** Later implied shares ÷ earlier, both as reported. */
  impliedShareRatio: number;
  /** The usual split ratio within `splitRatioTolerance` of it. */
  splitRatio: number;
};
export type AnnualDataValidation = {
  droppedRows: DroppedAnnualRow[];
  shareSplits: ShareSplitCandidate[];
  rejectedSplitCandidates: (ShareSplitCandidate & { reason: string })[];
  /** Rows whose EPS and net income to common have opposite signs, so no share count can be implied. */
  unusableShareCounts: DroppedAnnualRow[];
  /**
   * Consecutive years whose implied share count moved by more than 30% either way without a split:
   * acquisitions, or an EPS that does not fit the net income (ADI FY2014: 0.35 on 629 M). Market
   * capitalisation from those years' share counts is suspect.
   */
  shareCountJumps: Omit<ShareSplitCandidate, "splitRatio">[];
};

type AnnualData = {
  reports: Map<string, AnnualReport[]>;
  securities: Map<string, Security2017>;
  validation: AnnualDataValidation;
};

type Row = Record<string, string>;
type YearAsReported = { row: Row; periodEnd: string; fiscalYear: number; eps: number | null; shares: number | null };

function readSecurities(directory: string): Map<string, Security2017> {
  const rows: Row[] = parse(fs.readFileSync(path.join(directory, securitiesFile)), { columns: true, skip_empty_lines: true, trim: true });
  return new Map(
    rows.map((row) => [
      row["Ticker symbol"],
      {
        ticker: row["Ticker symbol"],
        name: row.Security,
        cik: row.CIK,
        sector: row["GICS Sector"],
        subIndustry: row["GICS Sub Industry"],
        dateFirstAdded: row["Date first added"] || null,
      },
    ]),
  );
}

function nearestSplitRatio(ratio: number): number | null {
  return usualSplitRatios.find((split) => Math.abs(ratio / split - 1) <= splitRatioTolerance) ?? null;
}

function loadAnnualData(directory: string): AnnualData {
  const securities = readSecurities(directory);
  const rows: Row[] = parse(zlib.gunzipSync(fs.readFileSync(path.join(directory, annualFile))), { columns: true, skip_empty_lines: true, trim: true });
  const validation: AnnualDataValidation = {
    droppedRows: [],
    shareSplits: [],
    rejectedSplitCandidates: [],
    unusableShareCounts: [],
    shareCountJumps: [],
  };

  const byTicker = new Map<string, YearAsReported[]>();
  for (const row of rows) {
    const ticker = row["Ticker Symbol"];
    const periodEnd = row["Period Ending"];
    if (periodEnd < firstPeriodEnd || periodEnd > lastPeriodEnd) {
      validation.droppedRows.push({ ticker, periodEnd, reason: "period ends outside the file's 2012–2016 fiscal years (a stray row)" });
      continue;
    }
    const eps = row["Earnings Per Share"] === "" ? null : Number(row["Earnings Per Share"]);
    const impliedShares = eps === null ? null : Number(row["Net Income Applicable to Common Shareholders"]) / eps;
    if (impliedShares !== null && impliedShares <= 0) {
      validation.unusableShareCounts.push({ ticker, periodEnd, reason: "EPS and net income to common have opposite signs" });
    }
    const year = { row, periodEnd, fiscalYear: fiscalYearOf(periodEnd), eps, shares: impliedShares !== null && impliedShares > 0 ? impliedShares : null };
    byTicker.set(ticker, [...(byTicker.get(ticker) ?? []), year]);
  }

  const reports = new Map<string, AnnualReport[]>();
  for (const [ticker, unsorted] of byTicker) {
    const years = unsorted.sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : 1));
    // splitAfter[i]: the split between year i and year i + 1 (1 when none was detected).
    const splitAfter = years.map((year, index) => {
      const next = years[index + 1];
      if (!next || next.fiscalYear !== year.fiscalYear + 1 || year.shares === null || next.shares === null) return 1;
      const impliedShareRatio = next.shares / year.shares;
      const change = { ticker, fromPeriodEnd: year.periodEnd, toPeriodEnd: next.periodEnd, impliedShareRatio };
      const splitRatio = nearestSplitRatio(impliedShareRatio);
      const notSplit = notShareSplits.find((entry) => entry.ticker === ticker && entry.periodEnd === next.periodEnd);
      if (splitRatio !== null && notSplit) validation.rejectedSplitCandidates.push({ ...change, splitRatio, reason: notSplit.reason });
      if (splitRatio !== null && !notSplit) {
        validation.shareSplits.push({ ...change, splitRatio });
        return splitRatio;
      }
      if (impliedShareRatio > shareCountJumpFactor || impliedShareRatio < 1 / shareCountJumpFactor) validation.shareCountJumps.push(change);
      return 1;
    });
    const security = securities.get(ticker);
    if (!security) throw new Error(`${ticker} is in ${annualFile} but not in ${securitiesFile}`);
    const perShareBasisPeriodEnd = years[years.length - 1].periodEnd;
    reports.set(
      ticker,
      years.map(({ row, periodEnd, fiscalYear, eps, shares }, index) => {
        const splitFactorToLatest = splitAfter.slice(index).reduce((product, split) => product * split, 1);
        return {
          ticker,
          companyName: security.name,
          cik: security.cik,
          sector: security.sector,
          isFinancial: security.sector === "Financials",
          fiscalYear,
          periodEnd,
          knownFrom: addDays(periodEnd, tenKKnownAfterDays),
          revenue: Number(row["Total Revenue"]),
          netIncome: Number(row["Net Income"]),
          netIncomeToCommon: Number(row["Net Income Applicable to Common Shareholders"]),
          totalAssets: Number(row["Total Assets"]),
          totalLiabilities: Number(row["Total Liabilities"]),
          totalEquity: Number(row["Total Equity"]),
          longTermDebt: Number(row["Long-Term Debt"]),
          shortTermDebt: Number(row["Short-Term Debt / Current Portion of Long-Term Debt"]),
          eps: eps === null ? null : eps / splitFactorToLatest,
          impliedShares: shares === null ? null : shares * splitFactorToLatest,
          splitFactorToLatest,
          perShareBasisPeriodEnd,
        };
      }),
    );
  }
  return { reports, securities, validation };
}

let annualData: AnnualData | undefined;
const current = () => (annualData ??= loadAnnualData(fundamentalsDirectory));

/**
 * The latest fiscal year whose 10-K is known on `asOf` (its period end + 90 days), with the fiscal
 * year before it when the file has that year (for growth). Unknown when the ticker has no usable
 * rows, when no year is known yet, or when the next 10-K was due by `asOf` but the file lacks it
 * (stale figures would pass for current ones): the file was compiled in February 2017, so 266 of its
 * 447 tickers end at fiscal 2015 (unknown from about April 2017), and nothing is answered from
 * 2018-04-02 on (ILMN's year ending 2017-01-01 + 456 days).
 */
export function annualReportAsOf(ticker2017: string, asOf: string): AnnualReportAsOf {
  const { reports: reportsByTicker, validation } = current();
  const reports = reportsByTicker.get(ticker2017);
  if (!reports && validation.droppedRows.some((row) => row.ticker === ticker2017)) {
    return { latest: null, prior: null, reason: `every row of ${ticker2017} in the bundled 2012–2016 10-K file was dropped (see annualDataValidation)` };
  }
  if (!reports) return { latest: null, prior: null, reason: `${ticker2017} is not in the bundled 2012–2016 10-K file` };
  const known = reports.filter((report) => report.knownFrom <= asOf);
  const latest = known[known.length - 1];
  if (!latest) return { latest: null, prior: null, reason: `no 10-K in the bundled 2012–2016 file is known by ${asOf}` };
  // A 52/53-week year can end a few days past the anniversary: 366 days covers it.
  const nextDueBy = addDays(latest.periodEnd, 366 + tenKKnownAfterDays);
  if (nextDueBy <= asOf) {
    return {
      latest: null,
      prior: null,
      reason: `${ticker2017}'s fiscal ${latest.fiscalYear + 1} 10-K was due by ${nextDueBy} and the bundled 2012–2016 file does not have it`,
    };
  }
  const prior = reports.find((report) => report.fiscalYear === latest.fiscalYear - 1) ?? null;
  return { latest, prior, reason: null };
}

/** Every 2017 ticker with at least one usable fiscal year, alphabetically. */
export function annualReportTickers(): string[] {
  return [...current().reports.keys()].sort();
}

/** A member of the S&P 500 of early 2017 by its ticker then (505 rows, one per share class), or null. */
export function securityByTicker2017(ticker2017: string): Security2017 | null {
  return current().securities.get(ticker2017) ?? null;
}

/** What loading the file set aside, adjusted or rejected, with reasons: for a validation report. */
export function annualDataValidation(): AnnualDataValidation {
  return current().validation;
}
