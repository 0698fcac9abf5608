// The bundled Market Videos: the stocknewsapi rows of data/news/ whose link is a YouTube video
// (49 rows, 20 April – 7 May 2021, provenance in data/news/PROVENANCE.md). Rows of one video under
// several tickers become one video with all of them (46 videos). The dataset's ticker column is kept
// as the stated tickers; the title and description are also run through the ticker tagger.
// Loaded once per database (snapshot_loads row "videos:stocknewsapi") at start-up, its own snapshot.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { snapshotVersion } from "../../db/snapshot-loads";
import { defineSnapshot, type LoadControl, type SnapshotDeps } from "../../startup/define-snapshot";
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

export type VideoSnapshotLoadResult = { stored: number; rows: number; videos: number };

/**
 * The bundled videos not stored yet, once per database and file version (videos are unique by id,
 * so an interrupted load resumes without duplicates).
 */
export const videoSnapshot = defineSnapshot({
  name: VIDEO_SNAPSHOT_MARKER,
  title: "market videos",
  // "vdsn" in ASCII
  lockId: 0x7664736e,
  weight: 0.5,
  enabled: (config) => config.news.loadSnapshot,
  version: ({ directory = newsSnapshotDirectory }: { directory?: string }) => snapshotVersion([path.join(directory, VIDEO_SNAPSHOT_FILE)]),
  load: async (deps, options) => {
    options.signal?.throwIfAborted();
    const { rows, videos } = readVideoSnapshot(options.directory);
    const tagger = sharedTickerTagger();
    const result = await deps.db.prisma.marketVideo.createMany({ data: videos.map((video) => enrichVideo(video, tagger)), skipDuplicates: true });
    deps.logger.info({ stored: result.count, rows, videos: videos.length }, "market videos snapshot loaded");
    return { stored: result.count, rows, videos: videos.length };
  },
  markerRows: ({ db }) => db.prisma.marketVideo.count({ where: { source: "snapshot" } }),
  nothingLoaded: { stored: 0, videos: 0 },
});

export const loadVideoSnapshot = (deps: SnapshotDeps, options: { directory?: string; force?: boolean } & LoadControl = {}) =>
  videoSnapshot.run(deps, options);
