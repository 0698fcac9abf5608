// Reading 13F information tables: the bundled CSV (data/sec13f, one row per CUSIP, issuer, class and
// period, already summed over "other manager" lines) and EDGAR's information-table XML (one line per
// other manager, summed here). Values come out in whole USD, whatever unit the filing used.
//
// Strict, and bounded (THIRTEEN_F_LIMITS): a quarter is a real calendar quarter end not after the
// import day, every field has a length or size limit (the 13F schema's, or the stored column's),
// a quarter holds at most 50,000 information-table rows, and a file at most 64 MB. Files are read
// as streams (csv-parse; saxes for XML, which never expands entities: a DOCTYPE is refused
// outright), so memory follows the rows kept, not the file. Every rejection names the row (the
// CSV's row number, the XML's infoTable number and line) and the rule, as a BAD_USER_INPUT error.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import zlib from "node:zlib";
import { parse as parseCsvStream, type Info } from "csv-parse";
import { parse as parseCsv } from "csv-parse/sync";
import { SaxesParser } from "saxes";
import { projectRoot } from "../config/project-root";
import { AppError } from "../errors/app-error";
import { quarterEndProblem, todayUtc } from "./quarter-dates";

export const sec13fDirectory = path.join(projectRoot, "data", "sec13f");
const cusipMapFile = "cusip_symbol_map.csv.gz";

export const THIRTEEN_F_LIMITS = {
  /**
   * Information-table rows (before the lines of other managers are summed) in one quarter: well
   * above the funds this app follows (Berkshire Hathaway files ~50 lines per manager, ~120 in
   * all) and above the largest managers' tables (some tens of thousands of lines).
   */
  rowsPerQuarter: 50_000,
  /** CSV rows in one file (several quarters). */
  rowsPerFile: 250_000,
  /** A file, or an admin import's body. */
  fileBytes: 64 * 1024 * 1024,
  /** The 13F information table schema's lengths. */
  nameOfIssuer: 200,
  titleOfClass: 150,
  /** One CSV row, all columns (a 13F row has a few hundred characters). */
  csvRowChars: 8192,
  /** Whole USD one position may be: hedge_fund_holdings.value is numeric(15,2). */
  maxValueUsd: 9_999_999_999_999,
  /** Shares or principal of one position: hedge_fund_holdings.shares is numeric(15,0). */
  maxShares: 999_999_999_999_999,
  /** A quarter's total stays below this: hedge_fund_filings.total_value is numeric(18,2). */
  totalBelowUsd: 1e16,
} as const;

/** A file the importer refuses: BAD_USER_INPUT (400 on the admin route), naming the row and the rule. */
export const thirteenFError = (message: string) => new AppError("BAD_USER_INPUT", message);
/** A file over THIRTEEN_F_LIMITS.fileBytes: PAYLOAD_TOO_LARGE (413 on the admin route). */
export const fileTooLarge = (what = "the file") =>
  new AppError("PAYLOAD_TOO_LARGE", `${what} is larger than ${THIRTEEN_F_LIMITS.fileBytes / 1024 / 1024} MB (the limit for one 13F file)`);

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

const formatNumber = (number: number) => number.toLocaleString("en-US");
const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A field's text as one holding needs it, or the rule it breaks. */
type RawLine = { cusip: string; issuerName: string; titleOfClass: string; putCall: string; shares: string; value: string };
/** What each field is called in the file (the messages use the file's own names). */
type FieldNames = Record<keyof RawLine, string>;

function wholeNumber(text: string, field: string, where: string, max: number): number {
  if (!/^\d{1,16}$/.test(text)) throw thirteenFError(`${where}: ${field} ${quoted(text)} is not a whole number (digits only)`);
  const number = Number(text);
  if (number > max) throw thirteenFError(`${where}: ${field} ${formatNumber(number)} is more than a holding can be (at most ${formatNumber(max)})`);
  return number;
}

/** Checks one row's fields against THIRTEEN_F_LIMITS and the 13F formats; values to whole USD. */
function holdingLine(raw: RawLine, names: FieldNames, where: string, thousands: boolean): HoldingLine {
  const cusip = raw.cusip.trim().toUpperCase();
  if (!/^[0-9A-Z]{9}$/.test(cusip)) throw thirteenFError(`${where}: ${names.cusip} ${quoted(raw.cusip.trim())} is not a CUSIP (9 letters or digits)`);
  const issuerName = raw.issuerName.trim();
  if (issuerName === "") throw thirteenFError(`${where}: ${names.issuerName} is empty`);
  if (issuerName.length > THIRTEEN_F_LIMITS.nameOfIssuer) {
    throw thirteenFError(`${where}: ${names.issuerName} is ${formatNumber(issuerName.length)} characters long (at most ${THIRTEEN_F_LIMITS.nameOfIssuer})`);
  }
  const titleOfClass = raw.titleOfClass.trim();
  if (titleOfClass.length > THIRTEEN_F_LIMITS.titleOfClass) {
    throw thirteenFError(`${where}: ${names.titleOfClass} is ${formatNumber(titleOfClass.length)} characters long (at most ${THIRTEEN_F_LIMITS.titleOfClass})`);
  }
  const putCall = raw.putCall.trim().toUpperCase();
  if (putCall !== "" && putCall !== "PUT" && putCall !== "CALL") throw thirteenFError(`${where}: ${names.putCall} ${quoted(raw.putCall.trim())} is not PUT or CALL`);
  const shares = wholeNumber(raw.shares.trim(), names.shares, where, THIRTEEN_F_LIMITS.maxShares);
  const value = wholeNumber(raw.value.trim(), names.value, where, thousands ? Math.floor(THIRTEEN_F_LIMITS.maxValueUsd / 1000) : THIRTEEN_F_LIMITS.maxValueUsd);
  return { cusip, issuerName, titleOfClass, putCall, shares, value: thousands ? value * 1000 : value };
}

/** A quarter's positions within the stored columns' sizes, once other managers' lines are summed. */
function checkSums(lines: HoldingLine[], quarter: string): HoldingLine[] {
  let total = 0;
  for (const line of lines) {
    const position = `${quarter}: position ${positionKey(line)}`;
    if (line.value > THIRTEEN_F_LIMITS.maxValueUsd) throw thirteenFError(`${position}: its lines sum to ${formatNumber(line.value)} USD, more than a holding can be (at most ${formatNumber(THIRTEEN_F_LIMITS.maxValueUsd)})`);
    if (line.shares > THIRTEEN_F_LIMITS.maxShares) throw thirteenFError(`${position}: its lines sum to ${formatNumber(line.shares)} shares (at most ${formatNumber(THIRTEEN_F_LIMITS.maxShares)})`);
    total += line.value;
  }
  if (total >= THIRTEEN_F_LIMITS.totalBelowUsd) throw thirteenFError(`${quarter}: the positions total ${formatNumber(total)} USD, more than a quarter can be (less than ${formatNumber(THIRTEEN_F_LIMITS.totalBelowUsd)})`);
  return lines;
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

/** Chunks of text or bytes, as a file stream, a request or a string gives them. */
export type TextSource = AsyncIterable<string | Buffer> | Iterable<string | Buffer>;

/** Yields the source's chunks as text, failing once more than THIRTEEN_F_LIMITS.fileBytes have come. */
async function* limitedText(source: TextSource): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let bytes = 0;
  for await (const chunk of source) {
    bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > THIRTEEN_F_LIMITS.fileBytes) throw fileTooLarge();
    yield typeof chunk === "string" ? chunk : decoder.write(chunk);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

// ─── CSV ────────────────────────────────────────────────────────────────────────────────────────

const csvColumns = ["cusip", "nameOfIssuer", "titleOfClass", "periodOfReport", "value", "shrs_or_prn_amt"];
const csvNames: FieldNames = { cusip: "cusip", issuerName: "nameOfIssuer", titleOfClass: "titleOfClass", putCall: "putCall", shares: "shrs_or_prn_amt", value: "value" };

const csvOptions = {
  columns: (header: string[]) => {
    const missing = csvColumns.filter((column) => !header.includes(column));
    if (missing.length > 0) throw thirteenFError(`not a 13F holdings CSV: missing column(s) ${missing.join(", ")}`);
    return header;
  },
  skip_empty_lines: true,
  trim: true,
  info: true,
  max_record_size: THIRTEEN_F_LIMITS.csvRowChars,
} as const;

/** csv-parse's own refusals, as the importer words them. */
function csvProblem(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { code, lines, message } = error as { code?: string; lines?: number; message: string };
  if (code === "CSV_MAX_RECORD_SIZE") return thirteenFError(`row ${lines}: longer than ${formatNumber(THIRTEEN_F_LIMITS.csvRowChars)} characters (a 13F row has a few hundred)`);
  return thirteenFError(`not a readable CSV: ${message}`);
}

/** The CSV's rows gathered into quarters (see parseHoldingsCsv). */
class CsvQuarters {
  private readonly quarters = new Map<string, { lines: Map<string, HoldingLine>; rows: number; amendment: boolean }>();
  private readonly goodQuarters = new Set<string>();
  private rows = 0;
  constructor(private readonly today: string) {}

  add(record: Record<string, string>, info: Pick<Info, "lines">) {
    const where = `row ${info.lines}`;
    this.rows += 1;
    if (this.rows > THIRTEEN_F_LIMITS.rowsPerFile) throw thirteenFError(`${where}: more than ${formatNumber(THIRTEEN_F_LIMITS.rowsPerFile)} rows in one file (split it)`);
    const quarterEnd = record.periodOfReport;
    if (!this.goodQuarters.has(quarterEnd)) {
      const problem = quarterEndProblem(quarterEnd, this.today);
      if (problem) throw thirteenFError(`${where}: periodOfReport ${problem}`);
      this.goodQuarters.add(quarterEnd);
    }
    const raw = { cusip: record.cusip, issuerName: record.nameOfIssuer, titleOfClass: record.titleOfClass, putCall: record.putCall ?? "", shares: record.shrs_or_prn_amt, value: record.value };
    const line = holdingLine(raw, csvNames, where, valuesInThousands(quarterEnd));
    const quarter = this.quarters.get(quarterEnd) ?? { lines: new Map(), rows: 0, amendment: false };
    this.quarters.set(quarterEnd, quarter);
    quarter.rows += 1;
    if (quarter.rows > THIRTEEN_F_LIMITS.rowsPerQuarter) {
      throw thirteenFError(`${where}: quarter ${quarterEnd} has more than ${formatNumber(THIRTEEN_F_LIMITS.rowsPerQuarter)} rows (the limit for one quarter)`);
    }
    if (quarter.lines.has(positionKey(line))) quarter.amendment = true;
    quarter.lines.set(positionKey(line), line);
  }

  finish(): QuarterHoldings[] {
    if (this.rows === 0) throw thirteenFError("not a 13F holdings CSV: no rows");
    return [...this.quarters.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([quarterEnd, quarter]) => ({ quarterEnd, lines: checkSums([...quarter.lines.values()], quarterEnd), amendment: quarter.amendment }));
  }
}

type ReadOptions = { /** The import day (YYYY-MM-DD, UTC); default today. */ today?: string };

/**
 * Parses a 13F CSV in the bundled file's format (columns cusip, nameOfIssuer, titleOfClass,
 * periodOfReport, value, shrs_or_prn_amt; more are ignored) into quarters, oldest first. The file
 * has one row per position and filing; a position seen twice in a quarter comes from a second
 * filing for it: the later row (the amendment, filed after the original) replaces the earlier one,
 * and the quarter is flagged as amended.
 */
export function parseHoldingsCsv(text: string, options: ReadOptions = {}): QuarterHoldings[] {
  if (Buffer.byteLength(text) > THIRTEEN_F_LIMITS.fileBytes) throw fileTooLarge();
  const quarters = new CsvQuarters(options.today ?? todayUtc());
  let records: { record: Record<string, string>; info: Info }[];
  try {
    records = parseCsv(text, csvOptions) as unknown as { record: Record<string, string>; info: Info }[];
  } catch (error) {
    throw csvProblem(error);
  }
  for (const { record, info } of records) quarters.add(record, info);
  return quarters.finish();
}

/** parseHoldingsCsv reading a stream: memory follows the positions kept, not the file. */
export async function readHoldingsCsv(source: TextSource, options: ReadOptions = {}): Promise<QuarterHoldings[]> {
  const quarters = new CsvQuarters(options.today ?? todayUtc());
  const input = Readable.from(limitedText(source));
  const parser = parseCsvStream(csvOptions);
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: Info }>) quarters.add(record, info);
  } catch (error) {
    throw csvProblem(error);
  } finally {
    input.destroy();
  }
  return quarters.finish();
}

// ─── EDGAR information table XML ────────────────────────────────────────────────────────────────

const xmlNames: FieldNames = { cusip: "cusip", issuerName: "nameOfIssuer", titleOfClass: "titleOfClass", putCall: "putCall", shares: "sshPrnamt", value: "value" };
/** infoTable children read, by element name → field; shrsOrPrnAmt/sshPrnamt is read one level deeper. */
const xmlFields: Record<string, keyof RawLine> = { cusip: "cusip", nameOfIssuer: "issuerName", titleOfClass: "titleOfClass", putCall: "putCall", value: "value" };
/** The most text kept for one field before it is refused (its limit, plus room for surrounding white space). */
const xmlFieldChars: Record<keyof RawLine, number> = { cusip: 100, issuerName: THIRTEEN_F_LIMITS.nameOfIssuer + 1000, titleOfClass: THIRTEEN_F_LIMITS.titleOfClass + 1000, putCall: 100, shares: 100, value: 100 };
const MAX_XML_DEPTH = 16;

/**
 * An information table read in chunks (saxes, a streaming and strictly conforming parser): the
 * root must be informationTable (any namespace prefix); a DOCTYPE (and so any entity declaration)
 * is refused; each infoTable becomes a HoldingLine as soon as it closes.
 */
class InformationTableReader {
  private readonly parser = new SaxesParser({ position: true });
  private readonly path: string[] = [];
  private readonly lines: HoldingLine[] = [];
  private entry: RawLine | null = null;
  private field: keyof RawLine | null = null;
  private row = 0;
  private rowLine = 0;
  private rootSeen = false;

  constructor(private readonly thousands: boolean) {
    this.parser.on("doctype", () => this.fail("a DOCTYPE is not allowed: 13F information tables have none, and entity declarations are refused"));
    this.parser.on("opentag", (tag) => this.open(tag.name.slice(tag.name.indexOf(":") + 1)));
    this.parser.on("closetag", () => this.close());
    this.parser.on("text", (text) => this.text(text));
    this.parser.on("cdata", (text) => this.text(text));
    this.parser.on("error", (error) => {
      throw thirteenFError(`not well-formed XML (line ${this.parser.line}): ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")}`);
    });
  }

  private where = () => `infoTable ${formatNumber(this.row)} (line ${this.rowLine})`;

  private fail(message: string): never {
    throw thirteenFError(`line ${this.parser.line}: ${message}`);
  }

  private open(name: string) {
    this.path.push(name);
    const depth = this.path.length;
    if (depth === 1 && name !== "informationTable") this.fail(`not a 13F information table: the root element is <${name}>, not <informationTable>`);
    if (depth === 1) this.rootSeen = true;
    if (depth > MAX_XML_DEPTH) this.fail(`elements nested more than ${MAX_XML_DEPTH} deep (an information table has 4 levels)`);
    if (depth === 2 && name === "infoTable") {
      this.row += 1;
      this.rowLine = this.parser.line;
      if (this.row > THIRTEEN_F_LIMITS.rowsPerQuarter) {
        throw thirteenFError(`${this.where()}: more than ${formatNumber(THIRTEEN_F_LIMITS.rowsPerQuarter)} infoTable rows (the limit for one quarter)`);
      }
      this.entry = { cusip: "", issuerName: "", titleOfClass: "", putCall: "", shares: "", value: "" };
    } else if (this.entry && depth === 3 && xmlFields[name]) this.field = xmlFields[name];
    else if (this.entry && depth === 4 && name === "sshPrnamt" && this.path[2] === "shrsOrPrnAmt") this.field = "shares";
  }

  private text(text: string) {
    if (!this.field || !this.entry) return;
    const value = this.entry[this.field] + text;
    if (value.length > xmlFieldChars[this.field]) {
      const limit = this.field === "issuerName" ? THIRTEEN_F_LIMITS.nameOfIssuer : this.field === "titleOfClass" ? THIRTEEN_F_LIMITS.titleOfClass : null;
      throw thirteenFError(`${this.where()}: ${xmlNames[this.field]} is longer than ${limit ?? "a 13F field of its kind can be"}${limit ? " characters" : ""}`);
    }
    this.entry[this.field] = value;
  }

  private close() {
    const depth = this.path.length;
    if (depth === 2 && this.entry) {
      this.lines.push(holdingLine(this.entry, xmlNames, this.where(), this.thousands));
      this.entry = null;
    }
    this.field = null;
    this.path.pop();
  }

  write(text: string): void {
    this.parser.write(text);
  }

  finish(): HoldingLine[] {
    this.parser.close();
    if (!this.rootSeen) throw thirteenFError("not a 13F information table: no informationTable element");
    return checkSums(sumPositions(this.lines), "the information table");
  }
}

/**
 * Parses an EDGAR 13F information table (informationTable/infoTable, with or without a namespace
 * prefix) and sums the lines of each position. `thousands`: the filing gives values in thousands.
 */
export function parseInformationTableXml(xml: string, options: { thousands: boolean }): HoldingLine[] {
  if (Buffer.byteLength(xml) > THIRTEEN_F_LIMITS.fileBytes) throw fileTooLarge();
  const reader = new InformationTableReader(options.thousands);
  reader.write(xml);
  return reader.finish();
}

/** parseInformationTableXml reading a stream: memory follows the positions kept, not the file. */
export async function readInformationTable(source: TextSource, options: { thousands: boolean }): Promise<HoldingLine[]> {
  const reader = new InformationTableReader(options.thousands);
  for await (const text of limitedText(source)) reader.write(text);
  return reader.finish();
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
