import styled from "styled-components";
import { formatMarketDate } from "../ScreenResults/format";
import { useAsOf } from "./useAsOf";

interface AsOfLineProps {
  /** The day the server answered for (its response's asOf); without it, the view's as-of day. */
  day?: string | null;
  /** What the page counts up to the day, in words. */
  scope?: string;
}

/** A page's statement of the day its figures are as of, under its heading. */
export function AsOfLine({ day, scope = "news and prices up to this day" }: AsOfLineProps) {
  const { asOf, coverage } = useAsOf();
  const shown = day === undefined ? asOf : day;
  return (
    <Line>
      {shown ? (
        <>
          <strong>As of {formatMarketDate(shown)}</strong> · {scope}
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
