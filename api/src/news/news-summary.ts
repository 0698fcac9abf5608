// Spec §3 news sentiment for one ticker and time window: counts, trending topics, analyst
// actions, scores, and where the numbers come from (mode, as-of, window, sources). The same
// function answers GraphQL (Stock.news) and the REST shim (GET /api/news-sentiment/:ticker).
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { endOfDay } from "@shared/as-of";
import { pastAsOfDaySchema } from "@shared/as-of-schema";
import type { Database } from "../db/database";
import { AppError, type FieldError } from "../errors/app-error";
import type { Prisma } from "../generated/prisma/client";
import { turnInLine } from "../shared/turn-for-requests";
import { requireKnownStock, type KnownStock } from "../stocks/symbols";
import { newsClock, type NewsClock } from "./news-clock";
import { countedInWindowSql, countedInWindowWhere, dateOnlyNote, daysTouching, wholeDaysWithin, type DateOnlyGroup } from "./news-window";
import type { NewsSummaryCache } from "./news-summary-cache";
import { labelOf, type SentimentLabel } from "./sentiment/labels";
import { snapshotFiles } from "./snapshot/news-snapshot";
import { corpusWithout, countTerms, rankTrendingTopics, type TermCounts, type TrendingTopic } from "./trending-topics";

export const newsTimeframes = ["1h", "24h", "7d"] as const;
export type NewsTimeframe = (typeof newsTimeframes)[number];

const hourMs = 3_600_000;
export const timeframeMs: Record<NewsTimeframe, number> = { "1h": hourMs, "24h": 24 * hourMs, "7d": 7 * 24 * hourMs };
const timeframeWords: Record<NewsTimeframe, string> = { "1h": "hour", "24h": "24 hours", "7d": "7 days" };

export const timeframeSchema = z.enum(newsTimeframes, { error: "Timeframe must be one of 1h, 24h, 7d." });

export type NewsSourceStatus = {
  key: string;
  /** news | social | ticker (configured feeds) or snapshot (the bundled files). */
  kind: string;
  source: string;
  url: string | null;
  /** ok | failed | pending (never fetched yet) | loaded | not_loaded (snapshot). */
  status: "ok" | "failed" | "pending" | "loaded" | "not_loaded";
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  /** The snapshot's files (data/news/); empty for feeds. */
  files: string[];
  /** The snapshot's as-of time; null for feeds. */
  asOf: Date | null;
};

export type NewsSummary = {
  ticker: string;
  name: string;
  timeframe: NewsTimeframe;
  mode: NewsClock["mode"];
  asOf: Date;
  /** Articles published after windowStart and up to windowEnd (= asOf) are counted. */
  windowStart: Date;
  windowEnd: Date;
  newsCount: number;
  bullishCount: number;
  bearishCount: number;
  neutralCount: number;
  trendingTopics: TrendingTopic[];
  analystUpgrades: number;
  analystDowngrades: number;
  sentimentScore: number | null;
  sentimentLabel: SentimentLabel | null;
  avgSentiment24h: number | null;
  socialSentiment: number | null;
  socialCount: number;
  /** Why socialSentiment is null. */
  socialSentimentReason: string | null;
  /** Plain words when newsCount is 0. */
  noNewsReason: string | null;
  /** Date-only articles (no time of day) the window touches: how many it counts and how many it leaves out; null when none. */
  dateOnlyNote: string | null;
  sources: NewsSourceStatus[];
};

/** Ticker, timeframe and as-of day checked together, so one 400 names every bad field. */
export function parseSummaryInput(input: { ticker: unknown; timeframe?: unknown; asOf?: unknown }): {
  stock: KnownStock;
  timeframe: NewsTimeframe;
  asOf: string | null;
} {
  const fieldErrors: FieldError[] = [];
  let stock: KnownStock | undefined;
  try {
    stock = requireKnownStock(input.ticker);
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    fieldErrors.push(...error.fieldErrors);
  }
  const timeframe = timeframeSchema.default("24h").safeParse(input.timeframe ?? undefined);
  if (!timeframe.success) fieldErrors.push({ field: "timeframe", message: "Timeframe must be one of 1h, 24h, 7d." });
  const asOf = pastAsOfDaySchema.safeParse(input.asOf ?? undefined);
  if (!asOf.success) fieldErrors.push({ field: "asOf", message: `${asOf.error.issues[0]?.message}.` });
  if (!stock || !timeframe.success || !asOf.success || fieldErrors.length > 0) {
    const fields = fieldErrors.map((error) => error.field).join(", ");
    throw new AppError("BAD_USER_INPUT", `Invalid input: ${fields}. ${fieldErrors.map((error) => error.message).join(" ")}`, { fieldErrors });
  }
  return { stock, timeframe: timeframe.data, asOf: asOf.data };
}

const round3 = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value) * 1000) / 1000);

/**
 * The articles a summary counts: non-social, tagged with the ticker, in its window (date-only
 * ones when their whole day is in it; the connection lists the same).
 */
export function windowArticlesWhere(summary: Pick<NewsSummary, "ticker" | "windowStart" | "windowEnd">): Prisma.NewsArticleWhereInput {
  return {
    tickers: { has: summary.ticker },
    isSocial: false,
    ...countedInWindowWhere(summary.windowStart, summary.windowEnd),
  };
}

/** Newest first; the id breaks ties so pages never overlap. */
export const newestFirst: Prisma.NewsArticleOrderByWithRelationInput[] = [{ publishedAt: "desc" }, { id: "desc" }];

/**
 * Spec §3's news sentiment for a ticker over 1h, 24h or 7d ending at the news
 * clock's as-of time. A constant number of queries: the clock, one aggregate
 * over the GIN-indexed tickers column, the window's headlines, the feeds, and
 * the corpus term counts for trending topics (cached per as-of time).
 */
export async function summarizeNews(
  context: { db: Database; newsSummaryCache?: NewsSummaryCache },
  input: { ticker: unknown; timeframe?: unknown; asOf?: unknown },
  now?: Date,
): Promise<NewsSummary> {
  const { stock, timeframe, asOf } = parseSummaryInput(input);
  const compute = () => computeSummary(context.db, stock, timeframe, now ?? new Date(), asOf);
  // A summary at a given time (tests, benchmarks) is never one cached for "now".
  return context.newsSummaryCache && !now ? context.newsSummaryCache.get(`${stock.ticker}|${timeframe}|${asOf}`, compute) : compute();
}

/** Windows end at the news clock's as-of, or at the end of the day asked for (only articles up to then count). */
async function computeSummary(db: Database, stock: KnownStock, timeframe: NewsTimeframe, now: Date, asOfDay: string | null): Promise<NewsSummary> {
  // PGlite answers on the request loop, and a chain of queries never lets it turn: a query with a
  // summary per alias would hold every other request until the last one.
  await turnInLine();
  const current = await newsClock(db, now);
  const clock: NewsClock = asOfDay ? { ...current, asOf: endOfDay(asOfDay) } : current;
  const asOf = clock.asOf;
  const windowStart = new Date(asOf.getTime() - timeframeMs[timeframe]);
  const dayStart = new Date(asOf.getTime() - timeframeMs["24h"]);
  const lowest = windowStart < dayStart ? windowStart : dayStart;
  const ticker = stock.ticker;
  const touched = daysTouching(windowStart, asOf);
  const wholeDays = wholeDaysWithin(windowStart, asOf);

  const [aggregateRows, windowHeadlines, dateOnlyGroups, feeds, corpus] = await Promise.all([
    db.prisma.$queryRaw<
      {
        news_count: number;
        bullish_count: number;
        bearish_count: number;
        neutral_count: number;
        mean_score: unknown;
        upgrades: number;
        downgrades: number;
        mean_24h: unknown;
        social_count: number;
        social_mean: unknown;
      }[]
    >`
      SELECT
        count(*) FILTER (WHERE in_window AND NOT is_social)::int AS news_count,
        count(*) FILTER (WHERE in_window AND NOT is_social AND label = 'bullish')::int AS bullish_count,
        count(*) FILTER (WHERE in_window AND NOT is_social AND label = 'bearish')::int AS bearish_count,
        count(*) FILTER (WHERE in_window AND NOT is_social AND label = 'neutral')::int AS neutral_count,
        avg(score) FILTER (WHERE in_window AND NOT is_social)::float8 AS mean_score,
        count(*) FILTER (WHERE in_window AND NOT is_social AND analyst_action->>'action' = 'upgrade')::int AS upgrades,
        count(*) FILTER (WHERE in_window AND NOT is_social AND analyst_action->>'action' = 'downgrade')::int AS downgrades,
        avg(score) FILTER (WHERE in_24h AND NOT is_social)::float8 AS mean_24h,
        count(*) FILTER (WHERE in_window AND is_social)::int AS social_count,
        avg(score) FILTER (WHERE in_window AND is_social)::float8 AS social_mean
      FROM (
        SELECT is_social, label, score, analyst_action, ${countedInWindowSql(windowStart, asOf)} AS in_window,
          ${countedInWindowSql(dayStart, asOf)} AS in_24h
        FROM news_articles
        WHERE tickers @> ARRAY[${ticker}]::text[] AND published_at > ${lowest} AND published_at <= ${asOf}
      ) AS recent`,
    db.prisma.$queryRaw<{ title: string; published_at: Date }[]>`
      SELECT title, published_at FROM news_articles
      WHERE tickers @> ARRAY[${ticker}]::text[] AND NOT is_social AND ${countedInWindowSql(windowStart, asOf)}`,
    db.prisma.$queryRaw<DateOnlyGroup[]>`
      SELECT COALESCE(publisher, source) AS publisher, to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        (published_at >= ${wholeDays.from} AND published_at < ${wholeDays.until}) AS counted, count(*)::int AS articles
      FROM news_articles
      WHERE tickers @> ARRAY[${ticker}]::text[] AND NOT is_social AND NOT published_time_known
        AND published_at >= ${touched.from} AND published_at < ${touched.until}
      GROUP BY 1, 2, 3`,
    db.prisma.newsFeed.findMany({ orderBy: { key: "asc" } }),
    corpusTermCounts(db, clock, asOfDay),
  ]);
  const aggregates = aggregateRows[0];

  // Trending topics: this window's headlines against the corpus without them.
  const excluded = new Set(stock.nameWords);
  const target = countTerms(windowHeadlines.map((row) => row.title), excluded);
  const inCorpus = windowHeadlines.filter((row) => new Date(row.published_at) >= corpus.from && new Date(row.published_at) <= corpus.to);
  const background = corpusWithout(corpus.counts, countTerms(inCorpus.map((row) => row.title)));
  const trendingTopics = rankTrendingTopics(target, background);

  const sentimentScore = round3(aggregates.mean_score as number | null);
  const socialSentiment = round3(aggregates.social_mean as number | null);
  // Read by people: "Apr 21, 2021, 22:40 UTC", not an ISO string.
  const asOfWords = `${asOf.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" })} UTC`;
  const window = `the ${timeframeWords[timeframe]} up to ${asOfWords}`;
  return {
    ticker,
    name: stock.name,
    timeframe,
    mode: clock.mode,
    asOf,
    windowStart,
    windowEnd: asOf,
    newsCount: aggregates.news_count,
    bullishCount: aggregates.bullish_count,
    bearishCount: aggregates.bearish_count,
    neutralCount: aggregates.neutral_count,
    trendingTopics,
    analystUpgrades: aggregates.upgrades,
    analystDowngrades: aggregates.downgrades,
    sentimentScore,
    sentimentLabel: sentimentScore === null ? null : labelOf(sentimentScore),
    avgSentiment24h: round3(aggregates.mean_24h as number | null),
    socialSentiment,
    socialCount: aggregates.social_count,
    socialSentimentReason:
      socialSentiment !== null
        ? null
        : clock.mode === "snapshot"
          ? "The bundled news snapshot holds no social posts, so there is no social sentiment offline."
          : `No social posts tagged ${ticker} in ${window}.`,
    noNewsReason:
      aggregates.news_count > 0
        ? null
        : clock.mode === "snapshot" && !asOfDay
          ? `No news tagged ${ticker} in ${window} (the bundled snapshot's as-of time: no live feed has delivered articles from the last 7 days). ` +
            "At that time the snapshot holds news for a few tickers only, mostly AAPL; dataCoverage shows the days with more."
          : `No news tagged ${ticker} in ${window}.`,
    dateOnlyNote: dateOnlyNote(dateOnlyGroups, `the ${timeframeWords[timeframe]} up to ${asOfWords}`),
    sources: sourceStatuses(feeds, clock),
  };
}

function sourceStatuses(
  feeds: Awaited<ReturnType<Database["prisma"]["newsFeed"]["findMany"]>>,
  clock: NewsClock,
): NewsSourceStatus[] {
  const statuses: NewsSourceStatus[] = feeds.map((feed) => {
    const failedLast = feed.lastErrorAt && (!feed.lastSuccessAt || feed.lastErrorAt > feed.lastSuccessAt);
    return {
      key: feed.key,
      kind: feed.kind,
      source: feed.source,
      url: feed.url,
      status: failedLast ? "failed" : feed.lastSuccessAt ? "ok" : "pending",
      lastSuccessAt: feed.lastSuccessAt,
      lastErrorAt: feed.lastErrorAt,
      lastError: feed.lastError,
      files: [],
      asOf: null,
    };
  });
  statuses.push({
    key: "snapshot",
    kind: "snapshot",
    source: "snapshot",
    url: null,
    status: clock.snapshotAsOf ? "loaded" : "not_loaded",
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
    files: snapshotFiles.map((file) => `data/news/${file.file}`),
    asOf: clock.snapshotAsOf,
  });
  return statuses;
}

// ---- The wider corpus for trending topics, cached per database and as-of time ----

type Corpus = { counts: TermCounts; from: Date; to: Date };

const corpusDays = 30;
const corpusMinimum = 2_000;
const corpusMaximum = 20_000;
const corpusTtlMs = 10 * 60_000;
/**
 * Corpora kept per database: the current one and the last few past days asked for (each up to
 * 20,000 headlines' term counts, a few MB), each for 10 minutes. Past days' news beyond these is
 * counted again; the past-day limits (../past-days/) bound how many a requester can ask for.
 */
export const CORPORA_KEPT = 10;
const corpusCache = new WeakMap<Database, LRUCache<string, Promise<Corpus>>>();

/** The cache key: the day for a past day's window, else the snapshot's as-of time or the 10 minutes of a live clock. */
function corpusKey(clock: NewsClock, asOfDay: string | null): string {
  if (asOfDay) return `day:${asOfDay}`;
  return clock.mode === "snapshot" ? clock.asOf.toISOString() : String(Math.floor(clock.asOf.getTime() / corpusTtlMs));
}

function corporaOf(db: Database): LRUCache<string, Promise<Corpus>> {
  let cache = corpusCache.get(db);
  if (!cache) corpusCache.set(db, (cache = new LRUCache({ max: CORPORA_KEPT, ttl: corpusTtlMs })));
  return cache;
}

/** Forgets every corpus counted on `db` (new articles were stored: a window they fall in counts them). */
export function forgetNewsCorpora(db: Database): void {
  corpusCache.get(db)?.clear();
}

/** The news corpus of a past day's window is in memory, or being counted (news summaries as of that day count no headlines again). */
export function isNewsDayCached(db: Database, day: string): boolean {
  return corpusCache.get(db)?.has(`day:${day}`) ?? false;
}

/**
 * Term counts of the non-social headlines of the 30 days up to as-of, or of the
 * newest 2,000 up to as-of when those 30 days hold fewer (the snapshot's last
 * month is thin), at most 20,000. Built once per as-of time (live: per 10 minutes), and
 * shared by the requests asking for it meanwhile.
 */
function corpusTermCounts(db: Database, clock: NewsClock, asOfDay: string | null): Promise<Corpus> {
  const cache = corporaOf(db);
  const key = corpusKey(clock, asOfDay);
  let corpus = cache.get(key);
  if (!corpus) {
    const computing = readCorpus(db, clock);
    cache.set(key, computing);
    computing.catch(() => {
      if (cache.get(key) === computing) cache.delete(key);
    });
    corpus = computing;
  }
  return corpus;
}

async function readCorpus(db: Database, clock: NewsClock): Promise<Corpus> {
  // Up to 20,000 headlines are read and counted on the request loop: let waiting requests in first.
  await turnInLine();
  const since = new Date(clock.asOf.getTime() - corpusDays * 24 * hourMs);
  // A date-only headline is known by as-of only once its whole day has passed.
  const endedDays = wholeDaysWithin(since, clock.asOf).until;
  const rows = await db.prisma.$queryRaw<{ title: string; published_at: Date }[]>`
    SELECT title, published_at FROM news_articles
    WHERE NOT is_social AND published_at <= ${clock.asOf} AND (published_time_known OR published_at < ${endedDays})
    ORDER BY published_at DESC
    LIMIT LEAST(${corpusMaximum}::int, GREATEST(${corpusMinimum}::int, (
      SELECT count(*)::int FROM news_articles WHERE NOT is_social AND published_at > ${since} AND published_at <= ${clock.asOf})))`;
  await turnInLine();
  return {
    counts: countTerms(rows.map((row) => row.title)),
    from: rows.length > 0 ? new Date(rows[rows.length - 1].published_at) : clock.asOf,
    to: clock.asOf,
  };
}
