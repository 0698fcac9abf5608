// The real server as a child process (as `npm start` runs it, without the web build), with its
// JSON log lines collected so a fault test can act at a precise point of the start.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { projectRoot } from "../../src/config/project-root";

export type LogLine = { msg: string; level: number; [field: string]: unknown };

export type ServerProcess = {
  port: number;
  pid: number;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  logs: LogLine[];
  /** Resolves with the first log line (already seen or to come) that matches. */
  waitForLog(matches: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  kill(signal: NodeJS.Signals): void;
  /** The exit code, or the signal's name when a signal ended it. */
  exited: Promise<number | string>;
};

/** Start-up on a busy 2-core machine: tsx compiling the app, migrations, the snapshot loads. */
const defaultTimeoutMs = 120_000;

export function startServer(port: number, env: NodeJS.ProcessEnv): ServerProcess {
  // Node itself with tsx as a loader (not the tsx CLI, which answers a signal with its own exit code).
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "debug",
      NEWS_INGEST_INTERVAL_MINUTES: "0",
      MARKET_DATA_REFRESH_MINUTES: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const waiters = new Set<{ matches: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const stderr: string[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    logs.push(line);
    for (const waiter of waiters) {
      if (waiter.matches(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));

  return {
    port,
    pid: child.pid!,
    stderr: () => stderr.join(""),
    logs,
    exited,
    kill: (signal) => child.kill(signal),
    waitForLog(matches, timeoutMs = defaultTimeoutMs) {
      const seen = logs.find(matches);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          matches,
          resolve: (line: LogLine) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const fail = (why: string) => {
          waiters.delete(waiter);
          clearTimeout(timer);
          const recent = logs.slice(-5).map((line) => JSON.stringify(line));
          reject(new Error(`${why} (port ${port}); last log lines:\n${recent.join("\n")}\n${stderr.join("")}`));
        };
        const timer = setTimeout(() => fail(`no matching log line within ${timeoutMs} ms`), timeoutMs);
        waiters.add(waiter);
        void exited.then((code) => {
          if (waiters.has(waiter)) fail(`the server exited (${code}) before the log line`);
        });
      });
    },
  };
}

/** The start is complete: the port opened at once, and now the bundled data is in and the jobs run. */
export const ready = (line: LogLine) => line.msg === "bundled data loaded";
