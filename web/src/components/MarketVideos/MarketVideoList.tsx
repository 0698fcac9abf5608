import { useCallback, useMemo, useState } from "react";
import { graphql, usePaginationFragment, useSubscription } from "react-relay";
import { ConnectionHandler, type GraphQLSubscriptionConfig } from "relay-runtime";
import styled from "styled-components";
import { AsOfLine } from "../AsOfControl/AsOfLine";
import { formatMarketDate } from "../ScreenResults/format";
import { Button } from "../ui/Button";
import { Card, VisuallyHidden } from "../ui/Layout";
import { MarketVideoCard } from "./MarketVideoCard";
import { MarketVideoPlayer } from "./MarketVideoPlayer";
import type { MarketVideoList_query$key } from "./__generated__/MarketVideoList_query.graphql";
import type { MarketVideoListAddedSubscription } from "./__generated__/MarketVideoListAddedSubscription.graphql";

export const VIDEO_PAGE_SIZE = 20;
/** The edge type of Query.marketVideos (used when a live video is prepended). */
const EDGE_TYPE = "QueryMarketVideosConnectionEdge";

export type VideoFilters = { ticker: string | null; channel: string | null; search: string | null };

/**
 * The videos published by the end of the as-of day, newest first, 20 at a time ('Load more'), with
 * the chosen one playing above the list. Live: new videos matching the filters arrive over the
 * subscription and are prepended, marked New (only when the as-of day is today: `live` says the feeds are read).
 */
export function MarketVideoList({
  query,
  filters,
  live,
  onShowDay,
}: {
  query: MarketVideoList_query$key;
  filters: VideoFilters;
  live: boolean;
  onShowDay: (day: string) => void;
}) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment MarketVideoList_query on Query
      @refetchable(queryName: "MarketVideoListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 20 }
        cursor: { type: "String" }
        ticker: { type: "String" }
        channel: { type: "String" }
        search: { type: "String" }
        asOf: { type: "String" }
      ) {
        marketVideos(first: $count, after: $cursor, ticker: $ticker, channel: $channel, search: $search, asOf: $asOf)
          @connection(key: "MarketVideoList_marketVideos", filters: ["ticker", "channel", "search", "asOf"]) {
          __id
          asOf
          firstPublishedOn
          edges {
            node {
              id
              ...MarketVideoCard_video
              ...MarketVideoPlayer_video
            }
          }
        }
      }
    `,
    query,
  );
  const nodes = data.marketVideos.edges.map((edge) => edge.node);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState("");
  const selected = nodes.find((node) => node.id === selectedId) ?? null;
  const onAdded = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    setNewIds((previous) => new Set([...previous, ...ids]));
    setAnnouncement(`${ids.length} new video${ids.length === 1 ? "" : "s"}.`);
  }, []);

  const day = data.marketVideos.asOf ?? null;
  const firstPublishedOn = data.marketVideos.firstPublishedOn ?? null;
  // New videos are published now: they belong on the list only when it runs to today.
  const receivesNew = live && (day === null || day >= new Date().toISOString().slice(0, 10));

  return (
    <Layout>
      <AsOfLine day={day} scope="videos published up to the end of this day (UTC)" />
      {selected ? <MarketVideoPlayer video={selected} /> : null}
      {receivesNew ? (
        <LiveVideos
          filters={filters}
          connectionId={data.marketVideos.__id}
          onAdded={onAdded}
        />
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Card aria-labelledby="market-videos-list-title">
        <h2 id="market-videos-list-title">Videos</h2>
        {nodes.length === 0 ? (
          <>
            <Empty>{day ? `No videos published by ${formatMarketDate(day)} match these filters.` : "No videos match these filters."}</Empty>
            {day && firstPublishedOn && firstPublishedOn > day ? (
              <Button type="button" $variant="secondary" $size="sm" onClick={() => onShowDay(firstPublishedOn)}>
                Show the first videos: as of {formatMarketDate(firstPublishedOn)}
              </Button>
            ) : null}
          </>
        ) : (
          <List>
            {nodes.map((node) => (
              <MarketVideoCard key={node.id} video={node} selected={node.id === selectedId} isNew={newIds.has(node.id)} onPlay={() => setSelectedId(node.id)} />
            ))}
          </List>
        )}
        {hasNext ? (
          <More>
            <Button type="button" $variant="secondary" disabled={isLoadingNext} onClick={() => loadNext(VIDEO_PAGE_SIZE)}>
              {isLoadingNext ? "Loading…" : "Load more"}
            </Button>
          </More>
        ) : null}
      </Card>
    </Layout>
  );
}

/** Subscribes to marketVideosAdded with the page's filters and prepends what is not listed yet. */
function LiveVideos({ filters, connectionId, onAdded }: { filters: VideoFilters; connectionId: string; onAdded: (ids: string[]) => void }) {
  const [status, setStatus] = useState<"live" | "paused">("live");
  const config = useMemo<GraphQLSubscriptionConfig<MarketVideoListAddedSubscription>>(
    () => ({
      subscription: graphql`
        subscription MarketVideoListAddedSubscription($ticker: String, $channel: String, $search: String) {
          marketVideosAdded(ticker: $ticker, channel: $channel, search: $search) {
            id
            publishedAt
            ...MarketVideoCard_video
            ...MarketVideoPlayer_video
          }
        }
      `,
      variables: filters,
      updater: (store, payload) => {
        const connection = store.get(connectionId);
        if (!connection) return;
        const listed = new Set((connection.getLinkedRecords("edges") ?? []).map((edge) => edge?.getLinkedRecord("node")?.getDataID()));
        const fresh = [...(payload?.marketVideosAdded ?? [])]
          .filter((video) => !listed.has(video.id))
          .sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt));
        for (const video of fresh) {
          const node = store.get(video.id);
          if (!node) continue;
          ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, node, EDGE_TYPE));
        }
      },
      onNext: (payload) => onAdded((payload?.marketVideosAdded ?? []).map((video) => video.id)),
      onError: () => setStatus("paused"),
    }),
    [filters, connectionId, onAdded],
  );
  useSubscription(config);
  return (
    <LiveNote>
      {status === "live" ? "Live: new videos from the channels' feeds appear here as they arrive." : "Live updates paused (connection lost). Reload the page to resume."}
    </LiveNote>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.sm};
`;

const LiveNote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
