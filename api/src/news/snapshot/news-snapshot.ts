// The bundled offline news snapshot (data/news/, provenance in data/news/PROVENANCE.md): real
// headlines from 2018 to 21 April 2021, the end of the bundled price snapshot. Loaded into the
// article store once per database at start, tagged and scored like ingested articles.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import type { Prisma } from "../../generated/prisma/client";
import { projectRoot } from "../../config/project-root";
import type { Database } from "../../db/database";
import { snapshotVersion } from "../../db/snapshot-loads";
import { defineSnapshot, type LoadControl, type SnapshotDeps } from "../../startup/define-snapshot";
import { enrichArticle, sharedTickerTagger, type IncomingArticle } from "../articles";
import type { AnalystAction } from "../sentiment/analyst-actions";
import { formerTickers } from "../../shared/symbols/former-tickers";

export const newsSnapshotDirectory = path.join(projectRoot, "data", "news");

/** Nothing after the end of the bundled price snapshot is loaded. */
export const snapshotCutoff = new Date("2021-04-21T23:59:59Z");

/** Headline files that carry a date but no time of day are placed at noon UTC of that date. */
const dateOnlyHour = "T12:00:00Z";

export type SnapshotArticle = IncomingArticle & {
  analystAction?: AnalystAction;
  /** False for files that give a date only (placed at dateOnlyHour): windows count them by whole days. */
  publishedTimeKnown?: boolean;
};

export type SnapshotFile = {
  /** Source key the file's articles are stored under. */
  source: string;
  file: string;
  read(directory: string): SnapshotArticle[];
};

function readText(directory: string, file: string): string {
  const raw = fs.readFileSync(path.join(directory, file));
  return (file.endsWith(".gz") ? zlib.gunzipSync(raw) : raw).toString("utf8");
}

function readCsv(directory: string, file: string): Record<string, string>[] {
  return parse(readText(directory, file), { columns: true, skip_empty_lines: true, relax_quotes: true });
}

const hash = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 20);

/** Dataset tickers as news of those years wrote them → today's (FB → META), as the tagger maps them. */
export const currentTicker = (ticker: string) => formerTickers[ticker.trim().toUpperCase()] ?? ticker.trim().toUpperCase();

/**
 * A wall-clock time in US Eastern (America/New_York, EST or EDT as in force
 * that day) → the UTC instant. "2021-04-20 15:26:00" → 2021-04-20T19:26:00Z.
 */
export function easternToUtc(local: string): Date {
  const [date, time = "00:00:00"] = local.trim().split(/[ T]/);
  const asIfUtc = new Date(`${date}T${time}Z`).getTime();
  const offsetAt = (instant: number) => {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "shortOffset" })
      .formatToParts(new Date(instant))
      .find((part) => part.type === "timeZoneName")?.value;
    const match = /GMT([+-]\d+)/.exec(name ?? "");
    return match ? Number(match[1]) * 3_600_000 : 0;
  };
  // The offset in force at the target instant (two passes settle the DST edges).
  let utc = asIfUtc - offsetAt(asIfUtc);
  utc = asIfUtc - offsetAt(utc);
  return new Date(utc);
}

/** Rows of one story listed under several tickers become one article with all of them. */
function mergeByGuid(articles: SnapshotArticle[]): SnapshotArticle[] {
  const byGuid = new Map<string, SnapshotArticle>();
  for (const article of articles) {
    const seen = byGuid.get(article.guid);
    if (!seen) byGuid.set(article.guid, { ...article, statedTickers: [...(article.statedTickers ?? [])] });
    else seen.statedTickers = [...new Set([...(seen.statedTickers ?? []), ...(article.statedTickers ?? [])])];
  }
  return [...byGuid.values()];
}

/** Finnhub spells Benzinga three ways. */
function publisherName(source: string): string {
  if (/benzinga/i.test(source)) return "Benzinga";
  return source;
}

const yahooActions: Record<string, { action: AnalystAction["action"]; verb: string }> = {
  up: { action: "upgrade", verb: "upgrades" },
  down: { action: "downgrade", verb: "downgrades" },
  init: { action: "initiate", verb: "initiates coverage of" },
};

export const snapshotFiles: SnapshotFile[] = [
  {
    source: "stocknewsapi",
    file: "stocknewsapi_ticker_news_2021-04-20_2021-05-08.csv.gz",
    read: (directory) =>
      mergeByGuid(
        readCsv(directory, "stocknewsapi_ticker_news_2021-04-20_2021-05-08.csv.gz").map((row) => ({
          source: "stocknewsapi",
          publisher: row.source_name || null,
          guid: row.url,
          url: row.url,
          title: row.title,
          summary: row.text || null,
          // No zone in the file; stocknewsapi serves US Eastern (see PROVENANCE.md for the check).
          publishedAt: easternToUtc(row.published),
          statedTickers: [currentTicker(row.ticker)],
        })),
      ),
  },
  {
    source: "finnhub",
    file: "finnhub_company_news_AAPL_2021-03-01_2021-03-15.json.gz",
    read: (directory) => {
      const items = JSON.parse(readText(directory, "finnhub_company_news_AAPL_2021-03-01_2021-03-15.json.gz")) as {
        datetime: number;
        headline: string;
        id: number;
        related: string;
        source: string;
        summary: string;
        url: string;
      }[];
      return mergeByGuid(
        items.map((item) => ({
          source: "finnhub",
          publisher: publisherName(item.source),
          guid: String(item.id),
          url: item.url,
          title: item.headline,
          summary: item.summary || null,
          publishedAt: new Date(item.datetime * 1000),
          // Finnhub's company-news feed for one symbol: like a per-ticker feed, its ticker is always tagged.
          feedTicker: currentTicker(item.related),
        })),
      );
    },
  },
  {
    source: "benzinga",
    file: "benzinga_analyst_ratings_processed_sp500_2018-2020.csv.gz",
    read: (directory) =>
      mergeByGuid(
        readCsv(directory, "benzinga_analyst_ratings_processed_sp500_2018-2020.csv.gz").map((row) => {
          const publishedAt = new Date(row.date.replace(" ", "T"));
          return {
            source: "benzinga",
            publisher: "Benzinga",
            guid: hash(`${publishedAt.toISOString()}|${row.title}`),
            title: row.title,
            publishedAt,
            statedTickers: [currentTicker(row.stock)],
          };
        }),
      ),
  },
  {
    source: "yahoo-ratings",
    file: "yahoo_upgrade_downgrade_history_sp500_2012-2021.csv.gz",
    read: (directory) =>
      readCsv(directory, "yahoo_upgrade_downgrade_history_sp500_2012-2021.csv.gz").flatMap((row) => {
        const kind = yahooActions[row.action];
        const date = row.grade_datetime_utc.slice(0, 10);
        // Rating changes and initiations of the price window only (maintained/reiterated ratings are not news).
        if (!kind || date < "2018-01-01") return [];
        const ticker = currentTicker(row.symbol);
        const from = row.from_grade ? ` from ${row.from_grade}` : "";
        const title =
          kind.action === "initiate"
            ? `${row.firm} initiates coverage of ${ticker} at ${row.to_grade}`
            : `${row.firm} ${kind.verb} ${ticker}${from} to ${row.to_grade}`;
        return [
          {
            source: "yahoo-ratings",
            publisher: "Yahoo Finance",
            guid: `${ticker}|${date}|${row.firm}|${row.action}|${row.to_grade}`,
            title,
            publishedAt: new Date(`${date}${dateOnlyHour}`),
            publishedTimeKnown: false,
            statedTickers: [ticker],
            analystAction: {
              action: kind.action,
              firm: row.firm,
              ticker,
              toRating: row.to_grade || undefined,
              fromRating: row.from_grade || undefined,
            },
          },
        ];
      }),
  },
  ...(
    [
      ["reuters", "Reuters", "reuters_business_headlines_2018-03-20_2020-07-18_normalised.csv.gz"],
      ["cnbc", "CNBC", "cnbc_markets_headlines_2017-12-22_2020-07-17_normalised.csv.gz"],
    ] as const
  ).map(
    ([source, publisher, file]): SnapshotFile => ({
      source,
      file,
      read: (directory) =>
        mergeByGuid(
          readCsv(directory, file).map((row) => ({
            source,
            publisher,
            guid: hash(`${row.date}|${row.headlines}`),
            title: row.headlines,
            publishedAt: new Date(`${row.date}${dateOnlyHour}`),
            publishedTimeKnown: false,
          })),
        ),
    }),
  ),
];

export type SnapshotLoadResult = {
  /** New articles stored, per source loaded (0 when an earlier, interrupted load had stored them all). */
  stored: Record<string, number>;
  /** Sources skipped because their snapshot file's load finished before. */
  skipped: string[];
  milliseconds: number;
};

const batchSize = 2000;

/**
 * Stores enriched articles like `storeArticles` (unique by source + guid, duplicates skipped)
 * but as one INSERT … SELECT FROM jsonb_to_recordset per batch, without returning rows: about
 * ten times faster than Prisma's createMany for the ~30,000 snapshot rows (2 s against 20 s
 * on PGlite). Returns how many were new.
 */
export async function insertArticles(db: Database, rows: Prisma.NewsArticleCreateManyInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  const payload = JSON.stringify(rows.map((row) => ({ ...row, id: row.id ?? randomUUID() })));
  return db.prisma.$executeRaw`
    INSERT INTO news_articles (id, source, publisher, feed_key, guid, url, title, summary, published_at, published_time_known,
      tickers, score, label, terms, analyst_action, is_social, is_snapshot)
    SELECT id, source, publisher, "feedKey", guid, url, title, summary, "publishedAt", COALESCE("publishedTimeKnown", true),
      ARRAY(SELECT jsonb_array_elements_text(tickers)), score, label, terms, "analystAction",
      COALESCE("isSocial", false), COALESCE("isSnapshot", false)
    FROM jsonb_to_recordset(${payload}::jsonb) AS x(id uuid, source text, publisher text, "feedKey" text, guid text,
      url text, title text, summary text, "publishedAt" timestamptz, "publishedTimeKnown" boolean, tickers jsonb,
      score numeric, label text, terms jsonb, "analystAction" jsonb, "isSocial" boolean, "isSnapshot" boolean)
    ON CONFLICT (source, guid) DO NOTHING`;
}

/**
 * One bundled news file into the article store, once per database and file version (marker
 * "news:<source>"). Resumes an interrupted load: only the file's articles not yet stored are
 * stored ((source, guid) is unique). `signal` stops the load between two batches.
 */
export function newsFileSnapshot(snapshotFile: SnapshotFile, index: number) {
  return defineSnapshot({
    name: `news:${snapshotFile.source}`,
    title: `${snapshotFile.source} news`,
    // "nwsn" in ASCII, one lock per file
    lockId: 0x6e77736e + index,
    // Reuters is ~26,000 of the ~30,000 articles.
    weight: snapshotFile.source === "reuters" ? 6 : 1,
    enabled: (config) => config.news.loadSnapshot,
    version: ({ directory = newsSnapshotDirectory }: { directory?: string }) => snapshotVersion([path.join(directory, snapshotFile.file)]),
    load: (deps, options) => loadNewsFile(deps, snapshotFile, options),
    markerRows: ({ db }) => db.prisma.newsArticle.count({ where: { source: snapshotFile.source, isSnapshot: true } }),
    nothingLoaded: {},
  });
}

export const newsSnapshots = snapshotFiles.map(newsFileSnapshot);

/**
 * Every bundled news file (or `files`), each once per database and version: what was stored per
 * source, and which sources' files were already in.
 */
export async function loadNewsSnapshot(
  deps: SnapshotDeps,
  options: { directory?: string; files?: SnapshotFile[]; force?: boolean } & LoadControl = {},
): Promise<SnapshotLoadResult> {
  const started = performance.now();
  const result: SnapshotLoadResult = { stored: {}, skipped: [], milliseconds: 0 };
  const snapshots = options.files ? options.files.map(newsFileSnapshot) : newsSnapshots;
  for (const [index, snapshot] of snapshots.entries()) {
    const source = (options.files ?? snapshotFiles)[index].source;
    const loaded = await snapshot.run(deps, options);
    if (loaded.skipped === "already-loaded") result.skipped.push(source);
    else if (!loaded.skipped) result.stored[source] = loaded.rows;
  }
  result.milliseconds = Math.round(performance.now() - started);
  if (Object.keys(result.stored).length > 0) {
    deps.logger.info({ stored: result.stored, skipped: result.skipped, ms: result.milliseconds }, "news snapshot loaded");
  }
  return result;
}

async function loadNewsFile(
  { db, logger }: SnapshotDeps,
  snapshotFile: SnapshotFile,
  options: { directory?: string } & LoadControl,
): Promise<{ rows: number }> {
  const directory = options.directory ?? newsSnapshotDirectory;
  const tagger = sharedTickerTagger();
  logger.info({ source: snapshotFile.source }, "loading the news snapshot");
  const storedGuids = new Set(
    (await db.prisma.newsArticle.findMany({ where: { source: snapshotFile.source }, select: { guid: true } })).map((row) => row.guid),
  );
  const articles = snapshotFile
    .read(directory)
    .filter((article) => article.publishedAt <= snapshotCutoff && article.title.trim() && !storedGuids.has(article.guid));
  let stored = 0;
  for (let start = 0; start < articles.length; start += batchSize) {
    // PGlite runs queries on this thread without yielding to the event loop: yield between
    // batches, so that a signal (and the log) is handled during the load.
    await setImmediate();
    options.signal?.throwIfAborted();
    const rows = articles.slice(start, start + batchSize).map((article) => {
      const enriched = enrichArticle({ ...article, isSnapshot: true }, tagger);
      if (article.publishedTimeKnown === false) enriched.publishedTimeKnown = false;
      // A structured rating change (Yahoo) is the record itself, not something read from a headline.
      if (article.analystAction) enriched.analystAction = article.analystAction as unknown as Prisma.InputJsonValue;
      return enriched;
    });
    stored += await insertArticles(db, rows);
    options.onProgress?.(Math.min(0.95, (start + batchSize) / articles.length));
    logger.debug({ source: snapshotFile.source, stored }, "news snapshot batch stored");
  }
  return { rows: stored };
}
