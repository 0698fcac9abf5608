import { Router } from "express";
import type { AppDeps } from "../context";
import { currentDataCoverage } from "./data-coverage";

/** REST shim of Query.dataCoverage: GET /api/data-coverage. */
export function dataCoverageRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/data-coverage", async (_req, res) => {
    const coverage = await currentDataCoverage(deps.db);
    res.set("Cache-Control", "public, max-age=60").json(coverage);
  });
  return router;
}
