import { encodeGlobalID, resolveArrayConnection, resolveOffsetConnection } from "@pothos/plugin-relay";
import { filter, pipe } from "graphql-yoga";
import { ViewerRef } from "../auth/viewer.graphql";
import type { Alert as AlertRecord, AlertDelivery as DeliveryRecord, AlertDeliveryAttempt, AlertFiring as FiringRecord } from "../generated/prisma/client";
import { builder } from "../graphql/builder";
import { SavedScreen } from "../screening/screening.graphql";
import { Watchlist } from "../watchlists/watchlists.graphql";
import { ALERT_CONDITIONS, FUND_CHANGES } from "./alert-conditions";
import { alertHistory, type AlertHistory as HistoryShape, type ForwardReturn, type HistoryFiring, type HistoryRequest, type HorizonSummary } from "./alert-history";
import type { RequestContext } from "../context";
import { replayAlerts, REPLAY_DAYS, type ReplayResult } from "./alert-replay";
import {
  alertLimitsOf,
  checkAlertInput,
  countFirings,
  countUnreadFirings,
  createAlert,
  deleteAlert,
  findAlerts,
  findFirings,
  listAlerts,
  listFirings,
  markFiringsRead,
  PRO_ALERT_LIMITS,
  setAlertPaused,
  updateAlert,
  watchedTickers,
  type AlertInput,
} from "./alerts";
import { replayDelivery, wakeAlertDeliveries } from "./delivery/dispatcher";

const AlertConditionEnum = builder.enumType("AlertCondition", {
  description:
    "What an alert watches. On a ticker or a watchlist: PRICE_CROSS (close crosses a level), PRICE_MOVE (a day's change of at least a percentage), SMA_CROSS (one simple moving average crosses another), RSI_LEVEL (RSI 14 crosses a level), SENTIMENT_CROSS (7-day news sentiment crosses a level), ARTICLE_JUMP (the 7-day article count reaches a number), ANALYST_ACTION (an upgrade or downgrade in the news), EARNINGS_WITHIN (the next report is within some days), FUND_CHANGE (a tracked fund's 13F position changes; Pro). On a saved screen: SCREEN_ENTER, SCREEN_LEAVE.",
  values: Object.fromEntries(ALERT_CONDITIONS.map((condition) => [condition.toUpperCase(), { value: condition }])),
});

const AlertParamsShape = builder.objectRef<Record<string, unknown>>("AlertParams").implement({
  description: "The condition's settings; only the ones its condition takes are set.",
  fields: (t) => ({
    direction: t.string({ nullable: true, description: "above | below (crossings); up | down | either (PRICE_MOVE).", resolve: (params) => (params.direction as string) ?? null }),
    level: t.float({ nullable: true, description: "The level crossed: a price (USD), an RSI (1–99) or a sentiment (−1 to 1).", resolve: (params) => (params.level as number) ?? null }),
    percent: t.float({ nullable: true, description: "PRICE_MOVE: the day's change, 0.1–100 %.", resolve: (params) => (params.percent as number) ?? null }),
    fast: t.int({ nullable: true, description: "SMA_CROSS: the faster average (5, 20 days).", resolve: (params) => (params.fast as number) ?? null }),
    slow: t.int({ nullable: true, description: "SMA_CROSS: the slower average (20, 50 days).", resolve: (params) => (params.slow as number) ?? null }),
    minArticles: t.int({ nullable: true, description: "ARTICLE_JUMP: the 7-day article count to reach, 1–1000.", resolve: (params) => (params.minArticles as number) ?? null }),
    action: t.string({ nullable: true, description: "ANALYST_ACTION: upgrade | downgrade | either.", resolve: (params) => (params.action as string) ?? null }),
    days: t.int({ nullable: true, description: "EARNINGS_WITHIN: days before the report, 1–60.", resolve: (params) => (params.days as number) ?? null }),
    change: t.string({ nullable: true, description: `FUND_CHANGE: ${FUND_CHANGES.join(" | ")}.`, resolve: (params) => (params.change as string) ?? null }),
    fundCik: t.string({ nullable: true, description: "FUND_CHANGE: one fund's CIK; null for any tracked fund.", resolve: (params) => (params.fundCik as string) ?? null }),
  }),
});

const AlertParamsInput = builder.inputType("AlertParamsInput", {
  description: "The condition's settings: give only the ones its condition takes (see AlertParams); any other is refused by name.",
  fields: (t) => ({
    direction: t.string(),
    level: t.float(),
    percent: t.float(),
    fast: t.int(),
    slow: t.int(),
    minArticles: t.int(),
    action: t.string(),
    days: t.int(),
    change: t.string(),
    fundCik: t.string(),
  }),
});

const AlertChannelEnum = builder.enumType("AlertChannel", {
  description: "Where a firing goes besides the app's bell: EMAIL (immediate or a daily digest), WEBHOOK (Pro; signed with HMAC-SHA256).",
  values: { EMAIL: { value: "email" }, WEBHOOK: { value: "webhook" } },
});
const EmailModeEnum = builder.enumType("AlertEmailMode", {
  values: { IMMEDIATE: { value: "immediate" }, DIGEST: { value: "digest", description: "One mail a day with the day's firings." } },
});

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];

const alertFields = (t: InputFields, required: boolean) => ({
  name: t.string({ required, description: "1–80 characters, unique among your alerts." }),
  condition: t.field({ type: AlertConditionEnum, required }),
  params: t.field({ type: AlertParamsInput }),
  ticker: t.string({ description: "Watch one ticker (exactly one of ticker, watchlistId, savedScreenId)." }),
  watchlistId: t.globalID({ for: Watchlist, description: "Watch every ticker of one of your watchlists." }),
  savedScreenId: t.globalID({ for: SavedScreen, description: "Watch one of your saved screens: SCREEN_ENTER, SCREEN_LEAVE." }),
  channels: t.field({ type: [AlertChannelEnum], description: "Besides the bell; WEBHOOK needs Pro." }),
  emailMode: t.field({ type: EmailModeEnum }),
  webhookUrl: t.string({ description: "https, on a public address." }),
});

const CreateAlertInput = builder.inputType("CreateAlertInput", { fields: (t) => alertFields(t, true) });
const UpdateAlertInput = builder.inputType("UpdateAlertInput", {
  description: "The fields to change; a new target replaces the old one.",
  fields: (t) => alertFields(t, false),
});

type AlertArgsInput = {
  name?: string | null;
  condition?: string | null;
  params?: Record<string, unknown> | null;
  ticker?: string | null;
  watchlistId?: { id: string } | null;
  savedScreenId?: { id: string } | null;
  channels?: string[] | null;
  emailMode?: string | null;
  webhookUrl?: string | null;
};

/** GraphQL input as the service takes it: absent fields stay absent, params without the unset keys. */
function serviceInput(input: AlertArgsInput): AlertInput {
  const given = <T>(value: T | null | undefined) => (value === null ? undefined : value);
  return {
    name: given(input.name),
    condition: given(input.condition),
    params: input.params ? Object.fromEntries(Object.entries(input.params).filter(([, value]) => value !== null && value !== undefined)) : undefined,
    ticker: given(input.ticker),
    watchlistId: given(input.watchlistId)?.id,
    savedScreenId: given(input.savedScreenId)?.id,
    channels: given(input.channels),
    emailMode: given(input.emailMode),
    webhookUrl: given(input.webhookUrl),
  };
}

const FIRINGS_PAGE = { min: 1, max: 100, default: 20 } as const;
const ALERTS_PAGE = { min: 1, max: PRO_ALERT_LIMITS.alerts, default: 50 } as const;

export const Alert = builder.objectRef<AlertRecord>("Alert");
export const AlertFiring = builder.objectRef<FiringRecord>("AlertFiring");

const DeliveryAttempt = builder.objectRef<AlertDeliveryAttempt>("AlertDeliveryAttempt").implement({
  description: "One attempt at a delivery: the delivery log.",
  fields: (t) => ({
    attemptedAt: t.expose("attemptedAt", { type: "DateTime" }),
    statusCode: t.exposeInt("statusCode", { nullable: true, description: "The receiver's HTTP status; null when none came." }),
    error: t.exposeString("error", { nullable: true }),
    ms: t.exposeInt("ms"),
  }),
});

type DeliveryWithLog = DeliveryRecord & { log: AlertDeliveryAttempt[] };
const AlertDelivery = builder.objectRef<DeliveryWithLog>("AlertDelivery").implement({
  description: "A firing's delivery by email or webhook: retried with backoff for 24 hours, then failed.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Sent as the Tickerscope-Delivery header: a receiver dedupes on it." }),
    channel: t.exposeString("channel"),
    status: t.exposeString("status", { description: "pending | delivered | failed" }),
    attempts: t.exposeInt("attempts"),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime" }),
    lastStatusCode: t.exposeInt("lastStatusCode", { nullable: true }),
    lastError: t.exposeString("lastError", { nullable: true }),
    deliveredAt: t.expose("deliveredAt", { type: "DateTime", nullable: true }),
    log: t.field({ type: [DeliveryAttempt], resolve: (delivery) => delivery.log }),
  }),
});

type SideShape = { day?: string; value?: number | null; fast?: number | null; slow?: number | null; shares?: number | null; inScreen?: boolean };
const numberOf = (value: unknown) => (typeof value === "number" ? value : null);
const EvidenceSide = builder.objectRef<SideShape>("AlertEvidenceSide").implement({
  description: "One side of what fired: the trading day before, or the day it fired. Only the fields its condition reads are set.",
  fields: (t) => ({
    day: t.string({ nullable: true, resolve: (side) => side.day ?? null }),
    value: t.float({ nullable: true, description: "The close, RSI, sentiment or article count.", resolve: (side) => numberOf(side.value) }),
    fast: t.float({ nullable: true, description: "SMA_CROSS: the faster average.", resolve: (side) => numberOf(side.fast) }),
    slow: t.float({ nullable: true, description: "SMA_CROSS: the slower average.", resolve: (side) => numberOf(side.slow) }),
    shares: t.float({ nullable: true, description: "FUND_CHANGE: the fund's shares.", resolve: (side) => numberOf(side.shares) }),
    inScreen: t.boolean({ nullable: true, description: "SCREEN_ENTER/LEAVE: whether the ticker was in the screen's results.", resolve: (side) => side.inScreen ?? null }),
  }),
});

type Evidence = { before?: SideShape; after?: SideShape; source?: string; level?: number };

const ForwardReturnRef = builder.objectRef<ForwardReturn>("AlertForwardReturn").implement({
  description: "Returns over the trading days after a firing, as fractions (0.012 = 1.2 %); null when the stored prices end too soon.",
  fields: (t) => ({
    days: t.exposeInt("days"),
    stock: t.exposeFloat("stock", { nullable: true }),
    universe: t.exposeFloat("universe", { nullable: true, description: "The equal-weight mean of every stored ticker over the same days." }),
    excess: t.exposeFloat("excess", { nullable: true, description: "stock − universe" }),
  }),
});

const HistoryFiringRef = builder.objectRef<HistoryFiring>("AlertHistoryFiring").implement({
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    day: t.exposeString("day"),
    summary: t.exposeString("summary"),
    forward: t.field({ type: [ForwardReturnRef], resolve: (firing) => firing.forward }),
  }),
});

const HorizonRef = builder.objectRef<HorizonSummary>("AlertHistoryHorizon").implement({
  description: "The firings' forward returns at one horizon: means, and the 95 % interval of the mean excess over the universe.",
  fields: (t) => ({
    days: t.exposeInt("days"),
    measured: t.exposeInt("measured", { description: "Firings with a forward return at this horizon." }),
    meanStock: t.exposeFloat("meanStock", { nullable: true }),
    meanUniverse: t.exposeFloat("meanUniverse", { nullable: true }),
    meanExcess: t.exposeFloat("meanExcess", { nullable: true }),
    excessLow: t.exposeFloat("excessLow", { nullable: true, description: "Low end of the 95 % block-bootstrap interval of the mean excess." }),
    excessHigh: t.exposeFloat("excessHigh", { nullable: true }),
    hitRate: t.exposeFloat("hitRate", { nullable: true, description: "Share of measured firings that beat the universe." }),
  }),
});

const HISTORY_FIRINGS = { min: 1, max: 200, default: 50 } as const;

const AlertHistoryRef = builder.objectRef<HistoryShape>("AlertHistory").implement({
  description:
    "When an alert would have fired over the whole stored history (each day judged on data up to that day, by the live rules) and the ticker's +5 and +21 trading-day returns against the equal-weight universe.",
  fields: (t) => ({
    from: t.exposeString("from", { nullable: true }),
    to: t.exposeString("to", { nullable: true }),
    source: t.exposeString("source"),
    available: t.exposeBoolean("available", { description: "False when no prices are stored yet, so there is no history to evaluate." }),
    total: t.int({ resolve: (history) => history.firings.length }),
    firings: t.field({
      type: [HistoryFiringRef],
      description: "Newest first.",
      intArgs: { first: HISTORY_FIRINGS },
      args: { first: t.arg.int({ defaultValue: HISTORY_FIRINGS.default }) },
      resolve: (history, { first }) => history.firings.slice(0, first ?? HISTORY_FIRINGS.default),
    }),
    horizons: t.field({ type: [HorizonRef], resolve: (history) => history.horizons }),
    warnings: t.exposeStringList("warnings"),
    ms: t.exposeInt("ms"),
  }),
});

/** What a history costs: the daily indicators of every ticker a Pro watchlist can hold, over the stored period. */
const HISTORY_COST = 10;
/**
 * What a saved screen's history costs: the screen run at each of some 2,000 stored days, 4–8 s of
 * CPU over the S&P 500, about fifty S&P 500 screens (4 points each). A saved alert's history may
 * be one (its field cannot know beforehand), so it is priced so too.
 */
const SCREEN_HISTORY_COST = 200;
/** What a saved screen's history spends of a web session's screen runs (WEB_SCREEN_RUNS_PER_10_MINUTES); API keys pay in points. */
export const WEB_SCREEN_HISTORY_RUNS = 10;

/** A history as the viewer may ask for it: a saved screen's first spends the web session's screen runs. */
async function historyFor(context: RequestContext, request: HistoryRequest): Promise<HistoryShape> {
  const { viewer } = context;
  if (request.screen && viewer && viewer.authMethod !== "apiKey") await context.rateLimiters.screenRuns.consume(`user:${viewer.user.id}`, WEB_SCREEN_HISTORY_RUNS);
  return alertHistory(context, request);
}

builder.node(AlertFiring, {
  description: "One time an alert fired: once per alert, ticker and fact, with the evidence. Only its owner can read it.",
  id: { resolve: (firing) => firing.id },
  loadMany: (ids, context) => findFirings(context.db, context.viewer, ids),
  fields: (t) => ({
    alert: t.field({
      type: Alert,
      nullable: true,
      resolve: async (firing, _args, context) => (await findAlerts(context.db, context.viewer, [firing.alertId]))[0],
    }),
    ticker: t.exposeString("ticker"),
    day: t.string({ description: "The as-of day the fact was known on (YYYY-MM-DD).", resolve: (firing) => firing.day.toISOString().slice(0, 10) }),
    factKey: t.exposeString("factKey", { description: "The triggering fact: a day, a report date, an article or a fund's quarter." }),
    summary: t.exposeString("summary"),
    source: t.string({ description: "The data the evidence comes from.", resolve: (firing) => (firing.evidence as Evidence).source ?? "" }),
    level: t.float({ nullable: true, resolve: (firing) => (firing.evidence as Evidence).level ?? null }),
    before: t.field({ type: EvidenceSide, nullable: true, description: "The value the trading day before.", resolve: (firing) => (firing.evidence as Evidence).before ?? null }),
    after: t.field({ type: EvidenceSide, nullable: true, description: "The value on the day it fired.", resolve: (firing) => (firing.evidence as Evidence).after ?? null }),
    evidenceJson: t.string({ description: "The whole evidence as JSON (every value the condition read).", resolve: (firing) => JSON.stringify(firing.evidence) }),
    origin: t.exposeString("origin", { description: "live (a data event) | replay (a replay of the stored history)" }),
    firedAt: t.expose("firedAt", { type: "DateTime" }),
    read: t.boolean({ resolve: (firing) => firing.readAt !== null }),
    deliveries: t.field({
      type: [AlertDelivery],
      resolve: (firing, _args, context) =>
        context.db.prisma.alertDelivery.findMany({ where: { firingId: firing.id }, include: { log: { orderBy: { attemptedAt: "asc" } } }, orderBy: { channel: "asc" } }),
    }),
  }),
});

builder.node(Alert, {
  description: "A user's alert: a condition on a ticker, a watchlist's tickers or a saved screen. Only its owner can read it.",
  id: { resolve: (alert) => alert.id },
  loadMany: (ids, context) => findAlerts(context.db, context.viewer, ids),
  fields: (t) => ({
    name: t.exposeString("name"),
    condition: t.field({ type: AlertConditionEnum, resolve: (alert) => alert.condition as never }),
    params: t.field({ type: AlertParamsShape, resolve: (alert) => alert.params as Record<string, unknown> }),
    ticker: t.exposeString("ticker", { nullable: true }),
    watchlist: t.field({
      type: Watchlist,
      nullable: true,
      resolve: (alert, _args, context) => (alert.watchlistId ? context.db.prisma.watchlist.findFirst({ where: { id: alert.watchlistId, userId: alert.userId } }) : null),
    }),
    savedScreen: t.field({
      type: SavedScreen,
      nullable: true,
      resolve: (alert, _args, context) => (alert.savedScreenId ? context.db.prisma.savedScreen.findFirst({ where: { id: alert.savedScreenId, userId: alert.userId } }) : null),
    }),
    channels: t.field({ type: [AlertChannelEnum], resolve: (alert) => alert.channels as never }),
    emailMode: t.field({ type: EmailModeEnum, resolve: (alert) => alert.emailMode as never }),
    webhookUrl: t.exposeString("webhookUrl", { nullable: true }),
    webhookSecret: t.exposeString("webhookSecret", { nullable: true, description: "The webhook signature's key (HMAC-SHA256); see the verification recipe in the API docs." }),
    paused: t.boolean({ resolve: (alert) => alert.pausedAt !== null }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    history: t.field({
      type: AlertHistoryRef,
      description: `When it would have fired over the stored history, with what followed. Costs ${SCREEN_HISTORY_COST} API points (a saved screen's history runs the screen at every stored day).`,
      complexity: { field: SCREEN_HISTORY_COST, multiplier: 1 },
      resolve: async (alert, _args, context) =>
        historyFor(context, {
          condition: alert.condition as never,
          params: alert.params,
          tickers: await watchedTickers(context.db, alert),
          screen: alert.savedScreenId ? await context.db.prisma.savedScreen.findFirst({ where: { id: alert.savedScreenId, userId: alert.userId } }) : null,
        }),
    }),
    firings: t.connection({
      type: AlertFiring,
      description: "Its firings, newest first.",
      intArgs: { first: FIRINGS_PAGE, last: FIRINGS_PAGE },
      complexity: (args) => ({ field: 1, multiplier: args.first ?? FIRINGS_PAGE.default }),
      resolve: async (alert, args, context) => ({
        ...(await resolveOffsetConnection({ args, defaultSize: FIRINGS_PAGE.default, maxSize: FIRINGS_PAGE.max }, ({ limit, offset }) =>
          listFirings(context.db, alert.userId, { alertId: alert.id, take: limit, skip: offset }),
        )),
        totalCount: await countFirings(context.db, alert.userId, { alertId: alert.id }),
      }),
    }, { name: "AlertFiringsConnection", fields: (c) => ({ totalCount: c.int({ description: "How many there are in all.", resolve: (connection) => (connection as unknown as { totalCount: number }).totalCount }) }) }),
  }),
});

const AlertLimits = builder.objectRef<{ alerts: number; webhooks: boolean }>("AlertLimits").implement({
  description: "What the viewer's plan allows: Basic 3 alerts (app and email); Pro 200, webhooks and 13F conditions.",
  fields: (t) => ({ alerts: t.exposeInt("alerts"), webhooks: t.exposeBoolean("webhooks") }),
});

builder.objectFields(ViewerRef, (t) => ({
  alerts: t.connection({
    type: Alert,
    description: "The viewer's alerts, oldest first.",
    intArgs: { first: ALERTS_PAGE, last: ALERTS_PAGE },
    complexity: (args) => ({ field: 1, multiplier: args.first ?? ALERTS_PAGE.default }),
    resolve: async (user, args, context) => {
      const alerts = await listAlerts(context.db, user.id);
      return { ...resolveArrayConnection({ args, maxSize: PRO_ALERT_LIMITS.alerts }, alerts), totalCount: alerts.length };
    },
  }, { name: "ViewerAlertsConnection", fields: (c) => ({ totalCount: c.int({ description: "How many there are in all.", resolve: (connection) => (connection as unknown as { totalCount: number }).totalCount }) }) }),
  alertFirings: t.connection({
    type: AlertFiring,
    description: "The viewer's firings, newest first: the bell's list.",
    intArgs: { first: FIRINGS_PAGE, last: FIRINGS_PAGE },
    args: { unreadOnly: t.arg.boolean({ defaultValue: false }) },
    complexity: (args) => ({ field: 1, multiplier: args.first ?? FIRINGS_PAGE.default }),
    resolve: async (user, args, context) => {
      const filter = { unreadOnly: args.unreadOnly ?? false };
      return {
        ...(await resolveOffsetConnection({ args, defaultSize: FIRINGS_PAGE.default, maxSize: FIRINGS_PAGE.max }, ({ limit, offset }) =>
          listFirings(context.db, user.id, { ...filter, take: limit, skip: offset }),
        )),
        totalCount: await countFirings(context.db, user.id, filter),
      };
    },
  }, { name: "ViewerAlertFiringsConnection", fields: (c) => ({ totalCount: c.int({ description: "How many there are in all.", resolve: (connection) => (connection as unknown as { totalCount: number }).totalCount }) }) }),
  unreadAlertCount: t.int({ description: "Firings not yet marked read (the bell's count).", resolve: (user, _args, context) => countUnreadFirings(context.db, user.id) }),
  alertLimits: t.field({ type: AlertLimits, resolve: (_user, _args, context) => alertLimitsOf(context.viewer!) }),
}));

/** Whether an alert input watches a saved screen (its history then runs the screen at every stored day). */
const watchesScreen = (input: { savedScreenId?: unknown; condition?: unknown } | null | undefined) =>
  Boolean(input?.savedScreenId) || /^screen_/i.test(String(input?.condition));

builder.queryField("alertHistoryPreview", (t) =>
  t.field({
    type: AlertHistoryRef,
    description: `The history of an alert not saved yet (checked as createAlert checks it): what the form shows while you edit. Costs ${HISTORY_COST} API points, ${SCREEN_HISTORY_COST} for a saved screen's.`,
    authScopes: { signedIn: true },
    complexity: (args) => ({ field: watchesScreen(args.input) ? SCREEN_HISTORY_COST : HISTORY_COST, multiplier: 1 }),
    args: { input: t.arg({ type: CreateAlertInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const checked = await checkAlertInput(context, serviceInput(input as AlertArgsInput));
      const screen = checked.savedScreenId ? await context.db.prisma.savedScreen.findFirst({ where: { id: checked.savedScreenId, userId: context.viewer!.user.id } }) : null;
      return historyFor(context, { condition: checked.condition, params: checked.params, tickers: await watchedTickers(context.db, checked), screen });
    },
  }),
);

const AlertPayload = builder.objectRef<{ alert: AlertRecord }>("AlertPayload").implement({
  fields: (t) => ({ alert: t.field({ type: Alert, resolve: (payload) => payload.alert }) }),
});

const ReplayDay = builder.objectRef<ReplayResult["days"][number]>("AlertReplayDay").implement({
  fields: (t) => ({ day: t.exposeString("day"), firings: t.exposeInt("firings") }),
});
const ReplayPayload = builder.objectRef<ReplayResult>("AlertReplayPayload").implement({
  description: "The replayed trading days and what fired on each (new firings; a fact fires once).",
  fields: (t) => ({ days: t.field({ type: [ReplayDay], resolve: (result) => result.days }), firings: t.exposeInt("firings"), ms: t.exposeInt("ms") }),
});

builder.mutationFields((t) => ({
  createAlert: t.field({
    type: AlertPayload,
    description: "A new alert. Basic: 3 alerts, in the app and by email; Pro: 200, webhooks and FUND_CHANGE. Every broken rule is named by field.",
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: CreateAlertInput, required: true }) },
    resolve: async (_root, { input }, context) => ({ alert: await createAlert(context, serviceInput(input as AlertArgsInput)) }),
  }),
  updateAlert: t.field({
    type: AlertPayload,
    description: "Changes an alert; the whole alert is checked again.",
    authScopes: { signedIn: true },
    args: { id: t.arg.globalID({ required: true, for: Alert }), input: t.arg({ type: UpdateAlertInput, required: true }) },
    resolve: async (_root, { id, input }, context) => ({ alert: await updateAlert(context, id.id, serviceInput(input as AlertArgsInput)) }),
  }),
  setAlertPaused: t.field({
    type: AlertPayload,
    description: "Pauses (nothing fires) or resumes an alert.",
    authScopes: { signedIn: true },
    args: { id: t.arg.globalID({ required: true, for: Alert }), paused: t.arg.boolean({ required: true }) },
    resolve: async (_root, { id, paused }, context) => ({ alert: await setAlertPaused(context, id.id, paused) }),
  }),
  deleteAlert: t.field({
    type: builder.objectRef<{ deletedId: string }>("DeleteAlertPayload").implement({ fields: (p) => ({ deletedId: p.exposeID("deletedId") }) }),
    description: "Deletes an alert with its firings.",
    authScopes: { signedIn: true },
    args: { id: t.arg.globalID({ required: true, for: Alert }) },
    resolve: async (_root, { id }, context) => {
      await deleteAlert(context, id.id);
      return { deletedId: encodeGlobalID(id.typename, id.id) };
    },
  }),
  markAlertFiringsRead: t.field({
    type: builder.objectRef<{ marked: number; unread: number }>("MarkAlertFiringsReadPayload").implement({
      fields: (p) => ({ marked: p.exposeInt("marked"), unread: p.exposeInt("unread") }),
    }),
    description: "Marks the given firings read, or every one without ids.",
    authScopes: { signedIn: true },
    args: { ids: t.arg.globalIDList({ for: AlertFiring }) },
    resolve: async (_root, { ids }, context) => {
      const marked = await markFiringsRead(context, ids ? ids.map((id) => id.id) : null);
      return { marked, unread: await countUnreadFirings(context.db, context.viewer!.user.id) };
    },
  }),
  replayAlertDelivery: t.field({
    type: AlertDelivery,
    description: "Sends a delivery again from the log (a failed webhook, once the receiver is back).",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true, description: "AlertDelivery.id" }) },
    resolve: async (_root, { id }, context) => {
      const delivery = await replayDelivery(context.db, context.viewer!.user.id, String(id));
      wakeAlertDeliveries();
      return { ...delivery, log: await context.db.prisma.alertDeliveryAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attemptedAt: "asc" } }) };
    },
  }),
  replayAlerts: t.field({
    type: ReplayPayload,
    description: `Steps the as-of day through the stored history from a day, ${REPLAY_DAYS.min}–${REPLAY_DAYS.max} trading days, and fires and delivers what your alerts would have caught each day (origin "replay").`,
    authScopes: { signedIn: true },
    args: { from: t.arg.string({ required: true, description: "The first day replayed (YYYY-MM-DD), within the stored prices." }), days: t.arg.int({ defaultValue: 10 }) },
    intArgs: { days: REPLAY_DAYS },
    resolve: (_root, { from, days }, context) => replayAlerts(context, { from, days: days ?? 10, userId: context.viewer!.user.id }),
  }),
}));

builder.subscriptionField("alertFired", (t) =>
  t.field({
    type: [AlertFiring],
    description: "The viewer's new firings, in the batches evaluation stores them (live data events and replays). Over Server-Sent Events: send Accept: text/event-stream.",
    authScopes: { signedIn: true },
    subscribe: (_root, _args, context) => {
      const userId = context.viewer!.user.id;
      return pipe(
        context.alertEvents.subscribe("alerts:fired"),
        filter((fired) => fired.some((firing) => firing.userId === userId)),
      );
    },
    // A deleted alert's firings are gone: the rest of the batch is sent.
    resolve: async (fired, _args, context) => {
      const mine = fired.filter((firing) => firing.userId === context.viewer!.user.id).map((firing) => firing.firingId);
      return (await findFirings(context.db, context.viewer, mine)).filter((firing) => firing !== null);
    },
  }),
);
