import { Router } from "express";
import { cachePolicy, PUBLIC } from "../http/cache-headers";
import { requestContext } from "../http/request-context";
import type { AppDeps } from "../context";
import { summarizeNews, type NewsSummary } from "./news-summary";

/** The REST body: spec §3's fields, then where they come from. trendingTopics are the terms, best first. */
export function newsSentimentBody(summary: NewsSummary) {
  return {
    ticker: summary.ticker,
    timeframe: summary.timeframe,
    newsCount: summary.newsCount,
    bullishCount: summary.bullishCount,
    bearishCount: summary.bearishCount,
    neutralCount: summary.neutralCount,
    trendingTopics: summary.trendingTopics.map((topic) => topic.term),
    analystUpgrades: summary.analystUpgrades,
    analystDowngrades: summary.analystDowngrades,
    sentimentScore: summary.sentimentScore,
    sentimentLabel: summary.sentimentLabel,
    avgSentiment24h: summary.avgSentiment24h,
    socialSentiment: summary.socialSentiment,
    socialSentimentReason: summary.socialSentimentReason,
    noNewsReason: summary.noNewsReason,
    dateOnlyNote: summary.dateOnlyNote,
    mode: summary.mode,
    asOf: summary.asOf.toISOString(),
    windowStart: summary.windowStart.toISOString(),
    windowEnd: summary.windowEnd.toISOString(),
    sources: summary.sources.map((source) => ({
      key: source.key,
      kind: source.kind,
      source: source.source,
      status: source.status,
      lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
      lastErrorAt: source.lastErrorAt?.toISOString() ?? null,
      lastError: source.lastError,
      ...(source.kind === "snapshot" ? { files: source.files, asOf: source.asOf?.toISOString() ?? null } : {}),
    })),
  };
}

/**
 * REST shim for spec §7 `GET /api/news-sentiment/{ticker}?timeframe=1h|24h|7d` (default 24h; `&asOf=YYYY-MM-DD` ends the
 * window at that day), over the same service as Stock.news. The same for every caller: public, revalidated with its ETag.
 */
export function newsRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/news-sentiment/:ticker", cachePolicy(PUBLIC), async (req, res) => {
    const { timeframe, asOf } = req.query;
    const summary = await summarizeNews(requestContext(deps, req), { ticker: req.params.ticker, timeframe, asOf });
    res.json(newsSentimentBody(summary));
  });
  return router;
}
