// Identical screens asked within SCREEN_ANSWER_CACHE_MS share one computation. Under 100
// connections asking for the S&P 500 as of one day, each request recomputed the same 500 rows
// (indicators, fundamentals, news) on the request thread. The key holds the screen's kind, its
// parsed request and warnings and the price data's version; new articles clear the cache (news
// events, on every instance). Each request still spends a run and is stored as its own run.
import type { NewsEvents } from "../news/news-events";
import { createNewsDependentCache, type NewsDependentCache } from "../news/news-summary-cache";
import type { ComputedScreen } from "./screen";

export type ScreenAnswerCache = NewsDependentCache<ComputedScreen>;

/** Rows kept in all: a few all-market screens, or a few dozen S&P 500 ones. */
const MAX_CACHED_ROWS = 30_000;

export const createScreenAnswerCache = (ttlMs: number, newsEvents: Pick<NewsEvents, "subscribe">): ScreenAnswerCache =>
  createNewsDependentCache<ComputedScreen>(ttlMs, newsEvents, { maxSize: MAX_CACHED_ROWS, sizeOf: (answer) => answer.ordered.length });
