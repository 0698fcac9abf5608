import { Suspense, useState, useTransition, type FormEvent } from "react";
import { graphql, loadQuery, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useSearchParams } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { AS_OF_PARAM, withAsOfParam } from "../../components/AsOfControl/asOf";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { Field, FieldError, TextInput } from "../../components/FormControls/FormControls";
import { MarketVideoList, type VideoFilters } from "../../components/MarketVideos/MarketVideoList";
import { VideoChannels } from "../../components/MarketVideos/VideoChannels";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { Button } from "../../components/ui/Button";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import FeatureGatePage from "../FeatureGate/FeatureGatePage";
import { GATE_ROUTES } from "../FeatureGate/gates";
import type { MarketVideosPageDataQuery as MarketVideosPageDataQueryType } from "./__generated__/MarketVideosPageDataQuery.graphql";
import type { MarketVideosPageQuery as MarketVideosPageQueryType } from "./__generated__/MarketVideosPageQuery.graphql";

export const MarketVideosPageQuery = graphql`
  query MarketVideosPageQuery {
    viewer {
      id
      ...useProAccess_viewer
    }
  }
`;

/** The Pro data, asked for only once the viewer is known to have Pro (the API refuses it to others). */
export const MarketVideosPageDataQuery = graphql`
  query MarketVideosPageDataQuery($ticker: String, $channel: String, $search: String, $asOf: String) {
    marketVideoChannels {
      name
      status
      ...VideoChannels_channels
    }
    ...MarketVideoList_query @arguments(ticker: $ticker, channel: $channel, search: $search, asOf: $asOf)
  }
`;

export interface MarketVideosLoaderData {
  queryRef: PreloadedQuery<MarketVideosPageQueryType>;
}

export function loader(environment: IEnvironment): MarketVideosLoaderData {
  return { queryRef: loadQuery<MarketVideosPageQueryType>(environment, MarketVideosPageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

const TITLE = "Market Videos";
const gate = GATE_ROUTES.find((route) => route.path === "/market-videos")!;
const TICKER = /^[A-Z][A-Z0-9.-]{0,9}$/;

/**
 * /market-videos: the spec's gate page for visitors and Basic users; for Pro users financial news
 * videos published by the app's as-of day, newest first, filtered by ticker, channel and title words
 * (kept in the URL: ?ticker=, ?channel=, ?q=, with ?asOf=), played in YouTube's privacy-enhanced player.
 */
export default function MarketVideosPage() {
  const { queryRef } = useLoaderData() as MarketVideosLoaderData;
  const { viewer } = usePreloadedQuery<MarketVideosPageQueryType>(MarketVideosPageQuery, queryRef);
  const hasProAccess = useProAccess(viewer);
  if (!hasProAccess) return <FeatureGatePage title={gate.title} description={gate.description} />;
  return <MarketVideos />;
}

function filtersFrom(params: URLSearchParams): VideoFilters {
  const ticker = params.get("ticker")?.trim().toUpperCase() || null;
  return {
    ticker: ticker && TICKER.test(ticker) ? ticker : null,
    channel: params.get("channel")?.trim() || null,
    search: params.get("q")?.trim() || null,
  };
}

function MarketVideos() {
  useDocumentTitle(TITLE);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const { asOf, setAsOf } = useAsOf();
  const [isPending, startTransition] = useTransition();
  const apply = (next: VideoFilters) =>
    startTransition(() => {
      const params: Record<string, string> = {};
      if (next.ticker) params.ticker = next.ticker;
      if (next.channel) params.channel = next.channel;
      if (next.search) params.q = next.search;
      // The as-of day in the URL stays: a filter changes what is shown of that day, not the day.
      setSearchParams(withAsOfParam(new URLSearchParams(params), searchParams.get(AS_OF_PARAM)));
    });
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>Financial news videos from CNBC, Bloomberg, Yahoo Finance and Reuters, tagged with the tickers they discuss.</Lead>
        </div>
        <Suspense fallback={<PageLoading label="Loading the videos…" />}>
          <VideosData filters={filters} asOf={asOf} pending={isPending} onApply={apply} onShowDay={setAsOf} />
        </Suspense>
      </PageSection>
    </Container>
  );
}

interface VideosDataProps {
  filters: VideoFilters;
  asOf: string | null;
  pending: boolean;
  onApply: (filters: VideoFilters) => void;
  /** Moves every as-of page to a day (the date control's setAsOf). */
  onShowDay: (day: string) => void;
}

function VideosData({ filters, asOf, pending, onApply, onShowDay }: VideosDataProps) {
  const data = useLazyLoadQuery<MarketVideosPageDataQueryType>(MarketVideosPageDataQuery, { ...filters, asOf });
  const live = data.marketVideoChannels.some((channel) => channel.status === "OK");
  return (
    <Data aria-busy={pending} $pending={pending}>
      <Filters filters={filters} channels={data.marketVideoChannels.map((channel) => channel.name)} onApply={onApply} />
      <VideoChannels channels={data.marketVideoChannels} />
      <MarketVideoList query={data} filters={filters} live={live} onShowDay={onShowDay} />
    </Data>
  );
}

function Filters({ filters, channels, onApply }: { filters: VideoFilters; channels: readonly string[]; onApply: (filters: VideoFilters) => void }) {
  const [ticker, setTicker] = useState(filters.ticker ?? "");
  const [search, setSearch] = useState(filters.search ?? "");
  const [tickerError, setTickerError] = useState<string | null>(null);
  // The form as shown applies, the channel with it: a channel picked while the previous search
  // still loads (that render's `filters` are the older ones) keeps the ticker and words typed.
  const applyForm = (channel: string | null) => {
    const symbol = ticker.trim().toUpperCase();
    if (symbol && !TICKER.test(symbol)) {
      setTickerError("Enter a ticker symbol such as AAPL or BRK.B.");
      return;
    }
    setTickerError(null);
    onApply({ ticker: symbol || null, channel, search: search.trim() || null });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    applyForm(filters.channel);
  };
  return (
    <FilterCard as="form" role="search" aria-label="Filter videos" onSubmit={submit}>
      <Field>
        <label htmlFor="video-ticker">Ticker</label>
        <TextInput
          id="video-ticker"
          value={ticker}
          placeholder="e.g. AAPL"
          aria-invalid={tickerError ? true : undefined}
          aria-describedby={tickerError ? "video-ticker-error" : undefined}
          onChange={(event) => setTicker(event.target.value)}
        />
        {tickerError ? <FieldError id="video-ticker-error">{tickerError}</FieldError> : null}
      </Field>
      <Field>
        <label htmlFor="video-channel">Channel</label>
        <Select id="video-channel" value={filters.channel ?? ""} onChange={(event) => applyForm(event.target.value || null)}>
          <option value="">All channels</option>
          {channels.map((channel) => (
            <option key={channel} value={channel}>
              {channel}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <label htmlFor="video-search">Search titles</label>
        <TextInput id="video-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field>
      <Button type="submit">Apply</Button>
    </FilterCard>
  );
}

const Data = styled.div<{ $pending: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.sm}; }
`;

const FilterCard = styled(Card)`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

const Select = styled.select`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
