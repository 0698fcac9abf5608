import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { SentimentBadge } from "../SentimentBadge/SentimentBadge";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { Badge } from "../ui/Layout";
import { VideoThumbnail } from "./VideoThumbnail";
import type { MarketVideoCard_video$key } from "./__generated__/MarketVideoCard_video.graphql";

interface MarketVideoCardProps {
  video: MarketVideoCard_video$key;
  selected: boolean;
  isNew?: boolean;
  onPlay: () => void;
}

/** One video in the list: thumbnail (or placeholder), title, channel, time, tickers, sentiment, source. */
export function MarketVideoCard({ video, selected, isNew, onPlay }: MarketVideoCardProps) {
  const data = useFragment(
    graphql`
      fragment MarketVideoCard_video on MarketVideo {
        videoId
        title
        channel
        publishedAt
        thumbnailUrl
        statedTickers
        taggedTickers
        score
        label
        source
        sourceLabel
      }
    `,
    video,
  );
  return (
    <Item $selected={selected}>
      <PlayButton type="button" onClick={onPlay} aria-pressed={selected} aria-label={`Play: ${data.title}`}>
        <VideoThumbnail src={data.thumbnailUrl} title={data.title} />
      </PlayButton>
      <Body>
        <h3>
          {isNew ? <Badge>New</Badge> : null} {data.title}
        </h3>
        <Meta>
          {data.channel} · <time dateTime={data.publishedAt}>{formatDateTime(data.publishedAt)}</time>
          {data.source === "SNAPSHOT" ? <Source title="From the bundled offline snapshot, not a live feed">{data.sourceLabel}</Source> : null}
        </Meta>
        <Tags>
          <SentimentBadge score={data.score} label={data.label} />
          {data.statedTickers.map((ticker) => (
            <Ticker key={ticker} title="Ticker stated by the source">
              {ticker}
            </Ticker>
          ))}
          {data.taggedTickers.map((ticker) => (
            <Ticker key={ticker} $tagged title="Ticker found in the title or description by our tagger">
              {ticker}
            </Ticker>
          ))}
        </Tags>
      </Body>
    </Item>
  );
}

const Item = styled.li<{ $selected: boolean }>`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : "transparent")};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.surfaceMuted : "transparent")};
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: 0 0 ${({ theme }) => theme.space.xs}; }
`;

const PlayButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
  border-radius: 8px;
`;

const Body = styled.div`
  min-width: 0;
`;

const Meta = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
`;

const Source = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  padding: 0 6px;
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
  align-items: center;
`;

const Ticker = styled.span<{ $tagged?: boolean }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px ${({ $tagged }) => ($tagged ? "dashed" : "solid")} ${({ theme }) => theme.colors.border};
`;
