import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { feedTrouble } from "../SnapshotNotice/feedTrouble";
import type { VideoChannels_channels$data, VideoChannels_channels$key } from "./__generated__/VideoChannels_channels.graphql";

export type VideoChannel = VideoChannels_channels$data[number];

const CHANNEL_FEEDS = { one: "YouTube channel feed", many: "YouTube channel feeds", all: "YouTube" };

const STATUS_TEXT: Record<string, string> = {
  OK: "feed read",
  // Why is said once above the list, in plain words (feedTrouble).
  FAILED: "feed not updating",
  PENDING: "feed not read yet",
  SNAPSHOT: "snapshot only",
};

/** Where the videos come from: each channel, its feed's status and how many videos it has. */
export function VideoChannels({ channels }: { channels: VideoChannels_channels$key }) {
  const data = useFragment(
    graphql`
      fragment VideoChannels_channels on MarketVideoChannel @relay(plural: true) {
        name
        status
        lastSuccessAt
        problem
        videoCount
        snapshotVideoCount
        newestAt
      }
    `,
    channels,
  );
  const feeds = data.filter((channel) => channel.status !== "SNAPSHOT");
  const liveRead = feeds.some((channel) => channel.status === "OK");
  const snapshotVideos = data.reduce((sum, channel) => sum + channel.snapshotVideoCount, 0);
  const trouble = feedTrouble(feeds, CHANNEL_FEEDS);
  // With no feed read, every stored video is from the snapshot: the newest is how current it is.
  const snapshotAsOf = data.reduce<string | null>((newest, channel) => (channel.newestAt && (!newest || channel.newestAt > newest) ? channel.newestAt : newest), null);
  return (
    <Note role="note" aria-label="About these videos">
      <p>
        {snapshotVideos > 0 ? (
          <>
            {snapshotVideos} videos are the <strong>bundled snapshot, April–May 2021</strong> (stocknewsapi items linking to YouTube, with the
            tickers the dataset states; our tagger may add more, shown dashed).{" "}
          </>
        ) : null}
        {liveRead
          ? `Newer videos come from the channels' public YouTube feeds.${trouble ? ` ${trouble}.` : ""}`
          : `${trouble ?? "No channel feed is configured"}; showing the bundled snapshot${snapshotAsOf ? ` (as of ${formatDateTime(snapshotAsOf)})` : ""}.`}
      </p>
      <ul aria-label="Channels">
        {data.map((channel) => (
          <li key={channel.name}>
            <strong>{channel.name}</strong>: {STATUS_TEXT[channel.status] ?? channel.status}
            {channel.status === "OK" && channel.lastSuccessAt ? ` (${formatDateTime(channel.lastSuccessAt)})` : ""}
            , {channel.videoCount} video{channel.videoCount === 1 ? "" : "s"}
          </li>
        ))}
      </ul>
    </Note>
  );
}

const Note = styled.aside`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  ul { margin: 0; padding-left: 1.2em; }
`;
