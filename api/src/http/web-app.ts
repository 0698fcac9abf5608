import fs from "node:fs";
import path from "node:path";
import { Router, type Request, type Response, type NextFunction } from "express";
import { appRoutePaths } from "@shared/route-paths";
import { precompressedStatic } from "./precompressed";

/**
 * Serves the built web app (web/dist, or WEB_DIST_DIR): hashed assets with long caching, and
 * index.html for browser navigations so the client router renders the page. The status follows
 * the routes the app has (@shared/route-paths, each a route of the web app's route table): 200 for
 * those, 404 for any other address, whose body is still the app, showing its Not Found page.
 * Text files go out as the .br or .gz the build wrote beside them, when the browser accepts it.
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
  const sendApp = (status: number) => (req: Request, res: Response, next: NextFunction) => {
    if (!req.accepts("html")) return next();
    res.status(status).set("Cache-Control", "no-cache").sendFile(indexHtml);
  };
  router.get([...appRoutePaths], sendApp(200));
  router.get(/.*/, sendApp(404));
  return router;
}
