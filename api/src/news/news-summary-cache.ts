// News summaries, shared briefly between requests. On the embedded database every query waits
// for the one connection, so a hundred visitors asking for AAPL's sentiment at once used to run
// four queries each, one after another; now the first request computes it, the others wait for
// that same answer, and later requests reuse it for NEWS_SUMMARY_CACHE_MS. New articles from
// ingestion clear it, so nobody waits longer than that to see them.
import { LRUCache } from "lru-cache";
import type { NewsEvents } from "./news-events";
import type { NewsSummary } from "./news-summary";

export type NewsSummaryCache = {
  /** The cached summary for `key`, or the one `compute` makes (concurrent callers share one computation). */
  get(key: string, compute: () => Promise<NewsSummary>): Promise<NewsSummary>;
  /** Forgets every summary (new articles were stored). */
  clear(): void;
};

/** Tickers × timeframes a busy instance keeps. */
const MAX_SUMMARIES = 10_000;

export function createNewsSummaryCache(ttlMs: number, newsEvents: Pick<NewsEvents, "subscribe">): NewsSummaryCache {
  if (ttlMs <= 0) return { get: (_key, compute) => compute(), clear: () => undefined };
  const cache = new LRUCache<string, NewsSummary, () => Promise<NewsSummary>>({
    max: MAX_SUMMARIES,
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  void (async () => {
    for await (const _articles of newsEvents.subscribe("news:articles")) cache.clear();
  })();
  return {
    async get(key, compute) {
      const summary = await cache.fetch(key, { context: compute });
      // fetchMethod always answers or throws, so there is always a summary here.
      return summary as NewsSummary;
    },
    clear: () => cache.clear(),
  };
}
