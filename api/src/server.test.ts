import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "./db/database";
import { projectRoot } from "./config/project-root";
import { ANONYMOUS_RUNS_KEPT } from "./screening/screen-runs";

// The real server process, on a fresh embedded database without any bundled snapshot (fast to start,
// even beside the rest of the suite on two busy cores).
const port = 3461;
let dataDir: string;
let server: ChildProcess;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-server-test-"));
});
afterAll(() => {
  if (server.exitCode === null) server.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let serverErrors = "";

async function waitForReady(deadline = Date.now() + 150_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${serverErrors}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready: ${serverErrors}`);
}

async function waitForPort(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${serverErrors}`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the server did not open its port: ${serverErrors}`);
}

it("answers a GraphQL request sent the moment the port opens once the database is open, not with DATA_LOADING", async () => {
  // STARTUP_HOLD_SECONDS at its maximum: the answer waits for the app however slow the machine.
  // Node itself with tsx as a loader (not the tsx CLI, which answers a signal with its own exit code).
  server = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      STARTUP_HOLD_SECONDS: "600",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      NEWS_LOAD_SNAPSHOT: "false",
      MARKET_DATA_LOAD_SNAPSHOT: "false",
      EARNINGS_LOAD_SNAPSHOT: "false",
      HEDGE_FUND_LOAD_SNAPSHOT: "false",
      NEWS_INGEST_INTERVAL_MINUTES: "0",
      MARKET_DATA_REFRESH_MINUTES: "0",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr?.on("data", (chunk: Buffer) => (serverErrors = (serverErrors + chunk.toString()).slice(-4000)));
  await waitForPort();
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ viewer { id } }" }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ data: { viewer: null } });
}, 240_000);

it("stores every acknowledged screen run before it exits on SIGTERM", async () => {
  await waitForReady();

  // As many as an anonymous visitor keeps, so every one acknowledged must be stored.
  const runs = ANONYMOUS_RUNS_KEPT;
  const answers = await Promise.all(
    Array.from({ length: runs }, () =>
      fetch(`http://127.0.0.1:${port}/api/screening/run`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ universe: "manual", tickers: ["AAPL", "MSFT"] }),
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(runs).fill(200));
  // Stop the moment the last answer arrives: the runs are still queued behind their responses.
  server.kill("SIGTERM");
  const exitCode = await new Promise((resolve) => server.once("exit", resolve));
  expect(exitCode).toBe(0);

  const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    expect(await db.prisma.screeningRun.count()).toBe(runs);
  } finally {
    await db.close();
  }
}, 240_000);
