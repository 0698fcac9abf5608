import { toCsv, type CsvCell } from "./csv";
import { momentumRank, momentumValue } from "./format";
import type { BasicScreenResults_result$data } from "./__generated__/BasicScreenResults_result.graphql";

export type BasicRow = BasicScreenResults_result$data["rows"]["edges"][number]["node"];

export type BasicColumnKey =
  | "ticker"
  | "price"
  | "sma5"
  | "sma20"
  | "sma50"
  | "rsi"
  | "volume"
  | "technicalScore"
  | "sentimentScore"
  | "newsCount"
  | "analystActivity"
  | "momentum"
  | "peRatio"
  | "beta";

export interface BasicColumn {
  key: BasicColumnKey;
  /** The CSV header and the header's accessible name and title (spec §7 names). */
  label: string;
  /** What the narrow table header shows, when shorter than the label. */
  shortLabel?: string;
  /** What the column sorts by; null sorts last in either direction. */
  sortValue: (row: BasicRow) => number | string | null | undefined;
  csvValue: (row: BasicRow) => CsvCell;
  /** Columns that read best from the top down start descending on first click. */
  firstDirection: SortDirection;
}

export type SortDirection = "ascending" | "descending";

const rounded = (value: number | null | undefined, decimals: number): CsvCell => (value == null ? null : value.toFixed(decimals));

/** Net analyst activity (upgrades − downgrades), ties broken by how many actions there were. */
const analystSortValue = (row: BasicRow) => (row.analystUpgrades - row.analystDowngrades) * 1000 + row.analystUpgrades + row.analystDowngrades;

/** Plain words keep the cell a text value in spreadsheets (a leading + or − would start a formula). */
export const analystActivityText = (row: BasicRow) => `${row.analystUpgrades} up / ${row.analystDowngrades} down`;

/** The table's columns in order; also exactly the CSV export's columns (spec §7). */
export const BASIC_COLUMNS: readonly BasicColumn[] = [
  { key: "ticker", label: "Ticker", sortValue: (row) => row.ticker, csvValue: (row) => row.ticker, firstDirection: "ascending" },
  { key: "price", label: "Price", sortValue: (row) => row.price, csvValue: (row) => rounded(row.price, 2), firstDirection: "descending" },
  { key: "sma5", label: "SMA 5", sortValue: (row) => row.sma5, csvValue: (row) => rounded(row.sma5, 2), firstDirection: "descending" },
  { key: "sma20", label: "SMA 20", sortValue: (row) => row.sma20, csvValue: (row) => rounded(row.sma20, 2), firstDirection: "descending" },
  { key: "sma50", label: "SMA 50", sortValue: (row) => row.sma50, csvValue: (row) => rounded(row.sma50, 2), firstDirection: "descending" },
  { key: "rsi", label: "RSI", sortValue: (row) => row.rsi, csvValue: (row) => rounded(row.rsi, 2), firstDirection: "descending" },
  { key: "volume", label: "Volume", shortLabel: "Vol", sortValue: (row) => row.volume, csvValue: (row) => rounded(row.volume, 0), firstDirection: "descending" },
  {
    key: "technicalScore",
    label: "Tech Score",
    shortLabel: "Tech",
    sortValue: (row) => row.technicalScore,
    csvValue: (row) => rounded(row.technicalScore, 2),
    firstDirection: "descending",
  },
  {
    key: "sentimentScore",
    label: "Sentiment",
    shortLabel: "Sent.",
    sortValue: (row) => row.sentimentScore,
    csvValue: (row) => rounded(row.sentimentScore, 3),
    firstDirection: "descending",
  },
  { key: "newsCount", label: "News Count", shortLabel: "News", sortValue: (row) => row.newsCount, csvValue: (row) => row.newsCount, firstDirection: "descending" },
  {
    key: "analystActivity",
    label: "Analyst Activity",
    shortLabel: "Analyst",
    sortValue: analystSortValue,
    csvValue: analystActivityText,
    firstDirection: "descending",
  },
  {
    key: "momentum",
    label: "Momentum",
    sortValue: (row) => momentumRank(row.momentum),
    csvValue: (row) => momentumValue(row.momentum),
    firstDirection: "descending",
  },
  { key: "peRatio", label: "P/E", sortValue: (row) => row.peRatio, csvValue: (row) => rounded(row.peRatio, 2), firstDirection: "ascending" },
  { key: "beta", label: "Beta", sortValue: (row) => row.beta, csvValue: (row) => rounded(row.beta, 3), firstDirection: "descending" },
];

export interface SortState {
  key: BasicColumnKey;
  direction: SortDirection;
}

/** The server's order: technical score, highest first. */
export const DEFAULT_SORT: SortState = { key: "technicalScore", direction: "descending" };

/** A sorted copy; missing values go last whichever the direction, ties keep the server's order. */
export function sortBasicRows(rows: readonly BasicRow[], sort: SortState): BasicRow[] {
  const column = BASIC_COLUMNS.find((candidate) => candidate.key === sort.key) ?? BASIC_COLUMNS[0];
  const sign = sort.direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: column.sortValue(row) }))
    .sort((a, b) => {
      if (a.value == null || b.value == null) return a.value == null ? (b.value == null ? a.index - b.index : 1) : -1;
      const order = typeof a.value === "string" ? a.value.localeCompare(String(b.value)) : a.value - (b.value as number);
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map((entry) => entry.row);
}

export const BASIC_CSV_FILE_NAME = "basic_screening_results.csv";

/** basic_screening_results.csv: exactly the spec §7 columns, rows in the order given (the table's sort). */
export function buildBasicResultsCsv(rows: readonly BasicRow[]): string {
  return toCsv(
    BASIC_COLUMNS.map((column) => column.label),
    rows.map((row) => BASIC_COLUMNS.map((column) => column.csvValue(row))),
  );
}
