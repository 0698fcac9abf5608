import { Router } from "express";
import type { AppDeps } from "../context";

/** /healthz: the process is up. /readyz: it can serve, i.e. the database answers. */
export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (req, res) => {
    try {
      await deps.db.ping();
      res.json({ status: "ready", database: deps.db.kind });
    } catch (error) {
      req.log.warn({ err: error }, "readiness check failed: database unreachable");
      res.status(503).json({ status: "unavailable", database: deps.db.kind, message: "Database is not reachable." });
    }
  });
  return router;
}
