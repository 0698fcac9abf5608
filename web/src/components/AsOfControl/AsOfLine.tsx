import styled from "styled-components";
import { formatMarketDate } from "../ScreenResults/format";
import { useAsOf } from "./useAsOf";

/** A page's statement of the day its figures are as of, under its heading. */
export function AsOfLine() {
  const { asOf, coverage } = useAsOf();
  return (
    <Line>
      {asOf ? (
        <>
          <strong>As of {formatMarketDate(asOf)}</strong> · news and prices up to this day
        </>
      ) : (
        <>
          <strong>As of the latest data</strong>
          {coverage.latestPriceDate ? ` · prices to ${formatMarketDate(coverage.latestPriceDate)}` : ""}
        </>
      )}
    </Line>
  );
}

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong { color: ${({ theme }) => theme.colors.text}; font-weight: 650; }
`;
