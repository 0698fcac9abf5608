// The model's news input: each ticker's scored articles, read once per pass, answering the mean
// sentiment of the articles a 7-day window ending at a day's end counts (the news pages' rule,
// news-window.ts: a date-only article counts when its whole UTC day is inside).
import { endOfDay } from "@shared/as-of";
import type { Database } from "../db/database";
import { wholeDaysWithin } from "../news/news-window";
import { turnForRequests } from "../shared/turn-for-requests";

export const NEWS_WINDOW_DAYS = 7;
const dayMs = 86_400_000;

export type NewsAt = { articles: number; meanScore: number | null };
export type NewsIndex = { at(ticker: string, day: string): NewsAt; articles: number };

type TickerArticles = { times: number[]; timeKnown: boolean[]; scores: number[] };

/** The index of the last time ≤ `value` in ascending `times` (−1: none). */
function lastAtOrBefore(times: number[], value: number): number {
  let [low, high] = [0, times.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (times[middle] <= value) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}

/** Builds the index from rows sorted by ticker then time (exported for the tests' hand-made rows). */
export function newsIndexOf(rows: { ticker: string; publishedAt: Date; timeKnown: boolean; score: number }[]): NewsIndex {
  const byTicker = new Map<string, TickerArticles>();
  for (const row of rows) {
    let entry = byTicker.get(row.ticker);
    if (!entry) byTicker.set(row.ticker, (entry = { times: [], timeKnown: [], scores: [] }));
    entry.times.push(row.publishedAt.getTime());
    entry.timeKnown.push(row.timeKnown);
    entry.scores.push(row.score);
  }
  return {
    articles: rows.length,
    at(ticker, day) {
      const entry = byTicker.get(ticker);
      if (!entry) return { articles: 0, meanScore: null };
      const end = endOfDay(day).getTime();
      const start = end - NEWS_WINDOW_DAYS * dayMs;
      const days = wholeDaysWithin(new Date(start), new Date(end));
      const [from, until] = [days.from.getTime(), days.until.getTime()];
      let [count, total] = [0, 0];
      // Newest first from the window's end, stopping at its start.
      for (let index = lastAtOrBefore(entry.times, end); index >= 0; index--) {
        const time = entry.times[index];
        if (time <= start) break;
        if (!entry.timeKnown[index] && (time < from || time >= until)) continue;
        count += 1;
        total += entry.scores[index];
      }
      return { articles: count, meanScore: count === 0 ? null : total / count };
    },
  };
}

export type NewsRow = { ticker: string; publishedAt: Date; timeKnown: boolean; score: number };

/** Tickers per query of readNewsRows. */
const NEWS_TICKERS_PER_READ = 100;

/**
 * Every scored article's tickers, time and score (social posts left out, as in screens), by ticker
 * then time. Read in groups of tickers with a turn for requests between them: one query over
 * every article held PGlite, and the request loop, for over a second of an AI picks pass.
 */
export async function readNewsRows(db: Database): Promise<NewsRow[]> {
  const tickers = (
    await db.prisma.$queryRaw<{ ticker: string }[]>`
      SELECT DISTINCT ticker FROM news_articles, unnest(tickers) AS ticker WHERE NOT is_social ORDER BY ticker`
  ).map((row) => row.ticker);
  const rows: NewsRow[] = [];
  for (let start = 0; start < tickers.length; start += NEWS_TICKERS_PER_READ) {
    await turnForRequests();
    const group = tickers.slice(start, start + NEWS_TICKERS_PER_READ);
    rows.push(
      ...(await db.prisma.$queryRaw<NewsRow[]>`
        SELECT ticker, published_at AS "publishedAt", published_time_known AS "timeKnown", score::float8 AS score
        FROM news_articles, unnest(tickers) AS ticker
        WHERE NOT is_social AND tickers && ${group}::text[] AND ticker = ANY(${group}::text[])
        ORDER BY ticker, published_at`),
    );
  }
  return rows;
}

/** The news index of the stored articles. */
export async function readNewsIndex(db: Database): Promise<NewsIndex> {
  return newsIndexOf(await readNewsRows(db));
}

/** News rows as a worker thread receives them cheaply: runs of one ticker, and typed arrays. */
export type PackedNews = { tickers: string[]; counts: Int32Array; times: Float64Array; timeKnown: Uint8Array; scores: Float64Array };

export function packNews(rows: NewsRow[]): PackedNews {
  const tickers: string[] = [];
  const counts: number[] = [];
  const times = new Float64Array(rows.length);
  const timeKnown = new Uint8Array(rows.length);
  const scores = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    if (tickers.at(-1) === row.ticker) counts[counts.length - 1] += 1;
    else {
      tickers.push(row.ticker);
      counts.push(1);
    }
    times[index] = row.publishedAt.getTime();
    timeKnown[index] = row.timeKnown ? 1 : 0;
    scores[index] = row.score;
  });
  return { tickers, counts: Int32Array.from(counts), times, timeKnown, scores };
}

export function unpackNews({ tickers, counts, times, timeKnown, scores }: PackedNews): NewsRow[] {
  const rows: NewsRow[] = [];
  let index = 0;
  tickers.forEach((ticker, run) => {
    for (let end = index + counts[run]; index < end; index++) rows.push({ ticker, publishedAt: new Date(times[index]), timeKnown: timeKnown[index] === 1, score: scores[index] });
  });
  return rows;
}
