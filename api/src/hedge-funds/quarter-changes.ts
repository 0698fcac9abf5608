// Quarter-over-quarter comparison of a fund's 13F holdings (pure): what each position did since the
// previous quarter, the largest buys and sells, and the portfolio's size and concentration.
import { positionKey } from "./thirteen-f";

export type Position = {
  cusip: string;
  putCall: string;
  /** The mapped symbol, or the CUSIP when unmapped (tickerMapped false). */
  ticker: string;
  tickerMapped: boolean;
  issuerName: string;
  titleOfClass: string;
  shares: number;
  /** Whole USD at quarter end. */
  value: number;
};

export type ChangeKind = "NEW" | "ADDED" | "REDUCED" | "SOLD_OUT" | "UNCHANGED";

export type PositionChange = {
  /** The position now; for a sold-out one, as it was the quarter before (shares and value below are 0). */
  position: Position;
  shares: number;
  value: number;
  /** Of the quarter's total value, 0–100. */
  percentPortfolio: number;
  /** Null when no earlier quarter is stored to compare with. */
  kind: ChangeKind | null;
  previousShares: number | null;
  previousValue: number | null;
  sharesChange: number | null;
  valueChange: number | null;
  /** Shares change ÷ previous shares (0.25 = +25 %); null for a new position or without a previous quarter. */
  sharesChangeFraction: number | null;
  /**
   * Shares bought (+) or sold (−) at the quarter-end price (value ÷ shares; the previous quarter's for
   * a position sold out): how buys and sells are ranked, since the filings give no trade prices.
   */
  estimatedFlow: number | null;
};

export type QuarterComparison = {
  previousQuarterEnd: string | null;
  /** Current positions (largest value first), then positions sold out since the previous quarter. */
  changes: PositionChange[];
  counts: Record<ChangeKind, number>;
  totalValue: number;
  holdingsCount: number;
  /** Share of the total value in the 10 largest positions, 0–1 (0 for an empty portfolio). */
  top10Weight: number;
  topBuys: PositionChange[];
  topSells: PositionChange[];
};

const TOP_MOVES = 5;

function changeKind(shares: number, previousShares: number | undefined): ChangeKind {
  if (previousShares === undefined) return "NEW";
  if (shares > previousShares) return "ADDED";
  if (shares < previousShares) return "REDUCED";
  return "UNCHANGED";
}

const byValueDescending = (a: { value: number; position: Position }, b: { value: number; position: Position }) =>
  b.value - a.value || a.position.cusip.localeCompare(b.position.cusip);

export function compareQuarters(current: Position[], previous: { quarterEnd: string; positions: Position[] } | null): QuarterComparison {
  const totalValue = current.reduce((sum, position) => sum + position.value, 0);
  const percent = (value: number) => (totalValue > 0 ? (value / totalValue) * 100 : 0);
  const before = new Map((previous?.positions ?? []).map((position) => [positionKey(position), position]));
  const held = current
    .map((position): PositionChange => {
      const prior = before.get(positionKey(position));
      const base = { position, shares: position.shares, value: position.value, percentPortfolio: percent(position.value) };
      if (!previous) {
        return { ...base, kind: null, previousShares: null, previousValue: null, sharesChange: null, valueChange: null, sharesChangeFraction: null, estimatedFlow: null };
      }
      const sharesChange = position.shares - (prior?.shares ?? 0);
      const price = position.shares > 0 ? position.value / position.shares : 0;
      return {
        ...base,
        kind: changeKind(position.shares, prior?.shares),
        previousShares: prior?.shares ?? 0,
        previousValue: prior?.value ?? 0,
        sharesChange,
        valueChange: position.value - (prior?.value ?? 0),
        sharesChangeFraction: prior && prior.shares > 0 ? sharesChange / prior.shares : null,
        estimatedFlow: sharesChange * price,
      };
    })
    .sort(byValueDescending);
  const currentKeys = new Set(current.map(positionKey));
  const soldOut = (previous?.positions ?? [])
    .filter((position) => !currentKeys.has(positionKey(position)))
    .map(
      (position): PositionChange => ({
        position,
        shares: 0,
        value: 0,
        percentPortfolio: 0,
        kind: "SOLD_OUT",
        previousShares: position.shares,
        previousValue: position.value,
        sharesChange: -position.shares,
        valueChange: -position.value,
        sharesChangeFraction: -1,
        estimatedFlow: -position.value,
      }),
    )
    .sort((a, b) => (b.previousValue ?? 0) - (a.previousValue ?? 0) || a.position.cusip.localeCompare(b.position.cusip));
  const changes = [...held, ...soldOut];

  const counts: Record<ChangeKind, number> = { NEW: 0, ADDED: 0, REDUCED: 0, SOLD_OUT: 0, UNCHANGED: 0 };
  for (const change of changes) if (change.kind) counts[change.kind] += 1;
  const flows = changes.filter((change) => (change.estimatedFlow ?? 0) !== 0);
  return {
    previousQuarterEnd: previous?.quarterEnd ?? null,
    changes,
    counts,
    totalValue,
    holdingsCount: current.length,
    top10Weight: totalValue > 0 ? held.slice(0, 10).reduce((sum, change) => sum + change.value, 0) / totalValue : 0,
    topBuys: flows.filter((change) => change.estimatedFlow! > 0).sort((a, b) => b.estimatedFlow! - a.estimatedFlow!).slice(0, TOP_MOVES),
    topSells: flows.filter((change) => change.estimatedFlow! < 0).sort((a, b) => a.estimatedFlow! - b.estimatedFlow!).slice(0, TOP_MOVES),
  };
}
