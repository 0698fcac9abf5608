import { useCallback, useMemo, useState } from "react";
import { graphql, usePaginationFragment, useSubscription } from "react-relay";
import { ConnectionHandler, type GraphQLSubscriptionConfig, type RecordSourceSelectorProxy } from "relay-runtime";
import styled from "styled-components";
import { Button } from "../ui/Button";
import { Card, VisuallyHidden } from "../ui/Layout";
import { Headline } from "./Headline";
import type { HeadlineList_stock$key } from "./__generated__/HeadlineList_stock.graphql";
import type { HeadlineListArticlesAddedSubscription } from "./__generated__/HeadlineListArticlesAddedSubscription.graphql";

export const PAGE_SIZE = 10;

/** The edge type of the articles connection (used when a live article is prepended). */
const EDGE_TYPE = "NewsSentimentArticlesConnectionEdge";

interface HeadlineListProps {
  stock: HeadlineList_stock$key;
  /** Called after live articles were added, so the page can refresh the server's counts. */
  onArticlesAdded?: () => void;
}

/**
 * The window's headlines, newest first, 20 at a time ('Load more'). With live feeds it
 * subscribes to new articles for the ticker, prepends them with a "New" mark and announces them.
 */
export function HeadlineList({ stock, onArticlesAdded }: HeadlineListProps) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment HeadlineList_stock on Stock
      @refetchable(queryName: "HeadlineListPaginationQuery")
      @argumentDefinitions(
        timeframe: { type: "NewsTimeframe", defaultValue: H24 }
        asOf: { type: "String" }
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
      ) {
        ticker
        news(timeframe: $timeframe, asOf: $asOf) {
          mode
          newsCount
          windowStart
          articles(first: $count, after: $cursor) @connection(key: "HeadlineList_articles") {
            __id
            edges {
              node {
                id
                ...Headline_article
              }
            }
          }
        }
      }
    `,
    stock,
  );
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState("");

  const { news } = data;
  const nodes = news.articles.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));
  const live = news.mode !== "SNAPSHOT";

  const onAdded = useCallback(
    (ids: string[]) => {
      if (ids.length === 0) return;
      setNewIds((previous) => new Set([...previous, ...ids]));
      setAnnouncement(`${ids.length} new headline${ids.length === 1 ? "" : "s"} for ${data.ticker}.`);
      onArticlesAdded?.();
    },
    [data.ticker, onArticlesAdded],
  );

  return (
    <Section aria-labelledby="headlines-title">
      <Header>
        <h2 id="headlines-title">Headlines</h2>
        <Count>
          {nodes.length === 0 ? "None in this window" : `Showing ${nodes.length} of ${Math.max(news.newsCount, nodes.length)}`}
        </Count>
      </Header>
      {live ? (
        <LiveHeadlines
          ticker={data.ticker}
          connectionId={news.articles.__id}
          windowStart={news.windowStart}
          onAdded={onAdded}
        />
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {nodes.length > 0 ? (
        <List>
          {nodes.map((node) => (
            <Headline key={node.id} article={node} isNew={newIds.has(node.id)} />
          ))}
        </List>
      ) : (
        <Empty>No headlines to list for {data.ticker} in this window.</Empty>
      )}
      {hasNext ? (
        <More>
          <Button
            type="button"
            $variant="secondary"
            disabled={isLoadingNext}
            onClick={() => loadNext(PAGE_SIZE)}
          >
            {isLoadingNext ? "Loading…" : "Load more"}
          </Button>
        </More>
      ) : null}
    </Section>
  );
}

interface LiveHeadlinesProps {
  ticker: string;
  connectionId: string;
  windowStart: string;
  onAdded: (ids: string[]) => void;
}

/** Subscribes to newsArticlesAdded for the ticker (live feeds only) and prepends what falls in the window. */
function LiveHeadlines({ ticker, connectionId, windowStart, onAdded }: LiveHeadlinesProps) {
  const [status, setStatus] = useState<"live" | "paused">("live");
  const config = useMemo<GraphQLSubscriptionConfig<HeadlineListArticlesAddedSubscription>>(
    () => ({
      subscription: graphql`
        subscription HeadlineListArticlesAddedSubscription($tickers: [String!]!) {
          newsArticlesAdded(tickers: $tickers) {
            id
            publishedAt
            ...Headline_article
          }
        }
      `,
      variables: { tickers: [ticker] },
      updater: (store, payload) => {
        prependArticles(store, connectionId, windowStart, payload?.newsArticlesAdded ?? []);
      },
      onNext: (payload) => {
        const since = Date.parse(windowStart);
        onAdded((payload?.newsArticlesAdded ?? []).filter((article) => inWindow(article.publishedAt, since)).map((article) => article.id));
      },
      onError: () => setStatus("paused"),
    }),
    [ticker, connectionId, windowStart, onAdded],
  );
  useSubscription(config);
  return (
    <LiveNote $paused={status === "paused"}>
      <Dot aria-hidden="true" />
      {status === "live"
        ? "Live: new headlines appear here as they arrive."
        : "Live updates paused (connection lost). Reload the page to resume."}
    </LiveNote>
  );
}

function inWindow(publishedAt: string, since: number): boolean {
  const time = Date.parse(publishedAt);
  return Number.isNaN(since) || (!Number.isNaN(time) && time >= since);
}

/** Prepend new articles to the connection, newest first, skipping ones outside the window or already listed. */
function prependArticles(
  store: RecordSourceSelectorProxy,
  connectionId: string,
  windowStart: string,
  articles: readonly { id: string; publishedAt: string }[],
) {
  const connection = store.get(connectionId);
  if (!connection) return;
  const listed = new Set(
    (connection.getLinkedRecords("edges") ?? []).flatMap((edge) => {
      const id = edge?.getLinkedRecord("node")?.getDataID();
      return id ? [id] : [];
    }),
  );
  const since = Date.parse(windowStart);
  const fresh = articles
    .filter((article) => inWindow(article.publishedAt, since) && !listed.has(article.id))
    .sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt));
  // Oldest first, each inserted at the top: the newest ends up first.
  for (const article of fresh) {
    const node = store.get(article.id);
    if (!node) continue;
    const edge = ConnectionHandler.createEdge(store, connection, node, EDGE_TYPE);
    ConnectionHandler.insertEdgeBefore(connection, edge);
  }
}

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.sm};
  > * { margin-left: ${({ theme }) => theme.space.md}; margin-right: ${({ theme }) => theme.space.md}; }
  > ul { margin: 0; }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  padding: ${({ theme }) => theme.space.md} 0;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const LiveNote = styled.p<{ $paused: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme, $paused }) => ($paused ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span { background: ${({ theme, $paused }) => ($paused ? theme.colors.danger : theme.colors.success)}; }
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  flex: none;
`;
