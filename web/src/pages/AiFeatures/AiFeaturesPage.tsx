import { Suspense, useEffect, useTransition } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import styled from "styled-components";
import { AiPicksTable, AiPicksTablePreview } from "../../components/AiPicks/AiPicksTable";
import { AiTopPicks } from "../../components/AiPicks/AiTopPicks";
import { AiTrackRecord } from "../../components/AiTrackRecord/AiTrackRecord";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { ErrorBoundary } from "../../components/ErrorBoundary/ErrorBoundary";
import { Notice } from "../../components/Notice/Notice";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { ProFeatureOverlay } from "../../components/ProFeatureOverlay/ProFeatureOverlay";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { EarningsPredictionSection } from "../../components/EarningsPrediction/EarningsPredictionSection";
import { HedgeFundHoldingsSection } from "../../components/HedgeFundHoldings/HedgeFundHoldingsSection";
import { AiProSectionsPreview } from "./AiProSectionsPreview";
import type { AiFeaturesPageQuery as AiFeaturesPageQueryType } from "./__generated__/AiFeaturesPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

// The free top 5 only: past rank 5 the API answers Pro users alone (AiPicksTable asks for those).
export const AiFeaturesPageQuery = graphql`
  query AiFeaturesPageQuery($asOf: String) {
    viewer {
      id
      ...useProAccess_viewer
    }
    aiPicks(first: 5, asOf: $asOf) {
      status
      ...AiTopPicks_connection
    }
    aiTrackRecord {
      ...AiTrackRecord_record
    }
  }
`;

const TITLE = "AI Intelligence";

/** What a section shows when its data fails to load: the rest of the page stays. */
const loadFailed = (what: string) => (
  <Notice tone="danger" title={`${what} could not be loaded`}>
    <p>Reload the page to try again.</p>
  </Notice>
);

/**
 * /ai-features (spec §2): the AI stock picks at the app's as-of day (top 5 for everyone, the whole
 * ranking for Pro) with their published track record; hedge fund 13F holdings and earnings
 * predictions for Pro, shown blurred under the Pro overlay to everyone else.
 */
export default function AiFeaturesPage() {
  useDocumentTitle(TITLE);
  // First: it may suspend until coverage is known, and nothing below should be set up twice.
  const { asOf } = useAsOf();
  // Later days are loaded here (the route's query stays the first one: its shouldRevalidate).
  const [queryRef, loadPageQuery] = useQueryLoader<AiFeaturesPageQueryType>(AiFeaturesPageQuery, useRouteQuery<AiFeaturesPageQueryType>());
  const [isPending, startTransition] = useTransition();
  const upToDate = (queryRef?.variables.asOf ?? null) === asOf;
  // The as-of day is the URL's (the date control, back/forward): load its picks, keeping the
  // current ones on screen (dimmed) until they arrive.
  useEffect(() => {
    if (!upToDate) startTransition(() => loadPageQuery({ asOf }));
  }, [upToDate, asOf, loadPageQuery]);
  const refresh = () => startTransition(() => loadPageQuery({ asOf }, { fetchPolicy: "network-only" }));

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>
            AI-ranked stock picks with their published track record, institutional holdings from 13F filings, and earnings beat probabilities.
          </Lead>
          <AsOfLine />
        </div>
        <Suspense fallback={<PageLoading label="Loading the AI picks…" />}>
          {queryRef ? <AiFeaturesData queryRef={queryRef} pending={isPending || !upToDate} onRefresh={refresh} /> : null}
        </Suspense>
      </PageSection>
    </Container>
  );
}

interface AiFeaturesDataProps {
  queryRef: PreloadedQuery<AiFeaturesPageQueryType>;
  pending: boolean;
  onRefresh: () => void;
}

function AiFeaturesData({ queryRef, pending, onRefresh }: AiFeaturesDataProps) {
  const { viewer, aiPicks, aiTrackRecord } = usePreloadedQuery<AiFeaturesPageQueryType>(AiFeaturesPageQuery, queryRef);
  const hasProAccess = useProAccess(viewer);
  const { asOf } = queryRef.variables;

  return (
    <>
      <Data aria-busy={pending} $pending={pending}>
        <AiTopPicks picks={aiPicks} onRefresh={onRefresh} />
        {aiPicks.status !== "READY" ? null : hasProAccess ? (
          <ErrorBoundary fallback={loadFailed("The full ranking")}>
            <Suspense fallback={<PageLoading label="Loading the full ranking…" />}>
              <AiPicksTable asOf={asOf ?? null} />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <ProFeatureOverlay
            title="Unlock the full AI ranking"
            description="Every ticker the model scored that day, ranked, and sortable by AI score, price, 1-, 3- and 12-month return and RSI."
            preview={<AiPicksTablePreview />}
            headingLevel={3}
          />
        )}
      </Data>
      <AiTrackRecord record={aiTrackRecord} onRefresh={onRefresh} />
      {hasProAccess ? (
        <>
          <ErrorBoundary fallback={loadFailed("The 13F holdings")}>
            <Suspense fallback={<PageLoading label="Loading the 13F holdings…" />}>
              <HedgeFundHoldingsSection />
            </Suspense>
          </ErrorBoundary>
          <ErrorBoundary fallback={loadFailed("The earnings predictions")}>
            <Suspense fallback={<PageLoading label="Loading the earnings predictions…" />}>
              <EarningsPredictionSection />
            </Suspense>
          </ErrorBoundary>
        </>
      ) : (
        <ProFeatureOverlay
          title="Unlock hedge fund holdings and earnings predictions"
          description="See what top funds hold from their SEC 13F filings, and each company's earnings beat probability, consensus EPS and momentum."
          preview={<AiProSectionsPreview />}
        />
      )}
    </>
  );
}

const Data = styled.div<{ $pending: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  transition: opacity 150ms ease;
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
`;

