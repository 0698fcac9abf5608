// The screen backtest (issue 12): what happened after a screen as of day D (forward returns of
// its rows against its universe), and a monthly-rebalanced equal-weight portfolio of its top N
// rows over a chosen period against the equal-weight universe. Every selection is the same
// screen run as of its rebalance day (indicators from bars dated on or before it, news to its
// end); returns come from the stored, split-adjusted closes, each figure with the closes and
// dates behind it so a user can recompute it.
import { z } from "zod";
import type { Viewer } from "../auth/viewer";
import { authScopesFor } from "../auth/viewer";
import type { RequestContext } from "../context";
import { AppError, type FieldError } from "../errors/app-error";
import { parseInput } from "../errors/validation";
import { lastIndexOnOrBefore, sourceLabel, type BarHistory } from "../market-data/technicals-store";
import { universeTickers, type UniverseKey } from "../market-data/universes";
import { runScreen, type ScreenDeps, type ScreenKind } from "../screening/screen";
import { screenCost } from "../screening/screen-cost";
import { parseScreenRequest, withoutNulls, type ScreenRequest } from "../screening/screen-request";
import { COST_PER_TURNOVER, horizonReturns, maxDrawdown, simulateEqualWeightInTurns, type Holding, type HorizonReturns } from "./backtest-math";

/** Forward-return horizons in trading days: about a week, a month and a quarter. */
export const FORWARD_HORIZONS = [5, 21, 63] as const;

/** What each plan may ask for: Free (anonymous and Basic) one period of up to 12 months and the top 20; Pro more. */
export const BACKTEST_LIMITS = {
  free: { months: 12, topN: 20 },
  pro: { topN: 100 },
  defaultTopN: 20,
  defaultMonths: 12,
} as const;

const MONTH_MESSAGE = (field: string) => `${field} must be a month written YYYY-MM`;
const month = (field: string) =>
  z
    .string({ error: MONTH_MESSAGE(field) })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE(field) })
    .optional();

const backtestSchema = z
  .object(
    {
      screen: z.record(z.string(), z.unknown(), { error: "screen must be a screening request (an object with universe and filters)" }),
      kind: z.enum(["basic", "combined"], { error: "kind must be basic or combined" }).default("basic"),
      from: month("from"),
      to: month("to"),
      topN: z
        .number({ error: "topN must be a number" })
        .int({ error: "topN must be a whole number" })
        .min(1, { error: `topN must be between 1 and ${BACKTEST_LIMITS.pro.topN}` })
        .max(BACKTEST_LIMITS.pro.topN, { error: `topN must be between 1 and ${BACKTEST_LIMITS.pro.topN}` })
        .default(BACKTEST_LIMITS.defaultTopN),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown backtest field: ${issue.keys.join(", ")}` : "The backtest request must be an object") },
  )
  .strict()
  .superRefine((input, context) => {
    if (input.from && input.to && input.from > input.to) context.addIssue({ code: "custom", path: ["from"], message: "from must be on or before to" });
  });

/** Months from `from` to `to`, both included ("2020-01".."2020-12" is 12). */
export function monthsBetween(from: string, to: string): number {
  const index = (yearMonth: string) => Number(yearMonth.slice(0, 4)) * 12 + Number(yearMonth.slice(5, 7)) - 1;
  return index(to) - index(from) + 1;
}

function addMonths(yearMonth: string, months: number): string {
  const index = Number(yearMonth.slice(0, 4)) * 12 + Number(yearMonth.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * Points a backtest costs: the screen's price once per screen it runs (one per rebalance, plus
 * the screen as of its own day). Read from the raw input like screenCost: a period it cannot
 * read counts as the default 12 months.
 */
export function backtestCost(input: unknown): number {
  const fields = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const isMonth = (value: unknown): value is string => typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
  const months = isMonth(fields.from) && isMonth(fields.to) ? Math.max(1, monthsBetween(fields.from, fields.to)) : BACKTEST_LIMITS.defaultMonths;
  return screenCost(fields.screen) * (months + 1);
}

export type ForwardHorizon = HorizonReturns;
export type BacktestHolding = Holding;
export type BacktestMonth = {
  month: string;
  /** The rebalance day the month's holdings were bought on, and the day the month's return ends (the next rebalance day, or the period's last day). */
  startDate: string;
  endDate: string;
  portfolioReturn: number;
  universeReturn: number;
  holdingsCount: number;
  /** Rows the screen gave that day (the holdings are the first topN of them). */
  rowsMatched: number;
  turnover: number;
  cost: number;
  universeCount: number;
  holdings: BacktestHolding[];
};
export type BacktestPoint = { date: string; portfolio: number; universe: number };

export type ScreenBacktest = {
  kind: ScreenKind;
  request: ScreenRequest;
  topN: number;
  from: string;
  to: string;
  /** The trading day the screen was run as of, and the forward returns of its rows from there. */
  screenAsOf: string;
  screenRows: number;
  forwardReturns: ForwardHorizon[];
  /** Rebalance months with their holdings and returns. */
  months: BacktestMonth[];
  /** Cumulative value at each trading day's close (1 = the start), portfolio and universe. */
  series: BacktestPoint[];
  portfolioReturn: number;
  universeReturn: number;
  portfolioMaxDrawdown: number;
  universeMaxDrawdown: number;
  averageTurnover: number;
  totalCost: number;
  method: string;
  source: string;
  /** The latest stored price day: returns end there at the latest. */
  pricesAsOf: string;
  warnings: string[];
};

const fieldError = (field: string, message: string) => ({ field, message });
const badInput = (errors: FieldError[]) =>
  new AppError("BAD_USER_INPUT", `Invalid backtest request: ${errors.map((error) => error.message).join("; ")}.`, { fieldErrors: errors });

/** Free plans' limits: PRO_REQUIRED naming each limit asked past. */
function assertPlanAllows(viewer: Viewer | null, kind: ScreenKind, months: number, topN: number) {
  if (authScopesFor(viewer).pro) return;
  const { free } = BACKTEST_LIMITS;
  const over: FieldError[] = [];
  if (kind === "combined") over.push(fieldError("kind", "The Combined screen is Pro only, and so is its backtest"));
  if (months > free.months) over.push(fieldError("to", `Free plans backtest one period of at most ${free.months} months (this one is ${months}); Pro backtests any period in the data`));
  if (topN > free.topN) over.push(fieldError("topN", `Free plans hold at most the top ${free.topN} rows (asked for ${topN}); Pro holds up to ${BACKTEST_LIMITS.pro.topN}`));
  if (over.length === 0) return;
  throw new AppError("PRO_REQUIRED", `${over.map((error) => error.message).join(". ")}. Start the 7-day free trial on /pricing.`, { fieldErrors: over });
}

/** The screen's universe on a day, as its equal-weight benchmark: the ticker list, or every symbol of the named universe that day (before maxSymbols). */
function universeOn(request: ScreenRequest, day: string): string[] {
  return request.tickers ?? universeTickers(request.universe as UniverseKey, { includeEtf: request.includeEtf, on: day });
}

/** Close lookups over the bars in memory: the day's own close, or (for holdings) the latest on or before it. */
function priceLookups(history: BarHistory) {
  const closeAsOf = (ticker: string, date: string) => {
    const bars = history.byTicker.get(ticker);
    const index = bars ? lastIndexOnOrBefore(bars.dates, date) : -1;
    return bars && index >= 0 ? { close: bars.closes[index], date: bars.dates[index] } : null;
  };
  const closeOn = (ticker: string, date: string) => {
    const priced = closeAsOf(ticker, date);
    return priced && priced.date === date ? priced.close : null;
  };
  return { closeAsOf, closeOn };
}

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

export function methodText(topN: number): string {
  return (
    `Forward returns: close on the screen's day to the close ${FORWARD_HORIZONS.join(", ")} trading days later (trading days: the dates with stored bars), ` +
    `for each row with a close on both days; the universe is every symbol of the screen's universe with both closes (equal weight); ` +
    `hit rate = rows whose return beat the universe median ÷ rows with both closes. ` +
    `Monthly rebalance: on each month's first trading day the same screen is run as of that day (only bars and news dated on or before it), ` +
    `and its first ${topN} rows are bought in equal weights at that day's close and held, weights drifting, to the next rebalance day's close. ` +
    `Turnover = buys + sells as a fraction of the portfolio (the first purchase from cash is 1); each rebalance costs ${COST_PER_TURNOVER * 1e4} bps × turnover of the portfolio's value. ` +
    `A holding without a bar on a day is valued at its latest earlier close. A month with no rows holds cash. ` +
    `The benchmark is every symbol of the screen's universe on the rebalance day (the S&P 500's members of that day) with a close that day, equal weight, rebalanced on the same days without costs. ` +
    `Prices are the stored split-adjusted daily closes (price_data); dividends are not included.`
  );
}

/**
 * Runs a backtest for `viewer` (null: anonymous). BAD_USER_INPUT names a bad field and its rule,
 * PRO_REQUIRED the plan limit asked past. Nothing is stored.
 */
export async function screenBacktest(deps: ScreenDeps, viewer: Viewer | null, input: unknown): Promise<ScreenBacktest> {
  const parsed = parseInput(backtestSchema, withoutNulls(input));
  let request: ScreenRequest;
  try {
    request = parseScreenRequest(parsed.screen).request;
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors) {
      throw badInput(error.fieldErrors.map((fieldError) => ({ field: `screen.${fieldError.field}`, message: fieldError.message })));
    }
    throw error;
  }
  const { kind, topN } = parsed;
  // Asked for explicitly, the plan is checked before any data is read.
  if (parsed.from && parsed.to) assertPlanAllows(viewer, kind, monthsBetween(parsed.from, parsed.to), topN);

  const history = await deps.technicals.bars();
  const tradingDays = history.tradingDays;
  if (tradingDays.length === 0) throw badInput([fieldError("from", "No prices are stored yet, so nothing can be backtested")]);
  const [firstDay, lastDay] = [tradingDays[0], tradingDays.at(-1)!];
  const [firstMonth, lastMonth] = [firstDay.slice(0, 7), lastDay.slice(0, 7)];
  if (request.asOf && (request.asOf < firstDay || request.asOf > lastDay)) {
    throw badInput([fieldError("screen.asOf", `screen.asOf must be a date from ${firstDay} to ${lastDay}, the range of the stored prices`)]);
  }
  const screenMonth = (request.asOf ?? lastDay).slice(0, 7);
  const from = parsed.from ?? screenMonth;
  const clip = (yearMonth: string) => (yearMonth > lastMonth ? lastMonth : yearMonth);
  const to = parsed.to ?? clip(addMonths(from, BACKTEST_LIMITS.defaultMonths - 1));
  const months = monthsBetween(from, to);
  assertPlanAllows(viewer, kind, months, topN);
  const range = `from ${firstMonth} to ${lastMonth}, the months of the stored prices`;
  const outside = [
    ...(from < firstMonth || from > lastMonth ? [fieldError("from", `from must be a month ${range}`)] : []),
    ...(to < firstMonth || to > lastMonth ? [fieldError("to", `to must be a month ${range}`)] : []),
    ...(months < 1 ? [fieldError("from", "from must be on or before to")] : []),
  ];
  if (outside.length > 0) throw badInput(outside);

  const screenAt = (asOf: string | null) => runScreen(deps, viewer, { ...request, asOf }, kind, { store: false });
  const { closeAsOf, closeOn } = priceLookups(history);
  const warnings: string[] = [];

  // The monthly rebalances: each month's first trading day in [from, to].
  const rebalanceDays: string[] = [];
  for (const day of tradingDays) {
    const dayMonth = day.slice(0, 7);
    if (dayMonth >= from && dayMonth <= to && rebalanceDays.at(-1)?.slice(0, 7) !== dayMonth) rebalanceDays.push(day);
  }
  if (rebalanceDays.length === 0) throw badInput([fieldError("from", `No stored trading day falls in ${from} → ${to}`)]);
  const endDay = tradingDays[lastIndexOnOrBefore(tradingDays, `${to}-31`)];
  const periodDays = tradingDays.slice(tradingDays.indexOf(rebalanceDays[0]), tradingDays.indexOf(endDay) + 1);

  // Every day the run screens stays in memory while it runs (none evicts another: a 40-month run
  // and its screen's own day are 41), and after it, so the same backtest again computes none.
  const release = deps.technicals.hold(request.asOf ? [request.asOf, ...rebalanceDays] : rebalanceDays);
  let screened: Awaited<ReturnType<typeof screenAt>>;
  const selections: { date: string; tickers: string[]; rowsMatched: number }[] = [];
  try {
    // 1. The screen as of its own day (its forward returns below).
    screened = await screenAt(request.asOf);
    // 2. The same screen on each rebalance day, one after another: the embedded database answers one query at a time anyway.
    for (const day of rebalanceDays) {
      const outcome = day === screened.asOf ? screened : await screenAt(day);
      selections.push({ date: day, tickers: outcome.rows.slice(0, topN).map((row) => row.ticker), rowsMatched: outcome.rows.length });
    }
  } finally {
    release();
  }

  const rowTickers = screened.rows.map((row) => row.ticker);
  const forwardReturns: ForwardHorizon[] = FORWARD_HORIZONS.map((horizon) => horizonReturns(rowTickers, universeOn(request, screened.asOf), tradingDays, screened.asOf, horizon, closeOn));
  const unanswered = forwardReturns.filter((horizon) => horizon.endDate === null).map((horizon) => `+${horizon.tradingDays}`);
  if (unanswered.length > 0) {
    warnings.push(`The stored prices end on ${lastDay}, before ${unanswered.join(", ")} trading days after ${screened.asOf}: those forward returns cannot be measured.`);
  }
  const portfolio = await simulateEqualWeightInTurns(periodDays, selections, closeAsOf, COST_PER_TURNOVER);
  const benchmark = await simulateEqualWeightInTurns(
    periodDays,
    rebalanceDays.map((date) => ({ date, tickers: universeOn(request, date).filter((ticker) => closeOn(ticker, date) !== null) })),
    closeAsOf,
    0,
  );
  const empty = selections.filter((selection) => selection.tickers.length === 0).map((selection) => selection.date);
  if (empty.length > 0) warnings.push(`No row passed the screen on ${empty.join(", ")}: the portfolio held cash for ${empty.length === 1 ? "that month" : "those months"}.`);
  if (portfolio.carriedTickers.length > 0) {
    warnings.push(`Some days had no bar for ${portfolio.carriedTickers.join(", ")}: valued at the latest earlier close on those days.`);
  }

  const monthRows: BacktestMonth[] = rebalanceDays.map((date, index) => {
    const rebalance = portfolio.rebalances[index];
    return {
      month: date.slice(0, 7),
      startDate: date,
      endDate: rebalanceDays[index + 1] ?? endDay,
      portfolioReturn: portfolio.periodReturns[index],
      universeReturn: benchmark.periodReturns[index],
      holdingsCount: rebalance.holdings.length,
      rowsMatched: selections[index].rowsMatched,
      turnover: rebalance.turnover,
      cost: rebalance.cost,
      universeCount: benchmark.rebalances[index].holdings.length,
      holdings: rebalance.holdings,
    };
  });
  const series = portfolio.values.map((point, index) => ({ date: point.date, portfolio: point.value, universe: benchmark.values[index].value }));
  const turnovers = portfolio.rebalances.map((rebalance) => rebalance.turnover);
  const portfolioReturn = series.at(-1)!.portfolio - 1;
  const universeReturn = series.at(-1)!.universe - 1;
  return {
    kind,
    request,
    topN,
    from,
    to,
    screenAsOf: screened.asOf,
    screenRows: screened.rows.length,
    forwardReturns,
    months: monthRows,
    series,
    portfolioReturn,
    universeReturn,
    portfolioMaxDrawdown: maxDrawdown(series.map((point) => point.portfolio)),
    universeMaxDrawdown: maxDrawdown(series.map((point) => point.universe)),
    averageTurnover: turnovers.reduce((sum, value) => sum + value, 0) / turnovers.length,
    // The share of value the costs took, compounded over the rebalances.
    totalCost: 1 - portfolio.rebalances.reduce((kept, rebalance) => kept * (1 - rebalance.cost), 1),
    method: `${methodText(topN)} Over ${rebalanceDays[0]} → ${endDay}: portfolio ${percent(portfolioReturn)}, universe ${percent(universeReturn)}.`,
    source: history.sourceRanges.map((range) => sourceLabel(range.source, range.first, range.last)).join("; "),
    pricesAsOf: lastDay,
    warnings,
  };
}

/**
 * A backtest asked for over HTTP: the web app's traffic spends one screen run (a backtest is the
 * operation's one screen), API keys pay through their point budget (backtestCost).
 */
export async function requestedScreenBacktest(context: RequestContext, input: unknown): Promise<ScreenBacktest> {
  const { viewer } = context;
  if (viewer?.authMethod !== "apiKey") {
    await context.rateLimiters.screenRuns.consume(viewer ? `user:${viewer.user.id}` : `ip:${context.clientIp}`);
  }
  return screenBacktest(context, viewer, input);
}
