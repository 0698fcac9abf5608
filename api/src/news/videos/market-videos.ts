// Market Videos (Pro): financial news videos from channels' YouTube feeds and the bundled snapshot.
// Videos are tagged with tickers and scored by the news code (tagging/, sentiment/), stored once
// per YouTube video id in market_videos, and listed newest first with ticker, channel and title filters.
import { resolveCursorConnection, type ResolveCursorConnectionArgs } from "@pothos/plugin-relay";
import { z } from "zod";
import { endOfDay } from "@shared/as-of";
import type { AppDeps } from "../../context";
import type { Database } from "../../db/database";
import { intInRange } from "../../errors/int-range";
import { parseInput } from "../../errors/validation";
import { resolveAsOfDay } from "../../market-data/as-of";
import type { MarketVideo, MarketVideoFeed, Prisma } from "../../generated/prisma/client";
import { mapWithConcurrency } from "../../shared/map-with-concurrency";
import { formerTickers } from "../../shared/symbols/former-tickers";
import { sharedTickerTagger } from "../articles";
import { asFeedFailure, attemptFeed, type FeedAttempt, type FeedFailureReason } from "../ingestion/fetch-feed";
import { scoreText } from "../sentiment/scorer";
import type { TickerTagger } from "../tagging/ticker-tagger";
import { parseVideoFeed, watchUrl, type IncomingVideo } from "./parse-video-feed";
import { loadVideoFeedList, type VideoFeedConfig } from "./video-feeds";

/** How the bundled videos are labelled wherever they are shown. */
export const VIDEO_SNAPSHOT_LABEL = "bundled snapshot, April–May 2021";

// ---------------------------------------------------------------------------------------------
// Tagging, scoring, storing

/**
 * Channel descriptions end in boilerplate (subscribe links, social handles, the channel's own
 * name): only the text before the first link or "»"/"Subscribe" is tagged with the title.
 */
export function taggableDescription(description: string | null | undefined): string {
  if (!description) return "";
  const cut = description.search(/https?:\/\/|»|\bsubscribe\b|\bfollow us\b/i);
  return (cut >= 0 ? description.slice(0, cut) : description).trim().slice(0, 600);
}

/** Tickers as news of those years wrote them → today's (FB → META), as the tagger maps them. */
const currentTicker = (ticker: string) => formerTickers[ticker.trim().toUpperCase()] ?? ticker.trim().toUpperCase();

/** Tags and scores a video as a headline is: tickers from title and description, the score from the title. */
export function enrichVideo(video: IncomingVideo, tagger: TickerTagger = sharedTickerTagger()): Prisma.MarketVideoCreateManyInput {
  const title = video.title.replace(/\s+/g, " ").trim();
  const description = video.description?.replace(/\s+/g, " ").trim() || null;
  const taggable = taggableDescription(description);
  const stated = [...new Set((video.statedTickers ?? []).map(currentTicker))];
  const tagged = tagger.tag(taggable ? `${title}\n${taggable}` : title).map((tag) => tag.ticker);
  const sentiment = scoreText(title);
  return {
    videoId: video.videoId,
    channel: video.channel,
    channelId: video.channelId,
    title,
    url: watchUrl(video.videoId),
    thumbnailUrl: video.thumbnailUrl,
    publishedAt: video.publishedAt,
    description,
    tickers: [...new Set([...stated, ...tagged])],
    statedTickers: stated,
    score: Math.round(sentiment.score * 1000) / 1000,
    label: sentiment.label,
    source: video.source,
    feedKey: video.feedKey,
  };
}

/** Stores videos once each (unique by video id) and returns the ones that were new. */
export async function storeVideos(db: Database, videos: Prisma.MarketVideoCreateManyInput[]): Promise<MarketVideo[]> {
  if (videos.length === 0) return [];
  return db.prisma.marketVideo.createManyAndReturn({ data: videos, skipDuplicates: true });
}

// ---------------------------------------------------------------------------------------------
// Ingestion: one pass over the configured channel feeds

export type VideoIngestionDeps = Pick<AppDeps, "config" | "db" | "logger" | "newsEvents">;

export type VideoFeedOutcome = {
  key: string;
  channel: string;
  ok: boolean;
  reason?: FeedFailureReason;
  detail?: string;
  notModified?: boolean;
  items: number;
  stored: number;
  skipped?: number;
  durationMs: number;
};

export type VideoIngestionResult = { feeds: VideoFeedOutcome[]; stored: number; durationMs: number; fetchMs: number };

export type VideoIngestOptions = {
  /** Default: MARKET_VIDEO_CHANNELS or the default channels. */
  feeds?: VideoFeedConfig[];
  concurrency?: number;
  signal?: AbortSignal;
  tagger?: TickerTagger;
  now?: () => Date;
};

/**
 * Reads every configured channel feed (conditional GET, deadline and size cap as the news feeds),
 * stores the videos not stored yet (one row per video id, whichever feed or the snapshot brought
 * it first), records each feed's status in market_video_feeds and publishes the new videos.
 * Network first, then processing, as ingestNews does; one feed's failure never stops the others.
 */
export async function ingestVideos(deps: VideoIngestionDeps, options: VideoIngestOptions = {}): Promise<VideoIngestionResult> {
  const started = performance.now();
  const feeds = options.feeds ?? loadVideoFeedList(deps.config.news);
  const rows = await syncVideoFeedRows(deps.db, feeds);
  const tagger = options.tagger ?? sharedTickerTagger();
  const fetchStarted = performance.now();
  const attempts = await mapWithConcurrency(feeds, options.concurrency ?? 4, (feed) => attemptFeed(feed.url, rows.get(feed.key), deps.config.news, options));
  const fetchMs = Math.round(performance.now() - fetchStarted);
  const outcomes: VideoFeedOutcome[] = [];
  for (const [index, feed] of feeds.entries()) outcomes.push(await processVideoFeed(deps, feed, attempts[index], tagger));
  const result = {
    feeds: outcomes,
    stored: outcomes.reduce((sum, outcome) => sum + outcome.stored, 0),
    durationMs: Math.round(performance.now() - started),
    fetchMs,
  };
  deps.logger.info(
    {
      feeds: outcomes.length,
      failed: outcomes.filter((outcome) => !outcome.ok).map((outcome) => `${outcome.key}: ${outcome.reason}`),
      stored: result.stored,
      durationMs: result.durationMs,
    },
    "market video ingestion pass",
  );
  return result;
}

async function processVideoFeed(deps: VideoIngestionDeps, feed: VideoFeedConfig, attempt: FeedAttempt, tagger: TickerTagger): Promise<VideoFeedOutcome> {
  const { attemptAt, fetchedAt } = attempt;
  const processingStarted = performance.now();
  const elapsed = () => Math.round(attempt.fetchMs + performance.now() - processingStarted);
  const base = { key: feed.key, channel: feed.channel };
  try {
    if (attempt.error !== undefined) throw attempt.error;
    const fetched = attempt.fetched!;
    if (fetched.status === "not-modified") {
      await deps.db.prisma.marketVideoFeed.update({
        where: { key: feed.key },
        data: { lastAttemptAt: attemptAt, lastSuccessAt: fetchedAt, lastNewCount: 0 },
      });
      return { ...base, ok: true, notModified: true, items: 0, stored: 0, durationMs: elapsed() };
    }
    const parsed = await parseVideoFeed(fetched.body, feed, { fetchedAt, contentType: fetched.contentType });
    const known = await deps.db.prisma.marketVideo.findMany({
      where: { videoId: { in: parsed.videos.map((video) => video.videoId) } },
      select: { videoId: true },
    });
    const knownIds = new Set(known.map((video) => video.videoId));
    const created = await storeVideos(
      deps.db,
      parsed.videos.filter((video) => !knownIds.has(video.videoId)).map((video) => enrichVideo(video, tagger)),
    );
    await deps.db.prisma.marketVideoFeed.update({
      where: { key: feed.key },
      data: {
        ...(parsed.channel ? { channel: parsed.channel } : {}),
        lastAttemptAt: attemptAt,
        lastSuccessAt: fetchedAt,
        lastItemCount: parsed.itemCount,
        lastNewCount: created.length,
        etag: fetched.etag,
        lastModified: fetched.lastModified,
      },
    });
    if (created.length > 0) deps.newsEvents.publish("news:videos", created);
    return { ...base, ok: true, items: parsed.itemCount, stored: created.length, ...(parsed.skipped > 0 ? { skipped: parsed.skipped } : {}), durationMs: elapsed() };
  } catch (error) {
    const { failure, expected } = asFeedFailure(error);
    if (expected) {
      deps.logger.warn({ feed: feed.key, url: feed.url, reason: failure.reason, detail: failure.detail }, "market video feed failed");
    } else {
      deps.logger.error({ err: error, feed: feed.key, url: feed.url }, "market video feed ingestion failed unexpectedly");
    }
    await deps.db.prisma.marketVideoFeed
      .update({ where: { key: feed.key }, data: { lastAttemptAt: attemptAt, lastErrorAt: attemptAt, lastError: failure.message.slice(0, 500) } })
      .catch((statusError: unknown) => deps.logger.error({ err: statusError, feed: feed.key }, "could not record the market video feed's status"));
    return { ...base, ok: false, reason: failure.reason, detail: failure.detail, items: 0, stored: 0, durationMs: elapsed() };
  }
}

/** Creates the market_video_feeds row of each configured channel; a changed URL forgets the old ETag. */
async function syncVideoFeedRows(db: Database, feeds: VideoFeedConfig[]): Promise<Map<string, MarketVideoFeed>> {
  const existing = await db.prisma.marketVideoFeed.findMany({ where: { key: { in: feeds.map((feed) => feed.key) } } });
  const rows = new Map(existing.map((row) => [row.key, row]));
  const missing = feeds.filter((feed) => !rows.has(feed.key));
  if (missing.length > 0) {
    await db.prisma.marketVideoFeed.createMany({
      data: missing.map(({ key, url, channel, channelId }) => ({ key, url, channel, channelId })),
      skipDuplicates: true,
    });
  }
  for (const feed of feeds) {
    const row = rows.get(feed.key);
    if (row && row.url !== feed.url) {
      await db.prisma.marketVideoFeed.update({ where: { key: feed.key }, data: { url: feed.url, etag: null, lastModified: null } });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Listing

/** marketVideos(first:, last:): 1 to 50 videos a page. */
export const MARKET_VIDEOS_PAGE = { min: 1, max: 50, default: 20 } as const;

const pageSize = (field: string) => intInRange(field, MARKET_VIDEOS_PAGE).nullish();
const cursor = z
  .string()
  .max(200, "must be a cursor from an earlier page")
  .refine((value) => decodeVideoCursor(value) !== null, "must be a cursor from an earlier page (pageInfo.endCursor or startCursor)")
  .nullish();
const filterSchema = z.object({
  first: pageSize("first"),
  last: pageSize("last"),
  after: cursor,
  before: cursor,
  ticker: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9.-]{0,9}$/, "must be a ticker symbol such as AAPL or BRK.B")
    .nullish(),
  channel: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").nullish(),
  search: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").nullish(),
});

export type MarketVideoFilters = { ticker?: string | null; channel?: string | null; search?: string | null };
export type MarketVideoArgs = { first?: number | null; last?: number | null; after?: string | null; before?: string | null } & MarketVideoFilters;

/** A page cursor: the video's place in the newest-first order (published time, then id). */
export function encodeVideoCursor(video: Pick<MarketVideo, "publishedAt" | "id">): string {
  return Buffer.from(`MV:${video.publishedAt.toISOString()}|${video.id}`, "utf8").toString("base64url");
}

export function decodeVideoCursor(value: string): { publishedAt: Date; id: string } | null {
  const match = /^MV:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/.exec(Buffer.from(value, "base64url").toString("utf8"));
  if (!match) return null;
  const publishedAt = new Date(match[1]);
  return Number.isNaN(publishedAt.getTime()) ? null : { publishedAt, id: match[2] };
}

/** Validates marketVideos' arguments: BAD_USER_INPUT naming each bad field and its rule. */
export function parseMarketVideoArgs(args: MarketVideoArgs): MarketVideoFilters {
  const parsed = parseInput(filterSchema, args);
  return { ticker: parsed.ticker ? currentTicker(parsed.ticker) : null, channel: parsed.channel ?? null, search: parsed.search ?? null };
}

export function marketVideosWhere(filters: MarketVideoFilters): Prisma.MarketVideoWhereInput {
  return {
    ...(filters.ticker ? { tickers: { has: filters.ticker } } : {}),
    ...(filters.channel ? { channel: { equals: filters.channel, mode: "insensitive" } } : {}),
    ...(filters.search
      ? { AND: filters.search.split(/\s+/).filter(Boolean).slice(0, 8).map((word) => ({ title: { contains: word, mode: "insensitive" as const } })) }
      : {}),
  };
}

/** Older than the cursor in the newest-first order (or newer, for `before`). */
function beyond(position: { publishedAt: Date; id: string }, direction: "lt" | "gt"): Prisma.MarketVideoWhereInput {
  return { OR: [{ publishedAt: { [direction]: position.publishedAt } }, { publishedAt: position.publishedAt, id: { [direction]: position.id } }] };
}

/**
 * marketVideos: a Relay connection, newest first (published time, then id), filtered, of the videos
 * published by the end of the as-of day (the one asked for, else the app's default day), which it names.
 */
export async function listMarketVideos(db: Database, args: MarketVideoArgs & { asOf?: string | null }) {
  const filters = parseMarketVideoArgs(args);
  const asOf = await resolveAsOfDay(db, args.asOf, "default");
  const published: Prisma.MarketVideoWhereInput = asOf ? { publishedAt: { lte: endOfDay(asOf) } } : {};
  const connection = await resolveCursorConnection(
    { args, toCursor: encodeVideoCursor, defaultSize: MARKET_VIDEOS_PAGE.default, maxSize: MARKET_VIDEOS_PAGE.max },
    ({ after, before, limit, inverted }: ResolveCursorConnectionArgs) => {
      const afterPosition = after ? decodeVideoCursor(after) : null;
      const beforePosition = before ? decodeVideoCursor(before) : null;
      const order = inverted ? "asc" : "desc";
      return db.prisma.marketVideo.findMany({
        where: {
          AND: [marketVideosWhere(filters), published, ...(afterPosition ? [beyond(afterPosition, "lt")] : []), ...(beforePosition ? [beyond(beforePosition, "gt")] : [])],
        },
        orderBy: [{ publishedAt: order }, { id: order }],
        take: limit,
      });
    },
  );
  // Asked only when a page is empty: the day a reader can move to for the first matching video.
  const firstPublishedOn = async () => {
    const first = await db.prisma.marketVideo.findFirst({ where: marketVideosWhere(filters), orderBy: { publishedAt: "asc" }, select: { publishedAt: true } });
    return first ? first.publishedAt.toISOString().slice(0, 10) : null;
  };
  return { ...connection, asOf, firstPublishedOn };
}

export function matchesFilters(video: Pick<MarketVideo, "tickers" | "channel" | "title">, filters: MarketVideoFilters): boolean {
  if (filters.ticker && !video.tickers.includes(filters.ticker)) return false;
  if (filters.channel && video.channel.toLowerCase() !== filters.channel.toLowerCase()) return false;
  if (filters.search) {
    const title = video.title.toLowerCase();
    if (!filters.search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => title.includes(word))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Channels and their status

export type MarketVideoChannelView = {
  name: string;
  channelId: string | null;
  /** ok | failed | pending (configured feeds) or snapshot (only in the bundled snapshot). */
  status: "ok" | "failed" | "pending" | "snapshot";
  feedUrl: string | null;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  videoCount: number;
  snapshotVideoCount: number;
  newestAt: Date | null;
};

/**
 * Every configured channel with its feed's status, and every channel that has stored videos
 * (the snapshot's channels included), by name. A channel is ok when its last success is later
 * than its last error.
 */
export async function marketVideoChannels(deps: Pick<AppDeps, "config" | "db">): Promise<MarketVideoChannelView[]> {
  const feeds = loadVideoFeedList(deps.config.news);
  const [rows, counts] = await Promise.all([
    deps.db.prisma.marketVideoFeed.findMany({ where: { key: { in: feeds.map((feed) => feed.key) } } }),
    deps.db.prisma.marketVideo.groupBy({ by: ["channel", "source"], _count: { _all: true }, _max: { publishedAt: true } }),
  ]);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const channels = new Map<string, MarketVideoChannelView>();
  for (const feed of feeds) {
    const row = byKey.get(feed.key);
    const name = row?.channel ?? feed.channel;
    const status = !row?.lastSuccessAt && !row?.lastErrorAt ? "pending" : row.lastSuccessAt && (!row.lastErrorAt || row.lastSuccessAt >= row.lastErrorAt) ? "ok" : "failed";
    channels.set(name.toLowerCase(), {
      name,
      channelId: feed.channelId,
      status,
      feedUrl: feed.url,
      lastSuccessAt: row?.lastSuccessAt ?? null,
      lastErrorAt: row?.lastErrorAt ?? null,
      lastError: row?.lastError ?? null,
      videoCount: 0,
      snapshotVideoCount: 0,
      newestAt: null,
    });
  }
  for (const count of counts) {
    const key = count.channel.toLowerCase();
    const channel =
      channels.get(key) ??
      ({
        name: count.channel,
        channelId: null,
        status: "snapshot",
        feedUrl: null,
        lastSuccessAt: null,
        lastErrorAt: null,
        lastError: null,
        videoCount: 0,
        snapshotVideoCount: 0,
        newestAt: null,
      } satisfies MarketVideoChannelView);
    channel.videoCount += count._count._all;
    if (count.source === "snapshot") channel.snapshotVideoCount += count._count._all;
    const newest = count._max.publishedAt;
    if (newest && (!channel.newestAt || newest > channel.newestAt)) channel.newestAt = newest;
    channels.set(key, channel);
  }
  return [...channels.values()].sort((a, b) => b.videoCount - a.videoCount || a.name.localeCompare(b.name));
}
