// The bundled Market Videos: the stocknewsapi rows of data/news/ whose link is a YouTube video
// (49 rows, 20 April – 7 May 2021, provenance in data/news/PROVENANCE.md). Rows of one video under
// several tickers become one video with all of them (46 videos). The dataset's ticker column is kept
// as the stated tickers; the title and description are also run through the ticker tagger.
// Loaded once per database (snapshot_loads row "videos:stocknewsapi"), from loadNewsSnapshot.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import type { AppDeps } from "../../context";
import { finishedSnapshotLoads, markSnapshotLoaded, snapshotVersion } from "../../db/snapshot-loads";
import { sharedTickerTagger } from "../articles";
import { easternToUtc, newsSnapshotDirectory } from "../snapshot/news-snapshot";
import { enrichVideo } from "./market-videos";
import { standardThumbnail, videoIdOf, type IncomingVideo } from "./parse-video-feed";

export const VIDEO_SNAPSHOT_FILE = "stocknewsapi_ticker_news_2021-04-20_2021-05-08.csv.gz";
export const VIDEO_SNAPSHOT_MARKER = "videos:stocknewsapi";

export type VideoSnapshotRead = { rows: number; videos: IncomingVideo[] };

/** The file's YouTube rows → one video per video id (tickers merged). */
export function readVideoSnapshot(directory = newsSnapshotDirectory): VideoSnapshotRead {
  const raw = fs.readFileSync(path.join(directory, VIDEO_SNAPSHOT_FILE));
  const records = parse(zlib.gunzipSync(raw).toString("utf8"), { columns: true, skip_empty_lines: true, relax_quotes: true }) as Record<string, string>[];
  const byId = new Map<string, IncomingVideo>();
  let rows = 0;
  for (const row of records) {
    const videoId = videoIdOf(row.url);
    if (!videoId) continue;
    rows += 1;
    const seen = byId.get(videoId);
    const ticker = row.ticker?.trim().toUpperCase();
    if (seen) {
      if (ticker && !seen.statedTickers!.includes(ticker)) seen.statedTickers!.push(ticker);
      continue;
    }
    byId.set(videoId, {
      videoId,
      channel: row.source_name?.trim() || "YouTube",
      // The dataset names the channel, not its YouTube id.
      channelId: null,
      title: row.title.trim(),
      description: row.text?.trim() || null,
      // No zone in the file; stocknewsapi serves US Eastern (PROVENANCE.md).
      publishedAt: easternToUtc(row.published),
      // The dataset's image_url is stocknewsapi's CDN copy; YouTube's own thumbnail is used instead.
      thumbnailUrl: standardThumbnail(videoId),
      source: "snapshot",
      feedKey: null,
      statedTickers: ticker ? [ticker] : [],
    });
  }
  return { rows, videos: [...byId.values()] };
}

export type VideoSnapshotLoadResult = { stored: number; skipped: boolean; rows: number; videos: number };

/**
 * Stores the bundled videos not stored yet and marks the load finished; skipped when the marker
 * names this file's version. Resumable (videos are unique by id). The caller holds the snapshot
 * lock (loadNewsSnapshot), so one instance loads at a time.
 */
export async function loadVideoSnapshotUnlocked(
  deps: Pick<AppDeps, "db" | "logger">,
  options: { directory?: string; signal?: AbortSignal } = {},
): Promise<VideoSnapshotLoadResult> {
  const directory = options.directory ?? newsSnapshotDirectory;
  const version = snapshotVersion([path.join(directory, VIDEO_SNAPSHOT_FILE)]);
  const finished = await finishedSnapshotLoads(deps.db);
  if (finished.get(VIDEO_SNAPSHOT_MARKER) === version) return { stored: 0, skipped: true, rows: 0, videos: 0 };
  options.signal?.throwIfAborted();
  const { rows, videos } = readVideoSnapshot(directory);
  const tagger = sharedTickerTagger();
  const result = await deps.db.prisma.marketVideo.createMany({ data: videos.map((video) => enrichVideo(video, tagger)), skipDuplicates: true });
  const total = await deps.db.prisma.marketVideo.count({ where: { source: "snapshot" } });
  await markSnapshotLoaded(deps.db, VIDEO_SNAPSHOT_MARKER, version, total);
  deps.logger.info({ stored: result.count, rows, videos: videos.length }, "market videos snapshot loaded");
  return { stored: result.count, skipped: false, rows, videos: videos.length };
}
