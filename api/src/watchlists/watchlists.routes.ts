import { Router, type Request } from "express";
import { hasProAccess } from "../billing/pro-access";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import { requestContext } from "../http/request-context";
import { screeningBody } from "../screening/screening.routes";
import type { Watchlist } from "../generated/prisma/client";
import {
  changeWatchlist,
  createWatchlist,
  dayChangesOf,
  deleteWatchlist,
  listWatchlists,
  recentFundChangesOf,
  requireWatchlist,
  tickersOfCsv,
  watchlistCsv,
  watchlistLimitsOf,
  watchlistView,
  type WatchlistChange,
} from "./watchlists";

const body = ({ id, name, tickers, createdAt, updatedAt }: Watchlist) => ({ id, name, tickers, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() });

const changes = ["name", "tickers", "add", "remove"] as const;

/** A PATCH body's one change: `name`, `tickers` (the whole list, in order), `add` or `remove`. */
function changeOf(input: unknown): WatchlistChange {
  const given = changes.filter((key) => typeof input === "object" && input !== null && key in input);
  if (given.length !== 1) {
    const message = "Send exactly one of name, tickers (the whole list, in order), add or remove.";
    throw new AppError("BAD_USER_INPUT", `Invalid input: body. ${message}`, { fieldErrors: [{ field: "body", message }] });
  }
  const value = (input as Record<string, unknown>)[given[0]];
  switch (given[0]) {
    case "name":
      return { kind: "rename", name: value };
    case "tickers":
      return { kind: "setTickers", tickers: value };
    case "add":
      return { kind: "addTickers", tickers: value };
    case "remove":
      return { kind: "removeTickers", tickers: value };
  }
}

/** The list's id from the path (a raw id; GraphQL uses its global id). */
const idOf = (req: Request) => String(req.params.id);

/** REST shims over the same service as Viewer.watchlists and the watchlist mutations. */
export function watchlistRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/watchlists", async (req, res) => {
    const context = requestContext(deps, req);
    if (!context.viewer) throw new AppError("UNAUTHENTICATED", "Sign in to keep watchlists.");
    const lists = await listWatchlists(deps.db, context.viewer.user.id);
    res.json({ watchlists: lists.map(body), limits: watchlistLimitsOf(context.viewer) });
  });
  router.post("/api/watchlists", async (req, res) => {
    const input = (req.body ?? {}) as { name?: unknown; tickers?: unknown; csv?: unknown };
    const context = requestContext(deps, req);
    // A CSV file's tickers (the column named like Ticker or Symbol) may stand for the list.
    const tickers = typeof input.csv === "string" ? tickersOfCsv(input.csv) : input.tickers;
    res.status(201).json({ watchlist: body(await createWatchlist(context, { name: input.name, tickers })) });
  });
  /** The list and its view: each result row adds `dayChange` (null without an earlier bar) and, for Pro only, `fundChanges`. */
  router.get("/api/watchlists/:id", async (req, res) => {
    const context = requestContext(deps, req);
    const list = await requireWatchlist(context, idOf(req));
    const asOf = typeof req.query.asOf === "string" ? req.query.asOf : undefined;
    const outcome = await watchlistView(context, list, asOf);
    // 13F holdings are Pro data (as Watchlist.view's fundChanges): a Basic viewer's rows have no fundChanges key at all.
    const [dayChanges, fundChanges] = await Promise.all([
      dayChangesOf(context, outcome),
      context.viewer && hasProAccess(context.viewer.user) ? recentFundChangesOf(context.db, outcome) : null,
    ]);
    const view = screeningBody(outcome);
    const results = view.results.map((row) => ({
      ...row,
      dayChange: dayChanges.get(row.ticker) ?? null,
      ...(fundChanges ? { fundChanges: fundChanges.get(row.ticker) ?? [] } : {}),
    }));
    res.json({ watchlist: body(list), view: { ...view, results } });
  });
  router.patch("/api/watchlists/:id", async (req, res) => {
    res.json({ watchlist: body(await changeWatchlist(requestContext(deps, req), idOf(req), changeOf(req.body))) });
  });
  router.delete("/api/watchlists/:id", async (req, res) => {
    res.json({ deletedId: await deleteWatchlist(requestContext(deps, req), idOf(req)) });
  });
  router.get("/api/watchlists/:id/export.csv", async (req, res) => {
    const list = await requireWatchlist(requestContext(deps, req), idOf(req));
    const file = `${list.name.replace(/[^A-Za-z0-9-_]+/g, "-").replace(/^-+|-+$/g, "") || "watchlist"}.csv`;
    res.type("text/csv").attachment(file).send(watchlistCsv(list));
  });
  return router;
}
