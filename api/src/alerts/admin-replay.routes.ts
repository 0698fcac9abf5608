// POST /api/admin/alert-replays: a replay of the stored history run by the app itself, for every
// user's alerts or one user's, so `npm run alerts:replay` never opens the embedded database beside
// a running server (one writer per data folder). The firings it stores are delivered by the
// server's own dispatcher (woken at once).
//
//   POST /api/admin/alert-replays        Authorization: Bearer <token>  (auth/admin-token.ts)
//   { "from": "YYYY-MM-DD", "days": 1–30, "email": "optional: one user's alerts" }
import express, { Router } from "express";
import { requireAdmin } from "../auth/admin-token";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import { replayAlerts } from "./alert-replay";
import { wakeAlertDeliveries } from "./delivery/dispatcher";

export const ADMIN_REPLAY_PATH = "/api/admin/alert-replays";

export function adminReplayRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post(ADMIN_REPLAY_PATH, requireAdmin(deps), express.json({ limit: "10kb" }), async (req, res) => {
    deps.startup.requireData();
    const body = (req.body ?? {}) as { from?: unknown; days?: unknown; email?: unknown };
    let userId: string | undefined;
    if (body.email !== undefined) {
      const user = typeof body.email === "string" ? await deps.db.prisma.user.findUnique({ where: { email: body.email.trim().toLowerCase() } }) : null;
      if (!user) throw new AppError("BAD_USER_INPUT", "Invalid input: email.", { fieldErrors: [{ field: "email", message: "No user has this email." }] });
      userId = user.id;
    }
    const result = await replayAlerts(deps, { from: body.from, days: body.days, userId });
    wakeAlertDeliveries();
    req.log.info({ from: body.from, days: result.days.length, firings: result.firings, userId }, "alerts replayed (admin route)");
    res.json(result);
  });
  return router;
}
