// GraphQL Query.aiPicks (the top 5 for everyone, the rest with Pro) and Query.aiTrackRecord (public,
// so anyone can check the figures), over the same services as GET /api/ai-picks.
import { cursorToOffset, resolveArrayConnection } from "@pothos/plugin-relay";
import { AppError } from "../errors/app-error";
import { builder } from "../graphql/builder";
import {
  aiPicksDay,
  aiTrackRecord,
  assertPicksAllowed,
  FREE_PICKS,
  MAX_PICKS_PAGE,
  modelVerdict,
  newsNoteOf,
  whyOf,
  type AiModelView,
  type AiPicksDay,
  type AiPickView,
  type AiRebalanceView,
  type AiSources,
  type AiTrackRecordView,
} from "./ai-picks";
import { FACTORS } from "./features";
import { SIGNALS, type CandidateChoice, type InputCoverage, type RebalanceOutcome, type ScoreCalibration, type SensitivityRow, type Signal, type StrategySummary } from "./track-record";
import type { CandidateRecord } from "./walk-forward";
import { reliabilityBinType } from "../shared/reliability-bin.graphql";
import { intervalExcludesZero, type Interval } from "../shared/statistics";

/** Computed lists, in memory: priced as one item. */
const precomputed = { complexity: { field: 1, multiplier: 1 } } as const;

const AiFactorRef = builder.objectRef<AiPickView["factors"][number]>("AiPickFactor").implement({
  description: "One model input of a pick: its raw value and what it added to the score (weight × the ticker's normalised input).",
  fields: (t) => ({
    factor: t.exposeString("factor", { description: FACTORS.map((factor) => `${factor.key}: ${factor.definition}`).join("; ") }),
    label: t.exposeString("label"),
    input: t.exposeFloat("input", { nullable: true, description: "The raw input (returns as fractions, RSI 0–100); null when missing (counted as the middle rank, or neutral news)." }),
    contribution: t.exposeFloat("contribution", { description: "Added to the predicted return rank (−0.5…0.5)." }),
  }),
});

const AiPickRef = builder.objectRef<AiPickView>("AiPick").implement({
  description: "A ticker scored by the AI picks model on a day, from data dated on or before it.",
  fields: (t) => ({
    date: t.exposeString("date", { description: "The trading day scored (YYYY-MM-DD); price and returns are at its close." }),
    ticker: t.exposeString("ticker"),
    name: t.exposeString("name", { nullable: true }),
    rank: t.exposeInt("rank", { description: "1 = highest score that day." }),
    aiScore: t.exposeFloat("aiScore", { description: "0–1: the calibrated probability of beating the universe's median return over the next 21 trading days." }),
    score: t.exposeFloat("score", { description: "The model's predicted return rank (−0.5…0.5) before calibration: the sum of the contributions and the intercept." }),
    price: t.exposeFloat("price", { description: "Close on date (split-adjusted, as stored)." }),
    marketCap: t.exposeFloat("marketCap", { nullable: true, description: "Always null for now: no shares-outstanding data is stored, so no market cap is shown rather than one guessed." }),
    returns1m: t.exposeFloat("returns1m", { nullable: true, description: "Price return over 21 trading days to date, as a fraction." }),
    returns3m: t.exposeFloat("returns3m", { nullable: true, description: "Over 63 trading days." }),
    returns12m: t.exposeFloat("returns12m", { nullable: true, description: "Over 252 trading days." }),
    rsi: t.exposeFloat("rsi", { nullable: true, description: "RSI 14 at date." }),
    newsArticles: t.exposeInt("newsArticles", { description: "Articles naming the ticker in the 7 days to date." }),
    newsNote: t.string({ resolve: newsNoteOf }),
    why: t.string({ description: "The three largest contributions, in words.", resolve: whyOf }),
    factors: t.field({ type: [AiFactorRef], ...precomputed, description: "Every input, the largest contribution (in size) first.", resolve: (pick) => pick.factors }),
    baselineRank: t.exposeInt("baselineRank", { nullable: true, description: "Its rank by plain 12-1 momentum, the baseline model, the same day." }),
    forwardReturn: t.exposeFloat("forwardReturn", {
      nullable: true,
      description: "For a completed rebalance: the realised price return from date's close to the next rebalance's close. Null otherwise.",
    }),
  }),
});

const AiFactorWeightRef = builder.objectRef<NonNullable<AiModelView["weights"]>[number]>("AiFactorWeight").implement({
  fields: (t) => ({ factor: t.exposeString("factor"), label: t.exposeString("label"), weight: t.exposeFloat("weight") }),
});

const AiCandidateRecordRef = builder.objectRef<CandidateRecord>("AiCandidateRecord").implement({
  description: "A candidate model's own walk-forward record when a rebalance chose its leader: the mean IC of its scores over the earlier months whose outcome was known.",
  fields: (t) => ({
    candidate: t.exposeString("candidate"),
    label: t.exposeString("label"),
    meanIc: t.exposeFloat("meanIc", { nullable: true }),
    months: t.exposeInt("months", { description: "Months of the record looked back on." }),
  }),
});

const AiModelRef = builder.objectRef<AiModelView>("AiModel").implement({
  description:
    "The fit that scored a day: the candidate chosen at the monthly rebalance by the nested walk-forward (an equal-weight factor composite, ridge regressions or boosted trees), predicting the 21-day forward-return rank from sector-neutral input ranks.",
  fields: (t) => ({
    version: t.exposeString("version"),
    fittedOn: t.exposeString("fittedOn", { description: "The rebalance day it was fitted on." }),
    candidate: t.exposeString("candidate", { description: "The candidate that led: composite, ridge-0.01, ridge-0.1, gbt-d2 or gbt-d3." }),
    label: t.exposeString("label", { description: "The candidate in words." }),
    selection: t.field({ type: [AiCandidateRecordRef], ...precomputed, description: "Every candidate's record at the choice.", resolve: (model) => model.selection }),
    trainingSamples: t.exposeInt("trainingSamples", { description: "Ticker-days in its expanding training window (two sample days a month)." }),
    trainingFrom: t.exposeString("trainingFrom", { nullable: true }),
    trainingThrough: t.exposeString("trainingThrough", { nullable: true, description: "The last training day: its 21-day outcome was known on fittedOn." }),
    intercept: t.float({ nullable: true, description: "Ridge only.", resolve: (model) => (model.fit.kind === "ridge" ? model.fit.intercept : null) }),
    weights: t.field({
      type: [AiFactorWeightRef],
      nullable: true,
      ...precomputed,
      description: "Each input's weight for a linear candidate (ridge, composite); null for trees, whose contributions are per pick.",
      resolve: (model) => model.weights,
    }),
    calibrationIntercept: t.float({ resolve: (model) => model.calibration.intercept }),
    calibrationSlope: t.float({ resolve: (model) => model.calibration.slope }),
    calibrationShrink: t.float({
      description: "aiScore = 0.5 + (1 ÷ (1 + e^−(calibrationIntercept + calibrationSlope × score)) − 0.5) × calibrationShrink; the shrink is months ÷ (months + 12), 0 before 6 months.",
      resolve: (model) => model.calibration.shrink,
    }),
    calibrationMonths: t.int({ description: "Months of out-of-sample record the calibration was fitted on.", resolve: (model) => model.calibration.months }),
  }),
});

const AiNewsSourceRef = builder.objectRef<AiSources["news"][number]>("AiNewsSource").implement({
  fields: (t) => ({
    source: t.exposeString("source"),
    articles: t.exposeInt("articles"),
    first: t.exposeString("first"),
    last: t.exposeString("last"),
    isSnapshot: t.exposeBoolean("snapshot"),
  }),
});

const AiSourcesRef = builder.objectRef<AiSources>("AiPicksSources").implement({
  description: "What the model read.",
  fields: (t) => ({
    prices: t.exposeStringList("prices"),
    marketProxy: t.exposeString("marketProxy", { nullable: true, description: "What beta is measured against." }),
    news: t.field({ type: [AiNewsSourceRef], ...precomputed, resolve: (sources) => sources.news }),
  }),
});

const AiPicksStatusEnum = builder.enumType("AiPicksStatus", {
  values: {
    READY: { description: "Picks are listed." },
    COMPUTING: { description: "The first pass over the stored prices is running; ask again in a few seconds." },
    NO_MODEL: { description: "The day is before the model's first fit." },
    NO_PRICES: { description: "No prices are stored on or before the day." },
  } as const,
});

type PicksConnectionShape = ReturnType<typeof resolveArrayConnection<AiPickView>> & { day: AiPicksDay };

const AiPicksConnection = builder.connectionObject(
  {
    type: AiPickRef,
    name: "AiPicksConnection",
    fields: (t) => ({
      totalCount: t.int({ description: "Tickers scored that day.", resolve: (connection) => (connection as PicksConnectionShape).day.picks.length }),
      status: t.field({ type: AiPicksStatusEnum, resolve: (connection) => (connection as PicksConnectionShape).day.status }),
      message: t.string({ nullable: true, description: "Why there are no picks.", resolve: (connection) => (connection as PicksConnectionShape).day.message }),
      date: t.string({ nullable: true, description: "The trading day scored: the last one on or before the as-of day.", resolve: (connection) => (connection as PicksConnectionShape).day.date }),
      requestedAsOf: t.string({ nullable: true, resolve: (connection) => (connection as PicksConnectionShape).day.requestedAsOf }),
      kind: t.string({
        nullable: true,
        description: "rebalance (a stored monthly rebalance of the track record), day (a day stored by the pass: the latest price day, the default as-of day) or on_request (scored when asked, with the month's fit).",
        resolve: (connection) => (connection as PicksConnectionShape).day.kind,
      }),
      model: t.field({ type: AiModelRef, nullable: true, resolve: (connection) => (connection as PicksConnectionShape).day.model }),
      sources: t.field({ type: AiSourcesRef, nullable: true, resolve: (connection) => (connection as PicksConnectionShape).day.sources }),
      computedAt: t.field({ type: "DateTime", nullable: true, resolve: (connection) => (connection as PicksConnectionShape).day.computedAt }),
      freeLimit: t.int({ description: "Ranks anyone may read; the rest need Pro.", resolve: () => FREE_PICKS }),
      edgeShown: t.boolean({
        nullable: true,
        description:
          "Whether the published track record shows the model beating every baseline with a 95 % IC interval above zero (null while it is computed). When false, read the picks as a ranking by model.label, not a demonstrated forecast.",
        resolve: async (_connection, _args, context) => (await modelVerdict(context))?.beats ?? null,
      }),
      verdict: t.string({ nullable: true, description: "The track record's verdict in words.", resolve: async (_connection, _args, context) => (await modelVerdict(context))?.text ?? null }),
    }),
  },
  { name: "AiPickEdge" },
);

/** aiPicks(first:): a page of 1 to MAX_PICKS_PAGE picks, the free ones by default. */
const PICKS_PAGE = { min: 1, max: MAX_PICKS_PAGE, default: FREE_PICKS } as const;

/** The page's offset, checked: an `after` that is no cursor of this connection is a BAD_USER_INPUT. */
function pageOffset(args: { first?: number | null; after?: string | null }): { offset: number; first: number } {
  // In PICKS_PAGE: refused before execution otherwise (graphql/int-args.ts).
  const first = args.first ?? PICKS_PAGE.default;
  if (!args.after) return { offset: 0, first };
  let after = Number.NaN;
  try {
    after = cursorToOffset(args.after);
  } catch {
    // reported below
  }
  if (!Number.isInteger(after) || after < 0) {
    const message = "after must be a cursor from this connection";
    throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: "after", message }] });
  }
  return { offset: after + 1, first };
}

builder.queryField("aiPicks", (t) =>
  t.field({
    type: AiPicksConnection,
    description:
      `AI stock picks on a day, ranked. The top ${FREE_PICKS} are free; a page reaching past rank ${FREE_PICKS} needs Pro (PRO_REQUIRED naming first or after). ` +
      "asOf: a day within the stored prices (default: the app's default as-of day, else the latest price day).",
    args: { first: t.arg.int(), after: t.arg.string(), asOf: t.arg.string({ description: "YYYY-MM-DD" }) },
    intArgs: { first: PICKS_PAGE },
    complexity: (args) => ({ field: Math.max(1, Math.ceil((args.first ?? PICKS_PAGE.default) / 25)), multiplier: 0 }),
    resolve: async (_root, args, context) => {
      const { offset, first } = pageOffset(args);
      assertPicksAllowed(context.viewer, offset, first, args.after && offset + first > FREE_PICKS && offset >= FREE_PICKS ? "after" : "first");
      const day = await aiPicksDay(context, args.asOf, "default");
      const connection = resolveArrayConnection({ args: { first, after: args.after ?? undefined }, maxSize: MAX_PICKS_PAGE }, day.picks);
      return { ...connection, day } as PicksConnectionShape;
    },
  }),
);

const IntervalRef = builder.objectRef<Interval>("ConfidenceInterval").implement({
  description: "A 95 % block-bootstrap interval over months (blocks of consecutive months resampled with replacement).",
  fields: (t) => ({
    estimate: t.exposeFloat("estimate"),
    low: t.exposeFloat("low"),
    high: t.exposeFloat("high"),
    significant: t.boolean({ description: "The interval excludes zero.", resolve: (interval) => intervalExcludesZero(interval) }),
    resamples: t.exposeInt("resamples"),
    blockLength: t.exposeInt("blockLength", { description: "Months per block." }),
  }),
});

const StrategySummaryRef = builder.objectRef<StrategySummary>("AiStrategySummary").implement({
  description: "One strategy over the completed rebalances. Returns are fractions (0.012 = 1.2 %).",
  fields: (t) => ({
    strategy: t.exposeString("strategy", {
      description: "model_top5 | momentum_top5 | reversal_top5 | lowVolatility_top5 | value_top5 | composite_top5 | model_decile | momentum_decile | universe",
    }),
    label: t.exposeString("label"),
    cumulativeReturn: t.exposeFloat("cumulativeReturn"),
    annualisedReturn: t.exposeFloat("annualisedReturn", { description: "(1 + cumulative)^(12 ÷ months) − 1." }),
    annualisedExcessReturn: t.exposeFloat("annualisedExcessReturn", { description: "annualisedReturn minus the equal-weight members'." }),
    meanMonthlyReturn: t.exposeFloat("meanMonthlyReturn"),
    maxDrawdown: t.exposeFloat("maxDrawdown", { description: "Largest fall from a running peak of the daily value." }),
    averageTurnover: t.exposeFloat("averageTurnover", { nullable: true, description: "Buys + sells per rebalance as a fraction of the portfolio, after the first purchase." }),
    hitRate: t.exposeFloat("hitRate", { nullable: true, description: "Top-5 strategies: share of picks whose period return beat the members' median." }),
    hitRateInterval: t.field({ type: IntervalRef, nullable: true, resolve: (summary) => summary.hitRateInterval }),
    meanIc: t.exposeFloat("meanIc", { nullable: true, description: "Top-5 strategies: the ranking signal's mean monthly Spearman IC." }),
    icInterval: t.field({ type: IntervalRef, nullable: true, resolve: (summary) => summary.icInterval }),
    icNeweyWestT: t.exposeFloat("icNeweyWestT", { nullable: true, description: "Mean IC ÷ its Newey–West (HAC) standard error." }),
    monthlyExcess: t.exposeFloat("monthlyExcess", { nullable: true, description: "Mean monthly return minus the members' (null for the members)." }),
    monthlyExcessInterval: t.field({ type: IntervalRef, nullable: true, resolve: (summary) => summary.monthlyExcessInterval }),
    excessNeweyWestT: t.exposeFloat("excessNeweyWestT", { nullable: true }),
  }),
});

const TrackPointRef = builder.objectRef<AiTrackRecordView["curve"][number]>("AiTrackPoint").implement({
  description: "Each strategy's value at a day's close (1 at the first rebalance).",
  fields: (t) => ({
    date: t.exposeString("date"),
    modelTop5: t.exposeFloat("model_top5"),
    modelDecile: t.exposeFloat("model_decile"),
    momentumTop5: t.exposeFloat("momentum_top5"),
    momentumDecile: t.exposeFloat("momentum_decile"),
    reversalTop5: t.exposeFloat("reversal_top5"),
    lowVolatilityTop5: t.exposeFloat("lowVolatility_top5"),
    valueTop5: t.exposeFloat("value_top5"),
    compositeTop5: t.exposeFloat("composite_top5"),
    universe: t.exposeFloat("universe"),
  }),
});

const SignalIcRef = builder.objectRef<{ signal: Signal; label: string; ic: number | null }>("AiSignalIc").implement({
  fields: (t) => ({ signal: t.exposeString("signal"), label: t.exposeString("label"), ic: t.exposeFloat("ic", { nullable: true }) }),
});

const RebalanceOutcomeRef = builder.objectRef<RebalanceOutcome>("AiRebalanceOutcome").implement({
  description: "What a completed rebalance earned to the next rebalance's close (after 10 bps per unit of turnover; the members at no cost).",
  fields: (t) => ({
    periodEnd: t.exposeString("periodEnd"),
    ic: t.exposeFloat("ic", { nullable: true, description: "Spearman correlation of the model's score with the realised returns." }),
    baselineIc: t.exposeFloat("baselineIc", { nullable: true, description: "The same for 12-1 momentum." }),
    signalIcs: t.field({
      type: [SignalIcRef],
      ...precomputed,
      description: "The same for the model and every baseline.",
      resolve: (outcome) => SIGNALS.map(({ key, label }) => ({ signal: key, label, ic: outcome.ics?.[key] ?? null })),
    }),
    universeMedian: t.exposeFloat("universeMedian", { nullable: true }),
    modelTop5Return: t.float({ resolve: (outcome) => outcome.returns.model_top5 }),
    modelDecileReturn: t.float({ resolve: (outcome) => outcome.returns.model_decile }),
    momentumTop5Return: t.float({ resolve: (outcome) => outcome.returns.momentum_top5 }),
    momentumDecileReturn: t.float({ resolve: (outcome) => outcome.returns.momentum_decile }),
    universeReturn: t.float({ resolve: (outcome) => outcome.returns.universe }),
    modelTop5Turnover: t.float({ resolve: (outcome) => outcome.turnover.model_top5 }),
    momentumTop5Turnover: t.float({ resolve: (outcome) => outcome.turnover.momentum_top5 }),
    top5Hits: t.exposeInt("top5Hits", { description: "Top-5 picks that beat the members' median." }),
    top5Count: t.exposeInt("top5Count"),
  }),
});

const RebalanceRef = builder.objectRef<AiRebalanceView>("AiRebalance").implement({
  description: "One monthly rebalance of the walk-forward track record. Its whole ranking is aiPicks(asOf: date) (past the top 5: Pro).",
  fields: (t) => ({
    date: t.exposeString("date"),
    periodEnd: t.exposeString("periodEnd", { nullable: true, description: "The next rebalance; null while this one is open." }),
    universeSize: t.exposeInt("universeSize"),
    fittedOn: t.exposeString("fittedOn"),
    trainingSamples: t.exposeInt("trainingSamples"),
    outcome: t.field({ type: RebalanceOutcomeRef, nullable: true, resolve: (rebalance) => rebalance.outcome }),
    picks: t.field({ type: [AiPickRef], ...precomputed, description: `The top ${FREE_PICKS}, with their realised returns.`, resolve: (rebalance) => rebalance.picks }),
  }),
});

const ReliabilityBinRef = reliabilityBinType("AiReliabilityBin", "Ticker-months whose AI score fell in [from, to): how often they beat the members' median.");

const CalibrationRef = builder.objectRef<ScoreCalibration>("AiScoreCalibration").implement({
  description: "How well aiScore worked as a probability out of sample, over every ticker of the completed rebalances.",
  fields: (t) => ({
    picks: t.exposeInt("picks", { description: "Ticker-months scored with a known outcome." }),
    brierScore: t.exposeFloat("brierScore", { description: "Mean (aiScore − beat)², beat = 1 when the return beat the members' median; a constant 0.5 scores 0.25." }),
    constantBrier: t.float({ description: "A constant 50 %: 0.25.", resolve: () => 0.25 }),
    brierDifference: t.field({
      type: IntervalRef,
      nullable: true,
      description: "brierScore − 0.25 with its interval: below zero is better than the constant.",
      resolve: (calibration) => calibration.brierDifference ?? null,
    }),
    top5MeanAiScore: t.exposeFloat("top5MeanAiScore", { description: "The top 5's mean aiScore: the share of them expected to beat the median." }),
    top5HitRate: t.exposeFloat("top5HitRate", { nullable: true, description: "The share that did." }),
    reliability: t.field({ type: [ReliabilityBinRef], ...precomputed, description: "Predicted against observed, in 10 bins of aiScore.", resolve: (calibration) => calibration.reliability ?? [] }),
  }),
});

const SensitivityRowRef = builder.objectRef<SensitivityRow>("AiSensitivityRow").implement({
  description: "The AI portfolio under another N or cost (the same rebalances).",
  fields: (t) => ({
    picks: t.exposeString("picks", { description: "5, 10 or decile." }),
    costBps: t.exposeFloat("costBps"),
    annualisedReturn: t.exposeFloat("annualisedReturn"),
    annualisedExcessReturn: t.exposeFloat("annualisedExcessReturn"),
    monthlyExcess: t.field({ type: IntervalRef, nullable: true, resolve: (row) => row.monthlyExcess }),
  }),
});

const InputCoverageRef = builder.objectRef<InputCoverage>("AiInputCoverage").implement({
  description: "The share of scored member-months on which an input was known; the rest sat in the middle rank.",
  fields: (t) => ({ factor: t.exposeString("factor"), label: t.exposeString("label"), share: t.exposeFloat("share") }),
});

const CandidateChoiceRef = builder.objectRef<CandidateChoice>("AiCandidateChoice").implement({
  description: "How many completed rebalances a candidate led.",
  fields: (t) => ({ candidate: t.exposeString("candidate"), label: t.exposeString("label"), months: t.exposeInt("months") }),
});

const AiTrackRecordRef = builder.objectRef<AiTrackRecordView>("AiTrackRecord").implement({
  description: "The AI picks' walk-forward track record over the stored prices, against the equal-weight universe and plain 12-1 momentum. Every figure is recomputable from the listed picks and price_data.",
  fields: (t) => ({
    status: t.exposeString("status", { description: "READY or COMPUTING." }),
    message: t.exposeString("message", { nullable: true }),
    months: t.exposeInt("months", { description: "Completed monthly rebalances." }),
    firstRebalance: t.exposeString("firstRebalance", { nullable: true }),
    lastPeriodEnd: t.exposeString("lastPeriodEnd", { nullable: true }),
    meanIc: t.exposeFloat("meanIc", { nullable: true }),
    icTStat: t.exposeFloat("icTStat", { nullable: true, description: "Mean IC ÷ its Newey–West (HAC) standard error." }),
    baselineMeanIc: t.exposeFloat("baselineMeanIc", { nullable: true }),
    baselineIcTStat: t.exposeFloat("baselineIcTStat", { nullable: true }),
    beatsBaseline: t.exposeBoolean("beatsBaseline", {
      nullable: true,
      description: "True only when the model's mean IC is above every baseline's and its 95 % interval is above zero.",
    }),
    bestBaseline: t.field({ type: StrategySummaryRef, nullable: true, description: "The baseline with the highest mean IC.", resolve: (record) => record.bestBaseline }),
    sensitivity: t.field({ type: [SensitivityRowRef], ...precomputed, resolve: (record) => record.sensitivity ?? [] }),
    choices: t.field({ type: [CandidateChoiceRef], ...precomputed, resolve: (record) => record.choices ?? [] }),
    inputCoverage: t.field({ type: [InputCoverageRef], ...precomputed, resolve: (record) => record.inputCoverage ?? [] }),
    verdict: t.exposeString("verdict", { nullable: true }),
    method: t.exposeString("method"),
    survivorship: t.exposeString("survivorship"),
    costBps: t.exposeFloat("costBps"),
    horizonDays: t.exposeInt("horizonDays"),
    strategies: t.field({ type: [StrategySummaryRef], ...precomputed, resolve: (record) => record.strategies }),
    calibration: t.field({ type: CalibrationRef, nullable: true, resolve: (record) => record.calibration }),
    curve: t.field({ type: [TrackPointRef], ...precomputed, resolve: (record) => record.curve }),
    rebalances: t.field({ type: [RebalanceRef], ...precomputed, description: "Oldest first; the last is open.", resolve: (record) => record.rebalances }),
    sources: t.field({ type: AiSourcesRef, nullable: true, resolve: (record) => record.sources }),
    computedAt: t.field({ type: "DateTime", nullable: true, resolve: (record) => record.computedAt }),
    passMs: t.exposeInt("passMs", { nullable: true, description: "How long the pass took." }),
  }),
});

builder.queryField("aiTrackRecord", (t) =>
  t.field({
    type: AiTrackRecordRef,
    description: "The AI picks' published walk-forward track record (public).",
    complexity: 5,
    resolve: (_root, _args, context) => aiTrackRecord(context),
  }),
);
