// Writes a fund's quarter (holdings, filing row, fund row) in one transaction, so a quarter is
// either stored whole or not at all: every import path (snapshot, EDGAR, import:13f) goes here.
import { Prisma } from "../generated/prisma/client";
import type { Database } from "../db/database";
import { forgetFundHistory } from "./hedge-funds";
import { cusipTickers, positionKey, type HoldingLine } from "./thirteen-f";

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

export async function storeQuarter(db: Database, filing: QuarterFiling, lines: HoldingLine[], mode: StoreMode): Promise<{ rows: number; totalValue: number }> {
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
    const totalValue = positions.reduce((sum, line) => sum + line.value, 0);

    await tx.hedgeFund.upsert({ where: { cik: filing.cik }, create: { cik: filing.cik, name: filing.fundName }, update: { name: filing.fundName } });
    await tx.hedgeFundHolding.deleteMany({ where: { cik: filing.cik, quarterEnd: filing.quarterEnd } });
    await tx.hedgeFundHolding.createMany({
      data: positions.map((line) => {
        const ticker = tickers.get(line.cusip);
        return {
          cik: filing.cik,
          fundName: filing.fundName,
          quarterEnd: filing.quarterEnd,
          cusip: line.cusip,
          putCall: line.putCall,
          ticker: ticker ?? line.cusip,
          tickerMapped: ticker !== undefined,
          issuerName: line.issuerName,
          titleOfClass: line.titleOfClass,
          shares: new Prisma.Decimal(Math.round(line.shares)),
          value: new Prisma.Decimal(round(line.value, 2)),
          percentPortfolio: totalValue > 0 ? new Prisma.Decimal(round((line.value / totalValue) * 100, 2)) : null,
        };
      }),
    });
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
  });
  forgetFundHistory(filing.cik);
  return stored;
}
