// Two processes on one embedded data folder (PGlite keeps no shared state between processes, so
// before the lock each worked on its own copy and one's writes were lost). A second server on the
// folder refuses and names the first, which keeps serving; `npm run import:13f` beside the server
// sends its import through it, so nothing is lost; another CLI holding the folder is named; a
// server killed with SIGKILL leaves a stale lock the next start takes over, finding every write.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { projectRoot } from "../../src/config/project-root";
import { lockFileOf, readLockHolder } from "../../src/db/data-dir-lock";
import { openDatabase } from "../../src/db/database";
import { ready, startServer, type ServerProcess } from "./server-process";

const ports = [3475, 3476];
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-fault-two-"));
});
afterAll(async () => {
  for (const server of servers) {
    server.kill("SIGKILL");
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Only the small 13F snapshot: this test is about the folder, not the loads.
const start = (port: number) => {
  const server = startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_TOKEN: "",
    NEWS_LOAD_SNAPSHOT: "false",
    MARKET_DATA_LOAD_SNAPSHOT: "false",
    EARNINGS_LOAD_SNAPSHOT: "false",
    MARKET_DATA_PROVIDER: "none",
  });
  servers.push(server);
  return server;
};

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run import:13f` (its script through tsx), on the folder, to its end. */
function importFile(file: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "api/src/scripts/import-13f.ts", file, ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_TOKEN: "", NODE_ENV: "production", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const quarterFile = (name: string, quarterEnd: string) => {
  const file = path.join(dataDir, name);
  fs.writeFileSync(
    file,
    [
      "cusip,nameOfIssuer,titleOfClass,periodOfReport,value,shrs_or_prn_amt",
      `037833100,APPLE INC,COM,${quarterEnd},84248000000,400000000`,
      `191216100,COCA COLA CO,COM,${quarterEnd},25460000000,400000000`,
    ].join("\n"),
  );
  return file;
};

it("a second server on the folder refuses naming the first, which keeps serving; imports go through it and survive a SIGKILL", async () => {
  const first = start(ports[0]);
  await first.waitForLog(ready);
  const pglite = path.join(dataDir, "pglite");
  expect(readLockHolder(pglite)).toMatchObject({ pid: first.pid, role: "server", url: `http://127.0.0.1:${ports[0]}` });

  // 1. The second server opens its port, then refuses the folder, naming the first, and exits 1.
  const second = start(ports[1]);
  const refusal = await second.waitForLog((line) => line.msg === "the embedded database is in use by another process");
  expect(refusal.holderPid).toBe(first.pid);
  expect(await second.exited).toBe(1);
  expect(second.stderr()).toMatch(new RegExp(`in use by the Tickerscope server \\(pid ${first.pid}\\b.*at http://127\\.0\\.0\\.1:${ports[0]}\\)`));
  expect(readLockHolder(pglite)?.pid).toBe(first.pid);
  expect((await fetch(`http://127.0.0.1:${ports[0]}/readyz`)).status).toBe(200);

  // 2. import:13f beside the server: sent to it (the token from the lock file), reported, exit 0.
  const imported = await importFile(quarterFile("q2.csv", "2024-06-30"));
  expect(imported.stderr).toMatch(new RegExp(`The Tickerscope server \\(pid ${first.pid}\\) has .* open: sending the import to it at http://127\\.0\\.0\\.1:${ports[0]}`));
  expect(imported.stdout).toMatch(/^2024-06-30: 2 holdings, total \$109,708M/m);
  expect(imported.code).toBe(0);
  // A refused file is refused by the server, by row and rule; the CLI exits 1.
  const refused = await importFile(quarterFile("bad.csv", "9999-12-31"));
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/refused the import \(HTTP 400 BAD_USER_INPUT\): row 2: periodOfReport 9999-12-31 is after the import day/);
  expect((await fetch(`http://127.0.0.1:${ports[0]}/healthz`)).status).toBe(200);

  // 3. Killed outright, the first server leaves its lock; the next start takes it over and finds the import.
  first.kill("SIGKILL");
  expect(await first.exited).toBe("SIGKILL");
  expect(readLockHolder(pglite)?.pid).toBe(first.pid);
  const third = start(ports[1]);
  await third.waitForLog(ready);
  expect(readLockHolder(pglite)?.pid).toBe(third.pid);
  third.kill("SIGTERM");
  expect(await third.exited).toBe(0);
  expect(fs.existsSync(lockFileOf(pglite))).toBe(false);

  const db = await openDatabase({ kind: "pglite", dataDir: pglite });
  try {
    expect(await db.prisma.hedgeFundFiling.findFirst({ where: { quarterEnd: "2024-06-30" } })).toMatchObject({ source: "file", rows: 2 });
    expect(await db.prisma.hedgeFundFiling.count({ where: { quarterEnd: "9999-12-31" } })).toBe(0);
    // The bundled 16 quarters and the imported one.
    expect(await db.prisma.hedgeFundFiling.count()).toBe(17);
  } finally {
    await db.close();
  }
});

it("import:13f on a folder another CLI holds stops and names it; on a free folder it imports directly", async () => {
  const holder = spawn(process.execPath, ["--import", "tsx", "api/src/db/fixtures/hold-lock.ts", path.join(dataDir, "pglite"), "cli"], { cwd: projectRoot, stdio: ["pipe", "pipe", "inherit"] });
  const [line] = await new Promise<string[]>((resolve) => readline.createInterface({ input: holder.stdout! }).once("line", (text) => resolve([text])));
  const held = JSON.parse(line) as { took: boolean; pid: number };
  expect(held.took).toBe(true);
  const blocked = await importFile(quarterFile("q3.csv", "2024-09-30"));
  expect(blocked.code).toBe(1);
  expect(blocked.stderr).toMatch(new RegExp(`in use by another process \\(pid ${held.pid}\\b, hold-lock fixture`));
  expect(blocked.stderr).toMatch(new RegExp(`Let it finish, or stop it \\(kill ${held.pid}\\), then run this again`));
  holder.stdin!.end();
  await new Promise((resolve) => holder.once("exit", resolve));

  const direct = await importFile(quarterFile("q3.csv", "2024-09-30"));
  expect(direct.stderr).not.toMatch(/sending the import/);
  expect(direct.stdout).toMatch(/^2024-09-30: 2 holdings/m);
  expect(direct.code).toBe(0);
  expect(fs.existsSync(lockFileOf(path.join(dataDir, "pglite")))).toBe(false);
});
