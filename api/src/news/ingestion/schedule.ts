import { isSkipped, runExclusively, type SkippedPass } from "../../db/run-exclusively";
import { ingestVideos, type VideoIngestionResult } from "../videos/market-videos";
import { loadVideoFeedList, type VideoFeedConfig } from "../videos/video-feeds";
import { loadFeedList, type FeedConfig } from "./feeds";
import { ingestNews, type IngestionDeps, type IngestionResult } from "./ingest-news";

/** pg advisory lock id of the ingestion pass ("news" in ASCII); any app instance on the same database shares it. */
export const INGESTION_LOCK_ID = 0x6e657773;

/**
 * The scheduled pass: exclusive across instances, and skipped when another
 * instance ran one less than `minGapMs` ago (so N instances still make one pass
 * per interval, not N).
 */
export async function runScheduledIngestion(
  deps: IngestionDeps,
  options: {
    feeds?: FeedConfig[];
    /** Market Videos' channel feeds, read in the same pass after the news feeds (none when absent). */
    videoFeeds?: VideoFeedConfig[];
    signal?: AbortSignal;
    minGapMs: number;
    now?: () => Date;
  },
): Promise<(IngestionResult & { videos?: VideoIngestionResult }) | SkippedPass> {
  return runExclusively(deps.db, INGESTION_LOCK_ID, async () => {
    if (options.minGapMs > 0) {
      const latest = await deps.db.prisma.newsFeed.aggregate({ _max: { lastAttemptAt: true } });
      const last = latest._max.lastAttemptAt?.getTime();
      const now = (options.now?.() ?? new Date()).getTime();
      if (last !== undefined && now - last < options.minGapMs) return { skipped: "recent-pass" } satisfies SkippedPass;
    }
    const news = await ingestNews(deps, { feeds: options.feeds, signal: options.signal, now: options.now });
    if (!options.videoFeeds || options.videoFeeds.length === 0) return news;
    const videos = await ingestVideos(deps, { feeds: options.videoFeeds, signal: options.signal, now: options.now });
    return { ...news, videos };
  });
}

/**
 * Runs an ingestion pass every NEWS_INGEST_INTERVAL_MINUTES (0 = off), the first
 * a few seconds after start. The feed list is read and validated now, so a bad
 * NEWS_FEEDS_FILE stops the app at start (ConfigError naming entry and field).
 * Returns stop(): cancels the timer, aborts in-flight requests and resolves
 * when the running pass (if any) has finished.
 */
export function scheduleNewsIngestion(
  deps: IngestionDeps,
  options: { initialDelayMs?: number } = {},
): () => Promise<void> {
  const intervalMinutes = deps.config.news.ingestIntervalMinutes;
  if (intervalMinutes <= 0) {
    deps.logger.info("scheduled news ingestion is off (NEWS_INGEST_INTERVAL_MINUTES=0)");
    return async () => {};
  }
  const feeds = loadFeedList(deps.config.news);
  // Market Videos' YouTube channels (MARKET_VIDEO_CHANNELS, validated now like the feed list).
  const videoFeeds = loadVideoFeedList(deps.config.news);
  const intervalMs = intervalMinutes * 60_000;
  const controller = new AbortController();
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    current = runScheduledIngestion(deps, { feeds, videoFeeds, signal: controller.signal, minGapMs: intervalMs / 2 })
      .then((result) => {
        if (isSkipped(result)) deps.logger.info({ skipped: result.skipped }, "news ingestion pass skipped");
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "news ingestion pass failed"))
      .finally(() => {
        current = undefined;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, options.initialDelayMs ?? 5_000);
  timer.unref();
  deps.logger.info({ feeds: feeds.length, videoFeeds: videoFeeds.length, intervalMinutes }, "scheduled news ingestion");

  return async () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort(new Error("news ingestion stopped"));
    await current;
  };
}
