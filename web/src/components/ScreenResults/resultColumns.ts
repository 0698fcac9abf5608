// What the Basic, Combined and Pro results tables share: a column (what it shows, sorts by and
// exports), the sort order, a stable sort, and the CSV of the columns.
import type { ReactNode } from "react";
import { toCsv, type CsvCell } from "./csv";

export type SortDirection = "ascending" | "descending";

export interface SortState<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

/** A results row: every table links its ticker to the stock page, with the company name under it. */
export interface ResultRow {
  readonly ticker: string;
  readonly name: string | null | undefined;
}

export interface ResultColumn<Row, Key extends string = string> {
  key: Key;
  /** The header's accessible name and title, and the CSV header where the CSV has the table's columns. */
  label: string;
  /** What the narrow header shows, when shorter than the label. */
  shortLabel?: string;
  /** Width in px (the table is fixed-layout, so the virtualised rows line up with the header). */
  width: number;
  align: "start" | "end";
  /** What the column sorts by; null sorts last in either direction. */
  sortValue: (row: Row) => number | string | null | undefined;
  /** Columns that read best from the top down start descending on the first click. */
  firstDirection: SortDirection;
  /** The cell's content (the ticker column is the row header, drawn by the table). */
  render: (row: Row) => ReactNode;
  csvValue: (row: Row) => CsvCell;
}

/** The next sort when a header is clicked: the other direction on the sorted column, else the column's first direction. */
export function nextSort<Key extends string>(sort: SortState<Key>, column: Pick<ResultColumn<unknown, Key>, "key" | "firstDirection">): SortState<Key> {
  return sort.key === column.key
    ? { key: column.key, direction: sort.direction === "ascending" ? "descending" : "ascending" }
    : { key: column.key, direction: column.firstDirection };
}

/** A sorted copy; missing values go last whichever the direction, ties keep the server's order. */
export function sortRows<Row, Key extends string>(columns: readonly ResultColumn<Row, Key>[], rows: readonly Row[], sort: SortState<Key>): Row[] {
  const column = columns.find((candidate) => candidate.key === sort.key) ?? columns[0];
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

/** The CSV of exactly the table's columns (their labels as the header), rows in the order given. */
export function columnsCsv<Row>(columns: readonly ResultColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((column) => column.label),
    rows.map((row) => columns.map((column) => column.csvValue(row))),
  );
}

/** A figure rounded for the CSV; unknown stays an empty cell. */
export const rounded = (value: number | null | undefined, decimals: number): CsvCell => (value == null ? null : value.toFixed(decimals));
