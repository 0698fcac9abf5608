import { Suspense, useCallback, useEffect, useState, useTransition } from "react";
import { fetchQuery, graphql, usePreloadedQuery, useQueryLoader, useRelayEnvironment, type PreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { AS_OF_PARAM, withAsOfParam } from "../../components/AsOfControl/asOf";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { HeadlineList } from "../../components/HeadlineList/HeadlineList";
import { NewsSummary } from "../../components/NewsSummary/NewsSummary";
import { SnapshotNotice } from "../../components/SnapshotNotice/SnapshotNotice";
import { Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { NewsErrorBoundary } from "./NewsErrorBoundary";
import { NewsPickers } from "./NewsPickers";
import { NewsSkeleton } from "./NewsSkeleton";
import { selectionFromParams, selectionToParams, timeframeByValue, type NewsSelection } from "./newsParams";
import type { NewsAnalysisPageQuery as NewsAnalysisPageQueryType, NewsAnalysisPageQuery$variables } from "./__generated__/NewsAnalysisPageQuery.graphql";
import type { NewsAnalysisPageSummaryQuery as SummaryQueryType } from "./__generated__/NewsAnalysisPageSummaryQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const NewsAnalysisPageQuery = graphql`
  query NewsAnalysisPageQuery($ticker: String!, $timeframe: NewsTimeframe!, $asOf: String) {
    stock(ticker: $ticker) {
      id
      ticker
      name
      news(timeframe: $timeframe, asOf: $asOf) {
        ...SnapshotNotice_news
        ...NewsSummary_news
      }
      ...HeadlineList_stock @arguments(timeframe: $timeframe, asOf: $asOf)
    }
  }
`;

/** The summary alone, re-read after live articles arrive so the counts stay the server's (the list keeps its pages). */
const NewsAnalysisPageSummaryQuery = graphql`
  query NewsAnalysisPageSummaryQuery($ticker: String!, $timeframe: NewsTimeframe!, $asOf: String) {
    stock(ticker: $ticker) {
      id
      news(timeframe: $timeframe, asOf: $asOf) {
        ...SnapshotNotice_news
        ...NewsSummary_news
      }
    }
  }
`;

type Variables = NewsAnalysisPageQuery$variables;

/** The query's variables: the picked ticker and timeframe, as of the view's day (null: the latest news). */
function variablesOf({ ticker, timeframe }: NewsSelection, asOf: string | null): Variables {
  return { ticker, timeframe: timeframe.value, asOf };
}

function sameVariables(a: Variables | undefined, b: Variables): boolean {
  return !!a && a.ticker === b.ticker && a.timeframe === b.timeframe && (a.asOf ?? null) === b.asOf;
}

/** /news-analysis (spec §2): news sentiment for one stock and timeframe, both kept in the URL. */
export default function NewsAnalysisPage() {
  useDocumentTitle("News Analysis");
  // First: it may suspend until coverage is known, and nothing below should be set up twice.
  const { asOf } = useAsOf();
  // Later choices are loaded here (the route's query stays the first one: its shouldRevalidate).
  const initialRef = useRouteQuery<NewsAnalysisPageQueryType>();
  const [queryRef, loadPageQuery] = useQueryLoader<NewsAnalysisPageQueryType>(NewsAnalysisPageQuery, initialRef);
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = selectionFromParams(searchParams);
  const wanted = variablesOf(selection, asOf);
  const [isPending, startTransition] = useTransition();
  const [attempt, setAttempt] = useState(0);

  const upToDate = sameVariables(queryRef?.variables, wanted);
  // The URL is the source of truth (picker, back/forward, a shared link): load what it asks for,
  // keeping the current figures on screen (dimmed) until the new ones arrive.
  useEffect(() => {
    if (upToDate) return;
    startTransition(() => loadPageQuery({ ticker: wanted.ticker, timeframe: wanted.timeframe, asOf: wanted.asOf }));
  }, [upToDate, wanted.ticker, wanted.timeframe, wanted.asOf, loadPageQuery]);

  // The picked stock and timeframe replace theirs in the URL; the as-of day stays.
  const select = (next: NewsSelection) => setSearchParams(withAsOfParam(selectionToParams(next), searchParams.get(AS_OF_PARAM)));
  const retry = () => {
    loadPageQuery(wanted, { fetchPolicy: "network-only" });
    setAttempt((count) => count + 1);
  };

  // A first visit from a shared link: the loader's default query does not match the URL yet.
  const showSkeleton = !queryRef || (queryRef === initialRef && !upToDate);
  const pending = isPending || !upToDate;

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>News Analysis</PageHeading>
          <Lead>
            Sentiment of recent financial news for a stock, scored headline by headline, with the words that moved each score.
          </Lead>
          <AsOfLine />
        </div>
        <NewsPickers selection={selection} onChange={select} pending={pending} />
        <NewsErrorBoundary key={`${wanted.ticker}-${wanted.timeframe}-${wanted.asOf}-${attempt}`} onRetry={retry}>
          <Suspense fallback={<NewsSkeleton />}>
            {showSkeleton || !queryRef ? <NewsSkeleton /> : <NewsData queryRef={queryRef} pending={pending} />}
          </Suspense>
        </NewsErrorBoundary>
      </PageSection>
    </Container>
  );
}

function NewsData({ queryRef, pending }: { queryRef: PreloadedQuery<NewsAnalysisPageQueryType>; pending: boolean }) {
  const { stock } = usePreloadedQuery<NewsAnalysisPageQueryType>(NewsAnalysisPageQuery, queryRef);
  const environment = useRelayEnvironment();
  const { ticker, timeframe, asOf } = queryRef.variables;
  const refreshSummary = useCallback(() => {
    fetchQuery<SummaryQueryType>(environment, NewsAnalysisPageSummaryQuery, { ticker, timeframe, asOf }, { fetchPolicy: "network-only" }).subscribe({
      error: () => {},
    });
  }, [environment, ticker, timeframe, asOf]);

  if (!stock) {
    return <Missing role="alert">No news data is available for {ticker}.</Missing>;
  }
  const window = timeframeByValue(timeframe);
  return (
    <Data aria-busy={pending} $pending={pending}>
      {pending ? <Updating role="status">Updating…</Updating> : null}
      <DataHeading>
        {stock.ticker}
        {stock.name ? <span> · {stock.name}</span> : null}
        <small> · {window.label}</small>
      </DataHeading>
      <SnapshotNotice news={stock.news} />
      <NewsSummary news={stock.news} ticker={stock.ticker} windowPhrase={window.phrase} />
      <HeadlineList stock={stock} onArticlesAdded={refreshSummary} />
    </Data>
  );
}

const Data = styled.div<{ $pending: boolean }>`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  transition: opacity 150ms ease;
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
`;

const DataHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  span { font-weight: 500; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 500; }
`;

const Updating = styled.p`
  position: absolute;
  top: 0;
  right: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const Missing = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
