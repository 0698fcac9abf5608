// The two bundled 2013–2018 price files (data/prices/PROVENANCE.md): the Kaggle "S&P 500 stock
// data" file (IEX, split-adjusted as of Feb 2018, not dividend-adjusted) and the Quandl WIKI series
// of members that left the index before Feb 2018 (split- and dividend-adjusted). Read whole, one
// series per symbol; how they join the 2018–2021 snapshot is security-master.ts's business.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { adjustForSplits, scaleBar, type DailyBar } from "./price-bars";
import { securityMaster } from "./security-master";

const gunzip = promisify(zlib.gunzip);

export type HistoryFile = "kaggle" | "quandl";

export type FileSeries = { file: HistoryFile; symbol: string; bars: DailyBar[] };

/** price_data.source of each file's bars. */
export const historySources: Record<HistoryFile, string> = { kaggle: "iex-snapshot", quandl: "quandl-snapshot" };

type Layout = { name: string; header: string; symbol: number; date: number; open: number; high: number; low: number; close: number; volume: number };

export const historyFiles: Record<HistoryFile, Layout> = {
  kaggle: {
    name: "sp500_all_stocks_5yr_2013-2018.csv.gz",
    header: "date,open,high,low,close,volume,Name",
    symbol: 6,
    date: 0,
    open: 1,
    high: 2,
    low: 3,
    close: 4,
    volume: 5,
  },
  quandl: {
    name: "sp500_removed_2013-2018_quandl_wiki_derived.csv.gz",
    header: "symbol,date,open,high,low,close,volume",
    symbol: 0,
    date: 1,
    open: 2,
    high: 3,
    low: 4,
    close: 5,
    volume: 6,
  },
};

/**
 * Every series of one file, oldest bar first. Both files are machine-written numeric CSVs (no
 * quotes; checked), so lines are split by hand as in the 2018–2021 reader. Empty open/high/low
 * cells (27 in the Kaggle file) stay null; a row without a close is refused.
 */
export async function readHistoryFile(directory: string, file: HistoryFile): Promise<FileSeries[]> {
  const layout = historyFiles[file];
  const text = (await gunzip(await fs.promises.readFile(path.join(directory, layout.name)))).toString("utf8");
  if (text.includes('"')) throw new Error(`${layout.name}: quoted fields are not expected`);
  const lines = text.split("\n");
  if (lines[0].trimEnd() !== layout.header) throw new Error(`${layout.name}: unexpected columns ${lines[0]}`);
  const bySymbol = new Map<string, DailyBar[]>();
  const number = (cell: string) => (cell === "" ? null : Number(cell));
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index].trimEnd();
    if (line === "") continue;
    const cells = line.split(",");
    const close = Number(cells[layout.close]);
    if (cells.length !== 7 || cells[layout.close] === "" || !Number.isFinite(close)) throw new Error(`${layout.name}: bad row "${line}"`);
    const symbol = cells[layout.symbol];
    let bars = bySymbol.get(symbol);
    if (!bars) bySymbol.set(symbol, (bars = []));
    bars.push({
      date: cells[layout.date],
      open: number(cells[layout.open]),
      high: number(cells[layout.high]),
      low: number(cells[layout.low]),
      close,
      volume: number(cells[layout.volume]),
    });
  }
  return [...bySymbol].map(([symbol, bars]) => ({ file, symbol, bars: bars.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) }));
}

export type ValidationFinding = {
  file: HistoryFile;
  symbol: string;
  date: string;
  kind: "bad bar" | "unadjusted split" | "large move" | "missing days";
  action: "removed" | "adjusted" | "flagged";
  detail: string;
};

/** Split ratios a file may have left unadjusted (2:1 share dividends among them). */
const splitRatios = [2, 3, 4, 5, 7, 10];
/** A daily move past this is checked: below it, moves are plausible market moves. */
const largeMove = 0.35;

/**
 * Checks one series and repairs what is certainly a data error:
 * - a **bad bar**: a close more than 25 % away from both neighbours, which agree within 10 % (LNT
 *   2016-05-19, NWL 2017-09-14): removed;
 * - in the Kaggle file, an **unadjusted split**: a move to within 2.5 % of 1/2, 1/3 … 1/10 of the
 *   day before that the next five closes confirm (DISCA/DISCK 2014-08-07, a 2:1 share dividend):
 *   the bars before it are divided by the ratio, like a split. Quandl's own adjustment is trusted
 *   (its DF halving on 2013-05-24 is the WhiteWave spin-off, a real drop);
 * - any other move past 35 % is flagged and kept (spin-offs are real drops in prices that are not
 *   dividend-adjusted: EBAY 2015-07-20, BAX 2015-07-01);
 * - trading days of `calendar` missing inside the series are flagged.
 */
export function validateSeries(series: FileSeries, calendar: readonly string[]): { bars: DailyBar[]; findings: ValidationFinding[] } {
  const findings: ValidationFinding[] = [];
  const finding = (date: string, kind: ValidationFinding["kind"], action: ValidationFinding["action"], detail: string) =>
    findings.push({ file: series.file, symbol: series.symbol, date, kind, action, detail });
  let bars = series.bars.filter((bar, index, all) => {
    const before = all[index - 1];
    const after = all[index + 1];
    if (!before || !after) return true;
    const away = (other: DailyBar) => Math.abs(bar.close / other.close - 1) > 0.25;
    if (away(before) && away(after) && Math.abs(after.close / before.close - 1) < 0.1) {
      finding(bar.date, "bad bar", "removed", `close ${bar.close} between ${before.close} and ${after.close}`);
      return false;
    }
    return true;
  });
  const splits: { date: string; ratio: number }[] = [];
  for (let index = 1; index < bars.length; index++) {
    const move = bars[index].close / bars[index - 1].close;
    if (Math.abs(move - 1) <= largeMove) continue;
    const ratio = series.file === "kaggle" ? splitRatios.find((candidate) => Math.abs(move * candidate - 1) <= 0.025) : undefined;
    const confirmed = bars.slice(index + 1, index + 6).every((bar) => Math.abs(bar.close / bars[index].close - 1) < 0.15);
    if (ratio && confirmed) {
      splits.push({ date: bars[index].date, ratio });
      finding(bars[index].date, "unadjusted split", "adjusted", `close ${bars[index - 1].close} → ${bars[index].close}: earlier bars divided by ${ratio}`);
    } else {
      finding(bars[index].date, "large move", "flagged", `close ${bars[index - 1].close} → ${bars[index].close} (${((move - 1) * 100).toFixed(1)} %), kept`);
    }
  }
  if (splits.length > 0) bars = adjustForSplits(bars, splits);
  const dates = new Set(bars.map((bar) => bar.date));
  const first = bars[0]?.date;
  const last = bars[bars.length - 1]?.date;
  const missing = first ? calendar.filter((date) => date > first && date < last && !dates.has(date)) : [];
  if (missing.length > 0) {
    finding(missing[0], "missing days", "flagged", `${missing.length} trading day${missing.length === 1 ? "" : "s"} missing: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}`);
  }
  return { bars, findings };
}

/** The trading days of the Kaggle file (every day any of its 505 series has a bar). */
export function tradingCalendar(series: FileSeries[]): string[] {
  return [...new Set(series.flatMap((one) => one.bars.map((bar) => bar.date)))].sort();
}

export type SourcedBar = DailyBar & { source: string };

/**
 * The 2013–2018 bars to store, by security key: each series checked and repaired, cut to the
 * master's used range, and scaled by its chaining factor. Empty when the folder has no history
 * files (a MARKET_DATA_SNAPSHOT_DIR of 2018–2021 files only).
 */
export async function readPriceHistory(directory: string): Promise<{ byKey: Map<string, SourcedBar[]>; findings: ValidationFinding[] }> {
  const byKey = new Map<string, SourcedBar[]>();
  const findings: ValidationFinding[] = [];
  if (!fs.existsSync(path.join(directory, historyFiles.kaggle.name))) return { byKey, findings };
  const [kaggle, quandl] = await Promise.all([readHistoryFile(directory, "kaggle"), readHistoryFile(directory, "quandl")]);
  const calendar = tradingCalendar(kaggle);
  const master = securityMaster();
  for (const series of [...kaggle, ...quandl]) {
    const row = master.rows.find((candidate) => candidate.file === series.file && candidate.symbol === series.symbol);
    if (!row) throw new Error(`${historyFiles[series.file].name}: ${series.symbol} is not in the security master (run npm run data:securities)`);
    const checked = validateSeries(series, calendar);
    findings.push(...checked.findings);
    if (row.usedFrom === null || row.usedThrough === null) continue;
    const used = checked.bars
      .filter((bar) => bar.date >= row.usedFrom! && bar.date <= row.usedThrough!)
      .map((bar) => ({ ...(row.scale === 1 ? bar : scaleBar(bar, 1 / row.scale)), source: historySources[series.file] }));
    byKey.set(row.key, [...(byKey.get(row.key) ?? []), ...used].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)));
  }
  return { byKey, findings };
}
