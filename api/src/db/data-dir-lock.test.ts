// One writer per embedded data folder: the lock file, its refusals and its stale-lock recovery,
// within this process and against real child processes (none of it depends on timing: each child
// says what it did before the test looks).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { projectRoot } from "../config/project-root";
import { acquireDataDirLock, DataDirInUseError, lockFileOf, readLockHolder, type LockHolder } from "./data-dir-lock";
import { openDatabase } from "./database";
import { openMigratedDatabase } from "./migrations";

let scratch: string;
let dataDir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-lock-"));
  dataDir = path.join(scratch, "pglite");
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

type Outcome = { took: boolean; pid: number; holderPid?: number | null; message?: string };

/** A child process taking the lock (fixtures/hold-lock.ts); resolves with what it printed. */
function holdLock(role: "cli" | "server" = "cli"): { child: ChildProcess; outcome: Promise<Outcome> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "fixtures", "hold-lock.ts"), dataDir, role], {
    cwd: projectRoot,
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  const outcome = new Promise<Outcome>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line) as Outcome));
    child.once("exit", (code) => reject(new Error(`the lock child exited (${code}) without a word`)));
  });
  return { child, outcome };
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));

/** Writes a lock as another process would have, this machine's identity with `changes`. */
function writeLock(changes: Partial<LockHolder>) {
  const own = JSON.parse(fs.readFileSync(lockFileOf(dataDir), "utf8")) as LockHolder;
  return { ...own, id: "someone-else", ...changes };
}

async function staleLockFrom(changes: Partial<LockHolder>) {
  const lock = await acquireDataDirLock(dataDir, { role: "cli" });
  const holder = writeLock(changes);
  lock.release();
  fs.writeFileSync(lockFileOf(dataDir), JSON.stringify(holder));
  return holder;
}

it("names its holder in DATA_DIR/pglite.lock, refuses a second open in the same process and is gone after release", async () => {
  const lock = await acquireDataDirLock(dataDir, { role: "server", url: "http://127.0.0.1:3000", adminToken: "t".repeat(43) });
  expect(lock.file).toBe(`${dataDir}.lock`);
  expect(readLockHolder(dataDir)).toMatchObject({ pid: process.pid, role: "server", url: "http://127.0.0.1:3000", hostname: os.hostname() });
  // The admin token is in the file: only its owner may read it.
  if (process.platform !== "win32") expect(fs.statSync(lock.file).mode & 0o077).toBe(0);

  const second = acquireDataDirLock(dataDir, { role: "cli" });
  await expect(second).rejects.toThrow(DataDirInUseError);
  await expect(second).rejects.toThrow(new RegExp(`in use by the Tickerscope server \\(pid ${process.pid}\\b.*at http://127\\.0\\.0\\.1:3000`));
  lock.release();
  expect(fs.existsSync(lock.file)).toBe(false);
  (await acquireDataDirLock(dataDir, { role: "cli" })).release();
});

it("openDatabase and openMigratedDatabase refuse a folder another process holds, before touching it", async () => {
  const { child, outcome } = holdLock("server");
  const held = await outcome;
  expect(held).toMatchObject({ took: true });
  const refusal = `in use by the Tickerscope server \\(pid ${held.pid}\\b`;
  await expect(openMigratedDatabase({ kind: "pglite", dataDir })).rejects.toThrow(new RegExp(refusal));
  await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(new RegExp(refusal));
  // Not even the template was unpacked into it.
  expect(fs.existsSync(dataDir)).toBe(false);
  expect(readLockHolder(dataDir)?.pid).toBe(held.pid);

  // Released by its holder: the folder opens (and closing it releases the lock again).
  child.stdin!.end();
  await exited(child);
  const db = await openMigratedDatabase({ kind: "pglite", dataDir });
  expect(db.dataDirLock?.holder.pid).toBe(process.pid);
  await db.close();
  expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
});

it("takes over the lock of a process killed with SIGKILL", async () => {
  const { child, outcome } = holdLock();
  const held = await outcome;
  child.kill("SIGKILL");
  await exited(child);
  expect(readLockHolder(dataDir)?.pid).toBe(held.pid);
  const lock = await acquireDataDirLock(dataDir, { role: "cli" });
  expect(readLockHolder(dataDir)?.pid).toBe(process.pid);
  lock.release();
});

it("takes over a lock whose pid now runs another process, is this process in an earlier life, or is from before a reboot", async () => {
  // The parent of this process is alive, but started at another time than the lock says.
  await staleLockFrom({ pid: process.ppid, startTicks: "1" });
  (await acquireDataDirLock(dataDir, { role: "cli" })).release();
  // Our own pid from an earlier process (a container restart gives the server the same pid).
  await staleLockFrom({ pid: process.pid, startTicks: "1" });
  (await acquireDataDirLock(dataDir, { role: "cli" })).release();
  await staleLockFrom({ pid: process.ppid, bootId: "an-earlier-boot" });
  (await acquireDataDirLock(dataDir, { role: "cli" })).release();
  // A lock cut short (written by hand, or a disk full) is no one's.
  fs.writeFileSync(lockFileOf(dataDir), "{\"pid\": 12");
  (await acquireDataDirLock(dataDir, { role: "cli" })).release();
});

it("never takes over a lock from another machine or container: it names the file to delete", async () => {
  await staleLockFrom({ hostname: "another-host", pid: 4242 });
  const taking = acquireDataDirLock(dataDir, { role: "cli" });
  await expect(taking).rejects.toThrow(/pid 4242 on another-host/);
  await expect(taking).rejects.toThrow(new RegExp(`if it is no longer running, delete ${lockFileOf(dataDir).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  expect(readLockHolder(dataDir)?.pid).toBe(4242);
});

it("of several processes finding the same stale lock, exactly one takes it; the others name it", async () => {
  await staleLockFrom({ pid: process.ppid, startTicks: "1" });
  const racers = Array.from({ length: 4 }, () => holdLock());
  const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
  const winners = outcomes.filter((outcome) => outcome.took);
  expect(winners).toHaveLength(1);
  for (const loser of outcomes.filter((outcome) => !outcome.took)) expect(loser.holderPid).toBe(winners[0].pid);
  expect(readLockHolder(dataDir)?.pid).toBe(winners[0].pid);
});
