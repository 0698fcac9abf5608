import { Router } from "express";
import type { AppDeps } from "../context";

/**
 * /healthz: the process is up (it answers from the first second of a start). /readyz: everything
 * is in, i.e. the bundled data is loaded and the database answers; 503 with the share loaded before.
 */
export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (req, res) => {
    const startup = deps.startup.report();
    if (startup.status !== "ready") {
      res.status(503).set("Retry-After", "2").json({ ...startup, database: deps.db.kind });
      return;
    }
    try {
      await deps.db.ping();
      res.json({ ...startup, database: deps.db.kind });
    } catch (error) {
      req.log.warn({ err: error }, "readiness check failed: database unreachable");
      res.status(503).json({ status: "unavailable", database: deps.db.kind, message: "Database is not reachable." });
    }
  });
  return router;
}
