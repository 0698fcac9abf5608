import { Router } from "express";
import type { AppDeps } from "../context";
import { cachePolicy } from "../http/cache-headers";
import { currentDataCoverage } from "./data-coverage";

/** REST shim of Query.dataCoverage: GET /api/data-coverage (the same for everyone: cacheable for a minute). */
export function dataCoverageRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/data-coverage", cachePolicy({ kind: "public", maxAgeSeconds: 60 }), async (_req, res) => {
    res.json(await currentDataCoverage(deps.db));
  });
  return router;
}
