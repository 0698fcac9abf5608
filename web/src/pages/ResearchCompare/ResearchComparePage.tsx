import { Component, Suspense, useTransition, type ReactNode } from "react";
import { graphql, loadQuery, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useSearchParams } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { CompareChart } from "../../components/Compare/CompareChart";
import { CompareTable } from "../../components/Compare/CompareTable";
import { CorrelationMatrix } from "../../components/Compare/CorrelationMatrix";
import { TickerPicker } from "../../components/Compare/TickerPicker";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { GraphQLRequestError } from "../../relay/environment";
import FeatureGatePage from "../FeatureGate/FeatureGatePage";
import { GATE_ROUTES } from "../FeatureGate/gates";
import type { ResearchComparePageDataQuery as DataQueryType, CompareRange } from "./__generated__/ResearchComparePageDataQuery.graphql";
import type { ResearchComparePageQuery as PageQueryType } from "./__generated__/ResearchComparePageQuery.graphql";

export const ResearchComparePageQuery = graphql`
  query ResearchComparePageQuery {
    viewer {
      id
      ...useProAccess_viewer
    }
  }
`;

/** The Pro data, asked for only once the viewer is known to have Pro (the API refuses it to others). */
export const ResearchComparePageDataQuery = graphql`
  query ResearchComparePageDataQuery($tickers: [String!]!, $range: CompareRange!, $asOf: String) {
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

export interface ResearchCompareLoaderData {
  queryRef: PreloadedQuery<PageQueryType>;
}

export function loader(environment: IEnvironment): ResearchCompareLoaderData {
  return { queryRef: loadQuery<PageQueryType>(environment, ResearchComparePageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

const TITLE = "Research & Compare";
export const DEFAULT_TICKERS = ["AAPL", "MSFT", "NVDA"];
export const MIN_TICKERS = 2;
export const MAX_TICKERS = 4;
export const RANGES: { param: string; value: CompareRange; label: string }[] = [
  { param: "1M", value: "M1", label: "1M" },
  { param: "3M", value: "M3", label: "3M" },
  { param: "6M", value: "M6", label: "6M" },
  { param: "1Y", value: "Y1", label: "1Y" },
  { param: "3Y", value: "Y3", label: "3Y" },
];
const DEFAULT_RANGE = RANGES[3];
const gate = GATE_ROUTES.find((route) => route.path === "/research-compare")!;

/**
 * ?tickers=AAPL,MSFT: upper-cased, duplicates dropped, at most MAX_TICKERS; without the parameter
 * the default three, and a single ticker is compared with the first default that is not it.
 */
export function tickersFromParam(param: string | null): string[] {
  const tickers = [...new Set((param ?? "").split(",").map((ticker) => ticker.trim().toUpperCase()).filter(Boolean))].slice(0, MAX_TICKERS);
  if (tickers.length === 0) return DEFAULT_TICKERS;
  for (const ticker of DEFAULT_TICKERS) if (tickers.length < MIN_TICKERS && !tickers.includes(ticker)) tickers.push(ticker);
  return tickers;
}

/**
 * /research-compare: the spec's gate page for visitors and Basic users; for Pro users 2–4 stocks
 * (?tickers=, shareable) side by side at the app's as-of day (?asOf=): a chart rebased to 100 with
 * the equal-weight universe, the table of figures (best marked, each linking to its source view),
 * and the correlation of daily returns.
 */
export default function ResearchComparePage() {
  const { queryRef } = useLoaderData() as ResearchCompareLoaderData;
  const { viewer } = usePreloadedQuery<PageQueryType>(ResearchComparePageQuery, queryRef);
  const hasProAccess = useProAccess(viewer);
  if (!hasProAccess) return <FeatureGatePage title={gate.title} description={gate.description} />;
  return <ResearchCompare />;
}

function ResearchCompare() {
  useDocumentTitle(TITLE);
  const { asOf } = useAsOf();
  const [searchParams, setSearchParams] = useSearchParams();
  const tickers = tickersFromParam(searchParams.get("tickers"));
  const range = RANGES.find((candidate) => candidate.param === searchParams.get("range")?.toUpperCase()) ?? DEFAULT_RANGE;
  const [isPending, startTransition] = useTransition();
  const update = (changes: Record<string, string>) =>
    startTransition(() =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      }),
    );
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
            <CompareData tickers={tickers} range={range.value} asOf={asOf} pending={isPending} />
          </Suspense>
        </DataErrorBoundary>
      </PageSection>
    </Container>
  );
}

function CompareData({ tickers, range, asOf, pending }: { tickers: string[]; range: CompareRange; asOf: string | null; pending: boolean }) {
  const { stocks, stockComparison } = useLazyLoadQuery<DataQueryType>(ResearchComparePageDataQuery, { tickers, range, asOf });
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
