// Reading 13F information tables: the bundled CSV (data/sec13f, one row per CUSIP, issuer, class and
// period, already summed over "other manager" lines) and EDGAR's information-table XML (one line per
// other manager, summed here). Values come out in whole USD, whatever unit the filing used.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { projectRoot } from "../config/project-root";

export const sec13fDirectory = path.join(projectRoot, "data", "sec13f");
const cusipMapFile = "cusip_symbol_map.csv.gz";

/** One position of an information table, values in whole USD. */
export type HoldingLine = {
  cusip: string;
  issuerName: string;
  titleOfClass: string;
  /** "" for shares or principal; "PUT" or "CALL" for options on the CUSIP. */
  putCall: string;
  shares: number;
  value: number;
};

/** A quarter of one fund's holdings as a file gives it. */
export type QuarterHoldings = {
  quarterEnd: string;
  lines: HoldingLine[];
  /** The file held a second filing for the quarter (an amendment), which won. */
  amendment: boolean;
};

export const positionKey = (line: { cusip: string; putCall: string }) => (line.putCall ? `${line.cusip}:${line.putCall}` : line.cusip);

/**
 * SEC's rule of January 2023: filings made from 2023-01-03 give values in whole dollars, earlier
 * ones in thousands. Without a filed date (the bundled CSV) the period decides: every filing for
 * 2022-12-31 and later was made under the new rule.
 */
export function valuesInThousands(quarterEnd: string, filedAt?: string | null): boolean {
  return filedAt ? filedAt < "2023-01-03" : quarterEnd <= "2022-09-30";
}

/** Sums lines of the same position (one per other manager in EDGAR's tables), first-seen order. */
export function sumPositions(lines: HoldingLine[]): HoldingLine[] {
  const byKey = new Map<string, HoldingLine>();
  for (const line of lines) {
    const key = positionKey(line);
    const known = byKey.get(key);
    if (known) byKey.set(key, { ...known, shares: known.shares + line.shares, value: known.value + line.value });
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

const csvColumns = ["cusip", "nameOfIssuer", "titleOfClass", "periodOfReport", "value", "shrs_or_prn_amt"];
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function wholeNumber(text: string, what: string): number {
  const number = Number(text);
  if (text.trim() === "" || !Number.isFinite(number) || number < 0) throw new Error(`${what}: "${text}" is not a number`);
  return number;
}

/**
 * Parses a 13F CSV in the bundled file's format (columns cusip, nameOfIssuer, titleOfClass,
 * periodOfReport, value, shrs_or_prn_amt; more are ignored) into quarters, oldest first. The file
 * has one row per position and filing; a position seen twice in a quarter comes from a second
 * filing for it: the later row (the amendment, filed after the original) replaces the earlier one,
 * and the quarter is flagged as amended.
 */
export function parseHoldingsCsv(text: string): QuarterHoldings[] {
  const records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const missing = csvColumns.filter((column) => records.length > 0 && !(column in records[0]));
  if (records.length === 0 || missing.length > 0) {
    throw new Error(`not a 13F holdings CSV: ${records.length === 0 ? "no rows" : `missing column(s) ${missing.join(", ")}`}`);
  }
  const quarters = new Map<string, { lines: Map<string, HoldingLine>; amendment: boolean }>();
  records.forEach((record, index) => {
    const where = `row ${index + 2}`;
    const quarterEnd = record.periodOfReport;
    if (!isoDate.test(quarterEnd)) throw new Error(`${where}: periodOfReport "${quarterEnd}" is not YYYY-MM-DD`);
    const cusip = record.cusip.toUpperCase();
    if (!/^[0-9A-Z]{9}$/.test(cusip)) throw new Error(`${where}: "${record.cusip}" is not a CUSIP`);
    const value = wholeNumber(record.value, `${where} value`);
    const line: HoldingLine = {
      cusip,
      issuerName: record.nameOfIssuer,
      titleOfClass: record.titleOfClass,
      putCall: (record.putCall ?? "").toUpperCase(),
      shares: wholeNumber(record.shrs_or_prn_amt, `${where} shrs_or_prn_amt`),
      value: valuesInThousands(quarterEnd) ? value * 1000 : value,
    };
    const quarter = quarters.get(quarterEnd) ?? { lines: new Map(), amendment: false };
    quarters.set(quarterEnd, quarter);
    if (quarter.lines.has(positionKey(line))) quarter.amendment = true;
    quarter.lines.set(positionKey(line), line);
  });
  return [...quarters.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([quarterEnd, quarter]) => ({ quarterEnd, lines: [...quarter.lines.values()], amendment: quarter.amendment }));
}

const xmlParser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === "infoTable",
});

type InfoTableEntry = {
  nameOfIssuer?: string;
  titleOfClass?: string;
  cusip?: string;
  value?: string;
  putCall?: string;
  shrsOrPrnAmt?: { sshPrnamt?: string };
};

/**
 * Parses an EDGAR 13F information table (informationTable/infoTable, with or without a namespace
 * prefix) and sums the lines of each position. `thousands`: the filing gives values in thousands.
 */
export function parseInformationTableXml(xml: string, options: { thousands: boolean }): HoldingLine[] {
  const document = xmlParser.parse(xml) as { informationTable?: { infoTable?: InfoTableEntry[] } | "" };
  if (document.informationTable === undefined) throw new Error("not a 13F information table: no informationTable element");
  const entries = (document.informationTable || {}).infoTable ?? [];
  return sumPositions(
    entries.map((entry, index) => {
      const where = `infoTable ${index + 1}`;
      const value = wholeNumber(String(entry.value ?? ""), `${where} value`);
      return {
        cusip: String(entry.cusip ?? "").trim().toUpperCase(),
        issuerName: String(entry.nameOfIssuer ?? "").trim(),
        titleOfClass: String(entry.titleOfClass ?? "").trim(),
        putCall: String(entry.putCall ?? "").trim().toUpperCase(),
        shares: wholeNumber(String(entry.shrsOrPrnAmt?.sshPrnamt ?? ""), `${where} sshPrnamt`),
        value: options.thousands ? value * 1000 : value,
      };
    }),
  );
}

let cusipTickerMap: Map<string, string> | undefined;

/** CUSIP → symbol from SEC fails-to-deliver files (data/sec13f/cusip_symbol_map.csv.gz), read once. */
export function cusipTickers(): Map<string, string> {
  if (!cusipTickerMap) {
    const rows = parseCsv(zlib.gunzipSync(fs.readFileSync(path.join(sec13fDirectory, cusipMapFile))), { columns: true }) as {
      cusip: string;
      symbol: string;
    }[];
    cusipTickerMap = new Map(rows.filter((row) => row.symbol).map((row) => [row.cusip.toUpperCase(), row.symbol]));
  }
  return cusipTickerMap;
}

export const cusipMapPath = () => path.join(sec13fDirectory, cusipMapFile);
