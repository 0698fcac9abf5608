import type { ReactNode } from "react";
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

/** How much wider a ticker column is made for a row action (the compact button and its gap). */
export const ROW_ACTION_WIDTH = 28;

/**
 * A row header cell: the ticker linking to its detail page and the company name under it; a row's
 * action (a small button) goes at the end of the ticker's line, so the name keeps the cell's whole
 * width (the table widens the column by ROW_ACTION_WIDTH for it).
 */
export function TickerCell({ ticker, name, action }: { ticker: string; name: string | null | undefined; action?: ReactNode }) {
  const names = (
    <>
      <BlockLink ticker={ticker} />
      {name ? <CompanyName title={name}>{name}</CompanyName> : null}
    </>
  );
  return (
    <th scope="row">
      {action ? (
        <WithAction>
          {names}
          <ActionSlot>{action}</ActionSlot>
        </WithAction>
      ) : (
        names
      )}
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

/** The ticker and the action share the top line; the company name has the whole line under them. */
const WithAction = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas: "ticker action" "name name";
  align-items: center;
  column-gap: 4px;
  ${BlockLink} { grid-area: ticker; overflow: hidden; text-overflow: ellipsis; }
  ${CompanyName} { grid-area: name; max-width: none; }
`;

const ActionSlot = styled.div`
  grid-area: action;
  display: flex;
`;
