import { Component, Suspense, type ReactNode } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { CompareChart } from "../../components/Compare/CompareChart";
import { CompareTable } from "../../components/Compare/CompareTable";
import { CorrelationMatrix } from "../../components/Compare/CorrelationMatrix";
import { TickerPicker } from "../../components/Compare/TickerPicker";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { GraphQLRequestError } from "../../relay/environment";
import { useRouteQueriesPending, useRouteQuery } from "../../routing/routeQueries";
import { compareRangeOf, MAX_TICKERS, MIN_TICKERS, RANGES, tickersFromParam } from "./compareParams";
import type { ResearchComparePageQuery as PageQueryType } from "./__generated__/ResearchComparePageQuery.graphql";

/** The stocks of ?tickers= side by side over ?range=, as of the day. */
export const ResearchComparePageQuery = graphql`
  query ResearchComparePageQuery($tickers: [String!]!, $range: CompareRange!, $asOf: String) {
    stocks(tickers: $tickers) {
      ticker
      ...CompareTable_stocks @arguments(asOf: $asOf)
    }
    stockComparison(tickers: $tickers, range: $range, asOf: $asOf) {
      asOf
      method
      ...CompareChart_comparison
      ...CorrelationMatrix_comparison
    }
  }
`;

const TITLE = "Research & Compare";
/**
 * /research-compare (Pro; the route's gate shows others the spec's gate page): 2–4 stocks
 * (?tickers=, shareable) side by side at the app's as-of day (?asOf=): a chart rebased to 100 with
 * the equal-weight universe, the table of figures (best marked, each linking to its source view),
 * and the correlation of daily returns.
 */
export default function ResearchComparePage() {
  useDocumentTitle(TITLE);
  const { asOf } = useAsOf();
  const [searchParams, setSearchParams] = useSearchParams();
  const tickers = tickersFromParam(searchParams.get("tickers"));
  const range = compareRangeOf(searchParams);
  // The route's query follows the URL: a new choice reloads it, the old answer stays on screen meanwhile.
  const pending = useRouteQueriesPending();
  const update = (changes: Record<string, string>) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      return next;
    });
  const key = `${tickers.join(",")}|${range.value}|${asOf ?? ""}`;
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>Two to four stocks side by side: performance against the equal-weight universe, their figures, and how their daily returns move together.</Lead>
          <AsOfLine />
        </div>
        <Controls>
          <TickerPicker tickers={tickers} min={MIN_TICKERS} max={MAX_TICKERS} onChange={(next) => update({ tickers: next.join(",") })} />
          <RangeGroup role="group" aria-label="Range">
            {RANGES.map((candidate) => (
              <RangeButton key={candidate.param} type="button" aria-pressed={candidate.value === range.value} onClick={() => update({ range: candidate.param })}>
                {candidate.label}
              </RangeButton>
            ))}
          </RangeGroup>
        </Controls>
        <DataErrorBoundary key={key}>
          <Suspense fallback={<PageLoading label="Loading the comparison…" />}>
            <CompareData asOf={asOf} pending={pending} />
          </Suspense>
        </DataErrorBoundary>
      </PageSection>
    </Container>
  );
}

function CompareData({ asOf, pending }: { asOf: string | null; pending: boolean }) {
  const { stocks, stockComparison } = usePreloadedQuery<PageQueryType>(ResearchComparePageQuery, useRouteQuery<PageQueryType>());
  return (
    <Data aria-busy={pending} $pending={pending}>
      <Card aria-labelledby="compare-chart-title">
        <h2 id="compare-chart-title">Performance, rebased to 100</h2>
        {stockComparison ? <CompareChart comparison={stockComparison} /> : <p>The comparison could not be computed.</p>}
      </Card>
      <Card aria-labelledby="compare-table-title">
        <h2 id="compare-table-title">Side by side</h2>
        <CompareTable stocks={stocks} asOf={asOf} />
      </Card>
      <Card aria-labelledby="compare-correlation-title">
        <h2 id="compare-correlation-title">Correlation of daily returns</h2>
        {stockComparison ? <CorrelationMatrix comparison={stockComparison} /> : null}
      </Card>
      {stockComparison ? <Method>{stockComparison.method}</Method> : null}
    </Data>
  );
}

/** Shows why the comparison failed (an unknown ticker is named) instead of the whole page failing. */
class DataErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const details = error instanceof GraphQLRequestError ? error.fieldErrors.map((fieldError) => fieldError.message) : [];
    return (
      <Card role="alert">
        <h2>The comparison could not be loaded</h2>
        {details.length > 0 ? details.map((detail) => <p key={detail}>{detail}</p>) : <p>{error.message}</p>}
        <p>Change the stocks above to try again.</p>
      </Card>
    );
  }
}

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
`;

const RangeGroup = styled.div`
  display: inline-flex;
  gap: 4px;
`;

const RangeButton = styled.button`
  min-width: 48px;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed="true"] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Data = styled.div<{ $pending: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.sm}; }
`;

const Method = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
