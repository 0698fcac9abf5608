import { ChangeBadge } from "./ChangeBadge";
import { HoldingName } from "./HoldingName";
import { formatPercent, formatShares, formatUsd } from "./format";

export type HoldingCellsData = {
  ticker: string | null | undefined;
  issuerName: string;
  cusip: string;
  putCall?: string | null;
  shares: number;
  value: number;
  percentPortfolio: number;
  changeKind: string | null | undefined;
  sharesChangeFraction: number | null | undefined;
};

/** The cells every 13F holdings table starts with: security, shares, value, weight and the change label. */
export function HoldingCells({ holding }: { holding: HoldingCellsData }) {
  return (
    <>
      <td>
        <HoldingName holding={holding} />
      </td>
      <td data-align="end">{formatShares(holding.shares)}</td>
      <td data-align="end">{formatUsd(holding.value)}</td>
      <td data-align="end">{formatPercent(holding.percentPortfolio)}</td>
      <td>
        <ChangeBadge kind={holding.changeKind} sharesChangeFraction={holding.sharesChangeFraction} />
      </td>
    </>
  );
}
