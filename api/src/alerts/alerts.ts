// Alerts: a signed-in user's conditions on a ticker, a watchlist's tickers or a saved screen, with
// a name, channels and pause/resume. Private to their owner (another user's id reads as not found).
// The plan sets the limits (Basic 3 alerts, in the app and by email; Pro 200, webhooks and 13F
// conditions too). A save that breaks any rule is refused whole, naming each field.
import { z } from "zod";
import { lockUserRow } from "../auth/users";
import type { Viewer } from "../auth/viewer";
import { hasProAccess } from "../billing/pro-access";
import type { AppDeps } from "../context";
import type { Database } from "../db/database";
import { AppError, type FieldError } from "../errors/app-error";
import { collectFieldErrors, isUuid, parseInput } from "../errors/validation";
import type { Alert, AlertFiring, Prisma } from "../generated/prisma/client";
import { knownTickers } from "../watchlists/watchlists";
import { ALERT_CONDITIONS, conditionParamSchemas, PRO_CONDITIONS, SCREEN_CONDITIONS, type AlertCondition } from "./alert-conditions";
import { checkWebhookUrl } from "./delivery/webhook-address";
import { newWebhookSecret } from "./delivery/webhook-signature";

export type AlertLimits = { alerts: number; webhooks: boolean };
export const BASIC_ALERT_LIMITS: AlertLimits = { alerts: 3, webhooks: false };
export const PRO_ALERT_LIMITS: AlertLimits = { alerts: 200, webhooks: true };
export const alertLimitsOf = (viewer: Viewer): AlertLimits => (hasProAccess(viewer.user) ? PRO_ALERT_LIMITS : BASIC_ALERT_LIMITS);

export const ALERT_CHANNELS = ["email", "webhook"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

type Context = Pick<AppDeps, "db" | "config" | "mailer"> & { viewer: Viewer | null };

/** What a user sends to create an alert, or to change one (every field then optional). */
export type AlertInput = {
  name?: unknown;
  condition?: unknown;
  params?: unknown;
  ticker?: unknown;
  watchlistId?: unknown;
  savedScreenId?: unknown;
  channels?: unknown;
  emailMode?: unknown;
  webhookUrl?: unknown;
};

const fieldsSchema = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .min(1, { error: "name must be 1 to 80 characters" })
    .max(80, { error: "name must be 1 to 80 characters" }),
  condition: z.enum(ALERT_CONDITIONS, { error: `condition must be one of ${ALERT_CONDITIONS.join(", ")}` }),
  channels: z
    .array(z.enum(ALERT_CHANNELS, { error: 'each channel must be "email" or "webhook" (the app\'s bell always shows firings)' }), {
      error: "channels must be a list",
    })
    .max(2, { error: "channels holds at most email and webhook" }),
  emailMode: z.enum(["immediate", "digest"], { error: 'emailMode must be "immediate" or "digest"' }),
});

const badInput = (errors: FieldError[]) =>
  new AppError("BAD_USER_INPUT", `Invalid input: ${[...new Set(errors.map((error) => error.field))].join(", ")}.`, { fieldErrors: errors });

function requireSignedIn(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to keep alerts.");
  return viewer;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== "";

export type CheckedAlert = {
  name: string;
  condition: AlertCondition;
  params: Prisma.InputJsonValue;
  ticker: string | null;
  watchlistId: string | null;
  savedScreenId: string | null;
  channels: AlertChannel[];
  emailMode: "immediate" | "digest";
  webhookUrl: string | null;
};

/** Every rule of a whole alert (a new one, or an existing one with the changes applied); throws naming each broken field. */
async function checkAlert(context: Context, viewer: Viewer, input: Required<AlertInput>): Promise<CheckedAlert> {
  const errors: FieldError[] = [];
  // Each field on its own, so one bad field never hides another.
  type Fields = z.output<typeof fieldsSchema>;
  const field = async <K extends keyof Fields>(key: K, value: unknown): Promise<Fields[K] | undefined> =>
    ((await collectFieldErrors(errors, () => parseInput(z.object({ [key]: fieldsSchema.shape[key] }), { [key]: value }))) as Partial<Fields> | undefined)?.[key];
  const name = await field("name", input.name);
  const condition = await field("condition", input.condition);
  const channelList = await field("channels", input.channels ?? []);
  const emailMode = await field("emailMode", input.emailMode ?? "immediate");
  const params = condition
    ? await collectFieldErrors(errors, () => {
        try {
          return parseInput(conditionParamSchemas[condition], input.params ?? {});
        } catch (error) {
          // Named under params: "params.level", so a form can point at its input.
          if (error instanceof AppError && error.fieldErrors) {
            throw badInput(error.fieldErrors.map((fieldError) => ({ ...fieldError, field: fieldError.field === "input" ? "params" : `params.${fieldError.field}` })));
          }
          throw error;
        }
      })
    : undefined;
  const pro = hasProAccess(viewer.user);
  if (condition && PRO_CONDITIONS.includes(condition) && !pro) {
    errors.push({ field: "condition", message: "13F fund-change alerts need a Pro subscription (13F holdings are Pro data)." });
  }

  const targets = (["ticker", "watchlistId", "savedScreenId"] as const).filter((key) => present(input[key]));
  const wantsScreen = condition ? SCREEN_CONDITIONS.includes(condition) : false;
  let ticker: string | null = null;
  let watchlistId: string | null = null;
  let savedScreenId: string | null = null;
  if (targets.length !== 1) {
    errors.push({ field: wantsScreen ? "savedScreenId" : "ticker", message: "Give exactly one of ticker, watchlistId or savedScreenId." });
  } else if (condition && wantsScreen !== (targets[0] === "savedScreenId")) {
    errors.push({
      field: targets[0],
      message: wantsScreen ? `${condition} watches a saved screen: give savedScreenId.` : `${condition} watches a ticker or a watchlist: give ticker or watchlistId.`,
    });
  } else if (targets[0] === "ticker") {
    const given = input.ticker;
    ticker = (await collectFieldErrors(errors, () => (typeof given === "string" ? knownTickers([given], "ticker")[0] : knownTickers([""], "ticker")[0]))) ?? null;
  } else {
    const key = targets[0];
    const id = input[key];
    const owned =
      typeof id === "string" && isUuid(id)
        ? key === "watchlistId"
          ? await context.db.prisma.watchlist.count({ where: { id, userId: viewer.user.id } })
          : await context.db.prisma.savedScreen.count({ where: { id, userId: viewer.user.id } })
        : 0;
    if (owned === 0) errors.push({ field: key, message: `No ${key === "watchlistId" ? "watchlist" : "saved screen"} of yours has this id.` });
    else if (key === "watchlistId") watchlistId = id as string;
    else savedScreenId = id as string;
  }

  const channels = [...new Set(channelList ?? [])];
  let webhookUrl: string | null = null;
  if (channels.includes("webhook")) {
    if (!pro) errors.push({ field: "channels", message: "Webhook delivery needs a Pro subscription; Basic alerts go to the app and by email." });
    else webhookUrl = (await collectFieldErrors(errors, () => checkWebhookUrl(input.webhookUrl, context))) ?? null;
  } else if (present(input.webhookUrl)) {
    errors.push({ field: "webhookUrl", message: 'A webhook URL needs "webhook" among the channels.' });
  }
  if (errors.length > 0) throw badInput(errors);
  return {
    name: name!,
    condition: condition!,
    params: params as Prisma.InputJsonValue,
    ticker,
    watchlistId,
    savedScreenId,
    channels,
    emailMode: emailMode!,
    webhookUrl,
  };
}

const nameTaken = (name: string) => badInput([{ field: "name", message: `You already have an alert named "${name}".` }]);

/** Creates an alert within the plan's limits; a webhook alert gets its signing secret. */
export async function createAlert(context: Context, input: AlertInput): Promise<Alert> {
  const viewer = requireSignedIn(context.viewer);
  const checked = await checkAlert(context, viewer, { ...emptyInput, ...input });
  const limits = alertLimitsOf(viewer);
  const userId = viewer.user.id;
  return context.db.prisma.$transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const alerts = await tx.alert.findMany({ where: { userId }, select: { name: true } });
    if (alerts.some((alert) => alert.name === checked.name)) throw nameTaken(checked.name);
    if (alerts.length >= limits.alerts) {
      const plan = limits === PRO_ALERT_LIMITS ? "Pro" : "Basic";
      throw badInput([
        {
          field: "name",
          message: `You can keep at most ${limits.alerts} alerts on the ${plan} plan; delete one first${plan === "Basic" ? " or upgrade to Pro for 200" : ""}.`,
        },
      ]);
    }
    return tx.alert.create({ data: { userId, ...checked, webhookSecret: checked.channels.includes("webhook") ? newWebhookSecret() : null } });
  });
}

const emptyInput: Required<AlertInput> = {
  name: undefined,
  condition: undefined,
  params: undefined,
  ticker: undefined,
  watchlistId: undefined,
  savedScreenId: undefined,
  channels: undefined,
  emailMode: undefined,
  webhookUrl: undefined,
};

/** An alert as sent, checked as a save would check it (the plan's count limit aside): for its history before saving. */
export async function checkAlertInput(context: Context, input: AlertInput): Promise<CheckedAlert> {
  return checkAlert(context, requireSignedIn(context.viewer), { ...emptyInput, ...input });
}

/** The tickers an alert watches now: its ticker, or its watchlist's (none for a saved screen). */
export async function watchedTickers(db: Database, alert: Pick<Alert, "ticker" | "watchlistId">): Promise<string[]> {
  if (alert.ticker) return [alert.ticker];
  if (!alert.watchlistId) return [];
  return (await db.prisma.watchlist.findUnique({ where: { id: alert.watchlistId }, select: { tickers: true } }))?.tickers ?? [];
}

/** Changes an alert: the given fields replace the stored ones (a new target replaces the old), and the whole is checked again. */
export async function updateAlert(context: Context, id: string, changes: AlertInput): Promise<Alert> {
  const viewer = requireSignedIn(context.viewer);
  const alert = await requireAlert(context, id);
  const retargeted = ["ticker", "watchlistId", "savedScreenId"].some((key) => present(changes[key as keyof AlertInput]));
  const current: Required<AlertInput> = {
    name: alert.name,
    condition: alert.condition,
    params: alert.params,
    ticker: retargeted ? undefined : alert.ticker,
    watchlistId: retargeted ? undefined : alert.watchlistId,
    savedScreenId: retargeted ? undefined : alert.savedScreenId,
    channels: alert.channels,
    emailMode: alert.emailMode,
    webhookUrl: alert.webhookUrl,
  };
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const checked = await checkAlert(context, viewer, { ...current, ...given });
  return context.db.prisma.$transaction(async (tx) => {
    await lockUserRow(tx, viewer.user.id);
    if (checked.name !== alert.name && (await tx.alert.count({ where: { userId: viewer.user.id, name: checked.name } })) > 0) throw nameTaken(checked.name);
    const webhookSecret = checked.channels.includes("webhook") ? (alert.webhookSecret ?? newWebhookSecret()) : alert.webhookSecret;
    return tx.alert.update({ where: { id: alert.id }, data: { ...checked, webhookSecret } });
  });
}

/** Pauses (nothing fires while paused) or resumes an alert. */
export async function setAlertPaused(context: Context, id: string, paused: boolean): Promise<Alert> {
  const alert = await requireAlert(context, id);
  if (Boolean(alert.pausedAt) === paused) return alert;
  return context.db.prisma.alert.update({ where: { id: alert.id }, data: { pausedAt: paused ? new Date() : null } });
}

/** Deletes one of the viewer's alerts with its firings and deliveries; any other id is NOT_FOUND. */
export async function deleteAlert(context: Pick<Context, "db" | "viewer">, id: string): Promise<string> {
  const viewer = requireSignedIn(context.viewer);
  const { count } = isUuid(id) ? await context.db.prisma.alert.deleteMany({ where: { id, userId: viewer.user.id } }) : { count: 0 };
  if (count === 0) throw new AppError("NOT_FOUND", "No alert of yours has this id.");
  return id;
}

/** The viewer's alerts, oldest first. */
export function listAlerts(db: Database, userId: string): Promise<Alert[]> {
  return db.prisma.alert.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** Alerts by id, in the ids' order: the viewer's, null for any other. */
export async function findAlerts(db: Database, viewer: Viewer | null, ids: readonly string[]): Promise<(Alert | null)[]> {
  const wanted = ids.filter((id) => isUuid(id));
  const found = viewer && wanted.length > 0 ? await db.prisma.alert.findMany({ where: { id: { in: wanted }, userId: viewer.user.id } }) : [];
  const byId = new Map(found.map((alert) => [alert.id, alert]));
  return ids.map((id) => byId.get(id) ?? null);
}

export async function requireAlert(context: Pick<Context, "db" | "viewer">, id: string): Promise<Alert> {
  const viewer = requireSignedIn(context.viewer);
  const [alert] = await findAlerts(context.db, viewer, [id]);
  if (!alert) throw new AppError("NOT_FOUND", "No alert of yours has this id.");
  return alert;
}

/** Firings by id: the viewer's, null for any other. */
export async function findFirings(db: Database, viewer: Viewer | null, ids: readonly string[]): Promise<(AlertFiring | null)[]> {
  const wanted = ids.filter((id) => isUuid(id));
  const found = viewer && wanted.length > 0 ? await db.prisma.alertFiring.findMany({ where: { id: { in: wanted }, userId: viewer.user.id } }) : [];
  const byId = new Map(found.map((firing) => [firing.id, firing]));
  return ids.map((id) => byId.get(id) ?? null);
}

type FiringsFilter = { alertId?: string; unreadOnly?: boolean };
const firingsWhere = (userId: string, filter: FiringsFilter) => ({
  userId,
  ...(filter.alertId ? { alertId: filter.alertId } : {}),
  ...(filter.unreadOnly ? { readAt: null } : {}),
});

/** The viewer's firings, newest first (of one alert when given), a page at a time. */
export function listFirings(db: Database, userId: string, options: FiringsFilter & { take: number; skip?: number }): Promise<AlertFiring[]> {
  return db.prisma.alertFiring.findMany({
    where: firingsWhere(userId, options),
    orderBy: [{ firedAt: "desc" }, { day: "desc" }, { ticker: "asc" }, { id: "asc" }],
    take: options.take,
    skip: options.skip ?? 0,
  });
}

export const countFirings = (db: Database, userId: string, filter: FiringsFilter) => db.prisma.alertFiring.count({ where: firingsWhere(userId, filter) });

export const countUnreadFirings = (db: Database, userId: string) => db.prisma.alertFiring.count({ where: { userId, readAt: null } });

/** Marks the viewer's firings read (the given ones, or all); returns how many were unread. */
export async function markFiringsRead(context: Pick<Context, "db" | "viewer">, ids: readonly string[] | null): Promise<number> {
  const viewer = requireSignedIn(context.viewer);
  const { count } = await context.db.prisma.alertFiring.updateMany({
    where: { userId: viewer.user.id, readAt: null, ...(ids ? { id: { in: ids.filter((id) => isUuid(id)) } } : {}) },
    data: { readAt: new Date() },
  });
  return count;
}
