// News per ticker for a screen: one aggregate over the article store, limited to the request's
// news sources and to the window of newsWindowDays ending at the news clock's as-of time (an
// article with a date only when its whole UTC day lies in it: news/news-window.ts).
import type { NewsSourceKey } from "@shared/screen-rules";
import type { Database } from "../db/database";
import { PUBLISHER_BY_SOURCE } from "../news/ingestion/feeds";
import { Prisma } from "../generated/prisma/client";
import { countedInWindowSql } from "../news/news-window";

/**
 * Which stored articles each of the spec's five source flags selects: those that came
 * through the outlet's own feed (their `source` key), and those an aggregator
 * (stocknewsapi, finnhub, benzinga, a Yahoo feed...) attributes to the outlet as `publisher`.
 * A Reuters story delivered by stocknewsapi is Reuters journalism, so it counts for reuters;
 * "CNBC Television" counts for cnbc; Yahoo's analyst rating records (source yahoo-ratings,
 * publisher Yahoo Finance) count for yahoo. An article can count for two flags (a Reuters
 * story in Yahoo's feed) but is counted once.
 */
export const newsSourceOutlets: Record<NewsSourceKey, { label: string; sourceKeys: string[]; publisherPattern: string }> = {
  wsj: { label: PUBLISHER_BY_SOURCE.wsj, sourceKeys: ["wsj"], publisherPattern: "^(the )?wall street journal|^wsj\\M" },
  yahoo: { label: PUBLISHER_BY_SOURCE.yahoo, sourceKeys: ["yahoo", "yahoo-ratings"], publisherPattern: "^yahoo" },
  reuters: { label: PUBLISHER_BY_SOURCE.reuters, sourceKeys: ["reuters"], publisherPattern: "^reuters" },
  cnbc: { label: PUBLISHER_BY_SOURCE.cnbc, sourceKeys: ["cnbc"], publisherPattern: "^cnbc" },
  ft: { label: PUBLISHER_BY_SOURCE.ft, sourceKeys: ["ft"], publisherPattern: "^(the )?financial times|^ft\\M" },
};

/**
 * SQL over news_articles' own columns: the article is from one of the chosen outlets
 * (newsSourceOutlets). False when none is chosen.
 */
export function fromNewsSourcesSql(sources: readonly NewsSourceKey[]): Prisma.Sql {
  const outlets = sources.map((source) => newsSourceOutlets[source]);
  const sourceKeys = outlets.flatMap((outlet) => outlet.sourceKeys);
  const publisherPatterns = outlets.map((outlet) => outlet.publisherPattern);
  return Prisma.sql`(source = ANY(${sourceKeys}::text[]) OR publisher ~* ANY(${publisherPatterns}::text[]))`;
}

export type TickerNews = {
  newsCount: number;
  /** Mean article score (−1..1), 3 decimals. */
  sentimentScore: number;
  analystUpgrades: number;
  analystDowngrades: number;
  latestHeadline: string;
  latestAt: Date;
};

export type ScreenNews = {
  byTicker: Map<string, TickerNews>;
  /** Articles from the chosen sources in the window, for any ticker (0 → NEWS_SOURCES_EMPTY). */
  articlesInWindow: number;
};

type AggregateRow = {
  ticker: string | null;
  news_count: number;
  mean_score: number;
  upgrades: number;
  downgrades: number;
  latest_headline: string | null;
  latest_at: Date | null;
};

type NewsQuery = { tickers: string[]; sources: NewsSourceKey[]; windowStart: Date; windowEnd: Date };

/** The aggregates being read, per database and question: identical screens asked together share one read. */
const readsInFlight = new WeakMap<Database, Map<string, Promise<ScreenNews>>>();

/**
 * The news per ticker for the screen (see readNewsByTicker). A question already being read for
 * another request (the same tickers, sources and window) shares that read rather than queueing a
 * second one on the database: under 100 concurrent S&P 500 screens the embedded database's one
 * connection answered the same 2.5 ms aggregate a hundred times. Nothing is kept once answered.
 */
export function newsByTicker(db: Database, options: NewsQuery): Promise<ScreenNews> {
  const key = JSON.stringify([options.tickers, options.sources, options.windowStart, options.windowEnd]);
  let reads = readsInFlight.get(db);
  if (!reads) readsInFlight.set(db, (reads = new Map()));
  const inFlight = reads.get(key);
  if (inFlight) return inFlight;
  const read = readNewsByTicker(db, options).finally(() => reads.delete(key));
  reads.set(key, read);
  return read;
}

/**
 * One query whatever the number of tickers: the window's non-social articles from the
 * chosen outlets (a range scan on published_at), unnested by ticker and joined to the wanted
 * tickers, plus a row with the window's article count for all tickers. The tickers travel as
 * one comma-separated string (tickers hold no commas): a 6,000-element array parameter costs
 * the driver several milliseconds more, and the join hashes them instead of scanning an array.
 */
async function readNewsByTicker(db: Database, options: NewsQuery): Promise<ScreenNews> {
  const rows = await db.prisma.$queryRaw<AggregateRow[]>`
    WITH wanted AS (
      SELECT unnest(string_to_array(${options.tickers.join(",")}, ',')) AS ticker
    ),
    chosen AS (
      SELECT id, tickers, score, analyst_action, published_at, title
      FROM news_articles
      WHERE NOT is_social
        AND ${countedInWindowSql(options.windowStart, options.windowEnd)}
        AND ${fromNewsSourcesSql(options.sources)}
    )
    SELECT t.ticker,
      count(*)::int AS news_count,
      avg(chosen.score)::float8 AS mean_score,
      (count(*) FILTER (WHERE chosen.analyst_action->>'action' = 'upgrade'))::int AS upgrades,
      (count(*) FILTER (WHERE chosen.analyst_action->>'action' = 'downgrade'))::int AS downgrades,
      (array_agg(chosen.title ORDER BY chosen.published_at DESC, chosen.id DESC))[1] AS latest_headline,
      max(chosen.published_at) AS latest_at
    FROM chosen CROSS JOIN LATERAL unnest(chosen.tickers) AS t(ticker)
    JOIN wanted ON wanted.ticker = t.ticker
    GROUP BY t.ticker
    UNION ALL
    SELECT NULL, count(*)::int, NULL, 0, 0, NULL, NULL FROM chosen`;
  const byTicker = new Map<string, TickerNews>();
  let articlesInWindow = 0;
  for (const row of rows) {
    if (row.ticker === null) {
      articlesInWindow = row.news_count;
      continue;
    }
    byTicker.set(row.ticker, {
      newsCount: row.news_count,
      sentimentScore: Math.round(Number(row.mean_score) * 1000) / 1000,
      analystUpgrades: row.upgrades,
      analystDowngrades: row.downgrades,
      latestHeadline: row.latest_headline ?? "",
      latestAt: new Date(row.latest_at!),
    });
  }
  return { byTicker, articlesInWindow };
}
