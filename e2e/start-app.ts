import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverBundle } from "../api/build";

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(__dirname, "..");
// Per port: two suites on one machine (a CI run beside a session) never stop each other's server.
const stateFile = path.join(os.tmpdir(), `tickerscope-e2e-${e2ePort}.json`);

async function waitForReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become ready at ${url} within ${timeoutMs} ms`);
}

/** Builds the web app and the server bundle and starts the server the way `npm start` does, on a fresh embedded database. */
export default async function startApp() {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-e2e-"));
  const server = spawn(process.execPath, ["--enable-source-maps", serverBundle], {
    cwd: root,
    // No live price refresh or feed ingestion: the tests use the bundled snapshots and never touch the internet.
    // Every account the suite opens (trials, sign-ins) comes from 127.0.0.1: the per-IP sign-in and trial
    // allowance is raised for it (the limits themselves are tested in the API's tests).
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(e2ePort),
      PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      MARKET_DATA_REFRESH_MINUTES: "0",
      NEWS_INGEST_INTERVAL_MINUTES: "0",
      SIGN_IN_RATE_LIMIT_PER_IP: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  fs.writeFileSync(stateFile, JSON.stringify({ pid: server.pid, dataDir }));
  await waitForReady(`http://127.0.0.1:${e2ePort}/readyz`, 120_000);
}

export { stateFile };
