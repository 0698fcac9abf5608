import styled from "styled-components";

/** The ticker with the issuer under it; a CUSIP with no known ticker shows the issuer and the CUSIP. */
export function HoldingName({ holding }: { holding: { ticker: string | null | undefined; issuerName: string; cusip: string; putCall?: string | null } }) {
  return (
    <Name>
      <strong>{holding.ticker ?? holding.issuerName}</strong>
      {holding.putCall ? ` (${holding.putCall})` : null}
      <small>{holding.ticker ? holding.issuerName : `CUSIP ${holding.cusip}, no ticker known`}</small>
    </Name>
  );
}

const Name = styled.span`
  display: grid;
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;
