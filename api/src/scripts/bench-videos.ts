// `npm run bench:videos [-- --runs 5]`: Market Videos' ingestion numbers.
// One ingestion pass over the configured video channels (MARKET_VIDEO_CHANNELS or the defaults),
// each served from 127.0.0.1 as a recorded-format YouTube feed generated from the real fixture
// (api/src/news/ingestion/fixtures/youtube_channel_google_2015-05-04.xml: its 15 entries with the
// channel's id and name, and video ids made unique per channel). Measured:
//  1. a first pass into empty tables (fetch, parse, tag, score, store): the cold one (the process's
//     first, JIT and PGlite warming up) apart, then the median and max of --runs warm ones;
//  2. a second pass (conditional GET: every feed answers 304);
//  3. a pass with every video already stored (no ETag sent: parse + one lookup per feed);
//  4. the bundled video snapshot's load (49 rows → 46 videos) and its no-op repeat.
// The ticker tagger is built once before timing (its ~0.5 s build is reported apart).
// Runs on an in-memory copy of the migrated PGlite template. Progress on stderr; the report (tables,
// then one JSON line) on stdout.
import { benchEnvironment, log, median, printReport, runBench, timed } from "../bench/harness";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { projectRoot } from "../config/project-root";
import { databaseOnPGlite, type Database } from "../db/database";
import { createLogger } from "../logging/logger";
import { sharedTickerTagger } from "../news/articles";
import { createNewsEvents } from "../news/news-events";
import { ingestVideos, type VideoIngestionResult } from "../news/videos/market-videos";
import { loadVideoFeedList, videoFeed, type VideoFeedConfig } from "../news/videos/video-feeds";
import { VIDEO_SNAPSHOT_MARKER, loadVideoSnapshot } from "../news/videos/video-snapshot";
import { loadTemplateDatabase, templateFile } from "../../test/template-database";

const fixture = fs.readFileSync(path.join(projectRoot, "api", "src", "news", "ingestion", "fixtures", "youtube_channel_google_2015-05-04.xml"), "utf8");
const FIXTURE_CHANNEL = "UCK8sQmJBp8GCxrOtXWBpyEA";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Math.max(1, Number(args.runs) || 5);

async function openBenchDatabase(): Promise<Database> {
  if (!fs.existsSync(templateFile())) {
    log("building the migrated PGlite template (once)...");
    execFileSync(process.execPath, [require.resolve("tsx/cli"), path.join(projectRoot, "api", "src", "scripts", "build-db-template.ts")], { stdio: "inherit" });
  }
  return databaseOnPGlite(await loadTemplateDatabase());
}

/** The fixture as `feed`'s channel would serve it: its id and name, and video ids of its own. */
function channelFeed(feed: VideoFeedConfig, index: number): string {
  const ids = [...new Set([...fixture.matchAll(/<yt:videoId>([^<]+)<\/yt:videoId>/g)].map((match) => match[1]))];
  let text = fixture.replaceAll(FIXTURE_CHANNEL, feed.channelId).replace("<title>Google</title>", `<title>${feed.channel}</title>`);
  ids.forEach((id, position) => {
    text = text.replaceAll(id, `c${index}v${String(position).padStart(2, "0")}${id}`.slice(0, 11));
  });
  return text;
}

async function startServer(feeds: VideoFeedConfig[]) {
  const bodies = new Map(feeds.map((feed, index) => [feed.channelId, channelFeed(feed, index)]));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const channelId = url.searchParams.get("channel_id") ?? "";
    const body = bodies.get(channelId);
    if (!body) {
      res.writeHead(404);
      return res.end();
    }
    const etag = `"${channelId}"`;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag });
      return res.end();
    }
    res.writeHead(200, { "content-type": "application/atom+xml; charset=UTF-8", etag });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feeds/videos.xml`;
  return {
    localFeeds: feeds.map((feed) => videoFeed(feed.channel, feed.channelId, `${base}?channel_id=${feed.channelId}`)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const summary = (result: VideoIngestionResult) => ({
  durationMs: result.durationMs,
  fetchMs: result.fetchMs,
  stored: result.stored,
  items: result.feeds.reduce((sum, feed) => sum + feed.items, 0),
  notModified: result.feeds.filter((feed) => feed.notModified).length,
  failed: result.feeds.filter((feed) => !feed.ok).map((feed) => `${feed.key}: ${feed.reason}`),
});

async function main() {
  const environment = benchEnvironment("PGlite (in memory, from the migrated template)");
  const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent" });
  const feeds = loadVideoFeedList(config.news);
  const [tagger, taggerMs] = await timed(() => sharedTickerTagger());
  const taggerBuildMs = Math.round(taggerMs);
  const db = await openBenchDatabase();
  const server = await startServer(feeds);
  const deps = { config, db, logger: createLogger(config), newsEvents: createNewsEvents() };
  try {
    log(`video ingestion: ${feeds.length} channels (${feeds.map((feed) => feed.channel).join(", ")}) on 127.0.0.1, ${runs} runs...`);
    const firstPasses: ReturnType<typeof summary>[] = [];
    for (let run = 0; run <= runs; run += 1) {
      await db.prisma.marketVideo.deleteMany();
      await db.prisma.marketVideoFeed.deleteMany();
      firstPasses.push(summary(await ingestVideos(deps, { feeds: server.localFeeds, tagger })));
      log(`  first pass ${run === 0 ? "(cold)" : run}: ${firstPasses.at(-1)!.durationMs} ms, stored ${firstPasses.at(-1)!.stored}`);
    }
    const conditional = summary(await ingestVideos(deps, { feeds: server.localFeeds, tagger }));
    log(`  second pass (conditional GET): ${conditional.durationMs} ms, ${conditional.notModified} × 304`);
    await db.prisma.marketVideoFeed.updateMany({ data: { etag: null, lastModified: null } });
    const known = summary(await ingestVideos(deps, { feeds: server.localFeeds, tagger }));
    log(`  pass with every video known (no ETag): ${known.durationMs} ms, stored ${known.stored}`);

    const snapshotStarted = performance.now();
    const snapshot = await loadVideoSnapshot(deps);
    const snapshotMs = Math.round(performance.now() - snapshotStarted);
    const repeatStarted = performance.now();
    await loadVideoSnapshot(deps);
    const snapshotRepeatMs = Math.round(performance.now() - repeatStarted);
    await db.prisma.snapshotLoad.deleteMany({ where: { name: VIDEO_SNAPSHOT_MARKER } });
    log(`  snapshot: ${snapshot.rows} rows → ${snapshot.videos} videos, stored ${snapshot.stored} in ${snapshotMs} ms; repeat ${snapshotRepeatMs} ms`);

    const [cold, ...warm] = firstPasses;
    const durations = warm.map((pass) => pass.durationMs);
    const firstPass = {
      coldMs: cold.durationMs,
      warmRuns: runs,
      warmMedianMs: median(durations),
      warmMaxMs: Math.max(...durations),
      warmFetchMsMedian: median(warm.map((pass) => pass.fetchMs)),
      stored: cold.stored,
      items: cold.items,
      failed: cold.failed,
    };
    const passRow = (name: string, pass: ReturnType<typeof summary>) => [name, pass.durationMs, pass.fetchMs, pass.items, pass.stored, pass.notModified, pass.failed.join(", ")];
    printReport({
      bench: "videos",
      environment,
      tables: [
        {
          title: `Video ingestion: ${feeds.length} channels on 127.0.0.1 (the ticker tagger built before timing, in ${taggerBuildMs} ms)`,
          columns: ["pass", "ms", "network ms", "items", "stored", "304s", "failed"],
          rows: [
            passRow("first pass, cold (the process's first)", cold),
            [`first pass, warm: median of ${runs}`, firstPass.warmMedianMs, firstPass.warmFetchMsMedian, cold.items, cold.stored, "", ""],
            [`first pass, warm: max of ${runs}`, firstPass.warmMaxMs, "", "", "", "", ""],
            passRow("second pass (conditional GET)", conditional),
            passRow("every video known (no ETag)", known),
          ],
        },
        {
          title: "Bundled video snapshot",
          columns: ["load", "ms", "rows", "videos", "stored"],
          rows: [
            ["first", snapshotMs, snapshot.rows, snapshot.videos, snapshot.stored],
            ["repeat (no-op)", snapshotRepeatMs, "", "", ""],
          ],
        },
      ],
      results: {
        channels: feeds.map((feed) => feed.channel),
        taggerBuildMs,
        firstPass,
        conditionalPass: conditional,
        allKnownPass: known,
        snapshot: { rows: snapshot.rows, videos: snapshot.videos, stored: snapshot.stored, loadMs: snapshotMs, repeatMs: snapshotRepeatMs },
      },
    });
  } finally {
    await server.close();
    await db.close();
  }
}

runBench(main);
