import { Component, Suspense, useEffect, useState, type ReactNode } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { Link, useLocation } from "react-router-dom";
import styled from "styled-components";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { HeadlineList } from "../../components/HeadlineList/HeadlineList";
import { Notice } from "../../components/Notice/Notice";
import { PriceChart } from "../../components/PriceChart/PriceChart";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { DataSourceLine } from "../../components/ScreenResults/DataSourceLine";
import { formatMarketDate } from "../../components/ScreenResults/format";
import { useScoreMethodology } from "../../components/ScreenResults/ScoreHelp";
import type { StockLinkState } from "../../components/ScreenResults/TickerCell";
import { formatDateTime } from "../../components/SentimentBadge/sentiment";
import { SentimentBadge } from "../../components/SentimentBadge/SentimentBadge";
import { Button } from "../../components/ui/Button";
import { Card, Container, PageHeading, PageSection } from "../../components/ui/Layout";
import { AddToWatchlist } from "../../components/Watchlist/AddToWatchlist";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";
import { StockFigures } from "./StockFigures";
import { StockFundamentals } from "./StockFundamentals";
import { StockResearchLinks } from "./StockResearchLinks";
import type { StockDetailPageQuery as StockDetailPageQueryType } from "./__generated__/StockDetailPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const StockDetailPageQuery = graphql`
  query StockDetailPageQuery($ticker: String!, $days: Int!, $asOf: String) {
    stock(ticker: $ticker) {
      id
      ticker
      name
      technicals(asOf: $asOf) {
        asOf
        source
        isSnapshot
        ...StockFigures_technicals
      }
      priceHistory(days: $days, asOf: $asOf) {
        ...PriceChart_history
      }
      fundamentals(asOf: $asOf) {
        ...StockFundamentals_fundamentals
      }
      news(timeframe: D7, asOf: $asOf) {
        asOf
        mode
        newsCount
        sentimentScore
        sentimentLabel
      }
      ...HeadlineList_stock @arguments(timeframe: D7, asOf: $asOf)
    }
    screenMethodology {
      ...ScoreHelp_methodology
    }
    viewer {
      ...useProAccess_viewer
      ...AddToWatchlist_viewer
    }
  }
`;

/** Only same-site paths are followed back (the state could be anything a link put there). */
function backTarget(state: unknown): string {
  const backTo = (state as Partial<StockLinkState> | null)?.backTo;
  return typeof backTo === "string" && backTo.startsWith("/") && !backTo.startsWith("//") ? backTo : "/screener";
}

/**
 * /stocks/:ticker — a stock's price chart with SMA overlays, its key figures, links to the app's
 * other views of it and its latest headlines.
 */
export default function StockDetailPage() {
  const loaderRef = useRouteQuery<StockDetailPageQueryType>();
  const { asOf } = useAsOf();
  const [ownRef, loadOwn] = useQueryLoader<StockDetailPageQueryType>(StockDetailPageQuery);
  const wanted = { ...loaderRef.variables, asOf };
  const isWanted = (ref: PreloadedQuery<StockDetailPageQueryType> | null | undefined): ref is PreloadedQuery<StockDetailPageQueryType> =>
    !!ref && ref.variables.ticker === wanted.ticker && (ref.variables.asOf ?? null) === asOf;
  // A retry, or the default day learned after the loader ran (the app's first page), replaces the
  // loader's reference until the router loads another ticker or day.
  const queryRef = isWanted(ownRef) ? ownRef : isWanted(loaderRef) ? loaderRef : null;
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const ticker = loaderRef.variables.ticker;
  useDocumentTitle(`${ticker} · Stock detail`);
  useEffect(() => {
    if (!queryRef) loadOwn({ ticker: wanted.ticker, days: wanted.days, asOf: wanted.asOf });
  }, [queryRef, loadOwn, wanted.ticker, wanted.days, wanted.asOf]);

  const retry = () => {
    loadOwn(wanted, { fetchPolicy: "network-only" });
    setAttempt((count) => count + 1);
  };

  return (
    <Container>
      <PageSection>
        <BackLink to={backTarget(location.state)}>← Back to results</BackLink>
        <AsOfLine />
        <StockErrorBoundary key={`${ticker}-${asOf}-${attempt}`} ticker={ticker} onRetry={retry}>
          <Suspense fallback={<PageLoading label={`Loading ${ticker}…`} />}>
            {queryRef ? <StockDetail queryRef={queryRef} /> : <PageLoading label={`Loading ${ticker}…`} />}
          </Suspense>
        </StockErrorBoundary>
      </PageSection>
    </Container>
  );
}

function StockDetail({ queryRef }: { queryRef: PreloadedQuery<StockDetailPageQueryType> }) {
  const { stock, screenMethodology, viewer } = usePreloadedQuery<StockDetailPageQueryType>(StockDetailPageQuery, queryRef);
  const { technicalScoreFormula, momentumRule } = useScoreMethodology(screenMethodology);
  const hasProAccess = useProAccess(viewer);
  if (!stock) return <NotFound ticker={queryRef.variables.ticker} />;
  const { technicals, news } = stock;

  return (
    <>
      <Heading>
        <PageHeading>
          {stock.ticker} <span>· {stock.name}</span>
        </PageHeading>
        {technicals ? (
          <DataSourceLine source={technicals.source} asOf={technicals.asOf} isSnapshot={technicals.isSnapshot} />
        ) : null}
        <AddToWatchlist viewer={viewer} ticker={stock.ticker} />
      </Heading>
      <StockResearchLinks ticker={stock.ticker} showProMarks={!hasProAccess} />

      {technicals ? (
        <Overview>
          <ChartCard aria-label={`${stock.ticker} price chart`}>
            <PriceChart history={stock.priceHistory} ticker={stock.ticker} />
          </ChartCard>
          <StockFigures technicals={technicals} technicalScoreFormula={technicalScoreFormula} momentumRule={momentumRule} />
        </Overview>
      ) : (
        <Notice title={`No price data for ${stock.ticker}`}>
          <p>
            No daily prices are stored for {stock.ticker}
            {queryRef.variables.asOf ? ` on or before ${formatMarketDate(queryRef.variables.asOf)}` : ""}, so there is no chart and no
            indicators. Its news is below.
          </p>
        </Notice>
      )}

      {stock.fundamentals ? <StockFundamentals fundamentals={stock.fundamentals} /> : null}

      <NewsLine>
        <strong>News sentiment, last 7 days:</strong>
        {news.newsCount === 0 ? (
          <span>no headlines mention {stock.ticker}</span>
        ) : (
          <>
            <SentimentBadge score={news.sentimentScore} label={news.sentimentLabel} />
            <span>
              {news.newsCount} {news.newsCount === 1 ? "article" : "articles"}
            </span>
          </>
        )}
        <Muted>
          {news.mode === "SNAPSHOT" ? "Offline news snapshot, to " : "To "}
          {formatDateTime(news.asOf)}
        </Muted>
      </NewsLine>
      <HeadlineList stock={stock} />
    </>
  );
}

function NotFound({ ticker, reason }: { ticker: string; reason?: string }) {
  return (
    <Missing role="alert">
      <h1>No stock found for “{ticker}”</h1>
      <p>{reason ?? "That ticker is not in the US-listed symbol lists this app knows."}</p>
      <p>
        Check the spelling, or pick a ticker from the <Link to="/screener">screener results</Link>.
      </p>
    </Missing>
  );
}

interface StockErrorBoundaryProps {
  ticker: string;
  onRetry: () => void;
  children: ReactNode;
}

/** An unknown or malformed ticker reads as not found; anything else gets a short message and a retry. */
class StockErrorBoundary extends Component<StockErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof GraphQLRequestError && error.code === "BAD_USER_INPUT") {
      const reason = error.fieldErrors.find((fieldError) => fieldError.field === "ticker")?.message;
      return <NotFound ticker={this.props.ticker} reason={reason} />;
    }
    return (
      <Missing role="alert">
        <h1>{this.props.ticker} could not be loaded</h1>
        <p>{error instanceof GraphQLRequestError ? error.message : GENERIC_ERROR_MESSAGE}</p>
        <Button type="button" onClick={this.props.onRetry}>
          Try again
        </Button>
      </Missing>
    );
  }
}

const BackLink = styled(Link)`
  justify-self: start;
  font-weight: 600;
`;

const Heading = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  h1 span { font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Overview = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr);
    align-items: start;
  }
`;

const ChartCard = styled(Card)`
  padding: ${({ theme }) => theme.space.md};
`;

const NewsLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Missing = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  h1 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;
