import { Link, useLocation } from "react-router-dom";
import styled from "styled-components";

/** Where the stock detail page's "Back to results" link returns to. */
export interface StockLinkState {
  backTo: string;
}

/** A row header cell: the ticker linking to its detail page (/stocks/:ticker) and the company name under it. */
export function TickerCell({ ticker, name }: { ticker: string; name: string | null | undefined }) {
  const location = useLocation();
  const state: StockLinkState = { backTo: `${location.pathname}${location.search}` };
  return (
    <th scope="row">
      <TickerLink to={`/stocks/${encodeURIComponent(ticker)}`} state={state}>
        {ticker}
      </TickerLink>
      {name ? <CompanyName title={name}>{name}</CompanyName> : null}
    </th>
  );
}

const TickerLink = styled(Link)`
  display: block;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  line-height: 1.2;
`;

const CompanyName = styled.span`
  display: block;
  max-width: 180px;
  overflow: hidden;
  text-overflow: ellipsis;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.3;
`;
