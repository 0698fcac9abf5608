// Watchlists: a signed-in user's named lists of tickers, in their own order. Private to their
// owner: every read and write is scoped to the viewer's id, so another user's id reads as not
// found. The plan sets the limits (Basic 1 list of 25 tickers, Pro 20 lists of 500); a write that
// would pass a limit is refused whole, naming the field.
import { z } from "zod";
import { parseTickerCsv, TickerCsvError } from "@shared/screen-rules";
import { lockUserRow } from "../auth/users";
import type { Viewer } from "../auth/viewer";
import { hasProAccess } from "../billing/pro-access";
import type { Database } from "../db/database";
import { AppError, type FieldError } from "../errors/app-error";
import { collectFieldErrors, isUuid, parseInput } from "../errors/validation";
import type { Watchlist } from "../generated/prisma/client";
import { fundChangesKnownBetween } from "../alerts/alert-facts";
import type { FundChangeFact } from "../alerts/alert-conditions";
import { THIRTEEN_F_DEADLINE_DAYS } from "../hedge-funds/hedge-funds";
import { addDays } from "../hedge-funds/quarter-dates";
import { lastIndexOnOrBefore, providerName } from "../market-data/technicals-store";
import type { BasicScreenOutcome, ScreenDeps } from "../screening/screen";
import { screenTickersAtDay } from "../screening/screen-tickers";
import { screenCost } from "../screening/screen-cost";
import { findKnownStock } from "../stocks/symbols";

export type WatchlistLimits = { lists: number; tickersPerList: number };
export const BASIC_WATCHLIST_LIMITS: WatchlistLimits = { lists: 1, tickersPerList: 25 };
export const PRO_WATCHLIST_LIMITS: WatchlistLimits = { lists: 20, tickersPerList: 500 };

export const watchlistLimitsOf = (viewer: Viewer): WatchlistLimits => (hasProAccess(viewer.user) ? PRO_WATCHLIST_LIMITS : BASIC_WATCHLIST_LIMITS);

type Context = { db: Database; viewer: Viewer | null };

const nameSchema = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .min(1, { error: "name must be 1 to 80 characters" })
    .max(80, { error: "name must be 1 to 80 characters" }),
});

const tickersSchema = z.object({
  tickers: z.array(z.string({ error: "tickers must be a list of strings" }), { error: "tickers must be a list of strings" }).max(10_000, {
    error: "tickers must hold at most 10000 entries",
  }),
});

const badInput = (field: string, message: string) => new AppError("BAD_USER_INPUT", `Invalid input: ${field}. ${message}`, { fieldErrors: [{ field, message }] });

function requireSignedIn(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to keep watchlists.");
  return viewer;
}

/**
 * The tickers as stored: trimmed, upper-cased, each once in the order given, every one a known
 * stock (a listing's other symbol becomes its key). Unknown or malformed entries are refused by name.
 */
export function knownTickers(values: readonly string[], field = "tickers"): string[] {
  const tickers: string[] = [];
  const unknown: string[] = [];
  for (const value of values) {
    const symbol = value.trim().toUpperCase();
    const stock = /^[A-Z][A-Z0-9.-]{0,9}$/.test(symbol) ? findKnownStock(symbol) : null;
    if (!stock) unknown.push(value.trim() || '""');
    else if (!tickers.includes(stock.ticker)) tickers.push(stock.ticker);
  }
  if (unknown.length > 0) {
    const sample = unknown.slice(0, 5).join(", ") + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : "");
    throw badInput(field, `Unknown ticker${unknown.length > 1 ? "s" : ""} ${sample}: not in the bundled symbol lists (US-listed securities).`);
  }
  return tickers;
}

function withinLimit(tickers: string[], limits: WatchlistLimits, plan: string): string[] {
  if (tickers.length > limits.tickersPerList) {
    throw badInput("tickers", `A watchlist holds at most ${limits.tickersPerList} tickers on the ${plan} plan; this one would hold ${tickers.length}.`);
  }
  return tickers;
}

const planName = (viewer: Viewer) => (hasProAccess(viewer.user) ? "Pro" : "Basic");

/** The tickers of a CSV file (the column named like Ticker or Symbol, else the first), each a known stock. */
export function tickersOfCsv(csv: string): string[] {
  try {
    const tickers = knownTickers(parseTickerCsv(csv).tickers, "csv");
    if (tickers.length === 0) throw badInput("csv", "The file holds no ticker: put one per row, in a column named Ticker or Symbol or in the first.");
    return tickers;
  } catch (error) {
    if (error instanceof TickerCsvError) throw badInput("csv", error.message);
    throw error;
  }
}

/** The viewer's watchlists, oldest first (the user's first list stays first). */
export function listWatchlists(db: Database, userId: string): Promise<Watchlist[]> {
  return db.prisma.watchlist.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** Watchlists by id, in the ids' order: the viewer's, null for any other (and for anonymous viewers). */
export async function findWatchlists(db: Database, viewer: Viewer | null, ids: readonly string[]): Promise<(Watchlist | null)[]> {
  const wanted = ids.filter((id) => isUuid(id));
  const found = viewer && wanted.length > 0 ? await db.prisma.watchlist.findMany({ where: { id: { in: wanted }, userId: viewer.user.id } }) : [];
  const byId = new Map(found.map((list) => [list.id, list]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** One of the viewer's watchlists, or NOT_FOUND. */
export async function requireWatchlist(context: Context, id: string): Promise<Watchlist> {
  const viewer = requireSignedIn(context.viewer);
  const [list] = await findWatchlists(context.db, viewer, [id]);
  if (!list) throw new AppError("NOT_FOUND", "No watchlist of yours has this id.");
  return list;
}

const nameTaken = (name: string) => badInput("name", `You already have a watchlist named "${name}".`);

/** Creates a list (a unique name per user), with tickers if given, within the plan's limits. */
export async function createWatchlist(context: Context, input: { name: unknown; tickers?: unknown }): Promise<Watchlist> {
  const viewer = requireSignedIn(context.viewer);
  const errors: FieldError[] = [];
  const name = await collectFieldErrors(errors, () => parseInput(nameSchema, { name: input.name }).name);
  const tickers = await collectFieldErrors(errors, () => knownTickers(parseInput(tickersSchema, { tickers: input.tickers ?? [] }).tickers));
  if (errors.length > 0) throw new AppError("BAD_USER_INPUT", `Invalid input: ${errors.map((error) => error.field).join(", ")}.`, { fieldErrors: errors });
  const limits = watchlistLimitsOf(viewer);
  withinLimit(tickers!, limits, planName(viewer));
  const userId = viewer.user.id;
  return context.db.prisma.$transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const lists = await tx.watchlist.findMany({ where: { userId }, select: { name: true } });
    if (lists.some((list) => list.name === name)) throw nameTaken(name!);
    if (lists.length >= limits.lists) {
      throw badInput(
        "name",
        `You can keep ${limits.lists === 1 ? "one watchlist" : `at most ${limits.lists} watchlists`} on the ${planName(viewer)} plan; delete one first${limits.lists === 1 ? " or upgrade to Pro for 20" : ""}.`,
      );
    }
    return tx.watchlist.create({ data: { userId, name: name!, tickers: tickers! } });
  });
}

export type WatchlistChange =
  | { kind: "rename"; name: unknown }
  | { kind: "setTickers"; tickers: unknown }
  | { kind: "addTickers"; tickers: unknown }
  | { kind: "removeTickers"; tickers: unknown };

/**
 * Renames a list, or replaces, adds or removes its tickers (replacing also reorders), in one
 * statement under a lock on the list's row: a change that would pass the plan's limit is refused whole.
 */
export async function changeWatchlist(context: Context, id: string, change: WatchlistChange): Promise<Watchlist> {
  const viewer = requireSignedIn(context.viewer);
  const list = await requireWatchlist(context, id);
  if (change.kind === "rename") {
    const { name } = parseInput(nameSchema, { name: change.name });
    if (name === list.name) return list;
    return context.db.prisma.$transaction(async (tx) => {
      await lockUserRow(tx, viewer.user.id);
      if ((await tx.watchlist.count({ where: { userId: viewer.user.id, name } })) > 0) throw nameTaken(name);
      return tx.watchlist.update({ where: { id: list.id }, data: { name } });
    });
  }
  const given = knownTickers(parseInput(tickersSchema, { tickers: change.tickers }).tickers);
  return context.db.prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ tickers: string[] }[]>`SELECT tickers FROM watchlists WHERE id = ${list.id}::uuid FOR UPDATE`;
    if (!current) throw new AppError("NOT_FOUND", "No watchlist of yours has this id.");
    const tickers =
      change.kind === "setTickers"
        ? given
        : change.kind === "addTickers"
          ? [...current.tickers, ...given.filter((ticker) => !current.tickers.includes(ticker))]
          : current.tickers.filter((ticker) => !given.includes(ticker));
    withinLimit(tickers, watchlistLimitsOf(viewer), planName(viewer));
    return tx.watchlist.update({ where: { id: list.id }, data: { tickers } });
  });
}

/** Deletes one of the viewer's lists; any other id is NOT_FOUND. */
export async function deleteWatchlist(context: Context, id: string): Promise<string> {
  const viewer = requireSignedIn(context.viewer);
  const { count } = isUuid(id) ? await context.db.prisma.watchlist.deleteMany({ where: { id, userId: viewer.user.id } }) : { count: 0 };
  if (count === 0) throw new AppError("NOT_FOUND", "No watchlist of yours has this id.");
  return id;
}

/** A list as a CSV file: one ticker per row, in the list's order. */
export const watchlistCsv = (list: Watchlist): string => ["ticker", ...list.tickers].join("\r\n") + "\r\n";

/** A list's tickers at a day, every filter off (screening/screen-tickers.ts). */
export const watchlistView = (deps: ScreenDeps, list: Watchlist, asOf: string | null | undefined): Promise<BasicScreenOutcome> =>
  screenTickersAtDay(deps, list.tickers, asOf);

/** A view row's close against the ticker's previous stored close. */
export type DayChange = {
  ticker: string;
  /** The close's day: the row's asOf. */
  asOf: string;
  close: number;
  /** The day of the ticker's stored bar before it (not always the market's previous trading day: a ticker may miss days). */
  previousAsOf: string;
  previousClose: number;
  change: number;
  /** In percent: 1.5 is +1.5 %. */
  changePercent: number;
  /** The providers of the two closes, as the screen names its sources. */
  source: string;
};

const roundTo4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Each row's day change (from the stored bars in memory); a ticker with no bar before its row's day has none. */
export async function dayChangesOf(deps: Pick<ScreenDeps, "technicals">, outcome: BasicScreenOutcome): Promise<Map<string, DayChange>> {
  const { byTicker } = await deps.technicals.bars();
  const changes = new Map<string, DayChange>();
  for (const row of outcome.rows) {
    const bars = byTicker.get(row.ticker);
    const index = bars ? lastIndexOnOrBefore(bars.dates, row.asOf) : -1;
    if (!bars || index < 1) continue;
    const previousClose = bars.closes[index - 1];
    const source = [...new Set([bars.sources[index - 1], bars.sources[index]].map(providerName))].join(", then ");
    changes.set(row.ticker, {
      ticker: row.ticker,
      asOf: row.asOf,
      close: row.price,
      previousAsOf: bars.dates[index - 1],
      previousClose,
      change: roundTo4(row.price - previousClose),
      changePercent: roundTo4((row.price / previousClose - 1) * 100),
      source,
    });
  }
  return changes;
}

/**
 * How far back a fund's latest 13F quarter still counts as recent: a fund that files on time has
 * one known within the longest quarter (92 days) plus the 45-day deadline (filed the day after one
 * quarter ends, on the deadline of the next); an older one means the fund, or its import, stopped.
 */
export const RECENT_13F_DAYS = 92 + THIRTEEN_F_DEADLINE_DAYS;

/** A tracked fund's change to a list ticker in its latest 13F quarter, with the change in percent and the source. */
export type RecentFundChange = FundChangeFact & {
  /** Shares now against the quarter before, in percent (12 is +12 %); null for a new position. */
  sharesChangePercent: number | null;
  source: string;
};

/** Where the 13F changes come from (the alerts' fund_change firings name the same). */
const FUND_CHANGES_SOURCE = "SEC EDGAR 13F-HR filings";

/**
 * Each list ticker's position changes (new, added, reduced, sold out) in the tracked funds' latest
 * 13F quarter known by the view's day, if known within RECENT_13F_DAYS of it. Pro data: callers
 * check the viewer's access. One pass over the funds' histories (kept in memory), for every ticker at once.
 */
export async function recentFundChangesOf(db: Database, outcome: BasicScreenOutcome): Promise<Map<string, RecentFundChange[]>> {
  const tickers = outcome.rows.map((row) => row.ticker);
  const facts = tickers.length > 0 ? await fundChangesKnownBetween(db, tickers, addDays(outcome.asOf, -RECENT_13F_DAYS), outcome.asOf, true) : [];
  const byTicker = new Map<string, RecentFundChange[]>();
  for (const fact of facts) {
    const sharesChangePercent = fact.previousShares ? roundTo4((fact.shares / fact.previousShares - 1) * 100) : null;
    byTicker.set(fact.ticker, [...(byTicker.get(fact.ticker) ?? []), { ...fact, sharesChangePercent, source: FUND_CHANGES_SOURCE }]);
  }
  return byTicker;
}

/** What a view costs in API points: a screen of the longest list a plan allows. */
export const WATCHLIST_VIEW_COST = screenCost({ universe: "manual", tickers: new Array<string>(PRO_WATCHLIST_LIMITS.tickersPerList).fill("") });
