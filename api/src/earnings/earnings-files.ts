// Earnings events in the format of the bundled S&P 100 snapshot (data/earnings/sp100_earnings_history/,
// provenance in data/earnings/PROVENANCE.md): one CSV per company, Yahoo's earnings-dates table
// (`Earnings Date, EPS Estimate, Reported EPS, Surprise(%)`), newest first.
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";

export const earningsSnapshotDirectory = path.join(projectRoot, "data", "earnings", "sp100_earnings_history");
/** The bundled snapshot's name, stored with each row and shown as the source. */
export const earningsSnapshotSource = "Yahoo Finance earnings dates (S&P 100 snapshot, Dec 2025)";
/** When the snapshot was taken: its "next" reports are next as of then, not as of today. */
export const earningsSnapshotTakenIn = "2025-12";

export type ReportTime = "before_open" | "during_market" | "after_close";

export type EarningsReport = {
  /** Dot form, as the app spells tickers (BRK.B for the file BRK-B.csv). */
  ticker: string;
  /** The announcement time with its UTC offset, ISO 8601 (2025-10-30T16:00:00-04:00). */
  announcedAt: string;
  /** The announcement's local date (YYYY-MM-DD). */
  date: string;
  reportTime: ReportTime;
  consensusEps: number | null;
  /** Null for the next, not yet reported quarter. */
  actualEps: number | null;
  /** Percent of |consensus| as the source states it (4.52 = 4.52 %). */
  surprisePercent: number | null;
};

const columns = ["Earnings Date", "EPS Estimate", "Reported EPS", "Surprise(%)"];
/**
 * Rows before this are left out: a few files carry stray 2007–2009 rows, a decade before the
 * rest, which would count as the company's "recent" history.
 */
export const FIRST_REPORT_DATE = "2019-01-01";

/** Before 09:30 local is before the open, from 16:00 after the close (US exchanges' regular session). */
export function reportTimeOf(localTime: string): ReportTime {
  const [hours, minutes] = localTime.split(":").map(Number);
  const minuteOfDay = hours * 60 + minutes;
  if (minuteOfDay < 9 * 60 + 30) return "before_open";
  return minuteOfDay >= 16 * 60 ? "after_close" : "during_market";
}

/** A file name's ticker in the app's form: Yahoo's dash class suffix becomes a dot (BRK-B → BRK.B). */
export const tickerOfFile = (fileName: string) => path.basename(fileName, ".csv").toUpperCase().replace(/-([A-Z])$/, ".$1");

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

/** Parses one company's file into its reports, oldest first. Throws naming the file on an unexpected layout. */
export function parseEarningsCsv(text: string, ticker: string): EarningsReport[] {
  const records = parse(text, { skip_empty_lines: true }) as string[][];
  if (records[0]?.join(",") !== columns.join(",")) throw new Error(`${ticker}: unexpected columns ${records[0]?.join(",")}`);
  const reports: EarningsReport[] = [];
  const seen = new Set<string>();
  for (const [when, estimate, reported, surprise] of records.slice(1)) {
    const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):(\d{2})([+-]\d{2}:\d{2})$/.exec(when.trim());
    if (!match) throw new Error(`${ticker}: unreadable Earnings Date "${when}"`);
    const [, date, time, seconds, offset] = match;
    if (date < FIRST_REPORT_DATE || seen.has(date)) continue;
    seen.add(date);
    const values = [estimate, reported, surprise].map(numberOrNull);
    if (values.some((value) => value !== null && !Number.isFinite(value))) throw new Error(`${ticker} ${date}: a number is unreadable`);
    reports.push({
      ticker,
      announcedAt: `${date}T${time}:${seconds}${offset}`,
      date,
      reportTime: reportTimeOf(time),
      consensusEps: values[0],
      actualEps: values[1],
      surprisePercent: values[2],
    });
  }
  return reports.sort((a, b) => a.date.localeCompare(b.date));
}

/** Every company's reports in a folder of such files, by ticker. */
export function readEarningsDirectory(directory = earningsSnapshotDirectory): Map<string, EarningsReport[]> {
  const byTicker = new Map<string, EarningsReport[]>();
  for (const file of fs.readdirSync(directory).filter((name) => name.endsWith(".csv")).sort()) {
    const ticker = tickerOfFile(file);
    byTicker.set(ticker, parseEarningsCsv(fs.readFileSync(path.join(directory, file), "utf8"), ticker));
  }
  return byTicker;
}

/** The CSV files a load reads (for the snapshot version). */
export const earningsFiles = (directory = earningsSnapshotDirectory) =>
  fs.readdirSync(directory).filter((name) => name.endsWith(".csv")).sort().map((name) => path.join(directory, name));

/** Whether a report has both figures, so it either beat consensus or did not. */
export const isScored = (report: EarningsReport): report is EarningsReport & { consensusEps: number; actualEps: number } =>
  report.consensusEps !== null && report.actualEps !== null;

/** A beat is reported EPS strictly above consensus (a match is not a beat). */
export const isBeat = (report: EarningsReport & { consensusEps: number; actualEps: number }) => report.actualEps > report.consensusEps;
