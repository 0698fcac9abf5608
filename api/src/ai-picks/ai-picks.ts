// Reading the AI picks: a day's ranked picks (the top 5 for everyone, the rest with Pro) and the
// published track record. Days a pass stored are read from ai_picks; any other day is scored on
// request with the model of the month (the latest rebalance's fit) and kept in memory.
import { LRUCache } from "lru-cache";
import { authScopesFor, type Viewer } from "../auth/viewer";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import type { AiPick, AiPickRun } from "../generated/prisma/client";
import { dayWithoutAsOf, parsePriceAsOf, storedPriceRange, type DayWithoutAsOf } from "../market-data/as-of";
import { securityInfo } from "../market-data/universes";
import { FACTORS, type Factor } from "./features";
import { aiPicksPassRunning, modelInputs, tradingDayOnOrBefore } from "./ai-picks-pass";
import { COST_PER_TURNOVER } from "../backtest/backtest-math";
import { STRATEGIES, TOP_PICKS, type RebalanceOutcome, type StrategySummary, type TrackRecord } from "./track-record";
import {
  CANDIDATES,
  crossSection,
  HORIZON_DAYS,
  MIN_SELECTION_MONTHS,
  MIN_TRAINING_DAYS,
  MODEL_VERSION,
  SELECTION_MONTHS,
  scoreCrossSection,
  type FittedModel,
  type PickFactor,
} from "./walk-forward";
import { intervalExcludesZero, type Interval } from "../shared/statistics";

/** Picks anyone may read on a day; rank FREE_PICKS + 1 onwards needs Pro. */
export const FREE_PICKS = TOP_PICKS;
/** Most picks one page may hold. */
export const MAX_PICKS_PAGE = 100;

type Deps = Pick<AppDeps, "db" | "technicals">;

export type AiPickView = {
  date: string;
  ticker: string;
  name: string | null;
  rank: number;
  aiScore: number;
  score: number;
  price: number;
  marketCap: number | null;
  returns1m: number | null;
  returns3m: number | null;
  returns12m: number | null;
  rsi: number | null;
  newsArticles: number;
  /** Inputs with their contributions, the largest (in size) first. */
  factors: (PickFactor & { label: string })[];
  baselineRank: number | null;
  forwardReturn: number | null;
};

export type AiModelView = Omit<FittedModel, "weights"> & { version: string; weights: { factor: Factor; label: string; weight: number }[] | null };

export type AiPicksStatus = "READY" | "COMPUTING" | "NO_MODEL" | "NO_PRICES";

export type AiPicksDay = {
  status: AiPicksStatus;
  /** Why there are no picks (null when READY). */
  message: string | null;
  requestedAsOf: string | null;
  /** The trading day scored. */
  date: string | null;
  /** rebalance: a stored walk-forward rebalance; day: a day a pass stored; on_request: scored when asked. */
  kind: "rebalance" | "day" | "on_request" | null;
  model: AiModelView | null;
  picks: AiPickView[];
  sources: AiSources | null;
  computedAt: Date | null;
};

export type AiSources = {
  prices: string[];
  marketProxy: string | null;
  news: { source: string; articles: number; first: string; last: string; snapshot: boolean }[];
};

const labelOf = new Map(FACTORS.map((factor) => [factor.key, factor.label]));

const byContribution = (factors: PickFactor[]) =>
  factors.map((factor) => ({ ...factor, label: labelOf.get(factor.factor)! })).sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));

function modelView(run: Pick<AiPickRun, "fittedOn" | "model" | "trainingSamples" | "trainingFrom" | "trainingThrough">): AiModelView {
  const stored = run.model as Pick<FittedModel, "candidate" | "label" | "fit" | "weights" | "calibration" | "selection">;
  return {
    version: MODEL_VERSION,
    fittedOn: run.fittedOn,
    candidate: stored.candidate,
    label: stored.label,
    fit: stored.fit,
    weights: stored.weights?.map((weight) => ({ ...weight, label: labelOf.get(weight.factor)! })) ?? null,
    calibration: stored.calibration,
    selection: stored.selection,
    trainingSamples: run.trainingSamples,
    trainingFrom: run.trainingFrom,
    trainingThrough: run.trainingThrough,
  };
}

const numberOrNull = (value: { toString(): string } | null) => (value === null ? null : Number(value));

const storedPickView = (pick: AiPick): AiPickView => ({
  date: pick.date,
  ticker: pick.ticker,
  name: securityInfo(pick.ticker)?.name ?? null,
  rank: pick.rank,
  aiScore: Number(pick.aiScore),
  score: pick.score,
  price: Number(pick.price),
  marketCap: numberOrNull(pick.marketCap),
  returns1m: numberOrNull(pick.returns1m),
  returns3m: numberOrNull(pick.returns3m),
  returns12m: numberOrNull(pick.returns12m),
  rsi: numberOrNull(pick.rsi),
  newsArticles: pick.newsArticles,
  factors: byContribution(pick.factors as PickFactor[]),
  baselineRank: pick.baselineRank,
  forwardReturn: pick.forwardReturn,
});

// The latest track record row and each day's picks, in memory per stored pass (its id).
let recordCache: { at: number; record: Promise<TrackRecordRow | null> } | undefined;
const RECORD_CHECK_MS = 2_000;
const dayCache = new LRUCache<string, Promise<AiPicksDay>>({ max: 30 });
/** The dayCache key each as-of day asked for was answered under (several days share a trading day's). */
const keyOfAsOf = new LRUCache<string, string>({ max: 100 });

/** The picks of a day asked for as asOf are in memory: aiPicks(asOf:) scores nothing. */
export function isAiPicksDayCached(asOf: string): boolean {
  const key = keyOfAsOf.get(asOf);
  return key !== undefined && dayCache.has(key);
}

type TrackRecordRow = NonNullable<Awaited<ReturnType<typeof readRecord>>>;
const readRecord = (deps: Deps) => deps.db.prisma.aiTrackRecord.findFirst({ where: { complete: true }, orderBy: { id: "desc" } });

/** The stored track record row, re-read at most every 2 s (a pass replaces it). */
function latestRecord(deps: Deps): Promise<TrackRecordRow | null> {
  if (!recordCache || Date.now() - recordCache.at > RECORD_CHECK_MS) {
    const entry = { at: Date.now(), record: readRecord(deps) };
    recordCache = entry;
    entry.record.catch(() => {
      if (recordCache === entry) recordCache = undefined;
    });
  }
  return recordCache.record;
}

/** Forgets what was read (tests write passes one after another). */
export function forgetStoredPicks(): void {
  recordCache = undefined;
  dayCache.clear();
  keyOfAsOf.clear();
}

const empty = (status: AiPicksStatus, message: string, requestedAsOf: string | null, date: string | null = null): AiPicksDay => ({
  status,
  message,
  requestedAsOf,
  date,
  kind: null,
  model: null,
  picks: [],
  sources: null,
  computedAt: null,
});

/** Every pick of a day (asOf, else the day `without` names), ranked (the caller pages and applies the plan's limit). */
export async function aiPicksDay(deps: Deps, asOf: unknown, without: DayWithoutAsOf): Promise<AiPicksDay> {
  const requestedAsOf = await parsePriceAsOf(deps.db, asOf);
  const record = await latestRecord(deps);
  if (!record) {
    return aiPicksPassRunning() || (await storedPriceRange(deps.db)) !== null
      ? empty("COMPUTING", "The AI picks are being computed from the stored prices; they appear here in a few seconds.", requestedAsOf)
      : empty("NO_PRICES", "No prices are stored yet, so there is nothing to score.", requestedAsOf);
  }
  const wanted = requestedAsOf ?? (await dayWithoutAsOf(deps.db, without));
  if (wanted === null) return empty("NO_PRICES", "No prices are stored yet, so there is nothing to score.", requestedAsOf);
  const [latest] = await deps.db.prisma.$queryRaw<{ day: string | null }[]>`
    SELECT to_char(max(date), 'YYYY-MM-DD') AS day FROM price_data WHERE date <= ${wanted}::date`;
  const day = latest?.day ?? null;
  if (day === null) return empty("NO_PRICES", `No prices are stored on or before ${wanted}.`, requestedAsOf);
  const key = `${record.id}|${day}`;
  let picks = dayCache.get(key);
  if (!picks) {
    picks = readDay(deps, record, day, requestedAsOf);
    dayCache.set(key, picks);
    picks.catch(() => dayCache.delete(key));
  }
  if (requestedAsOf) keyOfAsOf.set(requestedAsOf, key);
  return { ...(await picks), requestedAsOf };
}

async function readDay(deps: Deps, record: TrackRecordRow, day: string, requestedAsOf: string | null): Promise<AiPicksDay> {
  const sources = record.sources as AiSources;
  const run = await deps.db.prisma.aiPickRun.findUnique({ where: { recordId_date: { recordId: record.id, date: day } }, include: { picks: { orderBy: { rank: "asc" } } } });
  if (run) {
    return {
      status: "READY",
      message: null,
      requestedAsOf,
      date: day,
      kind: run.kind as "rebalance" | "day",
      model: modelView(run),
      sources,
      computedAt: record.computedAt,
      picks: run.picks.map(storedPickView),
    };
  }
  const fit = await deps.db.prisma.aiPickRun.findFirst({ where: { recordId: record.id, kind: "rebalance", date: { lte: day } }, orderBy: { date: "desc" } });
  if (!fit) {
    const first = await deps.db.prisma.aiPickRun.findFirst({ where: { recordId: record.id, kind: "rebalance" }, orderBy: { date: "asc" }, select: { date: true } });
    return empty(
      "NO_MODEL",
      first
        ? `The model's first fit is on ${first.date}, the first month-start with ${MIN_TRAINING_DAYS} training days of known outcomes (a year of prices, then four months); pick a later day.`
        : "The stored prices are too short for a first fit: the model needs a year of prices and then four months of known outcomes.",
      requestedAsOf,
      day,
    );
  }
  const inputs = await modelInputs(deps);
  const model = modelView(fit);
  const scored = scoreCrossSection(inputs, crossSection(inputs, tradingDayOnOrBefore(inputs.tradingDays, day) ?? day), model);
  return {
    status: "READY",
    message: null,
    requestedAsOf,
    date: day,
    kind: "on_request",
    model,
    sources,
    computedAt: record.computedAt,
    picks: scored.picks.map((pick) => ({
      ...pick,
      date: day,
      name: securityInfo(pick.ticker)?.name ?? null,
      aiScore: Number(pick.aiScore.toFixed(4)),
      price: Number(pick.price.toFixed(2)),
      marketCap: null,
      factors: byContribution(pick.factors),
      forwardReturn: null,
    })),
  };
}

const signed = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(3)}`;

/** "12-1 momentum +0.11, RSI 14 −0.03, …": the three largest contributions. */
export const whyOf = (pick: AiPickView) =>
  pick.factors
    .slice(0, 3)
    .map((factor) => `${factor.label} ${signed(factor.contribution)}`)
    .join(", ");

export const newsNoteOf = (pick: AiPickView) =>
  pick.newsArticles === 0
    ? `No articles named ${pick.ticker} in the 7 days to ${pick.date}'s close: the news inputs are neutral (the middle rank).`
    : `${pick.newsArticles} article${pick.newsArticles === 1 ? "" : "s"} named ${pick.ticker} in the 7 days to ${pick.date}'s close.`;

/** Past the free top 5: PRO_REQUIRED naming the argument that asked for it. */
export function assertPicksAllowed(viewer: Viewer | null, offset: number, count: number, field: string): void {
  if (offset + count <= FREE_PICKS || authScopesFor(viewer).pro) return;
  const message = `The top ${FREE_PICKS} AI picks are free; ranks ${FREE_PICKS + 1} and beyond need Pro (asked for ranks ${offset + 1} to ${offset + count})`;
  throw new AppError("PRO_REQUIRED", `${message}. Start the 7-day free trial on /pricing.`, { fieldErrors: [{ field, message }] });
}

/** The stored track record (TrackRecord without its outcomes, which are on the rebalances) and how it was made. */
export type AiTrackRecordView = Omit<TrackRecord, "outcomes"> & {
  status: "READY" | "COMPUTING";
  message: string | null;
  rebalances: AiRebalanceView[];
  beatsBaseline: boolean | null;
  bestBaseline: StrategySummary | null;
  verdict: string | null;
  method: string;
  survivorship: string;
  costBps: number;
  horizonDays: number;
  sources: AiSources | null;
  computedAt: Date | null;
  passMs: number | null;
  dataVersion: string | null;
};

export type AiRebalanceView = {
  date: string;
  periodEnd: string | null;
  universeSize: number;
  fittedOn: string;
  trainingSamples: number;
  outcome: RebalanceOutcome | null;
  /** The top 5 (the rest of a rebalance's ranking is Pro, through aiPicks(asOf:)). */
  picks: AiPickView[];
};

export const METHOD_TEXT =
  `On each month's first trading day every S&P 500 member of that day (point in time) with a year of prices and a bar that day is described by ${FACTORS.length} inputs known at that day's close: ` +
  `${FACTORS.map((factor) => factor.label).join(", ")}. Each input is ranked within the member's GICS sector (−0.5 to 0.5; unknown in the middle). ` +
  `Filed figures count 90 days after their fiscal year's end; an earnings report after the close counts from the next day; an article counts once published by the 16:00 New York close, a date-only one from the next trading day. ` +
  `Five candidates predict the rank of each member's return over the next ${HORIZON_DAYS} trading days: ${CANDIDATES.map((candidate) => candidate.label).join(", ")}. ` +
  `Each is refit every month on the samples (two trading days a month) whose ${HORIZON_DAYS}-day outcome was known by that day's close, from the first month with ${MIN_TRAINING_DAYS} such days (four months). ` +
  `The candidate with the best mean IC over its own walk-forward record of the previous ${SELECTION_MONTHS} months leads (the composite until ${MIN_SELECTION_MONTHS} months exist): the choice never sees the month it is tested on. ` +
  `The AI score is the leader's score turned into the probability of beating the members' median (Platt scaling on that same out-of-sample record, pulled toward 50 % when the record is short). ` +
  `A factor's contribution is its weight × the member's rank (for trees, the change along the member's path through each tree). ` +
  `Portfolios buy the top 5 in equal weights at the rebalance day's close and hold them to the next one, paying ${COST_PER_TURNOVER * 10_000} bps per unit of turnover; ` +
  `the baselines (12-1 momentum, 1-month reversal, low volatility, value, the composite) follow the same rules, and the members are held in equal weights at no cost. IC is the Spearman correlation between a score and the realised return; ` +
  `intervals are 95 % block-bootstrap intervals over months and t-statistics are Newey–West; returns are price returns (dividends not included). Days between rebalances are scored with the month's fit.`;

export const SURVIVORSHIP_TEXT =
  "Survivorship bias, reduced: the universe is each day's S&P 500 members, former members included, as far as the bundled prices have them. " +
  "Members that left the index between Feb 2018 and Apr 2021 have no prices after 2018-02-07 and drop out then (about 12 % of members in mid-2018), " +
  "which flatters every strategy from 2018, the universe and momentum included.";

const percent = (value: number, digits = 1) => `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(digits)}%`;
const ic = (value: number | null) => (value === null ? "n/a" : `${value < 0 ? "−" : ""}${Math.abs(value).toFixed(3)}`);
const intervalWords = (interval: Interval | null, format: (value: number) => string) =>
  interval === null ? "" : ` (95 % interval ${format(interval.low)} to ${format(interval.high)}${intervalExcludesZero(interval) ? "" : ": not significant"})`;

/** The baseline whose mean IC is highest (top-5 strategies ranked by a baseline's signal). */
const bestBaselineOf = (strategies: StrategySummary[]) =>
  strategies
    .filter((entry) => entry.strategy.endsWith("_top5") && entry.strategy !== "model_top5" && entry.meanIc !== undefined && entry.meanIc !== null)
    .reduce<StrategySummary | null>((best, entry) => (best === null || entry.meanIc! > best.meanIc! ? entry : best), null);

/**
 * The verdict the page leads with: the model "beats" only when its mean IC is above every
 * baseline's and its 95 % interval is above zero; otherwise it says which baseline did better and
 * that the picks are a ranking, not a demonstrated edge.
 */
export function verdictOf(strategies: StrategySummary[], months: number): { beats: boolean; best: StrategySummary | null; text: string } | null {
  const model = strategies.find((entry) => entry.strategy === "model_top5");
  const best = bestBaselineOf(strategies);
  if (!model || !best || model.meanIc === undefined) return null;
  const above = (model.meanIc ?? -Infinity) > (best.meanIc ?? -Infinity);
  const significant = model.icInterval ? model.icInterval.low > 0 : false;
  const beats = above && significant;
  const excess = model.monthlyExcess === null ? "" : ` Its top 5 earned ${percent(model.monthlyExcess, 2)} a month against the members${intervalWords(model.monthlyExcessInterval, (value) => percent(value, 2))}.`;
  return {
    beats,
    best,
    text:
      `Over ${months} monthly rebalances the model's mean IC was ${ic(model.meanIc)}${intervalWords(model.icInterval, ic)}, ` +
      `${above ? "above" : "not above"} the best baseline, ${best.label.replace(/, top 5$/, "")} (${ic(best.meanIc)}).${excess} ` +
      (beats
        ? "The model beat every baseline, with an interval above zero."
        : "The model has shown no edge over the simplest rules: its picks are a ranking by the chosen candidate, not a demonstrated forecast."),
  };
}

/** The stored verdict alone (no runs read): whether the model has shown an edge, for the picks' label. */
export async function modelVerdict(deps: Deps): Promise<{ beats: boolean; text: string } | null> {
  const record = await latestRecord(deps);
  if (!record) return null;
  const summary = record.summary as Omit<TrackRecord, "outcomes" | "curve">;
  return verdictOf(summary.strategies, summary.months);
}

export async function aiTrackRecord(deps: Deps): Promise<AiTrackRecordView> {
  const record = await latestRecord(deps);
  const base = { method: METHOD_TEXT, survivorship: SURVIVORSHIP_TEXT, costBps: COST_PER_TURNOVER * 10_000, horizonDays: HORIZON_DAYS };
  if (!record) {
    return {
      ...base,
      status: "COMPUTING",
      message: "The track record is being computed from the stored prices; it appears here in a few seconds.",
      months: 0,
      firstRebalance: null,
      lastPeriodEnd: null,
      meanIc: null,
      icTStat: null,
      baselineMeanIc: null,
      baselineIcTStat: null,
      strategies: [],
      calibration: null,
      curve: [],
      rebalances: [],
      beatsBaseline: null,
      bestBaseline: null,
      verdict: null,
      sensitivity: [],
      choices: [],
      inputCoverage: [],
      sources: null,
      computedAt: null,
      passMs: null,
      dataVersion: null,
    };
  }
  const summary = record.summary as Omit<TrackRecord, "outcomes" | "curve">;
  const runs = await deps.db.prisma.aiPickRun.findMany({
    where: { recordId: record.id, kind: "rebalance" },
    orderBy: { date: "asc" },
    include: { picks: { where: { rank: { lte: FREE_PICKS } }, orderBy: { rank: "asc" } } },
  });
  const verdict = verdictOf(summary.strategies, summary.months);
  return {
    ...base,
    status: "READY",
    message: null,
    months: summary.months,
    firstRebalance: summary.firstRebalance,
    lastPeriodEnd: summary.lastPeriodEnd,
    meanIc: summary.meanIc,
    icTStat: summary.icTStat,
    baselineMeanIc: summary.baselineMeanIc,
    baselineIcTStat: summary.baselineIcTStat,
    calibration: summary.calibration ?? null,
    strategies: summary.strategies.map((entry) => ({ ...entry, label: STRATEGIES.find((known) => known.key === entry.strategy)?.label ?? entry.label })),
    curve: record.curve as AiTrackRecordView["curve"],
    beatsBaseline: verdict?.beats ?? null,
    bestBaseline: verdict?.best ?? null,
    sensitivity: summary.sensitivity ?? [],
    choices: summary.choices ?? [],
    inputCoverage: summary.inputCoverage ?? [],
    verdict: verdict?.text ?? null,
    sources: record.sources as AiSources,
    computedAt: record.computedAt,
    passMs: record.passMs,
    dataVersion: record.dataVersion,
    rebalances: runs.map((run) => ({
      date: run.date,
      periodEnd: run.periodEnd,
      universeSize: run.universeSize,
      fittedOn: run.fittedOn,
      trainingSamples: run.trainingSamples,
      outcome: run.outcome as RebalanceOutcome | null,
      picks: run.picks.map(storedPickView),
    })),
  };
}
