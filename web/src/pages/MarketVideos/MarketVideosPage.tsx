import { Suspense, useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { AS_OF_PARAM, withAsOfParam } from "../../components/AsOfControl/asOf";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { Field, FieldError, TextInput } from "../../components/FormControls/FormControls";
import { MarketVideoList, type VideoFilters } from "../../components/MarketVideos/MarketVideoList";
import { VideoChannels } from "../../components/MarketVideos/VideoChannels";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { Button } from "../../components/ui/Button";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRouteQueriesPending, useRouteQuery } from "../../routing/routeQueries";
import { isTickerSymbol, videoFiltersOf } from "./videoParams";
import type { MarketVideosPageQuery as MarketVideosPageQueryType } from "./__generated__/MarketVideosPageQuery.graphql";

/** The channels' state and the videos published by the as-of day that match the URL's filters. */
export const MarketVideosPageQuery = graphql`
  query MarketVideosPageQuery($ticker: String, $channel: String, $search: String, $asOf: String) {
    marketVideoChannels {
      name
      status
      ...VideoChannels_channels
    }
    ...MarketVideoList_query @arguments(ticker: $ticker, channel: $channel, search: $search, asOf: $asOf)
  }
`;

const TITLE = "Market Videos";

/**
 * /market-videos (Pro; the route's gate shows others the spec's gate page): financial news
 * videos published by the app's as-of day, newest first, filtered by ticker, channel and title words
 * (kept in the URL: ?ticker=, ?channel=, ?q=, with ?asOf=), played in YouTube's privacy-enhanced player.
 */
export default function MarketVideosPage() {
  useDocumentTitle(TITLE);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = videoFiltersOf(searchParams);
  const { setAsOf } = useAsOf();
  // The route's query follows the URL: a new choice reloads it, the old answer stays on screen meanwhile.
  const pending = useRouteQueriesPending();
  const apply = (next: VideoFilters) => {
    const params: Record<string, string> = {};
    if (next.ticker) params.ticker = next.ticker;
    if (next.channel) params.channel = next.channel;
    if (next.search) params.q = next.search;
    // The as-of day in the URL stays: a filter changes what is shown of that day, not the day.
    setSearchParams(withAsOfParam(new URLSearchParams(params), searchParams.get(AS_OF_PARAM)));
  };
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>Financial news videos from CNBC, Bloomberg, Yahoo Finance and Reuters, tagged with the tickers they discuss.</Lead>
        </div>
        <Suspense fallback={<PageLoading label="Loading the videos…" />}>
          <VideosData filters={filters} pending={pending} onApply={apply} onShowDay={setAsOf} />
        </Suspense>
      </PageSection>
    </Container>
  );
}

interface VideosDataProps {
  filters: VideoFilters;
  pending: boolean;
  onApply: (filters: VideoFilters) => void;
  /** Moves every as-of page to a day (the date control's setAsOf). */
  onShowDay: (day: string) => void;
}

function VideosData({ filters, pending, onApply, onShowDay }: VideosDataProps) {
  const data = usePreloadedQuery<MarketVideosPageQueryType>(MarketVideosPageQuery, useRouteQuery<MarketVideosPageQueryType>());
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
    if (symbol && !isTickerSymbol(symbol)) {
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
