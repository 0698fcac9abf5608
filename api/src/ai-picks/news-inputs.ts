// The model's news input: each ticker's scored articles, read once per pass, answering the mean
// sentiment of the articles a 7-day window ending at a day's end counts (the news pages' rule,
// news-window.ts: a date-only article counts when its whole UTC day is inside).
import type { Database } from "../db/database";
import { endOfDay } from "../market-data/as-of";
import { wholeDaysWithin } from "../news/news-window";

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

/** Every scored article's tickers, time and score (social posts left out, as in screens). */
export async function readNewsIndex(db: Database): Promise<NewsIndex> {
  const rows = await db.prisma.$queryRaw<{ ticker: string; publishedAt: Date; timeKnown: boolean; score: number }[]>`
    SELECT ticker, published_at AS "publishedAt", published_time_known AS "timeKnown", score::float8 AS score
    FROM news_articles, unnest(tickers) AS ticker
    WHERE NOT is_social
    ORDER BY ticker, published_at`;
  return newsIndexOf(rows);
}
