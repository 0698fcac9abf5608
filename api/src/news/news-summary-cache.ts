// Answers that depend on the stored news, shared briefly between requests. On the embedded database
// every query waits for the one connection, so a hundred visitors asking for AAPL's sentiment (or
// the same screen) at once used to compute it a hundred times, one after another; now the first
// request computes it, the others wait for that same answer, and later requests reuse it for the
// cache's time to live. New articles from ingestion clear it (on every instance, through the news
// events), so nobody waits longer than that to see them.
import { LRUCache } from "lru-cache";
import type { NewsEvents } from "./news-events";
import type { NewsSummary } from "./news-summary";

export type NewsDependentCache<Answer extends object> = {
  /** False when its time to live is 0: `get` always computes (a caller may skip building a key). */
  enabled: boolean;
  /** The cached answer for `key`, or the one `compute` makes (concurrent callers share one computation). */
  get(key: string, compute: () => Promise<Answer>): Promise<Answer>;
  /** Forgets every answer (new articles were stored). */
  clear(): void;
};

export type NewsSummaryCache = NewsDependentCache<NewsSummary>;

/** How many answers are kept: a count, or a total size (`sizeOf` each answer, e.g. its rows). */
type Capacity<Answer> = { max: number } | { maxSize: number; sizeOf: (answer: Answer) => number };

export function createNewsDependentCache<Answer extends object>(
  ttlMs: number,
  newsEvents: Pick<NewsEvents, "subscribe">,
  capacity: Capacity<Answer>,
): NewsDependentCache<Answer> {
  if (ttlMs <= 0) return { enabled: false, get: (_key, compute) => compute(), clear: () => undefined };
  const cache = new LRUCache<string, Answer, () => Promise<Answer>>({
    ...("max" in capacity ? { max: capacity.max } : { maxSize: capacity.maxSize, sizeCalculation: (answer) => Math.max(1, capacity.sizeOf(answer)) }),
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  void (async () => {
    for await (const _articles of newsEvents.subscribe("news:articles")) cache.clear();
  })();
  return {
    enabled: true,
    async get(key, compute) {
      const answer = await cache.fetch(key, { context: compute });
      // fetchMethod always answers or throws, so there is always an answer here.
      return answer as Answer;
    },
    clear: () => cache.clear(),
  };
}

/** Tickers × timeframes a busy instance keeps. */
const MAX_SUMMARIES = 10_000;

export const createNewsSummaryCache = (ttlMs: number, newsEvents: Pick<NewsEvents, "subscribe">): NewsSummaryCache =>
  createNewsDependentCache<NewsSummary>(ttlMs, newsEvents, { max: MAX_SUMMARIES });
