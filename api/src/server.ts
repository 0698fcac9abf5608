// The production server. The port opens first (the web app, /healthz and /readyz answer from the
// first second); then the database is opened and migrated, the full app takes over, the bundled
// data loads (data requests meanwhile answer DATA_LOADING with the share loaded), and the
// background jobs start. A signal at any point stops cleanly; an interrupted load resumes at the
// next start.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { setTimeout as wait } from "node:timers/promises";
import { ConfigError, loadConfig, type AppConfig } from "./config/config";
import { createLogger } from "./logging/logger";
import { buildBootApp, isDataRequest } from "./startup/boot-app";
import { ensureCurrentBuild, runningFromBundle } from "./startup/current-build";
import { preloadPackages } from "./startup/preload-packages";
import { createStartupStatus } from "./startup/startup-status";

function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const started = performance.now();
  if (runningFromBundle() && (await ensureCurrentBuild()) === "handed-over") return;
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const startup = createStartupStatus();
  const aborted = new AbortController();
  const cleanups: (() => unknown)[] = [];
  let starting: Promise<unknown> = Promise.resolve();

  let handler: http.RequestListener = buildBootApp(config, startup);
  let appServing = false;
  let fullAppServing = () => {};
  const fullAppServes = new Promise<void>((resolve) => (fullAppServing = resolve));
  const server = http.createServer((req, res) => {
    if (appServing || !isDataRequest(req.url)) return handler(req, res);
    // A data request in the first seconds waits for the full app (the database opens in about a
    // second on a warm start) rather than answering DATA_LOADING and being asked again 2 s later.
    void Promise.race([fullAppServes, wait(config.startupHoldMs)]).then(() => handler(req, res));
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, dataReady: startup.dataReady }, startup.dataReady ? "shutting down" : "stopping before start-up finished");
    aborted.abort();
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      // Every response has gone out, and a load under way has stopped between two writes: stop the
      // jobs (waiting for running passes), then the rest, in reverse order.
      await starting.catch(() => undefined);
      for (const cleanup of cleanups.reverse()) await cleanup();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  logger.info({ url: `http://localhost:${config.port}`, ms: Math.round(performance.now() - started) }, "Tickerscope is listening");

  try {
    // The app's modules load after the port opens, its packages one at a time (preload-packages.ts).
    // The database opens meanwhile: much of PGlite's start (compiling its WebAssembly, reading
    // its files) happens off the main thread.
    // An embedded folder's lock names this server, its address and, without ADMIN_TOKEN, a token for
    // this start, so `npm run import:13f` on the same machine sends its import here (db/data-dir-lock.ts).
    const lockAs = { role: "server" as const, url: localUrl(config), adminToken: config.adminToken ? undefined : randomBytes(32).toString("base64url") };
    const opening = import("./db/migrations").then(({ openMigratedDatabase }) => openMigratedDatabase(config.database, logger, aborted.signal, lockAs));
    opening.catch(() => undefined);
    await preloadPackages(aborted.signal);
    const app = await import("./startup/start-app");
    const serve = (next: http.RequestListener) => {
      handler = next;
      appServing = true;
      fullAppServing();
    };
    starting = app.startApp({ config, logger, startup, signal: aborted.signal, cleanups, started, serve, opening });
    await starting;
  } catch (error) {
    // Stopped by a signal during the start: a clean stop, not a failed start (`stop` exits).
    if (aborted.signal.aborted) return;
    startup.failed();
    // Another process holds the embedded folder: its message names it and says what to do.
    if ((error as Error).name === "DataDirInUseError") {
      const { file, holder } = error as Error & { file: string; holder: { pid: number } };
      logger.error({ lockFile: file, holderPid: holder.pid, detail: (error as Error).message }, "the embedded database is in use by another process");
      console.error(`Tickerscope did not start: ${(error as Error).message}`);
    } else console.error("Tickerscope failed to start:", error);
    // PGlite is shut down cleanly, so the next start opens it without recovery.
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    process.exit(1);
  }
}

/** Where a process on this machine reaches this server. */
function localUrl(config: AppConfig): string {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

main().catch((error) => {
  console.error("Tickerscope failed to start:", error);
  process.exit(1);
});
