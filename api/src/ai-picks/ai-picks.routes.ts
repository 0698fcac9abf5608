import { Router } from "express";
import { z } from "zod";
import { authScopesFor } from "../auth/viewer";
import type { AppDeps } from "../context";
import { decimalIntegerParam } from "../errors/int-range";
import { parseInput } from "../errors/validation";
import { cachePolicy, PUBLIC } from "../http/cache-headers";
import { requestContext } from "../http/request-context";
import { aiPicksDay, aiTrackRecord, assertPicksAllowed, FREE_PICKS, METHOD_TEXT, newsNoteOf, whyOf, type AiModelView } from "./ai-picks";

/** A day's model without its fit (a tree ensemble's nodes): the weights, choice and calibration say what scored the day. */
const withoutFit = ({ fit: _fit, ...model }: AiModelView) => model;

/** ?limit=: how many picks, 1–1000 in decimal digits (default: the free ones, or every pick for Pro). */
export const AI_PICKS_LIMIT = { min: 1, max: 1_000 } as const;
const querySchema = z.object({
  asOf: z.string().optional(),
  limit: decimalIntegerParam("limit", AI_PICKS_LIMIT),
});

/**
 * REST shims of Query.aiPicks and Query.aiTrackRecord. GET /api/ai-picks (spec §7: `results` with
 * ticker, rank, ai_score, price, returns_1m): the top 5 for everyone, every pick for Pro;
 * `?asOf=YYYY-MM-DD` picks the day (default: the latest stored price day; `asOf` in the response is
 * the trading day scored), `?limit=N` the count (1–1000 in decimal digits, else 400 naming limit; past 5: Pro).
 * The picks depend on the caller (app.ts's default viewer cache policy); the track record is public.
 */
export function aiPicksRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/ai-picks", async (req, res) => {
    const context = requestContext(deps, req);
    const query = parseInput(querySchema, { asOf: req.query.asOf, limit: req.query.limit });
    const pro = authScopesFor(context.viewer).pro;
    if (query.limit !== undefined) assertPicksAllowed(context.viewer, 0, query.limit, "limit");
    const day = await aiPicksDay(context, query.asOf, "latest");
    const picks = day.picks.slice(0, query.limit ?? (pro ? day.picks.length : FREE_PICKS));
    res.json({
      results: picks.map((pick) => ({
        ticker: pick.ticker,
        name: pick.name,
        rank: pick.rank,
        ai_score: pick.aiScore,
        price: pick.price,
        returns_1m: pick.returns1m,
        returns_3m: pick.returns3m,
        returns_12m: pick.returns12m,
        rsi: pick.rsi,
        market_cap: pick.marketCap,
        news_articles: pick.newsArticles,
        news_note: newsNoteOf(pick),
        why: whyOf(pick),
        factors: pick.factors,
        baseline_rank: pick.baselineRank,
      })),
      asOf: day.date,
      requestedAsOf: day.requestedAsOf,
      status: day.status,
      message: day.message,
      total: day.picks.length,
      freeLimit: FREE_PICKS,
      model: day.model && { ...withoutFit(day.model), method: METHOD_TEXT },
      kind: day.kind,
      sources: day.sources,
      computedAt: day.computedAt?.toISOString() ?? null,
    });
  });
  router.get("/api/ai-picks/track-record", cachePolicy(PUBLIC), async (req, res) => {
    res.json(await aiTrackRecord(requestContext(deps, req)));
  });
  return router;
}
