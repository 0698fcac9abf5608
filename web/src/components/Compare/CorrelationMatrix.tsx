import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatMarketDate } from "../ScreenResults/format";
import type { CorrelationMatrix_comparison$key } from "./__generated__/CorrelationMatrix_comparison.graphql";

/** Pearson's r of the compared stocks' daily returns over the range, with the number of common days it rests on. */
export function CorrelationMatrix({ comparison }: { comparison: CorrelationMatrix_comparison$key }) {
  const { correlation } = useFragment(
    graphql`
      fragment CorrelationMatrix_comparison on StockComparison {
        correlation {
          tickers
          commonDays
          firstDay
          lastDay
          rows {
            ticker
            values
          }
        }
      }
    `,
    comparison,
  );
  return (
    <div>
      <Table>
        <caption>
          Pearson correlation of daily close-to-close returns over {correlation.commonDays.toLocaleString("en-US")} common trading day
          {correlation.commonDays === 1 ? "" : "s"}
          {correlation.firstDay && correlation.lastDay ? ` (${formatMarketDate(correlation.firstDay)} – ${formatMarketDate(correlation.lastDay)})` : ""}: days on which
          every stock has a bar and one on the trading day before.
        </caption>
        <thead>
          <tr>
            <td />
            {correlation.tickers.map((ticker) => (
              <th scope="col" key={ticker}>
                {ticker}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {correlation.rows.map((row) => (
            <tr key={row.ticker}>
              <th scope="row">{row.ticker}</th>
              {row.values.map((value, index) => (
                <Cell key={correlation.tickers[index]} $value={value ?? 0}>
                  {value === null || value === undefined ? "—" : value.toFixed(2)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {correlation.commonDays < 20 ? <Note>Fewer than 20 common days: read these correlations with care.</Note> : null}
    </div>
  );
}

const Table = styled.table`
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption { text-align: left; color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: ${({ theme }) => theme.space.sm}; caption-side: top; }
  th, td { padding: 8px 12px; text-align: center; border: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Cell = styled.td<{ $value: number }>`
  font-variant-numeric: tabular-nums;
  background: ${({ $value }) => ($value >= 0 ? `rgba(29, 78, 216, ${(0.35 * $value).toFixed(2)})` : `rgba(185, 28, 28, ${(0.35 * -$value).toFixed(2)})`)};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
