import { Suspense, useCallback, useEffect, useState, useTransition } from "react";
import {
  fetchQuery,
  graphql,
  loadQuery,
  usePreloadedQuery,
  useQueryLoader,
  useRelayEnvironment,
  type PreloadedQuery,
} from "react-relay";
import { useLoaderData, useSearchParams } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { HeadlineList } from "../../components/HeadlineList/HeadlineList";
import { NewsSummary } from "../../components/NewsSummary/NewsSummary";
import { SnapshotNotice } from "../../components/SnapshotNotice/SnapshotNotice";
import { Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { NewsErrorBoundary } from "./NewsErrorBoundary";
import { NewsPickers } from "./NewsPickers";
import { NewsSkeleton } from "./NewsSkeleton";
import {
  selectionFromParams,
  selectionToParams,
  timeframeByValue,
  type NewsSelection,
} from "./newsParams";
import type {
  NewsAnalysisPageQuery as NewsAnalysisPageQueryType,
  NewsAnalysisPageQuery$variables,
} from "./__generated__/NewsAnalysisPageQuery.graphql";
import type { NewsAnalysisPageSummaryQuery as SummaryQueryType } from "./__generated__/NewsAnalysisPageSummaryQuery.graphql";

export const NewsAnalysisPageQuery = graphql`
  query NewsAnalysisPageQuery($ticker: String!, $timeframe: NewsTimeframe!) {
    stock(ticker: $ticker) {
      id
      ticker
      name
      news(timeframe: $timeframe) {
        ...SnapshotNotice_news
        ...NewsSummary_news
      }
      ...HeadlineList_stock @arguments(timeframe: $timeframe)
    }
  }
`;

/** The summary alone, re-read after live articles arrive so the counts stay the server's (the list keeps its pages). */
const NewsAnalysisPageSummaryQuery = graphql`
  query NewsAnalysisPageSummaryQuery($ticker: String!, $timeframe: NewsTimeframe!) {
    stock(ticker: $ticker) {
      id
      news(timeframe: $timeframe) {
        ...SnapshotNotice_news
        ...NewsSummary_news
      }
    }
  }
`;

type Variables = NewsAnalysisPageQuery$variables;

function variablesOf({ ticker, timeframe }: NewsSelection): Variables {
  return { ticker, timeframe: timeframe.value };
}

export interface NewsAnalysisLoaderData {
  queryRef: PreloadedQuery<NewsAnalysisPageQueryType>;
}

/**
 * Starts the page query before the page renders, for the ticker and timeframe in the URL when the
 * router passes its request (otherwise AAPL, 24h; the page then loads what the URL asks for).
 */
export function loader(environment: IEnvironment, args?: { request: Request }): NewsAnalysisLoaderData {
  const params = args ? new URL(args.request.url).searchParams : new URLSearchParams();
  const variables = variablesOf(selectionFromParams(params));
  return { queryRef: loadQuery<NewsAnalysisPageQueryType>(environment, NewsAnalysisPageQuery, variables) };
}

function sameVariables(a: Variables | undefined, b: Variables): boolean {
  return !!a && a.ticker === b.ticker && a.timeframe === b.timeframe;
}

/** /news-analysis (spec §2): news sentiment for one stock and timeframe, both kept in the URL. */
export default function NewsAnalysisPage() {
  useDocumentTitle("News Analysis");
  const { queryRef: loaderRef } = useLoaderData() as NewsAnalysisLoaderData;
  // The router's loader runs again on every search change; this page loads its own queries after the first.
  const [initialRef] = useState(loaderRef);
  const [queryRef, loadPageQuery] = useQueryLoader<NewsAnalysisPageQueryType>(NewsAnalysisPageQuery, initialRef);
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = selectionFromParams(searchParams);
  const wanted = variablesOf(selection);
  const [isPending, startTransition] = useTransition();
  const [attempt, setAttempt] = useState(0);

  const upToDate = sameVariables(queryRef?.variables, wanted);
  // The URL is the source of truth (picker, back/forward, a shared link): load what it asks for,
  // keeping the current figures on screen (dimmed) until the new ones arrive.
  useEffect(() => {
    if (upToDate) return;
    startTransition(() => loadPageQuery({ ticker: wanted.ticker, timeframe: wanted.timeframe }));
  }, [upToDate, wanted.ticker, wanted.timeframe, loadPageQuery]);

  const select = (next: NewsSelection) => setSearchParams(selectionToParams(next));
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
        </div>
        <NewsPickers selection={selection} onChange={select} pending={pending} />
        <NewsErrorBoundary key={`${wanted.ticker}-${wanted.timeframe}-${attempt}`} onRetry={retry}>
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
  const { ticker, timeframe } = queryRef.variables;
  const refreshSummary = useCallback(() => {
    fetchQuery<SummaryQueryType>(environment, NewsAnalysisPageSummaryQuery, { ticker, timeframe }, { fetchPolicy: "network-only" }).subscribe({
      error: () => {},
    });
  }, [environment, ticker, timeframe]);

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
