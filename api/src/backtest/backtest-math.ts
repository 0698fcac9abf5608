// The backtest's arithmetic, as pure functions over closes a user can look up: forward returns,
// an equal-weight portfolio rebalanced on given days with a cost per unit of turnover, and its
// drawdown. Prices come in through lookups, so the same code serves the screen's portfolio and
// the universe benchmark, and the tests feed hand-made numbers.
import { mean } from "../shared/statistics";
import { turnForRequests } from "../shared/turn-for-requests";

/** Cost charged per unit of turnover: 10 basis points of the traded fraction. */
export const COST_PER_TURNOVER = 0.001;

/** A close and the day it is from: the day's own bar, or the latest bar before it. */
export type PricedClose = { close: number; date: string };

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}


/** The largest fall from a running peak, as a positive fraction (0.25 = fell 25 % below its high). */
export function maxDrawdown(values: number[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const value of values) {
    peak = Math.max(peak, value);
    if (peak > 0) worst = Math.max(worst, 1 - value / peak);
  }
  return worst;
}

/** Buys plus sells as a fraction of the portfolio: Σ |target weight − current weight| over every name in either. */
export function turnover(current: ReadonlyMap<string, number>, target: ReadonlyMap<string, number>): number {
  let traded = 0;
  for (const [ticker, weight] of target) traded += Math.abs(weight - (current.get(ticker) ?? 0));
  for (const [ticker, weight] of current) if (!target.has(ticker)) traded += weight;
  return traded;
}

export type HorizonReturns = {
  tradingDays: number;
  /** The trading day the returns end on; null when the data ends before it. */
  endDate: string | null;
  /** Each row's return, null where a close on the entry or end day is missing. */
  rowReturns: (number | null)[];
  rowsWithData: number;
  rowsMean: number | null;
  universeWithData: number;
  universeMean: number | null;
  universeMedian: number | null;
  /** Rows whose return beat the universe median. */
  hits: number;
  /** hits ÷ rowsWithData. */
  hitRate: number | null;
};

/**
 * Close-to-close returns from `entryDate` to the trading day `horizon` days later, for the rows
 * and the universe; a ticker counts only with a close on both days (`closeOn` answers the day's
 * own close or null: nothing is carried over a missing day).
 */
export function horizonReturns(
  rowTickers: string[],
  universeTickers: string[],
  tradingDays: string[],
  entryDate: string,
  horizon: number,
  closeOn: (ticker: string, date: string) => number | null,
): HorizonReturns {
  const entryIndex = tradingDays.indexOf(entryDate);
  const endDate = entryIndex >= 0 ? (tradingDays[entryIndex + horizon] ?? null) : null;
  const returnOf = (ticker: string) => {
    if (endDate === null) return null;
    const [start, end] = [closeOn(ticker, entryDate), closeOn(ticker, endDate)];
    return start === null || end === null || start <= 0 ? null : end / start - 1;
  };
  const rowReturns = rowTickers.map(returnOf);
  const known = rowReturns.filter((value) => value !== null);
  const universe = universeTickers.map(returnOf).filter((value) => value !== null);
  const universeMedian = median(universe);
  const hits = universeMedian === null ? 0 : known.filter((value) => value > universeMedian).length;
  return {
    tradingDays: horizon,
    endDate,
    rowReturns,
    rowsWithData: known.length,
    rowsMean: mean(known),
    universeWithData: universe.length,
    universeMean: mean(universe),
    universeMedian,
    hits,
    hitRate: known.length === 0 || universeMedian === null ? null : hits / known.length,
  };
}

export type Holding = { ticker: string; weight: number; close: number; priceDate: string };

export type RebalanceResult = {
  date: string;
  /** The new equal-weight holdings, at the rebalance day's close. */
  holdings: Holding[];
  turnover: number;
  /** What the trades cost, as a fraction of the portfolio's value before them. */
  cost: number;
  /** The portfolio's value before and after the trades (it starts at 1). */
  valueBefore: number;
  valueAfter: number;
};

export type Simulation = {
  /** The value at each day's close, from the first rebalance day to the last day. */
  values: { date: string; value: number }[];
  rebalances: RebalanceResult[];
  /** Each rebalance period's return: its value at the next rebalance day (before its trades), or the last day, ÷ its value before its own trades − 1. */
  periodReturns: number[];
  /** Held names valued at an earlier close on some day because their bars stop or skip it. */
  carriedTickers: string[];
};

/**
 * An equal-weight portfolio of each rebalance day's tickers, bought at that day's close and held
 * (weights drifting with the prices) until the next rebalance day; `costPerTurnover` × turnover
 * is taken from its value at each rebalance. With no tickers it holds cash. `closeAsOf` answers
 * a ticker's close on the day or, failing that, its latest earlier close (a name whose bars stop
 * keeps its last value). `days` are the trading days from the first rebalance day on.
 */
export function simulateEqualWeight(...args: SimulationArgs): Simulation {
  const steps = simulationSteps(...args);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * simulateEqualWeight with a turn for requests every DAYS_PER_TURN days, for the request loop: a
 * 12-month S&P 500 benchmark marks ~500 holdings to market each day (about 40 ms at once).
 */
export async function simulateEqualWeightInTurns(...args: SimulationArgs): Promise<Simulation> {
  const steps = simulationSteps(...args);
  let step = steps.next();
  while (!step.done) {
    await turnForRequests();
    step = steps.next();
  }
  return step.value;
}

type SimulationArgs = [
  days: string[],
  selections: { date: string; tickers: string[] }[],
  closeAsOf: (ticker: string, date: string) => PricedClose | null,
  costPerTurnover: number,
];

/** Days simulated between two turns for requests. */
const DAYS_PER_TURN = 20;

/** The simulation, pausing (yielding) every DAYS_PER_TURN days; its return value is the result. */
function* simulationSteps(...[days, selections, closeAsOf, costPerTurnover]: SimulationArgs): Generator<void, Simulation> {
  const selectionsByDate = new Map(selections.map((selection) => [selection.date, selection.tickers]));
  let units = new Map<string, number>();
  let cash = 1;
  const carried = new Set<string>();
  const markToMarket = (date: string) => {
    let value = cash;
    for (const [ticker, count] of units) {
      const priced = closeAsOf(ticker, date);
      if (!priced) continue;
      if (priced.date !== date) carried.add(ticker);
      value += count * priced.close;
    }
    return value;
  };
  const values: Simulation["values"] = [];
  const rebalances: RebalanceResult[] = [];
  const periodReturns: number[] = [];
  for (const [index, date] of days.entries()) {
    if (index > 0 && index % DAYS_PER_TURN === 0) yield;
    let value = markToMarket(date);
    const chosen = selectionsByDate.get(date);
    if (chosen) {
      if (rebalances.length > 0) periodReturns.push(value / rebalances.at(-1)!.valueBefore - 1);
      const current = new Map<string, number>();
      for (const [ticker, count] of units) {
        const priced = closeAsOf(ticker, date);
        if (priced && value > 0) current.set(ticker, (count * priced.close) / value);
      }
      const priced = chosen.flatMap((ticker) => {
        const close = closeAsOf(ticker, date);
        return close && close.close > 0 ? [{ ticker, ...close }] : [];
      });
      const target = new Map(priced.map((entry) => [entry.ticker, 1 / priced.length]));
      const traded = turnover(current, target);
      const valueBefore = value;
      value *= 1 - costPerTurnover * traded;
      units = new Map(priced.map((entry) => [entry.ticker, (value / priced.length) / entry.close]));
      cash = priced.length === 0 ? value : 0;
      rebalances.push({
        date,
        holdings: priced.map((entry) => ({ ticker: entry.ticker, weight: 1 / priced.length, close: entry.close, priceDate: entry.date })),
        turnover: traded,
        cost: costPerTurnover * traded,
        valueBefore,
        valueAfter: value,
      });
    }
    if (rebalances.length > 0) values.push({ date, value });
  }
  if (rebalances.length > 0) periodReturns.push(values.at(-1)!.value / rebalances.at(-1)!.valueBefore - 1);
  return { values, rebalances, periodReturns, carriedTickers: [...carried].sort() };
}
