import { encodeGlobalID, resolveArrayConnection } from "@pothos/plugin-relay";
import { ViewerRef } from "../auth/viewer.graphql";
import type { Watchlist as WatchlistRecord } from "../generated/prisma/client";
import { builder } from "../graphql/builder";
import type { BasicScreenOutcome } from "../screening/screen";
import { basicRowsField, ScreenResult } from "../screening/screening.graphql";
import {
  changeWatchlist,
  createWatchlist,
  dayChangesOf,
  deleteWatchlist,
  findWatchlists,
  listWatchlists,
  PRO_WATCHLIST_LIMITS,
  RECENT_13F_DAYS,
  recentFundChangesOf,
  watchlistLimitsOf,
  watchlistView,
  WATCHLIST_VIEW_COST,
  type DayChange,
  type RecentFundChange,
  type WatchlistChange,
} from "./watchlists";

export const Watchlist = builder.objectRef<WatchlistRecord>("Watchlist");

const WatchlistDayChange = builder.objectRef<DayChange>("WatchlistDayChange").implement({
  description: "A view row's close against the ticker's previous stored close (its bar before the row's day).",
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    asOf: t.exposeString("asOf", { description: "The close's day: the row's asOf." }),
    close: t.exposeFloat("close"),
    previousAsOf: t.exposeString("previousAsOf", { description: "The day of the ticker's stored bar before it (a ticker may miss a market day)." }),
    previousClose: t.exposeFloat("previousClose"),
    change: t.exposeFloat("change", { description: "close − previousClose." }),
    changePercent: t.exposeFloat("changePercent", { description: "The change in percent of previousClose (1.5 = +1.5 %)." }),
    source: t.exposeString("source", { description: "The providers of the two closes." }),
  }),
});

const WatchlistFundChange = builder.objectRef<RecentFundChange>("WatchlistFundChange").implement({
  description: "A tracked fund's change to a list ticker in its latest 13F quarter known by the view's day.",
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    fundName: t.exposeString("fundName"),
    fundCik: t.exposeString("fundCik"),
    quarterEnd: t.exposeString("quarterEnd"),
    knownOn: t.exposeString("knownOn", { description: "The filing date, or the 45-day deadline when it is not stored." }),
    kind: t.exposeString("kind", { description: "NEW, ADDED, REDUCED or SOLD_OUT." }),
    previousShares: t.exposeFloat("previousShares", { nullable: true, description: "0 for a new position." }),
    shares: t.exposeFloat("shares", { description: "0 when sold out." }),
    sharesChangePercent: t.exposeFloat("sharesChangePercent", { nullable: true, description: "Shares against the quarter before, in percent (12 = +12 %); null for a new position." }),
    filingUrl: t.exposeString("filingUrl", { description: "The filing on EDGAR, or the fund's 13F filing list." }),
    source: t.exposeString("source"),
  }),
});

/** Lists computed beside the view's rows: priced as one item, like its warnings. */
const besideRows = { complexity: { field: 1, multiplier: 1 } } as const;

const WatchlistView = builder.objectRef<BasicScreenOutcome>("WatchlistView").implement({
  description: "A watchlist's tickers at a day: the Basic screen's rows with every filter off, each row's day change and, for Pro, the tracked funds' recent 13F changes.",
  interfaces: [ScreenResult],
  fields: (t) => ({
    rows: basicRowsField(t),
    tickers: t.stringList({
      description: "The list's tickers this view was made for, in the list's order: a client that changed the list since can tell an older answer from the current one.",
      resolve: (outcome) => outcome.request.tickers ?? [],
    }),
    dayChanges: t.field({
      type: [WatchlistDayChange],
      description: "One per row whose ticker has a stored bar before the row's day, in the rows' order.",
      ...besideRows,
      resolve: async (outcome, _args, context) => [...(await dayChangesOf(context, outcome)).values()],
    }),
    fundChanges: t.field({
      type: [WatchlistFundChange],
      nullable: true,
      description: `Pro only. The position changes (new, added, reduced, sold out) to the rows' tickers in each tracked fund's latest 13F quarter known by the view's asOf, when known within ${RECENT_13F_DAYS} days of it (one on-time filing cycle).`,
      authScopes: { pro: true },
      ...besideRows,
      resolve: async (outcome, _args, context) => [...(await recentFundChangesOf(context.db, outcome)).values()].flat(),
    }),
  }),
});

builder.node(Watchlist, {
  description: "A signed-in user's named list of tickers, in their order. Only its owner can read it.",
  id: { resolve: (list) => list.id },
  loadMany: (ids, context) => findWatchlists(context.db, context.viewer, ids),
  fields: (t) => ({
    name: t.exposeString("name"),
    tickers: t.exposeStringList("tickers", { description: "In the order the user keeps them." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    view: t.field({
      type: WatchlistView,
      description:
        "The list's tickers at a day (YYYY-MM-DD; the latest without one), every screen filter off: close and the day's change, moving averages, RSI, 7-day sentiment, analyst actions, days to the next report and (Pro) recent 13F changes, with the sources and as-of day. A ticker without prices that day is named in `warnings`. Not stored as a run. A screen: one per request, like Query.screen.",
      args: { asOf: t.arg.string() },
      complexity: { field: WATCHLIST_VIEW_COST, multiplier: 1 },
      resolve: (list, { asOf }, context) => watchlistView(context, list, asOf),
    }),
  }),
});

/** watchlists(first:/last:): up to a Pro user's every list. */
const WATCHLISTS_PAGE = { min: 1, max: PRO_WATCHLIST_LIMITS.lists, default: PRO_WATCHLIST_LIMITS.lists } as const;

const WatchlistLimits = builder.objectRef<{ lists: number; tickersPerList: number }>("WatchlistLimits").implement({
  description: "How many lists, and tickers per list, the viewer's plan allows (Basic 1 of 25; Pro 20 of 500).",
  fields: (t) => ({ lists: t.exposeInt("lists"), tickersPerList: t.exposeInt("tickersPerList") }),
});

builder.objectFields(ViewerRef, (t) => ({
  watchlists: t.connection({
    type: Watchlist,
    description: "The viewer's watchlists, oldest first.",
    intArgs: { first: WATCHLISTS_PAGE, last: WATCHLISTS_PAGE },
    // Priced at the page it returns: without first/last that is every list, not the usual 10.
    complexity: (args) => ({ field: 1, multiplier: args.first ?? args.last ?? WATCHLISTS_PAGE.default }),
    resolve: async (user, args, context) =>
      resolveArrayConnection({ args, maxSize: PRO_WATCHLIST_LIMITS.lists }, await listWatchlists(context.db, user.id)),
  }),
  watchlistLimits: t.field({
    type: WatchlistLimits,
    resolve: (_user, _args, context) => watchlistLimitsOf(context.viewer!),
  }),
}));

const WatchlistPayload = builder.objectRef<{ watchlist: WatchlistRecord }>("WatchlistPayload").implement({
  fields: (t) => ({ watchlist: t.field({ type: Watchlist, resolve: (payload) => payload.watchlist }) }),
});

builder.mutationFields((t) => {
  /** A mutation that changes the tickers of one of the viewer's lists. */
  const tickersChange = (kind: Exclude<WatchlistChange["kind"], "rename">, description: string) =>
    t.field({
      type: WatchlistPayload,
      description,
      authScopes: { signedIn: true },
      args: { id: t.arg.globalID({ required: true, for: Watchlist }), tickers: t.arg.stringList({ required: true }) },
      resolve: async (_root, { id, tickers }, context) => ({ watchlist: await changeWatchlist(context, id.id, { kind, tickers }) }),
    });
  return {
    createWatchlist: t.field({
      type: WatchlistPayload,
      description: "A new list: a unique name of 1–80 characters, and tickers if given (each a known US stock). Basic: 1 list of 25; Pro: 20 of 500.",
      authScopes: { signedIn: true },
      args: { name: t.arg.string({ required: true }), tickers: t.arg.stringList() },
      resolve: async (_root, args, context) => ({ watchlist: await createWatchlist(context, { name: args.name, tickers: args.tickers ?? [] }) }),
    }),
    renameWatchlist: t.field({
      type: WatchlistPayload,
      description: "Renames one of the viewer's lists (the name stays unique).",
      authScopes: { signedIn: true },
      args: { id: t.arg.globalID({ required: true, for: Watchlist }), name: t.arg.string({ required: true }) },
      resolve: async (_root, { id, name }, context) => ({ watchlist: await changeWatchlist(context, id.id, { kind: "rename", name }) }),
    }),
    setWatchlistTickers: tickersChange("setTickers", "Replaces a list's tickers, in the order given (also how a list is reordered)."),
    addToWatchlist: tickersChange("addTickers", "Adds tickers at the end of a list (ones already in it stay where they are)."),
    removeFromWatchlist: tickersChange("removeTickers", "Removes tickers from a list."),
    deleteWatchlist: t.field({
      type: builder.objectRef<{ deletedId: string }>("DeleteWatchlistPayload").implement({
        fields: (p) => ({ deletedId: p.exposeID("deletedId") }),
      }),
      description: "Deletes one of the viewer's lists (another user's id is NOT_FOUND).",
      authScopes: { signedIn: true },
      args: { id: t.arg.globalID({ required: true, for: Watchlist }) },
      resolve: async (_root, { id }, context) => {
        await deleteWatchlist(context, id.id);
        return { deletedId: encodeGlobalID(id.typename, id.id) };
      },
    }),
  };
});
