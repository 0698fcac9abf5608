import { Router, type Request } from "express";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import type { Alert, AlertFiring } from "../generated/prisma/client";
import { requestContext } from "../http/request-context";
import { replayAlerts } from "./alert-replay";
import {
  alertLimitsOf,
  countUnreadFirings,
  createAlert,
  deleteAlert,
  listAlerts,
  listFirings,
  markFiringsRead,
  requireAlert,
  setAlertPaused,
  updateAlert,
  type AlertInput,
} from "./alerts";
import { replayDelivery, wakeAlertDeliveries } from "./delivery/dispatcher";

const alertBody = (alert: Alert) => ({
  id: alert.id,
  name: alert.name,
  condition: alert.condition,
  params: alert.params,
  ticker: alert.ticker,
  watchlistId: alert.watchlistId,
  savedScreenId: alert.savedScreenId,
  channels: alert.channels,
  emailMode: alert.emailMode,
  webhookUrl: alert.webhookUrl,
  webhookSecret: alert.webhookSecret,
  paused: alert.pausedAt !== null,
  createdAt: alert.createdAt.toISOString(),
  updatedAt: alert.updatedAt.toISOString(),
});

const firingBody = (firing: AlertFiring) => ({
  id: firing.id,
  alertId: firing.alertId,
  ticker: firing.ticker,
  day: firing.day.toISOString().slice(0, 10),
  factKey: firing.factKey,
  summary: firing.summary,
  evidence: firing.evidence,
  origin: firing.origin,
  firedAt: firing.firedAt.toISOString(),
  read: firing.readAt !== null,
});

const idOf = (req: Request) => String(req.params.id);
const inputOf = (req: Request): AlertInput => (typeof req.body === "object" && req.body !== null ? (req.body as AlertInput) : {});

function signedInViewer(deps: AppDeps, req: Request) {
  const context = requestContext(deps, req);
  if (!context.viewer) throw new AppError("UNAUTHENTICATED", "Sign in to keep alerts.");
  return { context, viewer: context.viewer };
}

/** REST shims over the same service as Viewer.alerts, Viewer.alertFirings and the alert mutations. */
export function alertRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/alerts", async (req, res) => {
    const { viewer } = signedInViewer(deps, req);
    const alerts = await listAlerts(deps.db, viewer.user.id);
    res.json({ alerts: alerts.map(alertBody), limits: alertLimitsOf(viewer), unread: await countUnreadFirings(deps.db, viewer.user.id) });
  });
  router.post("/api/alerts", async (req, res) => {
    res.status(201).json({ alert: alertBody(await createAlert(requestContext(deps, req), inputOf(req))) });
  });
  router.get("/api/alerts/firings", async (req, res) => {
    const { viewer } = signedInViewer(deps, req);
    const firings = await listFirings(deps.db, viewer.user.id, { take: 100, unreadOnly: req.query.unread === "true" });
    res.json({ firings: firings.map(firingBody), unread: await countUnreadFirings(deps.db, viewer.user.id) });
  });
  router.post("/api/alerts/firings/read", async (req, res) => {
    const { context, viewer } = signedInViewer(deps, req);
    const ids = (req.body as { ids?: unknown } | undefined)?.ids;
    if (ids !== undefined && (!Array.isArray(ids) || !ids.every((id) => typeof id === "string"))) {
      throw new AppError("BAD_USER_INPUT", "Invalid input: ids.", { fieldErrors: [{ field: "ids", message: "ids must be a list of firing ids (or absent: every firing)" }] });
    }
    const marked = await markFiringsRead(context, (ids as string[] | undefined) ?? null);
    res.json({ marked, unread: await countUnreadFirings(deps.db, viewer.user.id) });
  });
  router.post("/api/alerts/replay", async (req, res) => {
    const { context, viewer } = signedInViewer(deps, req);
    const body = (req.body ?? {}) as { from?: unknown; days?: unknown };
    res.json(await replayAlerts(context, { from: body.from, days: body.days, userId: viewer.user.id }));
  });
  router.post("/api/alerts/deliveries/:id/replay", async (req, res) => {
    const { viewer } = signedInViewer(deps, req);
    const delivery = await replayDelivery(deps.db, viewer.user.id, idOf(req));
    wakeAlertDeliveries();
    res.json({ delivery });
  });
  router.get("/api/alerts/:id", async (req, res) => {
    const context = requestContext(deps, req);
    const alert = await requireAlert(context, idOf(req));
    const firings = await listFirings(deps.db, alert.userId, { alertId: alert.id, take: 100 });
    res.json({ alert: alertBody(alert), firings: firings.map(firingBody) });
  });
  router.patch("/api/alerts/:id", async (req, res) => {
    const context = requestContext(deps, req);
    const { paused, ...changes } = inputOf(req) as AlertInput & { paused?: unknown };
    if (paused !== undefined && typeof paused !== "boolean") {
      throw new AppError("BAD_USER_INPUT", "Invalid input: paused.", { fieldErrors: [{ field: "paused", message: "paused must be true or false" }] });
    }
    let alert = Object.keys(changes).length > 0 ? await updateAlert(context, idOf(req), changes) : await requireAlert(context, idOf(req));
    if (typeof paused === "boolean") alert = await setAlertPaused(context, alert.id, paused);
    res.json({ alert: alertBody(alert) });
  });
  router.delete("/api/alerts/:id", async (req, res) => {
    res.json({ deletedId: await deleteAlert(requestContext(deps, req), idOf(req)) });
  });
  return router;
}
