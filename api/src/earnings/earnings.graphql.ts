// GraphQL Stock.earnings and Query.earningsCoverage: the earnings beat predictions, Pro only (the
// types carry `authScopes: { pro: true }`, so every field of them is refused without Pro and the
// access harness finds them). Same services as GET /api/earnings/:ticker.
import { builder } from "../graphql/builder";
import { reliabilityBinType } from "../shared/reliability-bin.graphql";
import { resolveAsOfDay } from "../market-data/as-of";
import { Stock } from "../stocks/stocks.graphql";
import { MOMENTUM_DEFINITION, VOLATILITY_DEFINITION } from "./beat-model";
import {
  coveredTickers,
  earningsAsOf,
  earningsDefinitions,
  earningsSkill,
  earningsSource,
  stockEarnings,
  type EarningsReportView,
  type EarningsSkillView,
  type StockEarningsView,
} from "./earnings";

const pro = { pro: true } as const;
/** Stored lists, in memory: priced as one item. */
const precomputed = { complexity: { field: 1, multiplier: 1 } } as const;
/** history(first:): 1 to 100 reports; all of them (up to 100) by default. */
const HISTORY_FIRST = { min: 1, max: 100, default: 100 } as const;

const ReportTimeEnum = builder.enumType("EarningsReportTime", {
  description: "When the report came out, from its local (exchange) announcement time.",
  values: {
    BEFORE_OPEN: { value: "before_open", description: "Before 09:30 local time: the market reacts that day." },
    DURING_MARKET: { value: "during_market", description: "Between 09:30 and 16:00 local time." },
    AFTER_CLOSE: { value: "after_close", description: "16:00 local time or later: the market reacts the next trading day." },
  } as const,
});

const EarningsReportRef = builder.objectRef<EarningsReportView>("EarningsReport").implement({
  description: "One earnings report and the model's beat probability for it, made from what was known before its day. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    date: t.exposeString("date", { description: "The announcement's local date (YYYY-MM-DD)." }),
    source: t.exposeString("source", { description: "Where this report's figures come from: the bundled snapshot (see StockEarnings.source) or the live Yahoo refresh." }),
    announcedAt: t.expose("announcedAt", { type: "DateTime", nullable: true, description: "The announcement time as the source gives it." }),
    time: t.field({ type: ReportTimeEnum, nullable: true, resolve: (report) => report.reportTime }),
    beatProbability: t.exposeFloat("beatProbability", {
      nullable: true,
      description: "0–1: the calibrated probability that reported EPS is above consensusEps (a match is no beat). Compare with baseRate.",
    }),
    baseRate: t.exposeFloat("baseRate", { nullable: true, description: "0–1: the share of all covered companies' reports before this one that beat: what guessing the base rate would say." }),
    consensusEps: t.exposeFloat("consensusEps", { nullable: true, description: "The analysts' consensus EPS estimate before the report (Yahoo Finance)." }),
    actualEps: t.exposeFloat("actualEps", { nullable: true, description: "Reported EPS (usually adjusted EPS); null before the report." }),
    surprise: t.exposeFloat("surprise", { nullable: true, description: "EPS surprise in percent of the consensus (4.5 = 4.5 %); null before the report." }),
    beat: t.exposeBoolean("beat", { nullable: true, description: "Whether reported EPS was above consensus; null before the report." }),
    momentum: t.exposeString("momentum", { nullable: true, description: `improving | steady | weakening. ${MOMENTUM_DEFINITION}` }),
    volatility: t.exposeString("volatility", { nullable: true, description: `low | moderate | high. ${VOLATILITY_DEFINITION}` }),
    surpriseTrend: t.exposeFloat("surpriseTrend", { nullable: true, description: "The number behind momentum, percentage points." }),
    surpriseVolatility: t.exposeFloat("surpriseVolatility", { nullable: true, description: "The number behind volatility, percentage points." }),
    priceMomentum: t.exposeFloat("priceMomentum", {
      nullable: true,
      description: "Share price return (fraction) over the 20 trading days to the last close before the report; null outside the bundled prices (2018-01-02 → 2021-04-21).",
    }),
    modelVersion: t.exposeString("modelVersion", { nullable: true }),
  }),
});

const ReliabilityBinRef = reliabilityBinType("EarningsReliabilityBin", "Reports whose predicted probability fell in [from, to): how often they beat.", pro);

const EarningsSkillRef = builder.objectRef<EarningsSkillView>("EarningsModelSkill").implement({
  description: "The model's walk-forward evaluation over the bundled reports: every prediction made before its report, scored against what happened. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    modelVersion: t.exposeString("modelVersion"),
    reports: t.exposeInt("reports", { description: "Reported quarters scored (n)." }),
    warmUpReports: t.exposeInt("warmUpReports", { description: "Early reports left out: the pooled prior rested on fewer than 100 earlier reports." }),
    baseRate: t.exposeFloat("baseRate", { description: "0–1: the share of scored reports that beat." }),
    brierModel: t.exposeFloat("brierModel", { description: "Mean squared error of the model's probabilities (lower is better)." }),
    brierBaseRate: t.exposeFloat("brierBaseRate", { description: "The same for always predicting baseRate." }),
    brierRawRate: t.exposeFloat("brierRawRate", { description: "The same for the company's raw past beat rate." }),
    brierSkillScore: t.exposeFloat("brierSkillScore", { description: "1 − brierModel ÷ brierBaseRate: above 0 beats the constant base rate." }),
    brierSkillLow: t.exposeFloat("brierSkillLow", {
      nullable: true,
      description:
        "Lower end of brierSkillScore's 95 % interval: a circular block bootstrap over the calendar months of the report dates " +
        "(blocks of about n^(1/3) consecutive months, 2,000 resamples), so reports of the same season count as related. Null under 3 months.",
    }),
    brierSkillHigh: t.exposeFloat("brierSkillHigh", { nullable: true, description: "Upper end of brierSkillScore's 95 % interval (see brierSkillLow)." }),
    skillSignificant: t.exposeBoolean("skillSignificant", {
      description: "Whether brierSkillScore's 95 % interval excludes 0: the model's difference from the constant base rate is more than the luck of the months scored.",
    }),
    accuracy: t.exposeFloat("accuracy", { description: "0–1: the share of scored reports called right, a probability of 0.5 or more calling a beat." }),
    alwaysBeatAccuracy: t.exposeFloat("alwaysBeatAccuracy", { description: "0–1: the accuracy of always calling a beat (the share that beat): what accuracy must exceed." }),
    accuracyGainLow: t.exposeFloat("accuracyGainLow", {
      nullable: true,
      description: "Lower end of the 95 % interval of accuracy − alwaysBeatAccuracy, by the same block bootstrap over months as brierSkillLow. Null under 3 months.",
    }),
    accuracyGainHigh: t.exposeFloat("accuracyGainHigh", { nullable: true, description: "Upper end of the 95 % interval of accuracy − alwaysBeatAccuracy." }),
    logLoss: t.exposeFloat("logLoss"),
    auc: t.exposeFloat("auc", { description: "How often a beat got a higher probability than a miss (0.5 = no better than chance)." }),
    ece: t.exposeFloat("ece", { description: "Expected calibration error over 10 probability bins (0 = perfectly calibrated)." }),
    reliability: t.field({ type: [ReliabilityBinRef], ...precomputed, resolve: (skill) => skill.reliability }),
    firstReport: t.exposeString("firstReport"),
    lastReport: t.exposeString("lastReport"),
    computedAt: t.expose("computedAt", { type: "DateTime" }),
    method: t.exposeString("method", { description: "The method in plain words." }),
  }),
});

const EarningsSourceRef = builder.objectRef<typeof earningsSource>("EarningsSource").implement({
  description: "Where the reports come from.",
  fields: (t) => ({
    name: t.exposeString("name"),
    snapshotTakenIn: t.exposeString("snapshotTakenIn", { description: "YYYY-MM: when the snapshot was taken; its next reports are next as of then." }),
  }),
});

const EarningsDefinitionsRef = builder.objectRef<typeof earningsDefinitions>("EarningsDefinitions").implement({
  description: "What the labels mean and how the probabilities are made, to show beside them.",
  fields: (t) => ({
    momentum: t.exposeString("momentum"),
    volatility: t.exposeString("volatility"),
    method: t.exposeString("method"),
  }),
});

const StockEarningsRef = builder.objectRef<StockEarningsView>("StockEarnings").implement({
  description: "A company's earnings reports with the model's beat probabilities. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    asOf: t.exposeString("asOf", { nullable: true, description: "The day the reports are split at (YYYY-MM-DD): the asOf asked for, else the app's default day." }),
    next: t.field({
      type: EarningsReportRef,
      nullable: true,
      description:
        "The first stored report dated after asOf, with the probability the model gave just before it; what it turned out to be (actualEps, surprise, beat) is left out. " +
        "Null when no stored report is dated after asOf.",
      resolve: (earnings) => earnings.next,
    }),
    history: t.field({
      type: [EarningsReportRef],
      description: "Quarters reported on or before asOf, newest first, each with the probability the model gave before it.",
      args: { first: t.arg.int({ description: "How many, the newest first." }) },
      intArgs: { first: HISTORY_FIRST },
      complexity: (args) => ({ field: Math.max(1, Math.ceil((args.first ?? 25) / 25)), multiplier: 0 }),
      // In HISTORY_FIRST: refused before execution otherwise (graphql/int-args.ts).
      resolve: (earnings, args) => earnings.history.slice(0, args.first ?? HISTORY_FIRST.default),
    }),
    skill: t.field({ type: EarningsSkillRef, nullable: true, resolve: (_earnings, _args, context) => earningsSkill(context.db) }),
    source: t.field({ type: EarningsSourceRef, resolve: () => earningsSource }),
    definitions: t.field({ type: EarningsDefinitionsRef, resolve: () => earningsDefinitions }),
  }),
});

builder.objectField(Stock, "earnings", (t) =>
  t.field({
    type: StockEarningsRef,
    nullable: true,
    description:
      "Earnings reports and beat probabilities as known on asOf (Pro only); null when the company is not covered. " +
      "asOf: YYYY-MM-DD, not after today (default: the app's default as-of day; StockEarnings.asOf says which day was used).",
    args: { asOf: t.arg.string({ description: "YYYY-MM-DD" }) },
    resolve: async (stock, args, context) => {
      const [earnings, asOf] = await Promise.all([stockEarnings(context.db, stock.ticker), resolveAsOfDay(context.db, args.asOf, "default")]);
      return earnings && earningsAsOf(earnings, asOf);
    },
  }),
);

const CoveredTickerRef = builder.objectRef<{ ticker: string; name: string | null }>("EarningsCoveredTicker").implement({
  fields: (t) => ({ ticker: t.exposeString("ticker"), name: t.exposeString("name", { nullable: true }) }),
});

const EarningsCoverageRef = builder.objectRef<Record<string, never>>("EarningsCoverage").implement({
  description: "What the earnings predictions cover and how well the model did. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    tickers: t.field({ type: [CoveredTickerRef], ...precomputed, resolve: (_root, _args, context) => coveredTickers(context.db) }),
    skill: t.field({ type: EarningsSkillRef, nullable: true, resolve: (_root, _args, context) => earningsSkill(context.db) }),
    source: t.field({ type: EarningsSourceRef, resolve: () => earningsSource }),
  }),
});

builder.queryField("earningsCoverage", (t) =>
  t.field({ type: EarningsCoverageRef, description: "The covered tickers and the model's measured skill (Pro only).", resolve: () => ({}) }),
);
