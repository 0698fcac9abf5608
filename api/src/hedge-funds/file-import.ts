// `npm run import:13f` in a function: one 13F file (the bundled CSV format, or an EDGAR information
// table XML) read as a stream, stored through storeQuarter, then what changed against the previous
// stored quarter. The admin route (admin-import.routes.ts) sends a request body through the same
// importThirteenF.
import fs from "node:fs";
import type { Database } from "../db/database";
import { fundHistory, type QuarterView } from "./hedge-funds";
import { checkFiling, storeQuarter } from "./holdings-store";
import { snapshotFund } from "./hedge-fund-snapshot";
import { filedAtProblem, quarterEndProblem, todayUtc } from "./quarter-dates";
import { fileTooLarge, readHoldingsCsv, readInformationTable, THIRTEEN_F_LIMITS, thirteenFError, valuesInThousands, type QuarterHoldings, type TextSource } from "./thirteen-f";

export type FileImportOptions = {
  cik: string;
  /** Needed for a fund not stored yet (the snapshot's fund is known). */
  fundName?: string;
  /** XML: the period of report, which the information table does not carry (required). CSV: only this quarter of the file. */
  quarterEnd?: string;
  /** YYYY-MM-DD: decides the XML's value unit (thousands before 2023-01-03) and is stored. */
  filedAt?: string;
  accessionNumber?: string;
  /** The file is a 13F-HR/A restating the quarter. */
  amendment?: boolean;
};

export type ThirteenFFormat = "csv" | "xml";

/** The format of a file by its name, else by its first character ('<': XML). */
export function formatOf(name: string, firstText: string): ThirteenFFormat {
  if (/\.xml$/i.test(name)) return "xml";
  if (/\.csv$/i.test(name)) return "csv";
  return firstText.replace(/^\uFEFF/, "").trimStart().startsWith("<") ? "xml" : "csv";
}

/** A file's format by its name, else by its first bytes. */
export function fileFormat(file: string): ThirteenFFormat {
  const handle = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(256);
    const bytes = fs.readSync(handle, head, 0, head.length, 0);
    return formatOf(file, head.subarray(0, bytes).toString("utf8"));
  } finally {
    fs.closeSync(handle);
  }
}

/** The options' own dates and names, checked before the file is read. */
function checkOptions(options: FileImportOptions, format: ThirteenFFormat, today: string) {
  if (format === "xml" && !options.quarterEnd) throw thirteenFError("an information table XML does not say its quarter: pass --quarter YYYY-MM-DD");
  const quarterProblem = options.quarterEnd ? quarterEndProblem(options.quarterEnd, today) : null;
  if (quarterProblem) throw thirteenFError(`--quarter: ${quarterProblem}`);
  // Without --quarter, storing checks the filed date against each quarter of the file.
  const filedProblem = options.filedAt === undefined ? null : filedAtProblem(options.filedAt, options.quarterEnd ?? options.filedAt, today);
  if (filedProblem) throw thirteenFError(`--filed: ${filedProblem}`);
  if (options.fundName !== undefined && (options.fundName.trim() === "" || options.fundName.length > 150)) throw thirteenFError("--fund-name must be 1 to 150 characters");
}

async function readQuarters(source: TextSource, format: ThirteenFFormat, options: FileImportOptions, today: string): Promise<QuarterHoldings[]> {
  if (format === "xml") {
    const lines = await readInformationTable(source, { thousands: valuesInThousands(options.quarterEnd!, options.filedAt) });
    return [{ quarterEnd: options.quarterEnd!, lines, amendment: options.amendment ?? false }];
  }
  const quarters = await readHoldingsCsv(source, { today });
  return options.quarterEnd ? quarters.filter((quarter) => quarter.quarterEnd === options.quarterEnd) : quarters;
}

/**
 * Reads a 13F file's text (a stream: a file, a request body) in `format`, and stores every quarter
 * it holds (replacing those quarters); returns them as now stored. Nothing is stored unless the
 * whole file passes (THIRTEEN_F_LIMITS and the quarter rules; BAD_USER_INPUT naming the row and rule).
 */
export async function importThirteenF(db: Database, source: TextSource, format: ThirteenFFormat, options: FileImportOptions): Promise<QuarterView[]> {
  const today = todayUtc();
  checkOptions(options, format, today);
  const stored = await db.prisma.hedgeFund.findUnique({ where: { cik: options.cik } });
  const fundName = options.fundName ?? stored?.name ?? (options.cik === snapshotFund.cik ? snapshotFund.name : undefined);
  if (!fundName) throw thirteenFError(`fund ${options.cik} is not stored yet: pass --fund-name "<name as SEC lists it>"`);
  const quarters = await readQuarters(source, format, options, today);
  if (quarters.length === 0) throw thirteenFError(`no holdings${options.quarterEnd ? ` for ${options.quarterEnd}` : ""}`);
  const filings = quarters.map((quarter) => {
    const amendment = quarter.amendment || (options.amendment ?? false);
    const filing = {
      cik: options.cik,
      fundName,
      quarterEnd: quarter.quarterEnd,
      accessionNumber: options.accessionNumber ?? null,
      formType: amendment ? "13F-HR/A" : "13F-HR",
      filedAt: options.filedAt ?? null,
      amendment,
      source: "file" as const,
    };
    checkFiling(filing, today);
    return { filing, lines: quarter.lines };
  });
  for (const { filing, lines } of filings) await storeQuarter(db, filing, lines, "replace");
  const history = await fundHistory(db, options.cik);
  const imported = new Set(quarters.map((quarter) => quarter.quarterEnd));
  return (history?.quarters ?? []).filter((quarter) => imported.has(quarter.quarterEnd)).reverse();
}

/** Stores every quarter of the file (replacing those quarters) and returns them as now stored. */
export async function importThirteenFFile(db: Database, file: string, options: FileImportOptions): Promise<QuarterView[]> {
  const size = fs.statSync(file).size;
  if (size > THIRTEEN_F_LIMITS.fileBytes) throw fileTooLarge(file);
  const format = fileFormat(file);
  try {
    return await importThirteenF(db, fs.createReadStream(file, { highWaterMark: 256 * 1024 }), format, options);
  } catch (error) {
    if (error instanceof Error && error.message && !error.message.startsWith(file)) error.message = `${file}: ${error.message}`;
    throw error;
  }
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
