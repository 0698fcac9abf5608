// What the GraphQL fields and GET /api/hedge-funds/:fundId read: a fund's stored quarters, each
// compared with the quarter before it. A fund's history is built once per version of its stored
// filings (count and latest import time) and kept in memory. Writes on this instance drop it at
// once (forgetFundHistory); another instance's writes are seen at the next version check, at most
// one per VERSION_CHECK_MS per fund, so a request usually reads no database at all.
import { AppError } from "../errors/app-error";
import type { Database } from "../db/database";
import { compareQuarters, type Position, type PositionChange, type QuarterComparison } from "./quarter-changes";
import { addDays, dayNumber, quarterEndProblem, todayUtc } from "./quarter-dates";

export type FundStatus = {
  cik: string;
  name: string;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
};

export type QuarterView = {
  cik: string;
  quarterEnd: string;
  accessionNumber: string | null;
  formType: string;
  filedAt: string | null;
  amendment: boolean;
  source: string;
  importedAt: Date;
  /** The filing's index page on EDGAR, or the fund's 13F filing list when the accession number is not known. */
  filingUrl: string;
  comparison: QuarterComparison;
};

export type FundHistory = { fund: FundStatus; quarters: QuarterView[] };

export const SOURCE_LABELS: Record<string, string> = {
  snapshot: "SEC EDGAR 13F (bundled snapshot)",
  edgar: "SEC EDGAR 13F (live import)",
  file: "SEC 13F file (npm run import:13f)",
};

/** A CIK as SEC writes it in URLs and filings: 10 digits with leading zeros. Accepts 1–10 digits. */
export function normalizeCik(input: string, field: string): string {
  const trimmed = input.trim();
  if (!/^\d{1,10}$/.test(trimmed) || /^0+$/.test(trimmed)) {
    const message = `${field} must be an SEC CIK: 1 to 10 digits, with or without leading zeros (e.g. 0001067983 or 1067983)`;
    throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field, message }] });
  }
  return trimmed.padStart(10, "0");
}

export function filingUrl(cik: string, accessionNumber: string | null): string {
  if (!accessionNumber) return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${cik}&type=13F-HR&dateb=&owner=include&count=40`;
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accessionNumber.replace(/-/g, "")}/${accessionNumber}-index.htm`;
}

const VERSION_CHECK_MS = 1000;
const cache = new Map<string, { version: string; history: FundHistory; checkedAt: number }>();

/** Drops a fund's built history after this instance wrote its quarters or import status. */
export function forgetFundHistory(cik: string): void {
  cache.delete(cik);
}

type FundRow = FundStatus & { filings: number; lastImport: Date | null };

/** The fund and its quarters (newest first), or null when no such fund is stored. */
export async function fundHistory(db: Database, cik: string): Promise<FundHistory | null> {
  const recent = cache.get(cik);
  if (recent && Date.now() - recent.checkedAt < VERSION_CHECK_MS) return recent.history;
  const [row] = await db.prisma.$queryRaw<FundRow[]>`
    SELECT f.cik, f.name, f.last_attempt_at AS "lastAttemptAt", f.last_success_at AS "lastSuccessAt", f.last_error AS "lastError",
      (SELECT count(*)::int FROM hedge_fund_filings g WHERE g.cik = f.cik) AS filings,
      (SELECT max(g.imported_at) FROM hedge_fund_filings g WHERE g.cik = f.cik) AS "lastImport"
    FROM hedge_funds f WHERE f.cik = ${cik}`;
  if (!row) return null;
  const { filings, lastImport, ...fund } = row;
  const version = `${filings}:${lastImport?.toISOString() ?? ""}`;
  const quarters = recent?.version === version ? recent.history.quarters : await buildQuarters(db, cik);
  const history = { fund, quarters };
  cache.set(cik, { version, history, checkedAt: Date.now() });
  return history;
}

async function buildQuarters(db: Database, cik: string): Promise<QuarterView[]> {
  const [storedFilings, holdings] = await Promise.all([
    db.prisma.hedgeFundFiling.findMany({ where: { cik }, orderBy: { quarterEnd: "asc" } }),
    // Raw, with the numbers as float8: Prisma's findMany built a Decimal per cell (2.3 s for a 20,000-row quarter).
    db.prisma.$queryRaw<(Omit<Position, "shares" | "value"> & { quarterEnd: string; shares: number; value: number })[]>`
      SELECT quarter_end AS "quarterEnd", cusip, put_call AS "putCall", ticker, ticker_mapped AS "tickerMapped", issuer_name AS "issuerName",
        title_of_class AS "titleOfClass", shares::float8 AS shares, value::float8 AS value
      FROM hedge_fund_holdings WHERE cik = ${cik}`,
  ]);
  // A quarter that is no real quarter end, or lies after today, was stored by an importer before it
  // checked (9999-12-31 was accepted): it is no one's latest quarter, and never known by a day.
  const today = todayUtc();
  const filings = storedFilings.filter((filing) => quarterEndProblem(filing.quarterEnd, today) === null);
  const byQuarter = new Map<string, Position[]>();
  for (const row of holdings) {
    const positions = byQuarter.get(row.quarterEnd) ?? [];
    byQuarter.set(row.quarterEnd, positions);
    positions.push({
      cusip: row.cusip,
      putCall: row.putCall,
      ticker: row.ticker,
      tickerMapped: row.tickerMapped,
      issuerName: row.issuerName,
      titleOfClass: row.titleOfClass,
      shares: Number(row.shares),
      value: Number(row.value),
    });
  }
  const quarters = filings.map((filing, index) => {
    const previous = filings[index - 1];
    return {
      cik,
      quarterEnd: filing.quarterEnd,
      accessionNumber: filing.accessionNumber,
      formType: filing.formType,
      filedAt: filing.filedAt?.toISOString().slice(0, 10) ?? null,
      amendment: filing.amendment,
      source: filing.source,
      importedAt: filing.importedAt,
      filingUrl: filingUrl(cik, filing.accessionNumber),
      comparison: compareQuarters(
        byQuarter.get(filing.quarterEnd) ?? [],
        previous ? { quarterEnd: previous.quarterEnd, positions: byQuarter.get(previous.quarterEnd) ?? [] } : null,
      ),
    };
  });
  return quarters.reverse();
}

/** SEC rule 13f-1: a 13F is due 45 days after the quarter; when its filing date is not stored, that is when it is counted as known. */
export const THIRTEEN_F_DEADLINE_DAYS = 45;

/** The day a quarter's holdings count as known: its filing date, else its 45-day filing deadline. */
export const knownFromOf = (quarter: Pick<QuarterView, "filedAt" | "quarterEnd">) => quarter.filedAt ?? addDays(quarter.quarterEnd, THIRTEEN_F_DEADLINE_DAYS);

/** knownFromOf as a day number (quarter-dates.ts#dayNumber), what every "known by" comparison uses. */
export const knownFromDayOf = (quarter: Pick<QuarterView, "filedAt" | "quarterEnd">) =>
  quarter.filedAt ? dayNumber(quarter.filedAt) : dayNumber(quarter.quarterEnd) + THIRTEEN_F_DEADLINE_DAYS;

/**
 * The fund as known on `day`: only the quarters known by then (newest first, so the first is the
 * latest quarter known by the day). Each quarter's changes compare with an earlier quarter, itself known.
 */
export function fundHistoryAsOf(history: FundHistory, day: string | null): FundHistory & { asOf: string | null; firstKnownOn: string | null } {
  // Compared as dates (day numbers), never as strings: see quarter-dates.ts.
  const first = history.quarters.reduce<QuarterView | null>((earliest, quarter) => (earliest && knownFromDayOf(earliest) <= knownFromDayOf(quarter) ? earliest : quarter), null);
  const dayNumberOfDay = day === null ? Number.POSITIVE_INFINITY : dayNumber(day);
  return {
    ...history,
    asOf: day,
    firstKnownOn: first ? knownFromOf(first) : null,
    quarters: day === null ? history.quarters : history.quarters.filter((quarter) => knownFromDayOf(quarter) <= dayNumberOfDay),
  };
}

/** The quarter asked for (YYYY-MM-DD), or the latest; BAD_USER_INPUT naming `field` when not stored. */
export function pickQuarter(history: FundHistory, quarterEnd: string | null | undefined, field: string): QuarterView | null {
  if (!quarterEnd) return history.quarters[0] ?? null;
  const quarter = history.quarters.find((candidate) => candidate.quarterEnd === quarterEnd);
  if (quarter) return quarter;
  const message = `${field} must be one of this fund's stored quarters (${history.quarters.map((q) => q.quarterEnd).join(", ") || "none"})`;
  throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field, message }] });
}

export const HOLDING_ORDERS = ["VALUE_DESC", "VALUE_ASC", "SHARES_DESC", "SHARES_ASC", "NAME_ASC", "NAME_DESC", "FLOW_DESC", "FLOW_ASC"] as const;
export type HoldingOrder = (typeof HOLDING_ORDERS)[number];

const displayName = (change: PositionChange) => (change.position.tickerMapped ? change.position.ticker : change.position.issuerName);

const comparators: Record<HoldingOrder, (a: PositionChange, b: PositionChange) => number> = {
  VALUE_DESC: (a, b) => b.value - a.value || (b.previousValue ?? 0) - (a.previousValue ?? 0),
  VALUE_ASC: (a, b) => a.value - b.value || (a.previousValue ?? 0) - (b.previousValue ?? 0),
  SHARES_DESC: (a, b) => b.shares - a.shares,
  SHARES_ASC: (a, b) => a.shares - b.shares,
  NAME_ASC: (a, b) => displayName(a).localeCompare(displayName(b)),
  NAME_DESC: (a, b) => displayName(b).localeCompare(displayName(a)),
  FLOW_DESC: (a, b) => (b.estimatedFlow ?? 0) - (a.estimatedFlow ?? 0),
  FLOW_ASC: (a, b) => (a.estimatedFlow ?? 0) - (b.estimatedFlow ?? 0),
};

/** The quarter's positions in the order asked for; sold-out positions only when asked. */
export function orderedHoldings(quarter: QuarterView, order: HoldingOrder, includeSoldOut: boolean): PositionChange[] {
  const changes = includeSoldOut ? quarter.comparison.changes : quarter.comparison.changes.filter((change) => change.kind !== "SOLD_OUT");
  return [...changes].sort((a, b) => comparators[order](a, b) || a.position.cusip.localeCompare(b.position.cusip));
}

