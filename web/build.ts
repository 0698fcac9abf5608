// `npm run build`: builds the web app (Vite) unless web/dist was built from the same sources.
// The sources' hash (web/, the API files the web app imports, the lockfile and the schema) is
// kept in web/dist/.source-hash, so `npm start` rebuilds only after a change (a build takes
// 6–15 s on this machine). `--force` always builds. WEB_DIST_DIR moves the output.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, "web", "dist");
const hashFile = path.join(distDir, ".source-hash");

/** Every file the build reads, besides node_modules (whose versions the lockfile pins). */
const inputs = ["web/index.html", "web/vite.config.ts", "web/public", "web/src", "api/src/screening", "package-lock.json", "schema.graphql"];

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

export function webSourceHash(): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

async function main() {
  const sourceHash = webSourceHash();
  const builtHash = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, "utf8").trim() : null;
  if (builtHash === sourceHash && !process.argv.includes("--force")) {
    console.log(`web app is up to date (${path.relative(root, distDir) || distDir})`);
    return;
  }
  const started = performance.now();
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "web", "vite.config.ts"), logLevel: "warn" });
  fs.writeFileSync(hashFile, `${sourceHash}\n`);
  console.log(`web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
