import type { AppDeps } from "../../context";
import type { NewsFeed } from "../../generated/prisma/client";
import { mapWithConcurrency } from "../../shared/map-with-concurrency";
import { enrichArticle, sharedTickerTagger, storeArticles } from "../articles";
import { forgetNewsCorpora } from "../news-summary";
import type { TickerTagger } from "../tagging/ticker-tagger";
import { asFeedFailure, attemptFeed, type FeedAttempt, type FeedFailureReason } from "./fetch-feed";
import { loadFeedList, type FeedConfig } from "./feeds";
import { parseFeedDocument } from "./parse-feed";

export type IngestionDeps = Pick<AppDeps, "config" | "db" | "logger" | "newsEvents"> & Partial<Pick<AppDeps, "dataEvents">>;

export type FeedOutcome = {
  key: string;
  source: string;
  ok: boolean;
  reason?: FeedFailureReason;
  /** What went wrong, for people: "HTTP 503 Service Unavailable", "no complete response within 300 ms"... */
  detail?: string;
  /** 304: the feed is unchanged since the last fetch (a success with no items). */
  notModified?: boolean;
  /** Items in the feed document. */
  items: number;
  /** Articles stored for the first time. */
  stored: number;
  /** The tickers those articles are tagged with. */
  storedTickers?: string[];
  /** Items left out (no title, no usable date). */
  skipped?: { untitled: number; undated: number };
  durationMs: number;
};

export type IngestionResult = {
  feeds: FeedOutcome[];
  stored: number;
  /** The whole pass. */
  durationMs: number;
  /** Its network phase: until every feed answered, failed or timed out (about the slowest feed). */
  fetchMs: number;
};

export type IngestOptions = {
  /** The feeds to read; default: NEWS_FEEDS_FILE or the default list. */
  feeds?: FeedConfig[];
  /** Feeds fetched at once. A hanging feed holds one slot until its timeout, the others keep going. */
  concurrency?: number;
  /** Stops in-flight requests (scheduler shutdown). */
  signal?: AbortSignal;
  tagger?: TickerTagger;
  now?: () => Date;
};

export const DEFAULT_CONCURRENCY = 4;

/**
 * One ingestion pass over every configured feed: fetch (conditional, with a
 * deadline and a size cap), parse, tag and score, store new articles once
 * (unique by source + guid), record each feed's status in news_feeds and
 * publish the new articles on "news:articles". One feed's failure never stops
 * the others, and nothing here throws for a feed's sake.
 */
export async function ingestNews(deps: IngestionDeps, options: IngestOptions = {}): Promise<IngestionResult> {
  const started = performance.now();
  const feeds = options.feeds ?? loadFeedList(deps.config.news);
  const rows = await syncFeedRows(deps, feeds);
  const tagger = options.tagger ?? sharedTickerTagger();
  // Network first, then CPU: up to `concurrency` requests in flight until every
  // feed has answered, failed or timed out; then parsing, tagging and storing,
  // one feed at a time. Parsing and PGlite queries run on this thread: done
  // while requests are in flight they would delay reading those responses and
  // fail healthy feeds with false timeouts. A pass therefore takes about the
  // slowest feed (at most the timeout) plus the processing, never the sum of
  // the feeds' times.
  const fetchStarted = performance.now();
  const attempts = await mapWithConcurrency(feeds, options.concurrency ?? DEFAULT_CONCURRENCY, (feed) =>
    attemptFeed(feed.url, rows.get(feed.key), deps.config.news, options),
  );
  const fetchMs = Math.round(performance.now() - fetchStarted);
  const outcomes: FeedOutcome[] = [];
  for (const [index, feed] of feeds.entries()) {
    outcomes.push(await processFeed(deps, feed, attempts[index], { ...options, tagger }));
  }
  const result = {
    feeds: outcomes,
    stored: outcomes.reduce((sum, outcome) => sum + outcome.stored, 0),
    durationMs: Math.round(performance.now() - started),
    fetchMs,
  };
  const changedTickers = [...new Set(outcomes.flatMap((outcome) => outcome.storedTickers ?? []))];
  if (changedTickers.length > 0) deps.dataEvents?.publish("data:changed", { kind: "news", tickers: changedTickers });
  deps.logger.info(
    {
      feeds: outcomes.length,
      failed: outcomes.filter((outcome) => !outcome.ok).map((outcome) => `${outcome.key}: ${outcome.reason}`),
      stored: result.stored,
      durationMs: result.durationMs,
      fetchMs,
    },
    "news ingestion pass",
  );
  return result;
}

/** Parses, tags, scores and stores one fetched feed and records its status; never throws. */
async function processFeed(
  deps: IngestionDeps,
  feed: FeedConfig,
  attempt: FeedAttempt,
  options: IngestOptions & { tagger: TickerTagger },
): Promise<FeedOutcome> {
  const { attemptAt, fetchedAt } = attempt;
  const processingStarted = performance.now();
  const elapsed = () => Math.round(attempt.fetchMs + performance.now() - processingStarted);
  try {
    if (attempt.error !== undefined) throw attempt.error;
    const fetched = attempt.fetched!;
    if (fetched.status === "not-modified") {
      await deps.db.prisma.newsFeed.update({
        where: { key: feed.key },
        data: { lastAttemptAt: attemptAt, lastSuccessAt: fetchedAt, lastNewCount: 0 },
      });
      return { key: feed.key, source: feed.source, ok: true, notModified: true, items: 0, stored: 0, durationMs: elapsed() };
    }

    const parsed = await parseFeedDocument(fetched.body, feed, { fetchedAt, contentType: fetched.contentType });
    // Most items of a feed were stored by earlier passes: look them up (one indexed
    // query) rather than tag, score and re-insert them to have the insert skip them.
    const known = await deps.db.prisma.newsArticle.findMany({
      where: { source: feed.source, guid: { in: parsed.articles.map((article) => article.guid) } },
      select: { guid: true },
    });
    const knownGuids = new Set(known.map((article) => article.guid));
    const fresh = parsed.articles.filter((article) => !knownGuids.has(article.guid));
    const created = await storeArticles(deps.db, fresh.map((article) => enrichArticle(article, options.tagger)));
    if (feed.kind === "ticker" && feed.ticker) {
      // The same story in another ticker's feed: stored once, tagged with both tickers.
      const createdGuids = new Set(created.map((article) => article.guid));
      const existing = parsed.articles.map((article) => article.guid).filter((guid) => !createdGuids.has(guid));
      await addTickerToExisting(deps, feed.source, feed.ticker, existing);
    }
    await deps.db.prisma.newsFeed.update({
      where: { key: feed.key },
      data: {
        lastAttemptAt: attemptAt,
        lastSuccessAt: fetchedAt,
        lastItemCount: parsed.itemCount,
        lastNewCount: created.length,
        etag: fetched.etag,
        lastModified: fetched.lastModified,
      },
    });
    if (created.length > 0) {
      forgetNewsCorpora(deps.db);
      deps.newsEvents.publish("news:articles", created);
    }
    const { untitled, undated } = parsed.skipped;
    return {
      key: feed.key,
      source: feed.source,
      ok: true,
      items: parsed.itemCount,
      stored: created.length,
      storedTickers: [...new Set(created.flatMap((article) => article.tickers))],
      ...(untitled + undated > 0 ? { skipped: parsed.skipped } : {}),
      durationMs: elapsed(),
    };
  } catch (error) {
    const { failure, expected } = asFeedFailure(error);
    if (expected) {
      deps.logger.warn({ feed: feed.key, url: feed.url, reason: failure.reason, detail: failure.detail }, "news feed failed");
    } else {
      deps.logger.error({ err: error, feed: feed.key, url: feed.url }, "news feed ingestion failed unexpectedly");
    }
    await deps.db.prisma.newsFeed
      .update({
        where: { key: feed.key },
        data: { lastAttemptAt: attemptAt, lastErrorAt: attemptAt, lastError: failure.message.slice(0, 500) },
      })
      .catch((statusError: unknown) =>
        deps.logger.error({ err: statusError, feed: feed.key }, "could not record the news feed's status"),
      );
    return {
      key: feed.key,
      source: feed.source,
      ok: false,
      reason: failure.reason,
      detail: failure.detail,
      items: 0,
      stored: 0,
      durationMs: elapsed(),
    };
  }
}

/** Creates or updates the news_feeds row of each configured feed; a changed URL forgets the old ETag. */
async function syncFeedRows(deps: IngestionDeps, feeds: FeedConfig[]): Promise<Map<string, NewsFeed>> {
  const existing = await deps.db.prisma.newsFeed.findMany({ where: { key: { in: feeds.map((feed) => feed.key) } } });
  const rows = new Map(existing.map((row) => [row.key, row]));
  const missing = feeds.filter((feed) => !rows.has(feed.key));
  if (missing.length > 0) {
    await deps.db.prisma.newsFeed.createMany({
      data: missing.map(({ key, url, kind, source, ticker }) => ({ key, url, kind, source, ticker: ticker ?? null })),
      skipDuplicates: true,
    });
  }
  for (const feed of feeds) {
    const row = rows.get(feed.key);
    if (!row) continue;
    if (row.url !== feed.url || row.kind !== feed.kind || row.source !== feed.source || row.ticker !== (feed.ticker ?? null)) {
      await deps.db.prisma.newsFeed.update({
        where: { key: feed.key },
        data: {
          url: feed.url,
          kind: feed.kind,
          source: feed.source,
          ticker: feed.ticker ?? null,
          ...(row.url !== feed.url ? { etag: null, lastModified: null } : {}),
        },
      });
    }
  }
  return rows;
}

async function addTickerToExisting(deps: IngestionDeps, source: string, ticker: string, guids: string[]): Promise<void> {
  if (guids.length === 0) return;
  await deps.db.prisma.$executeRaw`
    UPDATE news_articles
    SET tickers = array_append(coalesce(tickers, '{}'::text[]), ${ticker}::text)
    WHERE source = ${source} AND guid = ANY(${guids}::text[])
      AND NOT (coalesce(tickers, '{}'::text[]) @> ARRAY[${ticker}::text])`;
}
