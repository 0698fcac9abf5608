// Writes a fund's quarter (holdings, filing row, fund row) in one transaction, so a quarter is
// either stored whole or not at all: every import path (snapshot, EDGAR, import:13f, the admin
// route) goes here, and so do its checks: a real quarter end not after today, a filing date
// between the quarter's end and today, at most THIRTEEN_F_LIMITS.rowsPerQuarter positions. The
// holdings go in with one INSERT … SELECT FROM unnest(…) per 5,000 rows: Prisma's createMany
// took 22 s for 20,000 rows (one bind parameter per cell), this takes about a second.
import { Prisma } from "../generated/prisma/client";
import type { Database } from "../db/database";
import { forgetFundHistory } from "./hedge-funds";
import { filedAtProblem, quarterEndProblem, todayUtc } from "./quarter-dates";
import { cusipTickers, positionKey, THIRTEEN_F_LIMITS, thirteenFError, type HoldingLine } from "./thirteen-f";

export type FilingSource = "snapshot" | "edgar" | "file";

export type QuarterFiling = {
  cik: string;
  fundName: string;
  quarterEnd: string;
  accessionNumber: string | null;
  formType: string;
  /** YYYY-MM-DD, null when the source does not say (the bundled CSV). */
  filedAt: string | null;
  amendment: boolean;
  source: FilingSource;
};

/**
 * "replace": the lines are the quarter's whole table (an original filing or a restating amendment).
 * "merge": they add to or correct the stored table (a 13F-HR/A of type NEW HOLDINGS).
 */
export type StoreMode = "replace" | "merge";

/** Cents are enough for numeric(15,2), whole shares for numeric(15,0); percent to 2 places. */
const round = (number: number, places: number) => Math.round(number * 10 ** places) / 10 ** places;

/** Rows per INSERT: 12 arrays of this many values each. */
const INSERT_BATCH = 5000;
/** A large quarter on a slow machine: the transaction must not time out (Prisma's default is 5 s). */
const STORE_TIMEOUT_MS = 5 * 60_000;

/** Why this filing cannot be stored (BAD_USER_INPUT), checked for every import path. */
export function checkFiling(filing: QuarterFiling, today = todayUtc()): void {
  const quarterProblem = quarterEndProblem(filing.quarterEnd, today);
  if (quarterProblem) throw thirteenFError(`quarter ${quarterProblem}`);
  const filedProblem = filing.filedAt === null ? null : filedAtProblem(filing.filedAt, filing.quarterEnd, today);
  if (filedProblem) throw thirteenFError(`filed date ${filedProblem}`);
  if (filing.fundName.trim() === "" || filing.fundName.length > 150) throw thirteenFError(`fund name must be 1 to 150 characters (it is ${filing.fundName.length})`);
  if (filing.accessionNumber !== null && !/^\d{10}-\d{2}-\d{6}$/.test(filing.accessionNumber)) {
    throw thirteenFError(`accession number ${JSON.stringify(filing.accessionNumber.slice(0, 40))} is not written as EDGAR writes it (0000950123-24-000000)`);
  }
}

export async function storeQuarter(db: Database, filing: QuarterFiling, lines: HoldingLine[], mode: StoreMode): Promise<{ rows: number; totalValue: number }> {
  checkFiling(filing);
  const tickers = cusipTickers();
  const stored = await db.prisma.$transaction(async (tx) => {
    const merged = new Map<string, HoldingLine>();
    if (mode === "merge") {
      const stored = await tx.hedgeFundHolding.findMany({ where: { cik: filing.cik, quarterEnd: filing.quarterEnd } });
      for (const row of stored) {
        const line = { cusip: row.cusip, issuerName: row.issuerName, titleOfClass: row.titleOfClass, putCall: row.putCall, shares: Number(row.shares), value: Number(row.value) };
        merged.set(positionKey(line), line);
      }
    }
    for (const line of lines) merged.set(positionKey(line), line);
    const positions = [...merged.values()];
    if (positions.length > THIRTEEN_F_LIMITS.rowsPerQuarter) {
      throw thirteenFError(`quarter ${filing.quarterEnd}: ${positions.length} positions, more than ${THIRTEEN_F_LIMITS.rowsPerQuarter} (the limit for one quarter)`);
    }
    const totalValue = positions.reduce((sum, line) => sum + line.value, 0);

    await tx.hedgeFund.upsert({ where: { cik: filing.cik }, create: { cik: filing.cik, name: filing.fundName }, update: { name: filing.fundName } });
    await tx.hedgeFundHolding.deleteMany({ where: { cik: filing.cik, quarterEnd: filing.quarterEnd } });
    for (let start = 0; start < positions.length; start += INSERT_BATCH) {
      const batch = positions.slice(start, start + INSERT_BATCH);
      const column = <T>(value: (line: HoldingLine) => T) => batch.map(value);
      const constant = <T>(value: T) => batch.map(() => value);
      await tx.$executeRaw`
        INSERT INTO hedge_fund_holdings (cik, fund_name, quarter_end, cusip, put_call, ticker, ticker_mapped, issuer_name, title_of_class, shares, value, percent_portfolio)
        SELECT * FROM unnest(
          ${constant(filing.cik)}::text[], ${constant(filing.fundName)}::text[], ${constant(filing.quarterEnd)}::text[],
          ${column((line) => line.cusip)}::text[], ${column((line) => line.putCall)}::text[],
          ${column((line) => tickers.get(line.cusip) ?? line.cusip)}::text[], ${column((line) => tickers.has(line.cusip))}::boolean[],
          ${column((line) => line.issuerName)}::text[], ${column((line) => line.titleOfClass)}::text[],
          ${column((line) => String(Math.round(line.shares)))}::numeric[], ${column((line) => round(line.value, 2).toFixed(2))}::numeric[],
          ${column((line) => (totalValue > 0 ? round((line.value / totalValue) * 100, 2).toFixed(2) : null))}::numeric[]
        )`;
    }
    const filingRow = {
      accessionNumber: filing.accessionNumber,
      formType: filing.formType,
      filedAt: filing.filedAt ? new Date(`${filing.filedAt}T00:00:00Z`) : null,
      amendment: filing.amendment,
      source: filing.source,
      rows: positions.length,
      totalValue: new Prisma.Decimal(round(totalValue, 2)),
      importedAt: new Date(),
    };
    await tx.hedgeFundFiling.upsert({
      where: { cik_quarterEnd: { cik: filing.cik, quarterEnd: filing.quarterEnd } },
      create: { cik: filing.cik, quarterEnd: filing.quarterEnd, ...filingRow },
      update: filingRow,
    });
    return { rows: positions.length, totalValue };
  }, { timeout: STORE_TIMEOUT_MS, maxWait: STORE_TIMEOUT_MS });
  forgetFundHistory(filing.cik);
  return stored;
}
