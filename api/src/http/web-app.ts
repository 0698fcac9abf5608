import fs from "node:fs";
import path from "node:path";
import { Router } from "express";
import { precompressedStatic } from "./precompressed";

/**
 * Serves the built web app (web/dist, or WEB_DIST_DIR): hashed assets with long caching,
 * and index.html for every other browser navigation so the client router decides (its 404
 * page included). Text files go out as the .br or .gz the build wrote beside them, when the
 * browser accepts it.
 */
export function webAppRoutes(distDir: string): Router {
  const router = Router();
  const indexHtml = path.join(distDir, "index.html");
  if (!fs.existsSync(indexHtml)) {
    router.get("/", (_req, res) => {
      res.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    });
    return router;
  }
  router.use("/assets", precompressedStatic(path.join(distDir, "assets"), { immutable: true, maxAge: "1y" }));
  router.use(precompressedStatic(distDir, { maxAge: "1h" }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.set("Cache-Control", "no-cache").sendFile(indexHtml);
  });
  return router;
}
