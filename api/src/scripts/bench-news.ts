// `npm run bench:news [-- --timeout-ms 2000 --seconds 3]`: the news pipeline's numbers.
//  1. headlines scored per second on one core (scoreText over real headlines from
//     data/news/, or the recorded feed fixtures when that folder is absent),
//     and full enrichment (tag + score + analyst action) per second;
//  2. one ingestion pass over every configured feed (NEWS_FEEDS_FILE or the
//     defaults) served from 127.0.0.1 with recorded real feed XML, one feed
//     hanging: pass time against the per-feed timeout; then a second pass
//     (conditional GET, 304s);
//  3. summary query latency (bench-news-summary.ts: the snapshot plus 12,000 generated articles).
// Runs on an in-memory copy of the migrated PGlite template (the summary on its own temporary
// PGlite folder). Progress on stderr; the report (tables, then one JSON line with every number) on stdout.
import { benchEnvironment, log, printReport, runBench } from "../bench/harness";
import { NEWS_SUMMARY_DATABASE, benchNewsSummary, newsSummaryTable } from "./bench-news-summary";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { loadConfig } from "../config/config";
import { projectRoot } from "../config/project-root";
import { databaseOnPGlite, type Database } from "../db/database";
import { createLogger } from "../logging/logger";
import { enrichArticle, sharedTickerTagger } from "../news/articles";
import { loadFeedList, type FeedConfig } from "../news/ingestion/feeds";
import { ingestNews, type IngestionResult } from "../news/ingestion/ingest-news";
import { parseFeedDocument } from "../news/ingestion/parse-feed";
import { createNewsEvents } from "../news/news-events";
import { scoreText } from "../news/sentiment/scorer";
import { loadTemplateDatabase, templateFile } from "../../test/template-database";

const fixtureDir = path.join(projectRoot, "api", "src", "news", "ingestion", "fixtures");
const newsDataDir = path.join(projectRoot, "data", "news");

const { values: args } = parseArgs({
  options: { "timeout-ms": { type: "string", default: "2000" }, seconds: { type: "string", default: "3" } },
});
const timeoutMs = Number(args["timeout-ms"]);
const measureSeconds = Number(args.seconds);

/** Headline texts from data/news/ (any title / headline / headlines column), else the feed fixtures' titles. */
async function loadHeadlines(): Promise<{ headlines: string[]; from: string[] }> {
  const headlines: string[] = [];
  const from: string[] = [];
  if (fs.existsSync(newsDataDir)) {
    for (const name of fs.readdirSync(newsDataDir).sort()) {
      const file = path.join(newsDataDir, name);
      let text: string;
      try {
        const bytes = fs.readFileSync(file);
        text = (name.endsWith(".gz") ? zlib.gunzipSync(bytes) : bytes).toString("utf8");
      } catch {
        continue;
      }
      const before = headlines.length;
      if (/\.json(\.gz)?$/.test(name)) {
        const rows = JSON.parse(text) as Record<string, unknown>[];
        if (Array.isArray(rows)) {
          for (const row of rows) {
            const value = row.headline ?? row.title;
            if (typeof value === "string" && value.trim()) headlines.push(value.trim());
          }
        }
      } else if (/\.csv(\.gz)?$/.test(name)) {
        const rows = parseCsv(text, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<string, string>[];
        const column = ["title", "headline", "headlines"].find((candidate) => rows[0] && candidate in rows[0]);
        if (column) for (const row of rows) if (row[column]?.trim()) headlines.push(row[column].trim());
      }
      if (headlines.length > before) from.push(`data/news/${name} (${headlines.length - before})`);
    }
  }
  if (headlines.length > 0) return { headlines, from };
  for (const name of fs.readdirSync(fixtureDir).filter((file) => file.endsWith(".xml"))) {
    const feed: FeedConfig = { key: name, url: "http://localhost/", kind: "news", source: "bench" };
    const parsed = await parseFeedDocument(fs.readFileSync(path.join(fixtureDir, name), "utf8"), feed, { fetchedAt: new Date() });
    headlines.push(...parsed.articles.map((article) => article.title));
    from.push(`fixtures/${name} (${parsed.articles.length})`);
  }
  return { headlines, from };
}

/** Calls `work(headline)` round-robin for about `seconds`; returns calls per second. */
function ratePerSecond(headlines: string[], seconds: number, work: (headline: string) => unknown): number {
  for (let i = 0; i < Math.min(2_000, headlines.length); i++) work(headlines[i]); // warm-up (JIT)
  let calls = 0;
  const started = performance.now();
  const budget = seconds * 1000;
  while (performance.now() - started < budget) {
    for (let i = 0; i < 1_000; i++) work(headlines[(calls + i) % headlines.length]);
    calls += 1_000;
  }
  return Math.round(calls / ((performance.now() - started) / 1000));
}

async function openBenchDatabase(): Promise<Database> {
  if (!fs.existsSync(templateFile())) {
    log("building the migrated PGlite template (once)...");
    execFileSync(process.execPath, [require.resolve("tsx/cli"), path.join(projectRoot, "api", "src", "scripts", "build-db-template.ts")], {
      stdio: "inherit",
    });
  }
  return databaseOnPGlite(await loadTemplateDatabase());
}

/** Serves recorded feeds for every configured feed key (fixtures in rotation, ETag-aware); the first feed hangs. */
async function startFeedServer(feeds: FeedConfig[]) {
  const fixtures = fs
    .readdirSync(fixtureDir)
    .filter((name) => name.endsWith(".xml"))
    .sort()
    .map((name) => ({ name, body: fs.readFileSync(path.join(fixtureDir, name)) }));
  const hangingKey = feeds[0].key;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? "/").slice(1));
    const index = feeds.findIndex((feed) => feed.key === key);
    if (index < 0) {
      res.writeHead(404);
      return res.end();
    }
    if (key === hangingKey) return void open.add(res); // never answers
    const fixture = fixtures[index % fixtures.length];
    const etag = `"${fixture.name}"`;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag });
      return res.end();
    }
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag });
    res.end(fixture.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hangingKey,
    localFeeds: feeds.map((feed) => ({ ...feed, url: `${base}/${encodeURIComponent(feed.key)}` })),
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function passSummary(result: IngestionResult) {
  return {
    durationMs: result.durationMs,
    fetchMs: result.fetchMs,
    processingMs: result.durationMs - result.fetchMs,
    stored: result.stored,
    ok: result.feeds.filter((feed) => feed.ok).length,
    notModified: result.feeds.filter((feed) => feed.notModified).length,
    failed: result.feeds.filter((feed) => !feed.ok).map((feed) => `${feed.key}: ${feed.reason}`),
    // What reading the feeds one after another would have cost (each feed's fetch + processing time).
    sequentialEstimateMs: result.feeds.reduce((sum, feed) => sum + feed.durationMs, 0),
  };
}

async function main() {
  const environment = benchEnvironment(`PGlite (in memory, from the migrated template); the summary: ${NEWS_SUMMARY_DATABASE}`);
  const results: Record<string, unknown> = {};

  // 1. Scoring rate (one core: this loop is single-threaded).
  const { headlines, from } = await loadHeadlines();
  log(`scoring ${headlines.length} headlines from ${from.join(", ")} for ${measureSeconds} s...`);
  const scored = ratePerSecond(headlines, measureSeconds, (headline) => scoreText(headline));
  log(`  scoreText: ${scored.toLocaleString("en-US")} headlines/s`);
  const tagger = sharedTickerTagger();
  const publishedAt = new Date();
  const enriched = ratePerSecond(headlines, measureSeconds, (title) =>
    enrichArticle({ source: "bench", guid: title, title, publishedAt }, tagger),
  );
  log(`  enrichArticle (tag + score + analyst action): ${enriched.toLocaleString("en-US")} headlines/s`);
  results.scoring = { headlines: headlines.length, from, scoreTextPerSecond: scored, enrichPerSecond: enriched };

  // 2. One ingestion pass over the configured feeds, served locally, one hanging.
  const baseConfig = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent" });
  const config = { ...baseConfig, news: { ...baseConfig.news, feedTimeoutMs: timeoutMs } };
  const feeds = loadFeedList(config.news);
  const db = await openBenchDatabase();
  const feedServer = await startFeedServer(feeds);
  try {
    const deps = { config, db, logger: createLogger(config), newsEvents: createNewsEvents() };
    log(`ingestion: ${feeds.length} feeds on 127.0.0.1, "${feedServer.hangingKey}" hanging, timeout ${timeoutMs} ms...`);
    const first = passSummary(await ingestNews(deps, { feeds: feedServer.localFeeds, tagger }));
    log(`  first pass: ${first.durationMs} ms (network phase ${first.fetchMs} ms, processing ${first.processingMs} ms), stored ${first.stored}; failed: ${first.failed.join(", ")}`);
    const second = passSummary(await ingestNews(deps, { feeds: feedServer.localFeeds, tagger }));
    log(`  second pass (conditional GET): ${second.durationMs} ms, ${second.notModified} × 304, stored ${second.stored}`);
    results.ingestion = {
      feeds: feeds.length,
      hangingFeed: feedServer.hangingKey,
      timeoutMs,
      firstPass: first,
      secondPass: second,
      passOverTimeout: Math.round((first.durationMs / timeoutMs) * 100) / 100,
    };

    // 3. Summary latency: AAPL over 7d and 24h with the snapshot plus ≥ 10,000 generated articles.
    const summary = (await benchNewsSummary()).summary;
    results.summary = summary;

    const pass = (name: string, row: ReturnType<typeof passSummary>) => [name, row.durationMs, row.fetchMs, row.processingMs, row.stored, row.notModified, row.sequentialEstimateMs, row.failed.join(", ")];
    printReport({
      bench: "news",
      environment,
      tables: [
        {
          title: `Scoring on one core (${headlines.length} headlines from ${from.join(", ")}, ${measureSeconds} s each)`,
          columns: ["work", "headlines/s"],
          rows: [
            ["scoreText", scored.toLocaleString("en-US")],
            ["enrichArticle (tag + score + analyst action)", enriched.toLocaleString("en-US")],
          ],
        },
        {
          title: `Ingestion: ${feeds.length} feeds on 127.0.0.1, "${feedServer.hangingKey}" hanging, per-feed timeout ${timeoutMs} ms`,
          columns: ["pass", "ms", "network ms", "processing ms", "stored", "304s", "one after another ms", "failed"],
          rows: [pass("first", first), pass("second (conditional GET)", second)],
        },
        newsSummaryTable(summary),
      ],
      results,
    });
  } finally {
    await feedServer.close();
    await db.close();
  }
}

runBench(main);
