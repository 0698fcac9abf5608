import type { AiPicksTable_query$data } from "./__generated__/AiPicksTable_query.graphql";

export type PickRow = NonNullable<AiPicksTable_query$data["aiPicks"]>["edges"][number]["node"];

export type SortDirection = "ascending" | "descending";

export type PickColumnKey = "rank" | "ticker" | "aiScore" | "price" | "returns1m" | "returns3m" | "returns12m" | "rsi";

export interface PickColumn {
  key: PickColumnKey;
  label: string;
  /** What the column sorts by; null sorts last in either direction. */
  sortValue: (row: PickRow) => number | string | null | undefined;
  /** Columns that read best from the top down start descending on the first click. */
  firstDirection: SortDirection;
}

/** The full ranking's columns, in order (the ticker column is the row header). */
export const PICK_COLUMNS: readonly PickColumn[] = [
  { key: "rank", label: "Rank", sortValue: (row) => row.rank, firstDirection: "ascending" },
  { key: "ticker", label: "Ticker", sortValue: (row) => row.ticker, firstDirection: "ascending" },
  { key: "aiScore", label: "AI score", sortValue: (row) => row.aiScore, firstDirection: "descending" },
  { key: "price", label: "Price", sortValue: (row) => row.price, firstDirection: "descending" },
  { key: "returns1m", label: "1-month return", sortValue: (row) => row.returns1m, firstDirection: "descending" },
  { key: "returns3m", label: "3-month return", sortValue: (row) => row.returns3m, firstDirection: "descending" },
  { key: "returns12m", label: "12-month return", sortValue: (row) => row.returns12m, firstDirection: "descending" },
  { key: "rsi", label: "RSI 14", sortValue: (row) => row.rsi, firstDirection: "descending" },
];

export interface PickSort {
  key: PickColumnKey;
  direction: SortDirection;
}

/** The server's order. */
export const DEFAULT_PICK_SORT: PickSort = { key: "rank", direction: "ascending" };

/** The next sort after a click on `column`'s header: the other direction on the sorted column, else the column's first. */
export function toggledSort(sort: PickSort, column: PickColumn): PickSort {
  if (sort.key !== column.key) return { key: column.key, direction: column.firstDirection };
  return { key: column.key, direction: sort.direction === "ascending" ? "descending" : "ascending" };
}

/** A sorted copy; missing values go last whichever the direction, ties keep the rank order. */
export function sortPicks(rows: readonly PickRow[], sort: PickSort): PickRow[] {
  const column = PICK_COLUMNS.find((candidate) => candidate.key === sort.key) ?? PICK_COLUMNS[0];
  const sign = sort.direction === "ascending" ? 1 : -1;
  return rows
    .map((row) => ({ row, value: column.sortValue(row) }))
    .sort((a, b) => {
      if (a.value == null || b.value == null) return a.value == null ? (b.value == null ? a.row.rank - b.row.rank : 1) : -1;
      const order = typeof a.value === "string" ? a.value.localeCompare(String(b.value)) : a.value - (b.value as number);
      return order === 0 ? a.row.rank - b.row.rank : order * sign;
    })
    .map((entry) => entry.row);
}
