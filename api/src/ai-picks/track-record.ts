// The AI picks' published track record: each walk-forward rebalance's realised outcome, and the
// model measured against the equal-weight members and simple factor rules on the same months and
// rules. Portfolios are bought at a rebalance day's close and held to the next one's
// (backtest-math's simulation, 10 bps per unit of turnover); the universe is held at no cost, as an
// index would be quoted. Every mean comes with a block-bootstrap 95 % interval over months and a
// Newey–West t: monthly outcomes are neither independent nor normal.
import { COST_PER_TURNOVER, maxDrawdown, median, simulateEqualWeight, type PricedClose } from "../backtest/backtest-math";
import { reliabilityTable, type ReliabilityBin } from "../earnings/evaluation";
import { blockBootstrapInterval, mean, neweyWestT, type Interval } from "../shared/statistics";
import { FACTORS, type Factor, type TickerFeatures } from "./features";
import { spearman } from "./model";
import { BASELINES, type Baseline, type ScoredDay, type ScoredPick } from "./walk-forward";
import { lastIndexOnOrBefore } from "../market-data/technicals-store";

export const TOP_PICKS = 5;

/** What ranks a portfolio: the model's score or a baseline's. */
export type Signal = "model" | Baseline;
export const SIGNALS: { key: Signal; label: string }[] = [{ key: "model", label: "AI model" }, ...BASELINES];

export type Strategy = `${Signal}_top5` | "model_decile" | "momentum_decile" | "universe";

export const STRATEGIES: { key: Strategy; label: string; signal: Signal | null; size: "top5" | "decile" | "all" }[] = [
  ...SIGNALS.map(({ key, label }) => ({ key: `${key}_top5` as Strategy, label: key === "model" ? "AI picks, top 5" : `${label}, top 5`, signal: key, size: "top5" as const })),
  { key: "model_decile", label: "AI picks, top decile", signal: "model", size: "decile" },
  { key: "momentum_decile", label: "12-1 momentum, top decile", signal: "momentum", size: "decile" },
  { key: "universe", label: "Equal-weight members", signal: null, size: "all" },
];

/** One completed rebalance: what each strategy earned to the next rebalance day's close. */
export type RebalanceOutcome = {
  periodEnd: string;
  universeSize: number;
  /** Spearman correlation of the model's score (and of 12-1 momentum) with the realised returns. */
  ic: number | null;
  baselineIc: number | null;
  /** Every signal's IC. */
  ics: Record<Signal, number | null>;
  universeMedian: number | null;
  /** Period returns after costs, as fractions. */
  returns: Record<Strategy, number>;
  turnover: Record<Exclude<Strategy, "universe">, number>;
  /** Top-5 picks that beat the universe median, of those priced (model, then each signal). */
  top5Hits: number;
  top5Count: number;
  hits: Record<Signal, { hits: number; count: number }>;
  /** Σ(aiScore − beat)² over the priced tickers, and their count (a constant 50 % scores 0.25 each). */
  brier: { sum: number; count: number };
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
  /** Share of top-5 picks that beat the universe median (top-5 strategies only), with its interval. */
  hitRate: number | null;
  hitRateInterval: Interval | null;
  /** The ranking signal's mean IC, its interval and Newey–West t (top-5 strategies only). */
  meanIc: number | null;
  icInterval: Interval | null;
  icNeweyWestT: number | null;
  /** Mean monthly return minus the universe's, its interval and Newey–West t (null for the universe). */
  monthlyExcess: number | null;
  monthlyExcessInterval: Interval | null;
  excessNeweyWestT: number | null;
};

/** How well the AI score worked as a probability, out of sample, over every priced ticker of the completed rebalances. */
export type ScoreCalibration = {
  picks: number;
  brierScore: number;
  /** A constant 50 %: 0.25. */
  constantBrier: number;
  /** Brier score minus the constant's, with its interval over months: below 0 is better than the constant. */
  brierDifference: Interval | null;
  top5MeanAiScore: number;
  top5HitRate: number | null;
  reliability: ReliabilityBin[];
};

/** The AI top N under other N and costs (the rebalance day is varied by `npm run eval:ai-picks`). */
export type SensitivityRow = { picks: "5" | "10" | "decile"; costBps: number; annualisedReturn: number; annualisedExcessReturn: number; monthlyExcess: Interval | null };

/** The share of scored member-months on which an input was known (the rest sat in the middle rank). */
export type InputCoverage = { factor: Factor; label: string; share: number };

/** How often each candidate model led a rebalance. */
export type CandidateChoice = { candidate: string; label: string; months: number };

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
  sensitivity: SensitivityRow[];
  choices: CandidateChoice[];
  inputCoverage: InputCoverage[];
  /** Each strategy's value at every day's close (1 at the first rebalance). */
  curve: ({ date: string } & Record<Strategy, number>)[];
  outcomes: Map<string, RebalanceOutcome>;
};

const decileSize = (count: number) => Math.max(1, Math.ceil(count / 10));

/** The picks ordered by a signal, best first (unknown values left out; ties to the first ticker in the alphabet). */
function orderedBy(day: ScoredDay, signal: Signal): ScoredPick[] {
  if (signal === "model") return day.picks;
  return day.picks
    .filter((pick) => pick.signals[signal] !== null)
    .sort((a, b) => b.signals[signal]! - a.signals[signal]! || a.ticker.localeCompare(b.ticker));
}

function selectionOf(completed: ScoredDay[], signal: Signal | null, size: "top5" | "decile" | "all" | number) {
  return completed.map((day) => {
    const ordered = signal === null ? day.picks : orderedBy(day, signal);
    const count = size === "all" ? ordered.length : size === "decile" ? decileSize(day.picks.length) : size === "top5" ? TOP_PICKS : size;
    return { date: day.date, tickers: ordered.slice(0, count).map((pick) => pick.ticker) };
  });
}

const compound = (returns: number[]) => returns.reduce((value, periodReturn) => value * (1 + periodReturn), 1) - 1;
const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** A ratio of sums over months (hit rate, Brier): the bootstrap resamples months, not picks. */
const pooledRate = (blocks: { numerator: number; denominator: number }[]) => {
  const denominator = sumOf(blocks.map((block) => block.denominator));
  return denominator === 0 ? null : sumOf(blocks.map((block) => block.numerator)) / denominator;
};

/**
 * The track record of `rebalances` (oldest first): every rebalance but the last has a completed
 * period (to the next one); the last is open and left out of every figure.
 */
export function trackRecord(rebalances: ScoredDay[], features: Map<string, TickerFeatures>, tradingDays: string[]): TrackRecord {
  const completed = rebalances.slice(0, -1);
  const outcomes = new Map<string, RebalanceOutcome>();
  const months = completed.length;
  if (months === 0) {
    return { months: 0, firstRebalance: null, lastPeriodEnd: null, meanIc: null, icTStat: null, baselineMeanIc: null, baselineIcTStat: null, strategies: [], calibration: null, sensitivity: [], choices: [], inputCoverage: [], curve: [], outcomes };
  }
  const closeAsOf = (ticker: string, date: string): PricedClose | null => {
    const series = features.get(ticker);
    const index = series ? lastIndexOnOrBefore(series.dates, date) : -1;
    return index < 0 ? null : { close: series!.closes[index], date: series!.dates[index] };
  };
  const lastDay = rebalances.at(-1)!.date;
  const days = tradingDays.filter((day) => day >= completed[0].date && day <= lastDay);
  const simulate = (signal: Signal | null, size: "top5" | "decile" | "all" | number, cost: number) => simulateEqualWeight(days, selectionOf(completed, signal, size), closeAsOf, cost);
  const simulations = Object.fromEntries(
    STRATEGIES.map(({ key, signal, size }) => [key, simulate(signal, size, key === "universe" ? 0 : COST_PER_TURNOVER)]),
  ) as Record<Strategy, ReturnType<typeof simulateEqualWeight>>;

  const reliabilityInputs: { probabilities: number[]; outcomes: number[] } = { probabilities: [], outcomes: [] };
  let [top5Scores, top5Scored] = [0, 0];
  completed.forEach((day, index) => {
    const periodEnd = rebalances[index + 1].date;
    const realisedOf = new Map(
      day.picks.map((pick) => {
        const end = closeAsOf(pick.ticker, periodEnd);
        return [pick.ticker, end && end.date > day.date ? end.close / pick.price - 1 : NaN];
      }),
    );
    const realised = day.picks.map((pick) => realisedOf.get(pick.ticker)!);
    const universeMedian = median(realised.filter((value) => !Number.isNaN(value)));
    const ics = Object.fromEntries(
      SIGNALS.map(({ key }) => [key, spearman(day.picks.map((pick) => (key === "model" ? pick.score : (pick.signals[key] ?? NaN))), realised)]),
    ) as Record<Signal, number | null>;
    const hits = Object.fromEntries(
      SIGNALS.map(({ key }) => {
        const top = orderedBy(day, key)
          .slice(0, TOP_PICKS)
          .map((pick) => realisedOf.get(pick.ticker)!)
          .filter((value) => !Number.isNaN(value));
        return [key, { hits: universeMedian === null ? 0 : top.filter((value) => value > universeMedian).length, count: top.length }];
      }),
    ) as Record<Signal, { hits: number; count: number }>;
    const brier = { sum: 0, count: 0 };
    day.picks.forEach((pick, row) => {
      if (Number.isNaN(realised[row]) || universeMedian === null) return;
      const beat = realised[row] > universeMedian ? 1 : 0;
      brier.sum += (pick.aiScore - beat) ** 2;
      brier.count += 1;
      reliabilityInputs.probabilities.push(pick.aiScore);
      reliabilityInputs.outcomes.push(beat);
      if (pick.rank <= TOP_PICKS) {
        top5Scores += pick.aiScore;
        top5Scored += 1;
      }
    });
    outcomes.set(day.date, {
      periodEnd,
      universeSize: day.picks.length,
      ic: ics.model,
      baselineIc: ics.momentum,
      ics,
      universeMedian,
      returns: Object.fromEntries(STRATEGIES.map(({ key }) => [key, simulations[key].periodReturns[index]])) as Record<Strategy, number>,
      turnover: Object.fromEntries(
        STRATEGIES.filter(({ key }) => key !== "universe").map(({ key }) => [key, simulations[key].rebalances[index].turnover]),
      ) as RebalanceOutcome["turnover"],
      top5Hits: hits.model.hits,
      top5Count: hits.model.count,
      hits,
      brier,
    });
  });

  const outcomeList = [...outcomes.values()];
  const annualise = (cumulative: number) => (1 + cumulative) ** (12 / months) - 1;
  const universeReturns = simulations.universe.periodReturns;
  const universeAnnualised = annualise(compound(universeReturns));
  const icsOf = (signal: Signal) => outcomeList.flatMap((outcome) => (outcome.ics[signal] === null ? [] : [outcome.ics[signal]!]));
  const excessOf = (returns: number[]) => returns.map((value, month) => value - universeReturns[month]);
  const strategies = STRATEGIES.map(({ key, label, signal, size }): StrategySummary => {
    const simulation = simulations[key];
    const cumulativeReturn = compound(simulation.periodReturns);
    const annualisedReturn = annualise(cumulativeReturn);
    const later = simulation.rebalances.slice(1).map((rebalance) => rebalance.turnover);
    const ranked = size === "top5" && signal !== null;
    const ics = ranked ? icsOf(signal) : [];
    const hitBlocks = ranked ? outcomeList.map((outcome) => ({ numerator: outcome.hits[signal].hits, denominator: outcome.hits[signal].count })) : [];
    const excess = key === "universe" ? [] : excessOf(simulation.periodReturns);
    return {
      strategy: key,
      label,
      cumulativeReturn,
      annualisedReturn,
      annualisedExcessReturn: annualisedReturn - universeAnnualised,
      meanMonthlyReturn: sumOf(simulation.periodReturns) / months,
      maxDrawdown: maxDrawdown(simulation.values.map((point) => point.value)),
      averageTurnover: key === "universe" || later.length === 0 ? null : sumOf(later) / later.length,
      hitRate: ranked ? pooledRate(hitBlocks) : null,
      hitRateInterval: ranked ? blockBootstrapInterval(hitBlocks, pooledRate) : null,
      meanIc: mean(ics),
      icInterval: blockBootstrapInterval(ics, mean),
      icNeweyWestT: neweyWestT(ics)?.t ?? null,
      monthlyExcess: mean(excess),
      monthlyExcessInterval: blockBootstrapInterval(excess, mean),
      excessNeweyWestT: neweyWestT(excess)?.t ?? null,
    };
  });

  const sensitivity: SensitivityRow[] = (["5", "10", "decile"] as const).flatMap((picks) =>
    [10, 25].map((costBps) => {
      const simulation = simulate("model", picks === "decile" ? "decile" : Number(picks), costBps / 10_000);
      const annualisedReturn = annualise(compound(simulation.periodReturns));
      return { picks, costBps, annualisedReturn, annualisedExcessReturn: annualisedReturn - universeAnnualised, monthlyExcess: blockBootstrapInterval(excessOf(simulation.periodReturns), mean) };
    }),
  );

  const brierBlocks = outcomeList.map((outcome) => ({ numerator: outcome.brier.sum - 0.25 * outcome.brier.count, denominator: outcome.brier.count }));
  const scoredPicks = sumOf(outcomeList.map((outcome) => outcome.brier.count));
  const choices = new Map<string, CandidateChoice>();
  for (const day of completed) {
    const entry = choices.get(day.model.candidate) ?? { candidate: day.model.candidate, label: day.model.label, months: 0 };
    entry.months += 1;
    choices.set(day.model.candidate, entry);
  }
  const scored = sumOf(completed.map((day) => day.picks.length));
  const inputCoverage = FACTORS.map(({ key, label }, input) => ({
    factor: key,
    label,
    share: sumOf(completed.map((day) => day.picks.filter((pick) => pick.factors[input].input !== null).length)) / scored,
  }));
  const curve = simulations.universe.values.map((point, index) => ({
    date: point.date,
    ...(Object.fromEntries(STRATEGIES.map(({ key }) => [key, simulations[key].values[index].value])) as Record<Strategy, number>),
  }));
  const modelIcs = icsOf("model");
  const momentumIcs = icsOf("momentum");
  return {
    months,
    firstRebalance: completed[0].date,
    lastPeriodEnd: lastDay,
    meanIc: mean(modelIcs),
    icTStat: neweyWestT(modelIcs)?.t ?? null,
    baselineMeanIc: mean(momentumIcs),
    baselineIcTStat: neweyWestT(momentumIcs)?.t ?? null,
    strategies,
    calibration:
      scoredPicks === 0
        ? null
        : {
            picks: scoredPicks,
            brierScore: sumOf(outcomeList.map((outcome) => outcome.brier.sum)) / scoredPicks,
            constantBrier: 0.25,
            brierDifference: blockBootstrapInterval(brierBlocks, pooledRate),
            top5MeanAiScore: top5Scores / top5Scored,
            top5HitRate: strategies.find((strategy) => strategy.strategy === "model_top5")?.hitRate ?? null,
            reliability: reliabilityTable(reliabilityInputs.probabilities, reliabilityInputs.outcomes),
          },
    sensitivity,
    choices: [...choices.values()].sort((a, b) => b.months - a.months),
    inputCoverage,
    curve,
    outcomes,
  };
}
