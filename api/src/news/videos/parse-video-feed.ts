// A YouTube channel feed (Atom with yt:videoId, yt:channelId and a media:group per entry) → videos.
// Parsed with rss-parser like the news feeds, with the same sniffing and failure reasons.
import Parser from "rss-parser";
import { FeedFailure } from "../ingestion/fetch-feed";
import { capText, sniffFeed, textOf } from "../ingestion/parse-feed";
import { toPlainText } from "../ingestion/plain-text";
import type { VideoFeedConfig } from "./video-feeds";

/** A video as a feed or the snapshot delivers it, before tagging and scoring. */
export type IncomingVideo = {
  videoId: string;
  channel: string;
  channelId: string | null;
  title: string;
  description: string | null;
  publishedAt: Date;
  thumbnailUrl: string | null;
  source: "youtube" | "snapshot";
  feedKey: string | null;
  /** Tickers the source itself states (the snapshot's ticker column). */
  statedTickers?: string[];
};

export type ParsedVideoFeed = {
  /** The channel's name as the feed gives it. */
  channel: string | null;
  itemCount: number;
  videos: IncomingVideo[];
  /** Entries left out: no video id, no title, or no usable date. */
  skipped: number;
};

const DESCRIPTION_MAX_CHARS = 1000;
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** YouTube video ids: 11 characters of [A-Za-z0-9_-]. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

type VideoItem = { id?: unknown; videoId?: unknown; channelId?: unknown; mediaGroup?: Record<string, unknown[]> };

const parser: Parser<{ "yt:channelId"?: unknown }, VideoItem> = new Parser({
  customFields: {
    feed: ["yt:channelId"],
    item: [
      ["yt:videoId", "videoId"],
      ["yt:channelId", "channelId"],
      ["media:group", "mediaGroup"],
    ],
  },
});

export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
/** YouTube's standard thumbnail for a video (what the feeds' media:thumbnail points at). */
export const standardThumbnail = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;

/** The video id of a youtube.com/watch?v=, youtu.be/ or /embed/ link, or null. */
export function videoIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    const host = parsed.hostname.replace(/^www\.|^m\./, "");
    const id =
      host === "youtube.com" || host === "youtube-nocookie.com"
        ? (parsed.searchParams.get("v") ?? /^\/(?:embed|shorts|v)\/([^/?#]+)/.exec(parsed.pathname)?.[1])
        : host === "youtu.be"
          ? parsed.pathname.slice(1)
          : null;
    return id && VIDEO_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Only YouTube's thumbnail hosts over https are kept (anything else is replaced by the standard one). */
function youtubeThumbnail(url: string, videoId: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" && /(^|\.)ytimg\.com$/.test(parsed.hostname)) return parsed.toString();
  } catch {
    // fall through
  }
  return standardThumbnail(videoId);
}

/**
 * Parses a YouTube channel feed. Throws FeedFailure "not-a-feed" or "malformed-xml" as the news
 * feeds do. Entries without a video id (yt:videoId, else the "yt:video:<id>" id, else the link),
 * title or usable date are skipped and counted.
 */
export async function parseVideoFeed(body: string, feed: VideoFeedConfig, options: { fetchedAt: Date; contentType?: string | null }): Promise<ParsedVideoFeed> {
  const text = body.replace(/^\uFEFF/, "").trimStart();
  sniffFeed(text, options.contentType ?? null);
  let output: Parser.Output<VideoItem> & { "yt:channelId"?: unknown };
  try {
    output = await parser.parseString(text);
  } catch (error) {
    const message = ((error as Error)?.message ?? String(error)).replace(/\s*\n\s*/g, ", ").trim();
    if (/not recognized as RSS/i.test(message)) throw new FeedFailure("not-a-feed", "the XML is neither RSS nor Atom");
    throw new FeedFailure("malformed-xml", message.slice(0, 300));
  }
  const channel = toPlainText(textOf(output.title), 200) || null;
  const channelId = textOf(output["yt:channelId"]) || feed.channelId;
  const videos: IncomingVideo[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const item of output.items ?? []) {
    const videoId = [textOf(item.videoId), textOf(item.id).replace(/^yt:video:/, "")].find((id) => VIDEO_ID.test(id)) ?? videoIdOf(textOf(item.link));
    const group = item.mediaGroup;
    const title = toPlainText(textOf(item.title) || textOf(group?.["media:title"]?.[0]), 500);
    const dateText = item.isoDate ?? item.pubDate;
    const date = dateText ? new Date(dateText) : null;
    if (!videoId || !title || !date || Number.isNaN(date.getTime())) {
      skipped += 1;
      continue;
    }
    if (seen.has(videoId)) continue;
    seen.add(videoId);
    const thumbnail = (group?.["media:thumbnail"]?.[0] as { $?: { url?: string } } | undefined)?.$?.url;
    const description = toPlainText(textOf(group?.["media:description"]?.[0]), DESCRIPTION_MAX_CHARS * 2);
    videos.push({
      videoId,
      channel: toPlainText(textOf((item as { author?: unknown }).author), 200) || channel || feed.channel,
      channelId: textOf(item.channelId) || channelId,
      title,
      description: description ? capText(description, DESCRIPTION_MAX_CHARS) : null,
      publishedAt: date.getTime() > options.fetchedAt.getTime() + FUTURE_TOLERANCE_MS ? options.fetchedAt : date,
      thumbnailUrl: thumbnail ? youtubeThumbnail(thumbnail, videoId) : standardThumbnail(videoId),
      source: "youtube",
      feedKey: feed.key,
    });
  }
  return { channel, itemCount: output.items?.length ?? 0, videos, skipped };
}
