// Part of `npm run bench:news`: (1) the bundled snapshot's load time on a fresh embedded
// database, and (2) the news summary's latency (spec §3, the same function GraphQL and REST
// call) for one ticker over 7d and 24h with ≥ 10,000 stored articles.
//
// A scratch PGlite folder is migrated, the snapshot loaded (timed), then 12,000 generated
// articles are stored over the 30 days before now (live mode: windows end now), 1–3 tickers
// each among 40, AAPL on about 1 in 20, so its 7-day window holds a realistic ~140 articles.
// The summary runs 20 times to warm up, then 300 times per timeframe; p50/p95/p99 are exact
// (nearest-rank) percentiles of the measured calls. The first (cold) call, which builds the corpus
// term counts for trending topics, is reported on its own.
import { benchEnvironment, measure, printReport, runBench, timed, type Table } from "../bench/harness";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import type { Database } from "../db/database";
import { createLogger } from "../logging/logger";
import { enrichArticle, sharedTickerTagger } from "../news/articles";
import { summarizeNews, type NewsTimeframe } from "../news/news-summary";
import { insertArticles, loadNewsSnapshot } from "../news/snapshot/news-snapshot";

const tickers = [
  "AAPL", "MSFT", "NVDA", "GOOGL", "AMZN", "TSLA", "META", "NFLX", "ORCL", "JPM", "BAC", "WMT", "TGT", "KO", "PEP", "XOM",
  "CVX", "PFE", "MRK", "JNJ", "UNH", "HD", "LOW", "NKE", "DIS", "INTC", "AMD", "CSCO", "IBM", "ADBE", "CRM", "QCOM", "TXN",
  "AVGO", "COST", "SBUX", "MCD", "BA", "CAT", "GE",
];
const subjects = ["Shares", "Stock", "Quarterly profit", "Revenue", "Guidance", "Outlook", "Dividend", "Margins", "Sales", "Demand"];
const verbs = ["rise", "fall", "jump", "slump", "beat estimates", "miss estimates", "hold steady", "surge", "slide", "recover"];
const contexts = [
  "after earnings", "on supply chain worries", "as analysts weigh valuation", "amid antitrust probe", "on new product launch",
  "as chip shortage bites", "ahead of investor day", "after upgrade", "after downgrade", "on buyback plan", "amid inflation fears",
  "as cloud growth accelerates", "on regulatory scrutiny", "after CEO comments", "on record deliveries",
];

/** A deterministic pseudo-random sequence (mulberry32), so every run stores the same articles. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedGeneratedArticles(db: Database, count: number, now = new Date()): Promise<void> {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const tagger = sharedTickerTagger();
  const rows = [];
  for (let index = 0; index < count; index += 1) {
    const main = next() < 0.05 ? "AAPL" : pick(tickers);
    const stated = [main, ...(next() < 0.3 ? [pick(tickers)] : []), ...(next() < 0.1 ? [pick(tickers)] : [])];
    const title = `${main}: ${pick(subjects)} ${pick(verbs)} ${pick(contexts)}`;
    rows.push(
      enrichArticle(
        {
          source: "bench",
          publisher: "Generated",
          guid: `bench-${index}`,
          url: `https://example.com/bench/${index}`,
          title,
          publishedAt: new Date(now.getTime() - next() * 30 * 24 * 3_600_000),
          statedTickers: [...new Set(stated)],
          isSocial: next() < 0.05,
        },
        tagger,
      ),
    );
  }
  for (let start = 0; start < rows.length; start += 2000) await insertArticles(db, rows.slice(start, start + 2000));
}

/** Where the summary is measured, for the report's environment. */
export const NEWS_SUMMARY_DATABASE = "PGlite (embedded, temporary folder)";

export async function benchNewsSummary(options: { articles?: number; runs?: number } = {}) {
  const articles = options.articles ?? 12_000;
  const runs = options.runs ?? 300;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-news-"));
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: dataDir });
  const logger = createLogger(config);
  const db = await openMigratedDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }, logger);
  try {
    sharedTickerTagger(); // built once at app start; not part of the load time
    const snapshot = await loadNewsSnapshot({ config, db, logger }, { force: true });
    const again = await loadNewsSnapshot({ config, db, logger }, { force: true });
    await seedGeneratedArticles(db, articles);
    const stored = await db.prisma.newsArticle.count();

    const results: Record<string, { newsCount: number; mode: string; coldMs: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number; runs: number }> = {};
    const tenth = (ms: number) => Math.round(ms * 10) / 10;
    for (const timeframe of ["7d", "24h"] as NewsTimeframe[]) {
      const [first, cold] = await timed(() => summarizeNews({ db }, { ticker: "AAPL", timeframe }));
      const { p50, p95, p99, max } = await measure(() => summarizeNews({ db }, { ticker: "AAPL", timeframe }), { runs, warmUp: 20 });
      results[timeframe] = {
        newsCount: first.newsCount,
        mode: first.mode,
        coldMs: tenth(cold),
        p50Ms: tenth(p50),
        p95Ms: tenth(p95),
        p99Ms: tenth(p99),
        maxMs: tenth(max),
        runs,
      };
    }
    return { snapshot, snapshotReload: again, storedArticles: stored, summary: results };
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The summary's latency as a table (bench:news prints it too). */
export function newsSummaryTable(summary: Awaited<ReturnType<typeof benchNewsSummary>>["summary"]): Table {
  return {
    title: "News summary for AAPL (the function GraphQL and REST call; after 20 warm-up calls)",
    columns: ["timeframe", "articles", "mode", "cold ms", "runs", "p50 ms", "p95 ms", "p99 ms", "max ms"],
    rows: Object.entries(summary).map(([timeframe, row]) => [timeframe, row.newsCount, row.mode, row.coldMs.toFixed(1), row.runs, row.p50Ms.toFixed(1), row.p95Ms.toFixed(1), row.p99Ms.toFixed(1), row.maxMs.toFixed(1)]),
  };
}

if (require.main === module) {
  runBench(async () => {
    const environment = benchEnvironment(NEWS_SUMMARY_DATABASE);
    const result = await benchNewsSummary();
    const { snapshot, snapshotReload, storedArticles, summary } = result;
    const loaded = Object.values(snapshot.stored).reduce((sum, count) => sum + count, 0);
    printReport({
      bench: "news-summary",
      environment,
      tables: [newsSummaryTable(summary)],
      notes: [
        `Snapshot load on a fresh embedded database: ${loaded} articles in ${snapshot.milliseconds} ms ${JSON.stringify(snapshot.stored)}`,
        `Snapshot load again (idempotent): stored ${JSON.stringify(snapshotReload.stored)} skipped ${snapshotReload.skipped.join(", ")} in ${snapshotReload.milliseconds} ms`,
        `Stored articles: ${storedArticles}`,
      ],
      results: result,
    });
  });
}
