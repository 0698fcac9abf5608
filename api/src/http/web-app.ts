import fs from "node:fs";
import path from "node:path";
import express, { Router } from "express";

/**
 * Serves the built web app (web/dist): hashed assets with long caching, and
 * index.html for every other browser navigation so the client router decides
 * (its 404 page included).
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
  router.use("/assets", express.static(path.join(distDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(distDir, { index: false, maxAge: "1h" }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.set("Cache-Control", "no-cache").sendFile(indexHtml);
  });
  return router;
}
