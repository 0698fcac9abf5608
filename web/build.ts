// The web app's production build (Vite), skipped when web/dist was built from the same sources:
// the sources' hash (web/, the shared/ code it imports, the lockfile and the schema) is kept
// in web/dist/.source-hash. A build takes 6–15 s on this machine. WEB_DIST_DIR moves the output.
import path from "node:path";
import { buildUnlessCurrent } from "../api/src/build/source-hash";

const root = path.resolve(__dirname, "..");
export const webDistDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, "web", "dist");

/** Every file the build reads, besides node_modules (whose versions the lockfile pins). */
const inputs = ["web/index.html", "web/vite.config.ts", "web/public", "web/src", "shared", "package-lock.json", "schema.graphql"];

export async function buildWeb(options: { force?: boolean } = {}): Promise<void> {
  const started = performance.now();
  const built = await buildUnlessCurrent({
    root,
    inputs,
    hashFile: path.join(webDistDir, ".source-hash"),
    force: options.force,
    build: async () => {
      const { build } = await import("vite");
      await build({ configFile: path.join(root, "web", "vite.config.ts"), logLevel: "warn" });
    },
  });
  const where = path.relative(root, webDistDir) || webDistDir;
  console.log(built ? `web app built in ${((performance.now() - started) / 1000).toFixed(1)} s (${where})` : `web app is up to date (${where})`);
}
