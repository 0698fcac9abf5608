import { Router } from "express";
import { requirePro } from "../billing/require-pro";
import type { AppDeps } from "../context";
import { resolveAsOfDay } from "../market-data/as-of";
import { earningsDefinitions, earningsSkill, earningsSource, earningsTickerOf, requireStockEarnings } from "./earnings";

/**
 * REST shim of Stock.earnings, spec §7 `GET /api/earnings/{ticker}[?asOf=YYYY-MM-DD]` (Pro only):
 * as known on asOf (default: the latest stored price day; `asOf` in the response says which), the next
 * report after it with its beat probability beside the base rate, the record reported by then
 * and the model's measured skill. Probabilities are fractions 0–1. Malformed ticker or asOf →
 * 400 naming the field; a ticker with no data → 404 naming it.
 */
export function earningsRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get(
    "/api/earnings/:ticker",
    requirePro({ method: "GET", path: "/api/earnings/:ticker", sampleUrl: "/api/earnings/AAPL" }),
    async (req, res) => {
      const ticker = earningsTickerOf(req.params.ticker);
      const asOf = await resolveAsOfDay(deps.db, req.query.asOf, "latest");
      const [earnings, skill] = await Promise.all([requireStockEarnings(deps.db, ticker, asOf), earningsSkill(deps.db)]);
      const { next } = earnings;
      res.json({
        ticker,
        asOf,
        earnings_date: next?.date ?? null,
        earnings_source: next?.source ?? null,
        announced_at: next?.announcedAt?.toISOString() ?? null,
        report_time: next?.reportTime ?? null,
        beat_probability: next?.beatProbability ?? null,
        base_rate: next?.baseRate ?? null,
        consensus_eps: next?.consensusEps ?? null,
        momentum: next?.momentum ?? null,
        volatility: next?.volatility ?? null,
        surprise_trend: next?.surpriseTrend ?? null,
        surprise_volatility: next?.surpriseVolatility ?? null,
        model_version: next?.modelVersion ?? null,
        definitions: earningsDefinitions,
        source: { name: earningsSource.name, snapshot_taken_in: earningsSource.snapshotTakenIn, note: "The next report is the first stored report dated after asOf; the history, the quarters reported by then." },
        history: earnings.history.map((report) => ({
          earnings_date: report.date,
          report_time: report.reportTime,
          beat_probability: report.beatProbability,
          base_rate: report.baseRate,
          consensus_eps: report.consensusEps,
          actual_eps: report.actualEps,
          surprise: report.surprise,
          beat: report.beat,
        })),
        skill: skill && {
          model_version: skill.modelVersion,
          reports: skill.reports,
          base_rate: skill.baseRate,
          brier_model: skill.brierModel,
          brier_base_rate: skill.brierBaseRate,
          brier_skill_score: skill.brierSkillScore,
          brier_skill_low: skill.brierSkillLow,
          brier_skill_high: skill.brierSkillHigh,
          skill_significant: skill.skillSignificant,
          accuracy: skill.accuracy,
          always_beat_accuracy: skill.alwaysBeatAccuracy,
          accuracy_gain_low: skill.accuracyGainLow,
          accuracy_gain_high: skill.accuracyGainHigh,
          log_loss: skill.logLoss,
          auc: skill.auc,
          ece: skill.ece,
          first_report: skill.firstReport,
          last_report: skill.lastReport,
        },
      });
    },
  );
  return router;
}
