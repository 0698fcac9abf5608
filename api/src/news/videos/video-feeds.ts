// Market Videos' channel list: YouTube's public channel feeds
// (https://www.youtube.com/feeds/videos.xml?channel_id=<id>, Atom with yt: and media: elements).
import { ConfigError, type AppConfig } from "../../config/config";

/** One YouTube channel whose feed is read. */
export type VideoFeedConfig = {
  /** "youtube-<channel id>": the market_video_feeds row (status, ETag) is keyed by it. */
  key: string;
  channelId: string;
  /** The channel's name until its feed has been read (the feed's title is used for its videos). */
  channel: string;
  url: string;
};

export const youtubeFeedUrl = (channelId: string) => `https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}`;

/**
 * The default channels. The ids could not be checked against YouTube from this (offline) machine:
 * each was cross-checked in several public repositories' channel lists (2024–2025 code) that name
 * the same id for the same channel. A wrong or retired id simply shows as a failed feed (HTTP 404)
 * in the channel list; MARKET_VIDEO_CHANNELS replaces the list.
 */
export const DEFAULT_VIDEO_CHANNELS: readonly { channel: string; channelId: string }[] = [
  { channel: "CNBC Television", channelId: "UCrp_UI8XtuYfpiqluWLD7Lw" },
  { channel: "Bloomberg Television", channelId: "UCIALMKvObZNtJ6AmdCLP7Lg" },
  { channel: "Yahoo Finance", channelId: "UCEAZeUIeJs0IjQiqTCdVSIg" },
  { channel: "Reuters", channelId: "UChqUTb7kYRX8-EiaN3XFrSQ" },
];

/** YouTube channel ids: "UC" and 22 more characters of [A-Za-z0-9_-]. */
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

export function videoFeed(channel: string, channelId: string, url = youtubeFeedUrl(channelId)): VideoFeedConfig {
  return { key: `youtube-${channelId.toLowerCase()}`, channelId, channel, url };
}

/**
 * MARKET_VIDEO_CHANNELS → feeds: comma-separated "Name=UC…" or bare "UC…" entries. Every
 * problem is reported by entry ("MARKET_VIDEO_CHANNELS[2] ("xyz"): ...").
 */
export function parseVideoChannels(value: string | undefined): VideoFeedConfig[] {
  if (!value || !value.trim()) return DEFAULT_VIDEO_CHANNELS.map(({ channel, channelId }) => videoFeed(channel, channelId));
  const problems: string[] = [];
  const feeds: VideoFeedConfig[] = [];
  const seen = new Set<string>();
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .forEach((entry, index) => {
      const name = `MARKET_VIDEO_CHANNELS[${index}] (${JSON.stringify(entry)})`;
      const equals = entry.lastIndexOf("=");
      const channel = equals >= 0 ? entry.slice(0, equals).trim() : "";
      const channelId = (equals >= 0 ? entry.slice(equals + 1) : entry).trim();
      if (!CHANNEL_ID.test(channelId)) {
        problems.push(`${name}: the channel id must be "UC" followed by 22 letters, digits, _ or - (e.g. UCrp_UI8XtuYfpiqluWLD7Lw)`);
        return;
      }
      if (channel.length > 100) {
        problems.push(`${name}: the channel name must be at most 100 characters`);
        return;
      }
      if (seen.has(channelId)) {
        problems.push(`${name}: channel ${channelId} is listed twice`);
        return;
      }
      seen.add(channelId);
      feeds.push(videoFeed(channel || channelId, channelId));
    });
  if (problems.length > 0) throw new ConfigError(problems);
  return feeds;
}

export function loadVideoFeedList(news: AppConfig["news"]): VideoFeedConfig[] {
  return parseVideoChannels(news.videoChannels);
}
