// The tracker table's columns and their sort (client-side, over the quarter's loaded holdings).
export type HoldingColumnKey = "name" | "shares" | "value" | "percent" | "change" | "sharesChange" | "valueChange";
export type HoldingSort = { key: HoldingColumnKey; direction: "ascending" | "descending" };

type SortableHolding = {
  ticker?: string | null;
  issuerName: string;
  shares: number;
  value: number;
  percentPortfolio: number;
  sharesChange?: number | null;
  sharesChangeFraction?: number | null;
  valueChange?: number | null;
};

export const HOLDING_COLUMNS: readonly { key: HoldingColumnKey; label: string; align: "start" | "end" }[] = [
  { key: "name", label: "Security", align: "start" },
  { key: "shares", label: "Shares", align: "end" },
  { key: "value", label: "Value", align: "end" },
  { key: "percent", label: "% of portfolio", align: "end" },
  { key: "change", label: "Change", align: "start" },
  { key: "sharesChange", label: "Shares change", align: "end" },
  { key: "valueChange", label: "Value change", align: "end" },
];

const sortValue: Record<HoldingColumnKey, (holding: SortableHolding) => number | string> = {
  name: (holding) => holding.ticker ?? holding.issuerName,
  shares: (holding) => holding.shares,
  value: (holding) => holding.value,
  percent: (holding) => holding.percentPortfolio,
  // New positions (no previous shares) rank as the largest relative change.
  change: (holding) => holding.sharesChangeFraction ?? (holding.sharesChange ? Infinity : 0),
  sharesChange: (holding) => holding.sharesChange ?? 0,
  valueChange: (holding) => holding.valueChange ?? 0,
};

export function sortHoldings<T extends SortableHolding>(holdings: readonly T[], sort: HoldingSort): T[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const valueOf = sortValue[sort.key];
  return [...holdings].sort((a, b) => {
    const left = valueOf(a);
    const right = valueOf(b);
    return sign * (typeof left === "string" ? left.localeCompare(String(right)) : left - (right as number));
  });
}

/** A click on the sorted column flips its direction; another column starts descending (names ascending). */
export function toggledSort(sort: HoldingSort, key: HoldingColumnKey): HoldingSort {
  if (sort.key === key) return { key, direction: sort.direction === "ascending" ? "descending" : "ascending" };
  return { key, direction: key === "name" ? "ascending" : "descending" };
}
