// `npm run import:13f` in a function: one 13F file (the bundled CSV format, or an EDGAR information
// table XML) stored through storeQuarter, then what changed against the previous stored quarter.
import fs from "node:fs";
import type { Database } from "../db/database";
import { fundHistory, type QuarterView } from "./hedge-funds";
import { storeQuarter } from "./holdings-store";
import { snapshotFund } from "./hedge-fund-snapshot";
import { parseHoldingsCsv, parseInformationTableXml, valuesInThousands, type QuarterHoldings } from "./thirteen-f";

export type FileImportOptions = {
  cik: string;
  /** Needed for a fund not stored yet (the snapshot's fund is known). */
  fundName?: string;
  /** XML only: the period of report, which the information table does not carry. */
  quarterEnd?: string;
  /** YYYY-MM-DD: decides the XML's value unit (thousands before 2023-01-03) and is stored. */
  filedAt?: string;
  accessionNumber?: string;
  /** The file is a 13F-HR/A restating the quarter. */
  amendment?: boolean;
};

function quartersOf(file: string, text: string, options: FileImportOptions): QuarterHoldings[] {
  if (/\.xml$/i.test(file) || text.trimStart().startsWith("<")) {
    if (!options.quarterEnd) throw new Error("an information table XML does not say its quarter: pass --quarter YYYY-MM-DD");
    const lines = parseInformationTableXml(text, { thousands: valuesInThousands(options.quarterEnd, options.filedAt) });
    return [{ quarterEnd: options.quarterEnd, lines, amendment: options.amendment ?? false }];
  }
  const quarters = parseHoldingsCsv(text);
  return options.quarterEnd ? quarters.filter((quarter) => quarter.quarterEnd === options.quarterEnd) : quarters;
}

/** Stores every quarter of the file (replacing those quarters) and returns them as now stored. */
export async function importThirteenFFile(db: Database, file: string, options: FileImportOptions): Promise<QuarterView[]> {
  const quarters = quartersOf(file, fs.readFileSync(file, "utf8"), options);
  if (quarters.length === 0) throw new Error(`${file}: no holdings${options.quarterEnd ? ` for ${options.quarterEnd}` : ""}`);
  const stored = await db.prisma.hedgeFund.findUnique({ where: { cik: options.cik } });
  const fundName = options.fundName ?? stored?.name ?? (options.cik === snapshotFund.cik ? snapshotFund.name : undefined);
  if (!fundName) throw new Error(`fund ${options.cik} is not stored yet: pass --fund-name "<name as SEC lists it>"`);
  for (const quarter of quarters) {
    const amendment = quarter.amendment || (options.amendment ?? false);
    await storeQuarter(
      db,
      {
        cik: options.cik,
        fundName,
        quarterEnd: quarter.quarterEnd,
        accessionNumber: options.accessionNumber ?? null,
        formType: amendment ? "13F-HR/A" : "13F-HR",
        filedAt: options.filedAt ?? null,
        amendment,
        source: "file",
      },
      quarter.lines,
      "replace",
    );
  }
  const history = await fundHistory(db, options.cik);
  const imported = new Set(quarters.map((quarter) => quarter.quarterEnd));
  return (history?.quarters ?? []).filter((quarter) => imported.has(quarter.quarterEnd)).reverse();
}

const usd = (value: number) => `$${(value / 1e6).toLocaleString("en-US", { maximumFractionDigits: 1 })}M`;
const nameOf = (change: QuarterView["comparison"]["changes"][number]) =>
  change.position.tickerMapped ? change.position.ticker : `${change.position.issuerName} (${change.position.cusip})`;

/** The change report import:13f prints. */
export function describeQuarter(quarter: QuarterView): string {
  const { comparison } = quarter;
  const lines = [
    `${quarter.quarterEnd}: ${comparison.holdingsCount} holdings, total ${usd(comparison.totalValue)}, top-10 weight ${(comparison.top10Weight * 100).toFixed(1)} %${quarter.amendment ? " (amended)" : ""}`,
  ];
  if (!comparison.previousQuarterEnd) return [...lines, "  no earlier quarter stored: nothing to compare with"].join("\n");
  const { counts } = comparison;
  lines.push(
    `  vs ${comparison.previousQuarterEnd}: ${counts.NEW} new, ${counts.ADDED} added, ${counts.REDUCED} reduced, ${counts.SOLD_OUT} sold out, ${counts.UNCHANGED} unchanged`,
  );
  const move = (change: QuarterView["comparison"]["changes"][number]) =>
    `    ${change.kind!.padEnd(9)} ${nameOf(change).padEnd(36)} ${(change.sharesChange! > 0 ? "+" : "") + change.sharesChange!.toLocaleString("en-US")} shares (≈ ${usd(Math.abs(change.estimatedFlow!))})`;
  if (comparison.topBuys.length > 0) lines.push("  top buys:", ...comparison.topBuys.map(move));
  if (comparison.topSells.length > 0) lines.push("  top sells:", ...comparison.topSells.map(move));
  return lines.join("\n");
}
