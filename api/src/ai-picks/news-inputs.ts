// The model's news inputs: each ticker's scored articles, read once per pass, answering what was
// known at a trading day's close (16:00 New York): the mean sentiment of the 7 days to the close and
// of the 30 days before those (its change), and the analysts' net rating changes of 90 days. An
// article with a time counts once published by the close; a date-only one (Reuters, CNBC, Yahoo
// ratings) from the next trading day, since its day's close may precede it.
import { easternToUtc } from "../news/snapshot/news-snapshot";
import type { Database } from "../db/database";
import { turnForRequests } from "../shared/turn-for-requests";

export const NEWS_WINDOW_DAYS = 7;
/** The earlier window the sentiment change is measured against. */
export const NEWS_BASELINE_DAYS = 30;
export const RATINGS_WINDOW_DAYS = 90;
const dayMs = 86_400_000;

export type NewsAt = {
  articles: number;
  meanScore: number | null;
  /** Mean of the 7 days minus the mean of the 30 days before them (null unless both have articles). */
  scoreChange: number | null;
  /** Upgrades minus downgrades of the last 90 days (null without either). */
  netRatings: number | null;
};
export type NewsIndex = { at(ticker: string, day: string): NewsAt; articles: number };

/** +1 an upgrade, −1 a downgrade, 0 anything else. */
export type NewsRow = { ticker: string; publishedAt: Date; timeKnown: boolean; score: number; rating: number };

type TickerArticles = { times: number[]; timeKnown: boolean[]; scores: number[]; ratings: number[] };

const closes = new Map<string, number>();
/** The instant of a day's 16:00 close in New York (EST or EDT), as epoch ms. */
export function closeInstant(day: string): number {
  let instant = closes.get(day);
  if (instant === undefined) closes.set(day, (instant = easternToUtc(`${day} 16:00:00`).getTime()));
  return instant;
}

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

const startOfUtcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Builds the index from rows sorted by ticker then time (exported for the tests' hand-made rows). */
export function newsIndexOf(rows: NewsRow[]): NewsIndex {
  const byTicker = new Map<string, TickerArticles>();
  for (const row of rows) {
    let entry = byTicker.get(row.ticker);
    if (!entry) byTicker.set(row.ticker, (entry = { times: [], timeKnown: [], scores: [], ratings: [] }));
    entry.times.push(row.publishedAt.getTime());
    entry.timeKnown.push(row.timeKnown);
    entry.scores.push(row.score);
    entry.ratings.push(row.rating);
  }
  return {
    articles: rows.length,
    at(ticker, day) {
      const entry = byTicker.get(ticker);
      if (!entry) return { articles: 0, meanScore: null, scoreChange: null, netRatings: null };
      const close = closeInstant(day);
      // Date-only rows are stored at 12:00 UTC of their day: they count once their whole day is before `day`.
      const dayStart = startOfUtcDay(day);
      const recentFrom = close - NEWS_WINDOW_DAYS * dayMs;
      const baselineFrom = recentFrom - NEWS_BASELINE_DAYS * dayMs;
      const ratingsFrom = close - RATINGS_WINDOW_DAYS * dayMs;
      const oldest = Math.min(baselineFrom, ratingsFrom);
      let [recent, recentTotal, earlier, earlierTotal, ratingEvents, netRatings] = [0, 0, 0, 0, 0, 0];
      // Newest first from the close, stopping at the oldest window's start.
      for (let index = lastAtOrBefore(entry.times, close); index >= 0; index--) {
        const time = entry.times[index];
        if (time <= oldest) break;
        if (!entry.timeKnown[index] && time >= dayStart) continue;
        if (entry.ratings[index] !== 0 && time > ratingsFrom) {
          ratingEvents += 1;
          netRatings += entry.ratings[index];
        }
        if (time > recentFrom) {
          recent += 1;
          recentTotal += entry.scores[index];
        } else if (time > baselineFrom) {
          earlier += 1;
          earlierTotal += entry.scores[index];
        }
      }
      const meanScore = recent === 0 ? null : recentTotal / recent;
      return {
        articles: recent,
        meanScore,
        scoreChange: meanScore === null || earlier === 0 ? null : meanScore - earlierTotal / earlier,
        netRatings: ratingEvents === 0 ? null : netRatings,
      };
    },
  };
}

/** Tickers per query of readNewsRows. */
const NEWS_TICKERS_PER_READ = 100;

/**
 * Every scored article's tickers, time, score and rating change (social posts left out, as in
 * screens), by ticker then time. Read in groups of tickers with `turn` between them (a pass's reads
 * wait for a moment between requests): one query over every article held PGlite, and the request
 * loop, for over a second of a pass.
 */
export async function readNewsRows(db: Database, turn: () => Promise<void> = turnForRequests): Promise<NewsRow[]> {
  const tickers = (
    await db.prisma.$queryRaw<{ ticker: string }[]>`
      SELECT DISTINCT ticker FROM news_articles, unnest(tickers) AS ticker WHERE NOT is_social ORDER BY ticker`
  ).map((row) => row.ticker);
  const rows: NewsRow[] = [];
  for (let start = 0; start < tickers.length; start += NEWS_TICKERS_PER_READ) {
    await turn();
    const group = tickers.slice(start, start + NEWS_TICKERS_PER_READ);
    rows.push(
      ...(await db.prisma.$queryRaw<NewsRow[]>`
        SELECT ticker, published_at AS "publishedAt", published_time_known AS "timeKnown", score::float8 AS score,
          CASE analyst_action->>'action' WHEN 'upgrade' THEN 1 WHEN 'downgrade' THEN -1 ELSE 0 END AS rating
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
export type PackedNews = { tickers: string[]; counts: Int32Array; times: Float64Array; timeKnown: Uint8Array; scores: Float64Array; ratings: Int8Array };

export function packNews(rows: NewsRow[]): PackedNews {
  const tickers: string[] = [];
  const counts: number[] = [];
  const times = new Float64Array(rows.length);
  const timeKnown = new Uint8Array(rows.length);
  const scores = new Float64Array(rows.length);
  const ratings = new Int8Array(rows.length);
  rows.forEach((row, index) => {
    if (tickers.at(-1) === row.ticker) counts[counts.length - 1] += 1;
    else {
      tickers.push(row.ticker);
      counts.push(1);
    }
    times[index] = row.publishedAt.getTime();
    timeKnown[index] = row.timeKnown ? 1 : 0;
    scores[index] = row.score;
    ratings[index] = row.rating;
  });
  return { tickers, counts: Int32Array.from(counts), times, timeKnown, scores, ratings };
}

export function unpackNews({ tickers, counts, times, timeKnown, scores, ratings }: PackedNews): NewsRow[] {
  const rows: NewsRow[] = [];
  let index = 0;
  tickers.forEach((ticker, run) => {
    for (let end = index + counts[run]; index < end; index++)
      rows.push({ ticker, publishedAt: new Date(times[index]), timeKnown: timeKnown[index] === 1, score: scores[index], rating: ratings[index] });
  });
  return rows;
}
