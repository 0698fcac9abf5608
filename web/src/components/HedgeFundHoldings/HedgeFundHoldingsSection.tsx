import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DEFAULT_FUND_CIK } from "./funds";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { TableFrame, Note } from "../AiPicks/styles";
import { ErrorBoundary } from "../ErrorBoundary/ErrorBoundary";
import { useAsOf } from "../AsOfControl/useAsOf";
import { PageLoading } from "../PageStatus/PageStatus";
import { formatMarketDate } from "../ScreenResults/format";
import { Card } from "../ui/Layout";
import { HoldingCells } from "./HoldingCells";
import { formatUsd } from "./format";
import type { HedgeFundHoldingsSectionQuery } from "./__generated__/HedgeFundHoldingsSectionQuery.graphql";


/**
 * /ai-features "Hedge Fund 13F Holdings" (spec §2, Pro): the fund's latest quarter filed by the page's as-of day and its
 * first 5 holdings with their change since the quarter before. Mount it for Pro users only (it
 * reads Pro fields); others keep the blurred preview.
 */
export function HedgeFundHoldingsSection({ cik = DEFAULT_FUND_CIK }: { cik?: string }) {
  return (
    <Section aria-labelledby="hedge-fund-holdings-title">
      <h2 id="hedge-fund-holdings-title">Hedge Fund 13F Holdings</h2>
      <ErrorBoundary fallback={<Note role="alert">The 13F holdings could not be loaded. Reload the page to try again.</Note>}>
        <Suspense fallback={<PageLoading label="Loading 13F holdings…" />}>
          <Holdings cik={cik} />
        </Suspense>
      </ErrorBoundary>
    </Section>
  );
}

function Holdings({ cik }: { cik: string }) {
  const { asOf } = useAsOf();
  const { hedgeFund } = useLazyLoadQuery<HedgeFundHoldingsSectionQuery>(
    graphql`
      query HedgeFundHoldingsSectionQuery($cik: String!, $asOf: String) {
        hedgeFund(cik: $cik, asOf: $asOf) {
          asOf
          name
          quarter {
            quarterEnd
            previousQuarterEnd
            filedAt
            totalValue
            holdingsCount
            sourceLabel
          }
          holdings(first: 5) {
            edges {
              node {
                ticker
                cusip
                issuerName
                putCall
                shares
                value
                percentPortfolio
                changeKind
                sharesChangeFraction
              }
            }
          }
        }
      }
    `,
    { cik, asOf },
  );
  const quarter = hedgeFund?.quarter;
  if (!hedgeFund || !quarter) {
    return <Note>{hedgeFund?.asOf ? `No 13F quarter of this fund was filed by ${formatMarketDate(hedgeFund.asOf)}.` : "No 13F filings are stored for this fund yet."}</Note>;
  }
  const rows = hedgeFund.holdings?.edges.map((edge) => edge.node) ?? [];
  return (
    <>
      <Summary>
        <strong>{hedgeFund.name}</strong>, quarter ended {quarter.quarterEnd}: {formatUsd(quarter.totalValue)} in {quarter.holdingsCount} holdings
        {quarter.previousQuarterEnd ? `; changes vs ${quarter.previousQuarterEnd}` : ""}.
      </Summary>
      <TableFrame>
        <table>
          <caption>Largest 5 holdings by reported value</caption>
          <thead>
            <tr>
              <th scope="col">Security</th>
              <th scope="col" data-align="end">Shares</th>
              <th scope="col" data-align="end">Value</th>
              <th scope="col" data-align="end">% of portfolio</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((holding) => (
              <tr key={`${holding.cusip}${holding.putCall ?? ""}`}>
                <HoldingCells holding={holding} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Note>
        Source: {quarter.sourceLabel}
        {quarter.filedAt ? `, filed ${quarter.filedAt}` : ", filing date not in the bundled file"}. Values as reported at quarter end.{" "}
        <Link to="/hedge-fund-tracker">Every holding and quarter in the Hedge Fund Tracker</Link>
      </Note>
    </>
  );
}

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Summary = styled.p`
  margin: 0;
`;
