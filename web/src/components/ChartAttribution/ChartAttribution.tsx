import styled from "styled-components";

/** Charts turn off lightweight-charts' own logo: it is a link drawn inside the chart, a focusable child of its role="img". */
export const withoutAttributionLogo = { attributionLogo: false } as const;

/** The credit lightweight-charts' licence asks for, as a plain link beside the chart. */
export function ChartAttribution() {
  return (
    <Credit>
      Chart by{" "}
      <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
        TradingView Lightweight Charts
      </a>
    </Credit>
  );
}

const Credit = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
