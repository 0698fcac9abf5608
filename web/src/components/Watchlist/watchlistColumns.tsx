// A watchlist's table: the Basic screener's columns with the day's change after the close and, for
// Pro viewers, each row's recent 13F changes. The table's Export CSV holds exactly these columns.
import { BASIC_COLUMNS, type BasicColumnKey, type BasicRow } from "../ScreenResults/basicColumns";
import { Muted } from "../ScreenResults/cells";
import { formatDecimal, formatMarketDate, formatPrice, MISSING } from "../ScreenResults/format";
import { columnsCsv, rounded, type ResultColumn } from "../ScreenResults/resultColumns";
import { ToneValue } from "../ScreenResults/ToneValue";
import type { WatchlistTable_view$data } from "./__generated__/WatchlistTable_view.graphql";

export type DayChange = WatchlistTable_view$data["dayChanges"][number];
export type FundChange = NonNullable<WatchlistTable_view$data["fundChanges"]>[number];

/** A Basic row with its day change (null: no stored close before the row's day) and its funds' recent 13F changes. */
export type WatchlistRow = BasicRow & { readonly dayChange: DayChange | null; readonly fundChanges: readonly FundChange[] };

type WatchlistColumnKey = BasicColumnKey | "dayChange" | "dayChangePercent" | "fundChanges";
type WatchlistColumn = ResultColumn<WatchlistRow, WatchlistColumnKey>;

const signed = (value: number, decimals: number) => `${value > 0 ? "+" : ""}${formatDecimal(value, decimals)}`;

/** What a day change compares, and where both closes come from. */
const dayChangeTitle = (change: DayChange) =>
  `${formatPrice(change.close)} on ${formatMarketDate(change.asOf)} against ${formatPrice(change.previousClose)} on ${formatMarketDate(change.previousAsOf)} · Source: ${change.source}`;

const dayChangeColumn = (key: "dayChange" | "dayChangePercent", label: string, shortLabel: string, value: (change: DayChange) => number, shown: (change: DayChange) => string): WatchlistColumn => ({
  key,
  label,
  shortLabel,
  width: 72,
  align: "end",
  sortValue: (row) => (row.dayChange ? value(row.dayChange) : null),
  csvValue: (row) => rounded(row.dayChange ? value(row.dayChange) : null, 2),
  firstDirection: "descending",
  render: ({ dayChange }) =>
    dayChange ? (
      <span title={dayChangeTitle(dayChange)}>
        <ToneValue tone={dayChange.change > 0 ? "positive" : dayChange.change < 0 ? "negative" : null}>{shown(dayChange)}</ToneValue>
      </span>
    ) : (
      <Muted title="No stored close before this row's day">{MISSING}</Muted>
    ),
});

/** "Q4 2020" for the quarter ended 2020-12-31. */
const quarterLabel = (quarterEnd: string) => `Q${Math.ceil(Number(quarterEnd.slice(5, 7)) / 3)} ${quarterEnd.slice(0, 4)}`;

/** "+12.0 %" for shares added or reduced, else the change in words. */
function fundChangeWords(change: FundChange): string {
  if (change.kind === "NEW") return "new position";
  if (change.kind === "SOLD_OUT") return "sold out";
  return change.sharesChangePercent == null ? change.kind.toLowerCase() : `${signed(change.sharesChangePercent, 1)} %`;
}

/** "+12.0 % · BERKSHIRE HATHAWAY INC (Q4 2020)": what the cell shows, the change first (a long fund name is cut at the cell's end). */
const fundChangeText = (change: FundChange) => `${fundChangeWords(change)} · ${change.fundName} (${quarterLabel(change.quarterEnd)})`;

/** The cell's title and the CSV's text: the quarter's end, the day it was known (filed, or its 45-day deadline) and the source. */
const fundChangeDetail = (change: FundChange) =>
  `${change.fundName}: ${fundChangeWords(change)} in the quarter ended ${change.quarterEnd}, known from ${change.knownOn} (${change.source})`;

const fundChangesColumn: WatchlistColumn = {
  key: "fundChanges",
  label: "13F Changes",
  shortLabel: "13F",
  width: 220,
  align: "start",
  // The funds that moved first; a row without a change sorts last either way.
  sortValue: (row) => (row.fundChanges.length === 0 ? null : row.fundChanges.length),
  csvValue: (row) => row.fundChanges.map(fundChangeDetail).join("; "),
  firstDirection: "descending",
  render: ({ fundChanges }) =>
    fundChanges.length === 0 ? (
      <Muted title="No tracked fund changed this position in its latest 13F quarter">{MISSING}</Muted>
    ) : (
      <span title={fundChanges.map(fundChangeDetail).join("\n")}>{fundChanges.map(fundChangeText).join("; ")}</span>
    ),
};

const afterPrice = BASIC_COLUMNS.findIndex((column) => column.key === "price") + 1;

const DAY_CHANGE_COLUMNS: readonly WatchlistColumn[] = [
  dayChangeColumn("dayChange", "Day Change $", "Chg", (change) => change.change, (change) => signed(change.change, 2)),
  dayChangeColumn("dayChangePercent", "Day Change %", "Chg %", (change) => change.changePercent, (change) => `${signed(change.changePercent, 2)} %`),
];

/** The Basic columns with the day's change after the close. */
const WATCHLIST_COLUMNS: readonly WatchlistColumn[] = [...BASIC_COLUMNS.slice(0, afterPrice), ...DAY_CHANGE_COLUMNS, ...BASIC_COLUMNS.slice(afterPrice)];
/** Pro's 13F changes follow the day's change, in sight without scrolling the ~20 columns sideways. */
const PRO_WATCHLIST_COLUMNS: readonly WatchlistColumn[] = [...BASIC_COLUMNS.slice(0, afterPrice), ...DAY_CHANGE_COLUMNS, fundChangesColumn, ...BASIC_COLUMNS.slice(afterPrice)];

/** The table's columns in order: the 13F changes only for a Pro viewer, whose view has them. */
export const watchlistColumns = (pro: boolean) => (pro ? PRO_WATCHLIST_COLUMNS : WATCHLIST_COLUMNS);

/** The table's CSV: its columns, the rows in the order given (the table's sort). */
export const buildWatchlistCsv = (columns: readonly WatchlistColumn[]) => (rows: readonly WatchlistRow[]) => columnsCsv(columns, rows);
