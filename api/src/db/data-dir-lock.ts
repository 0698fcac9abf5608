// One writer per embedded data folder. PGlite keeps the database in memory and writes its folder as
// it goes, without PostgreSQL's shared memory or postmaster.pid: a second process that opens the
// same folder works on its own copy, neither sees the other's writes, and whichever writes last
// overwrites the other's on disk. So every process that opens an embedded folder (the server, the
// CLIs: import:13f, db:migrate) first takes `<folder>.lock` (DATA_DIR/pglite.lock), a JSON file
// naming its holder, created exclusively; a second process finds it and refuses, naming the holder.
//
// Stale locks (the holder was killed, or the machine restarted) are recovered: on the same machine
// (hostname, boot id and pid namespace all equal) a holder whose pid is gone, or is now another
// process (its start time differs), or is this very process in an earlier life (the same pid
// after a container restart) no longer holds it. A lock written on another machine or container
// cannot be checked and is never taken over: the message says which file to delete once that
// process is known to be gone. PostgreSQL deployments take no lock.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export type LockRole = "server" | "cli";

/** What a process asks to be recorded as. */
export type LockRequest = {
  role: LockRole;
  /** server: the address it answers at (the CLI sends imports there). */
  url?: string;
  /** server: the token its admin routes accept for this start (the file is readable by its owner only). */
  adminToken?: string;
  /** What is running, for the message another process prints; default: the npm script or the command line. */
  command?: string;
};

export type LockHolder = LockRequest & {
  pid: number;
  command: string;
  startedAt: string;
  hostname: string;
  /** Linux: /proc/sys/kernel/random/boot_id, which changes at every boot. */
  bootId: string | null;
  /** Linux: the pid namespace (containers have their own), as /proc/self/ns/pid names it. */
  pidNamespace: string | null;
  /** Linux: the process's start time in clock ticks after boot (/proc/<pid>/stat field 22), to tell a reused pid. */
  startTicks: string | null;
  /** Random: tells this acquisition from any other (release removes only its own file). */
  id: string;
};

export type DataDirLock = { file: string; holder: LockHolder; release(): void };

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

function readOptional(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

function readError(file: string): string | null {
  try {
    fs.readFileSync(file);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? null : (code ?? String(error));
  }
}

function startTicksOf(pid: number): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Field 2 (the command name) is in parentheses and may hold spaces: count from the last ')'.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

function pidNamespace(): string | null {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return null;
  }
}

function describeCommand(): string {
  const script = process.env.npm_lifecycle_event;
  const command = script ? `npm run ${script}` : process.argv.slice(1).map((arg) => (arg.includes(path.sep) ? path.relative(process.cwd(), arg) || arg : arg)).join(" ");
  return command.length > 200 ? `${command.slice(0, 197)}...` : command;
}

/** Locks this module instance holds, by file (where /proc cannot tell a process's own lock from an earlier life's). */
const heldHere = new Map<string, string>();

export type Liveness = "alive" | "gone" | "unknown";

/** Whether the process that wrote `holder` still runs: "unknown" when it ran on another machine or container. */
export function holderLiveness(holder: LockHolder, file: string): Liveness {
  const bootId = readOptional("/proc/sys/kernel/random/boot_id");
  if (holder.hostname !== os.hostname() || (holder.pidNamespace ?? null) !== pidNamespace()) return "unknown";
  if (holder.bootId && bootId && holder.bootId !== bootId) return "gone";
  if (holder.pid === process.pid) {
    // This process (another thread or module instance, or this one), or an earlier process given
    // the same pid (a container's server restarted): told apart by the start time where /proc has it.
    const ours = startTicksOf(process.pid);
    if (holder.startTicks && ours) return holder.startTicks === ours ? "alive" : "gone";
    return heldHere.get(file) === holder.id ? "alive" : "gone";
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return "gone";
  }
  if (holder.startTicks && startTicksOf(holder.pid) !== holder.startTicks) return "gone";
  return "alive";
}

export class DataDirInUseError extends Error {
  readonly liveness: Exclude<Liveness, "gone">;
  constructor(
    readonly dataDir: string,
    readonly file: string,
    readonly holder: LockHolder,
    liveness: Exclude<Liveness, "gone">,
  ) {
    super(
      [
        `The embedded database in ${dataDir} is in use by ${describeHolder(holder)}.`,
        "Two processes on one embedded database lose each other's writes, so this one does not open it.",
        liveness === "unknown"
          ? `That process ran on another machine or container (${holder.hostname}), which cannot be checked from here. Stop it; if it is no longer running, delete ${file}.`
          : holder.role === "server"
            ? `Stop it first (kill ${holder.pid}), or give this one another DATA_DIR. Imports go through the running server: npm run import:13f sends them there. To run several servers on one database, use PostgreSQL (DATABASE_URL).`
            : `Let it finish, or stop it (kill ${holder.pid}), then run this again.`,
        `(lock file: ${file})`,
      ].join("\n"),
    );
    this.name = "DataDirInUseError";
    this.liveness = liveness;
  }
}

/** "the Tickerscope server (pid 12, npm start, since …, at http://…)" or "pid 12 (npm run db:migrate, since …)". */
export function describeHolder(holder: LockHolder): string {
  const where = holder.hostname === os.hostname() ? "" : ` on ${holder.hostname}`;
  const details = `pid ${holder.pid}${where}, ${holder.command}, since ${holder.startedAt}`;
  return holder.role === "server" ? `the Tickerscope server (${details}${holder.url ? `, at ${holder.url}` : ""})` : `another process (${details})`;
}

function parseHolder(raw: string | null): LockHolder | null {
  if (!raw) return null;
  try {
    const holder = JSON.parse(raw) as LockHolder;
    return typeof holder.pid === "number" && typeof holder.id === "string" ? holder : null;
  } catch {
    return null;
  }
}

/** The lock's holder as recorded (null when there is no lock, or it cannot be read). */
export function readLockHolder(dataDir: string): LockHolder | null {
  return parseHolder(readOptional(lockFileOf(dataDir)));
}

/** Creates `file` with `content` only if it does not exist: a complete file appears at once (link), else exclusively created and written. */
function createExclusively(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, content, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links: an exclusive create (a reader may see it empty for a moment).
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EXDEV") throw error;
    try {
      fs.writeFileSync(file, content, { flag: "wx", mode: 0o600 });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw inner;
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Reads the lock's content; an empty or unreadable file is read again for up to a second (a
 * process may be writing it), then taken as what it is.
 */
async function readSettled(file: string): Promise<{ raw: string | null; holder: LockHolder | null }> {
  let raw = readOptional(file);
  for (let attempt = 0; raw !== null && !parseHolder(raw) && attempt < 10; attempt++) {
    await sleep(100);
    raw = readOptional(file);
  }
  return { raw, holder: parseHolder(raw) };
}

/**
 * Removes the lock whose content is `staleRaw`, under `<lock>.breaking` (created exclusively), so
 * of several processes finding the same stale lock only one removes it, and never a fresh lock
 * another of them has taken meanwhile.
 */
async function breakStaleLock(file: string, staleRaw: string): Promise<void> {
  const breaking = `${file}.breaking`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusively(breaking, String(process.pid))) {
      try {
        if (readOptional(file) === staleRaw) fs.rmSync(file, { force: true });
      } finally {
        fs.rmSync(breaking, { force: true });
      }
      return;
    }
    // Another process is removing it (a few file operations), or died doing so: its mark is then stale.
    const mark = fs.statSync(breaking, { throwIfNoEntry: false });
    const markPid = Number(readOptional(breaking));
    let markGone = false;
    try {
      if (markPid > 0) process.kill(markPid, 0);
    } catch {
      markGone = true;
    }
    if (mark && (markGone || Date.now() - mark.mtimeMs > 10_000)) fs.rmSync(breaking, { force: true });
    else await sleep(20);
  }
}

/**
 * Takes the embedded folder's lock for this process, or throws DataDirInUseError naming the
 * process that holds it. A stale lock is taken over (see the file comment). The lock goes with
 * `release()` (Database.close calls it), or when this process exits.
 */
export async function acquireDataDirLock(dataDir: string, request: LockRequest): Promise<DataDirLock> {
  const file = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const holder: LockHolder = {
    ...request,
    command: request.command ?? describeCommand(),
    pid: process.pid,
    startedAt: new Date().toISOString(),
    hostname: os.hostname(),
    bootId: readOptional("/proc/sys/kernel/random/boot_id"),
    pidNamespace: pidNamespace(),
    startTicks: startTicksOf(process.pid),
    id: randomBytes(12).toString("hex"),
  };
  const content = `${JSON.stringify(holder, null, 2)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(file, content)) {
      heldHere.set(file, holder.id);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener("exit", release);
        if (heldHere.get(file) === holder.id) heldHere.delete(file);
        if (parseHolder(readOptional(file))?.id === holder.id) fs.rmSync(file, { force: true });
      };
      process.on("exit", release);
      return { file, holder, release };
    }
    const found = await readSettled(file);
    if (found.raw === null) {
      // Released meanwhile, or kept from this user (another user's process: its file is 0600).
      const unreadable = fs.existsSync(file) ? readError(file) : null;
      if (unreadable) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use: ${file} exists but this user cannot read it (${unreadable}), so another user's process probably has it open. Run this as that user, or stop that process first.`,
        );
      }
      continue;
    }
    const liveness = found.holder ? holderLiveness(found.holder, file) : "gone";
    if (liveness !== "gone") throw new DataDirInUseError(path.resolve(dataDir), file, found.holder!, liveness);
    await breakStaleLock(file, found.raw);
  }
  throw new Error(`Could not take ${file}: other processes keep taking it. Is more than one process starting on ${dataDir}?`);
}
