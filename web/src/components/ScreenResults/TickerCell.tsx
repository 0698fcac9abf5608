import { Link, useLocation, useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { AS_OF_PARAM, withAsOfParam } from "../AsOfControl/asOf";

/** Where the stock detail page's "Back to results" link returns to. */
export interface StockLinkState {
  backTo: string;
}

/**
 * A ticker linking to its detail page (/stocks/:ticker) at this page's as-of day (its ?asOf=, so a
 * link opened in a new tab shows the same day), with this page as the detail page's way back.
 */
export function StockLink({ ticker, className }: { ticker: string; className?: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state: StockLinkState = { backTo: `${location.pathname}${location.search}` };
  const search = withAsOfParam(new URLSearchParams(), searchParams.get(AS_OF_PARAM)).toString();
  return (
    <TickerLink className={className} to={{ pathname: `/stocks/${encodeURIComponent(ticker)}`, search }} state={state}>
      {ticker}
    </TickerLink>
  );
}

/** A row header cell: the ticker linking to its detail page and the company name under it. */
export function TickerCell({ ticker, name }: { ticker: string; name: string | null | undefined }) {
  return (
    <th scope="row">
      <BlockLink ticker={ticker} />
      {name ? <CompanyName title={name}>{name}</CompanyName> : null}
    </th>
  );
}

const TickerLink = styled(Link)`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const BlockLink = styled(StockLink)`
  display: block;
  line-height: 1.2;
`;

const CompanyName = styled.span`
  display: block;
  max-width: 180px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.3;
`;
