// `npm run bench:startup`: how long the production server takes to serve its
// first page on a fresh embedded database (migrations included) and on a warm
// restart, and how large the Home route's JavaScript is (gzipped).
// Run `npm run build` first. Prints one JSON line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { projectRoot } from "../config/project-root";

const port = Number(process.env.BENCH_PORT ?? 3200);

async function timeToFirstPage(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = spawn(process.execPath, [require.resolve("tsx/cli"), "api/src/server.ts"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error("server did not start within 180 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

/**
 * Gzipped JS a first visit to Home downloads: every script index.html loads
 * (entry and its preloaded shared chunks), plus the Home chunk and the chunks it
 * imports that are not among them.
 */
function homeRouteGzipBytes(): { entry: number; home: number } {
  const dist = path.join(projectRoot, "web", "dist");
  const assets = path.join(dist, "assets");
  const gzip = (name: string) => zlib.gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length;
  const indexHtml = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const entryChunks = new Set([...indexHtml.matchAll(/assets\/([\w.-]+\.js)/g)].map((match) => match[1]));
  const homeChunks = new Set<string>();
  const visit = (name: string) => {
    if (entryChunks.has(name) || homeChunks.has(name)) return;
    homeChunks.add(name);
    const code = fs.readFileSync(path.join(assets, name), "utf8");
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(match[1]);
  };
  const homePage = fs.readdirSync(assets).find((name) => name.startsWith("HomePage-") && name.endsWith(".js"));
  if (homePage) visit(homePage);
  const sum = (names: Set<string>) => [...names].reduce((total, name) => total + gzip(name), 0);
  return { entry: sum(entryChunks), home: sum(homeChunks) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-"));
  const coldMs = await timeToFirstPage(dataDir);
  const warmMs = await timeToFirstPage(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const bundle = homeRouteGzipBytes();
  console.log(
    JSON.stringify({
      firstPageFreshDatabaseMs: Math.round(coldMs),
      firstPageWarmRestartMs: Math.round(warmMs),
      homeRouteJsGzipKB: Math.round((bundle.entry + bundle.home) / 102.4) / 10,
      entryChunkGzipKB: Math.round(bundle.entry / 102.4) / 10,
      homeChunkGzipKB: Math.round(bundle.home / 102.4) / 10,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
