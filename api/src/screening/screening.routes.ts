import { Router, type Request, type Response } from "express";
import { rateLimitHeaders } from "../api-usage/api-usage-plugin";
import { budgetOwnerOf } from "../api-usage/query-budget";
import { requirePro } from "../billing/require-pro";
import { requestContext } from "../http/request-context";
import type { AppDeps } from "../context";
import { runRequestedScreen, type BasicScreenRow, type CombinedScreenRow, type ProScreenRow, type ScreenKind, type ScreenOutcome } from "./screen";
import { screenCost } from "./screen-cost";
import { latestRun } from "./screen-runs";

/** Spec §3 Basic row with the spec's names (snake_case where the spec writes it so). */
function basicResult(row: BasicScreenRow) {
  return {
    ticker: row.ticker,
    name: row.name,
    sector: row.sector,
    price: row.price,
    sma5: row.sma5,
    sma20: row.sma20,
    sma50: row.sma50,
    rsi: row.rsi,
    volume: row.volume,
    avgVolume20: row.avgVolume20,
    technicalScore: row.technicalScore,
    sentiment_score: row.sentimentScore,
    news_count: row.newsCount,
    analyst_upgrades: row.analystUpgrades,
    analyst_downgrades: row.analystDowngrades,
    momentum: row.momentum,
    peRatio: row.peRatio,
    marketCap: row.marketCap,
    earningsYield: row.earningsYield,
    priceToBook: row.priceToBook,
    priceToSales: row.priceToSales,
    revenueGrowth: row.revenueGrowth,
    netMargin: row.netMargin,
    returnOnEquity: row.returnOnEquity,
    debtToEquity: row.debtToEquity,
    beta: row.beta,
    maCondition: row.maCondition,
    maSpreadPct: row.maSpreadPct,
    crossover: row.crossover,
    daysToEarnings: row.daysToEarnings,
    asOf: row.asOf,
  };
}

/** Spec §3 Combined row with the spec's names. */
function combinedResult(row: CombinedScreenRow) {
  return {
    ticker: row.ticker,
    name: row.name,
    price: row.price,
    grade: row.grade,
    combined_score: row.combinedScore,
    technical_score: row.technicalScore,
    sentiment_score: row.sentimentScore,
    news_count: row.newsCount,
    crossover: row.crossover,
    momentum: row.momentum,
    latest_headline: row.latestHeadline,
    recency_hours: row.recencyHours,
  };
}

/** A Pro row: the Basic row's names, the Combined score and the advanced filters' figures (null: unknown). */
function proResult(row: ProScreenRow) {
  // Assigned onto the Basic row rather than spread into a new object: a spread of ~40 fields takes V8's slow path.
  return Object.assign(basicResult(row), {
    grade: row.grade,
    combined_score: row.combinedScore,
    latest_headline: row.latestHeadline,
    recency_hours: row.recencyHours,
    aiScore: row.aiScore,
    aiRank: row.aiRank,
    aiRankedOf: row.aiRankedOf,
    return1m: row.return1m,
    return3m: row.return3m,
    return12m: row.return12m,
    volatility60: row.volatility60,
    beatProbability: row.beatProbability,
    baseRate: row.baseRate,
    nextReportDate: row.nextReportDate,
    daysToReport: row.daysToReport,
    earningsCovered: row.earningsCovered,
    fundHoldings: row.fundHoldings,
  });
}

/** The spec's response (results, stats) and where the numbers come from. */
export function screeningBody(outcome: ScreenOutcome) {
  return {
    runId: outcome.runId,
    results:
      outcome.kind === "basic" ? outcome.rows.map(basicResult) : outcome.kind === "pro" ? outcome.rows.map(proResult) : outcome.rows.map(combinedResult),
    stats: outcome.stats,
    source: outcome.source,
    asOf: outcome.asOf,
    isSnapshot: outcome.isSnapshot,
    betaProxy: outcome.betaProxy,
    newsAsOf: outcome.newsAsOf?.toISOString() ?? null,
    warnings: outcome.warnings,
    ...(outcome.kind === "pro" ? { factorSources: outcome.factorSources } : {}),
  };
}

const combinedRoute = { method: "POST", path: "/api/screening/combined", sampleUrl: "/api/screening/combined", sampleBody: { universe: "manual", tickers: ["AAPL"] } } as const;
const proRoute = { method: "POST", path: "/api/screening/pro", sampleUrl: "/api/screening/pro", sampleBody: { universe: "manual", tickers: ["AAPL"] } } as const;
const proResultsRoute = { method: "GET", path: "/api/screening/results/pro", sampleUrl: "/api/screening/results/pro" } as const;
const combinedResultsRoute = { method: "GET", path: "/api/screening/results/combined", sampleUrl: "/api/screening/results/combined" } as const;

/** REST shims for spec §7's screening calls, over the same service as Query.screen / combinedScreen. */
export function screeningRoutes(deps: AppDeps): Router {
  const router = Router();
  const run = (kind: ScreenKind) => async (req: Request, res: Response) => {
    const context = requestContext(deps, req);
    if (context.viewer?.authMethod === "apiKey") {
      // GraphQL prices a screen by the symbols it scans before it runs; over REST a key pays the same here.
      const budget = await deps.queryBudget.spend(budgetOwnerOf(context.viewer, context.clientIp), screenCost(req.body));
      res.set(rateLimitHeaders(budget));
    }
    res.json(screeningBody(await runRequestedScreen(context, req.body, kind, res)));
  };
  router.post("/api/screening/run", run("basic"));
  router.post(combinedRoute.path, requirePro(combinedRoute), run("combined"));
  router.post(proRoute.path, requirePro(proRoute), run("pro"));
  const latest = (kind: ScreenKind) => async (req: Request, res: Response) => {
    const context = requestContext(deps, req);
    const run = await latestRun(context, context.viewer, kind);
    if (!run) {
      res.json({
        results: [],
        stats: null,
        message: context.viewer ? "No stored screening run yet: run a screen first." : "Sign in to keep your latest screening run.",
      });
      return;
    }
    res.json({ ...screeningBody(run), createdAt: run.createdAt.toISOString() });
  };
  router.get("/api/screening/results", latest("basic"));
  router.get(combinedResultsRoute.path, requirePro(combinedResultsRoute), latest("combined"));
  router.get(proResultsRoute.path, requirePro(proResultsRoute), latest("pro"));
  return router;
}
