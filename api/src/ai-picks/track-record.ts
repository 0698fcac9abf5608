// The AI picks' published track record: each walk-forward rebalance's realised outcome, and the
// summary against the equal-weight universe and plain 12-1 momentum. Portfolios are bought at a
// rebalance day's close and held to the next one's (backtest-math's simulation, 10 bps per unit
// of turnover); the universe is held at no cost, as an index would be quoted.
import { COST_PER_TURNOVER, maxDrawdown, median, simulateEqualWeight, type PricedClose } from "../backtest/backtest-math";
import type { TickerFeatures } from "./features";
import { spearman } from "./model";
import type { ScoredDay } from "./walk-forward";
import { lastIndexOnOrBefore } from "../market-data/technicals-store";

export const TOP_PICKS = 5;

export type Strategy = "model_top5" | "model_decile" | "momentum_top5" | "momentum_decile" | "universe";

export const STRATEGIES: { key: Strategy; label: string }[] = [
  { key: "model_top5", label: "AI picks, top 5" },
  { key: "model_decile", label: "AI picks, top decile" },
  { key: "momentum_top5", label: "12-1 momentum, top 5" },
  { key: "momentum_decile", label: "12-1 momentum, top decile" },
  { key: "universe", label: "Equal-weight universe" },
];

/** One completed rebalance: what each strategy earned to the next rebalance day's close. */
export type RebalanceOutcome = {
  periodEnd: string;
  universeSize: number;
  /** Spearman correlation of the model's score (and of 12-1 momentum) with the realised returns. */
  ic: number | null;
  baselineIc: number | null;
  universeMedian: number | null;
  /** Period returns after costs, as fractions. */
  returns: Record<Strategy, number>;
  turnover: Record<Exclude<Strategy, "universe">, number>;
  /** Top-5 picks whose return beat the universe median, of those priced. */
  top5Hits: number;
  baselineTop5Hits: number;
  top5Count: number;
  baselineTop5Count: number;
};

export type StrategySummary = {
  strategy: Strategy;
  label: string;
  cumulativeReturn: number;
  annualisedReturn: number;
  /** Annualised return minus the universe's. */
  annualisedExcessReturn: number;
  meanMonthlyReturn: number;
  maxDrawdown: number;
  /** Mean turnover per rebalance after the first purchase (null for the universe). */
  averageTurnover: number | null;
  /** Share of top-5 picks that beat the universe median (top-5 strategies only). */
  hitRate: number | null;
};

export type TrackRecord = {
  months: number;
  firstRebalance: string | null;
  lastPeriodEnd: string | null;
  meanIc: number | null;
  icTStat: number | null;
  baselineMeanIc: number | null;
  baselineIcTStat: number | null;
  strategies: StrategySummary[];
  calibration: ScoreCalibration | null;
  /** Each strategy's value at every day's close (1 at the first rebalance). */
  curve: ({ date: string } & Record<Strategy, number>)[];
  outcomes: Map<string, RebalanceOutcome>;
};

/**
 * How well the AI score worked as a probability, out of sample: over every scored ticker of the
 * completed rebalances, the Brier score of aiScore against "beat the universe median" (a constant
 * 0.5 scores 0.25), and the top 5's mean score against the share of them that beat it.
 */
export type ScoreCalibration = { picks: number; brierScore: number; top5MeanAiScore: number; top5HitRate: number | null };

const decileSize = (count: number) => Math.max(1, Math.ceil(count / 10));

function meanAndT(values: number[]): { mean: number | null; t: number | null } {
  if (values.length === 0) return { mean: null, t: null };
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (values.length < 2) return { mean, t: null };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, t: variance === 0 ? null : mean / Math.sqrt(variance / values.length) };
}

/**
 * The track record of `rebalances` (oldest first): every rebalance but the last has a completed
 * period (to the next one); the last is open and left out of every figure.
 */
export function trackRecord(rebalances: ScoredDay[], features: Map<string, TickerFeatures>, tradingDays: string[]): TrackRecord {
  const completed = rebalances.slice(0, -1);
  const outcomes = new Map<string, RebalanceOutcome>();
  if (completed.length === 0) {
    return { months: 0, firstRebalance: null, lastPeriodEnd: null, meanIc: null, icTStat: null, baselineMeanIc: null, baselineIcTStat: null, strategies: [], calibration: null, curve: [], outcomes };
  }
  const closeAsOf = (ticker: string, date: string): PricedClose | null => {
    const series = features.get(ticker);
    const index = series ? lastIndexOnOrBefore(series.dates, date) : -1;
    return index < 0 ? null : { close: series!.closes[index], date: series!.dates[index] };
  };
  const byMomentum = (day: ScoredDay) =>
    day.picks.filter((pick) => pick.baselineRank !== null).sort((a, b) => a.baselineRank! - b.baselineRank!).map((pick) => pick.ticker);
  const selections: Record<Strategy, { date: string; tickers: string[] }[]> = {
    model_top5: completed.map((day) => ({ date: day.date, tickers: day.picks.slice(0, TOP_PICKS).map((pick) => pick.ticker) })),
    model_decile: completed.map((day) => ({ date: day.date, tickers: day.picks.slice(0, decileSize(day.picks.length)).map((pick) => pick.ticker) })),
    momentum_top5: completed.map((day) => ({ date: day.date, tickers: byMomentum(day).slice(0, TOP_PICKS) })),
    momentum_decile: completed.map((day) => ({ date: day.date, tickers: byMomentum(day).slice(0, decileSize(day.picks.length)) })),
    universe: completed.map((day) => ({ date: day.date, tickers: day.picks.map((pick) => pick.ticker) })),
  };
  const lastDay = rebalances.at(-1)!.date;
  const days = tradingDays.filter((day) => day >= completed[0].date && day <= lastDay);
  const simulations = Object.fromEntries(
    STRATEGIES.map(({ key }) => [key, simulateEqualWeight(days, selections[key], closeAsOf, key === "universe" ? 0 : COST_PER_TURNOVER)]),
  ) as Record<Strategy, ReturnType<typeof simulateEqualWeight>>;

  const ics: number[] = [];
  const baselineIcs: number[] = [];
  let [scoredPicks, squaredErrors, top5Scores, top5Scored] = [0, 0, 0, 0];
  completed.forEach((day, index) => {
    const periodEnd = rebalances[index + 1].date;
    const realised = day.picks.map((pick) => {
      const end = closeAsOf(pick.ticker, periodEnd);
      return end && end.date > day.date ? end.close / pick.price - 1 : NaN;
    });
    const universeMedian = median(realised.filter((value) => !Number.isNaN(value)));
    const ic = spearman(day.picks.map((pick) => pick.score), realised);
    const baselineIc = spearman(day.picks.map((pick) => (pick.baselineRank === null ? NaN : -pick.baselineRank)), realised);
    day.picks.forEach((pick, row) => {
      if (Number.isNaN(realised[row]) || universeMedian === null) return;
      scoredPicks += 1;
      squaredErrors += (pick.aiScore - (realised[row] > universeMedian ? 1 : 0)) ** 2;
      if (pick.rank <= TOP_PICKS) {
        top5Scores += pick.aiScore;
        top5Scored += 1;
      }
    });
    if (ic !== null) ics.push(ic);
    if (baselineIc !== null) baselineIcs.push(baselineIc);
    const realisedOf = new Map(day.picks.map((pick, row) => [pick.ticker, realised[row]]));
    const hitsOf = (tickers: string[]) =>
      universeMedian === null ? 0 : tickers.filter((ticker) => (realisedOf.get(ticker) ?? NaN) > universeMedian).length;
    const pricedCount = (tickers: string[]) => tickers.filter((ticker) => !Number.isNaN(realisedOf.get(ticker) ?? NaN)).length;
    const top5 = selections.model_top5[index].tickers;
    outcomes.set(day.date, {
      periodEnd,
      universeSize: day.picks.length,
      ic,
      baselineIc,
      universeMedian,
      returns: Object.fromEntries(STRATEGIES.map(({ key }) => [key, simulations[key].periodReturns[index]])) as Record<Strategy, number>,
      turnover: {
        model_top5: simulations.model_top5.rebalances[index].turnover,
        model_decile: simulations.model_decile.rebalances[index].turnover,
        momentum_top5: simulations.momentum_top5.rebalances[index].turnover,
        momentum_decile: simulations.momentum_decile.rebalances[index].turnover,
      },
      top5Hits: hitsOf(top5),
      baselineTop5Hits: hitsOf(selections.momentum_top5[index].tickers),
      top5Count: pricedCount(top5),
      baselineTop5Count: pricedCount(selections.momentum_top5[index].tickers),
    });
  });

  const months = completed.length;
  const compound = (returns: number[]) => returns.reduce((value, periodReturn) => value * (1 + periodReturn), 1) - 1;
  const annualise = (cumulative: number) => (1 + cumulative) ** (12 / months) - 1;
  const universeAnnualised = annualise(compound(simulations.universe.periodReturns));
  const outcomeList = [...outcomes.values()];
  const strategies = STRATEGIES.map(({ key, label }): StrategySummary => {
    const simulation = simulations[key];
    const cumulativeReturn = compound(simulation.periodReturns);
    const annualisedReturn = annualise(cumulativeReturn);
    const later = simulation.rebalances.slice(1).map((rebalance) => rebalance.turnover);
    const [hits, priced] =
      key === "model_top5" ? (["top5Hits", "top5Count"] as const) : key === "momentum_top5" ? (["baselineTop5Hits", "baselineTop5Count"] as const) : [null, null];
    const totalPicks = priced ? outcomeList.reduce((sum, outcome) => sum + outcome[priced], 0) : 0;
    return {
      strategy: key,
      label,
      cumulativeReturn,
      annualisedReturn,
      annualisedExcessReturn: annualisedReturn - universeAnnualised,
      meanMonthlyReturn: simulation.periodReturns.reduce((sum, value) => sum + value, 0) / months,
      maxDrawdown: maxDrawdown(simulation.values.map((point) => point.value)),
      averageTurnover: key === "universe" || later.length === 0 ? null : later.reduce((sum, value) => sum + value, 0) / later.length,
      hitRate: hits && totalPicks > 0 ? outcomeList.reduce((sum, outcome) => sum + outcome[hits], 0) / totalPicks : null,
    };
  });
  const curve = simulations.universe.values.map((point, index) => ({
    date: point.date,
    ...(Object.fromEntries(STRATEGIES.map(({ key }) => [key, simulations[key].values[index].value])) as Record<Strategy, number>),
  }));
  const model = meanAndT(ics);
  const baseline = meanAndT(baselineIcs);
  return {
    months,
    firstRebalance: completed[0].date,
    lastPeriodEnd: lastDay,
    meanIc: model.mean,
    icTStat: model.t,
    baselineMeanIc: baseline.mean,
    baselineIcTStat: baseline.t,
    strategies,
    calibration:
      scoredPicks === 0
        ? null
        : {
            picks: scoredPicks,
            brierScore: squaredErrors / scoredPicks,
            top5MeanAiScore: top5Scores / top5Scored,
            top5HitRate: strategies.find((strategy) => strategy.strategy === "model_top5")?.hitRate ?? null,
          },
    curve,
    outcomes,
  };
}
