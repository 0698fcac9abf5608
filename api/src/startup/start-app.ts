// The part of a start after the port is open: database, app, bundled data, background jobs.
import type http from "node:http";
import path from "node:path";
import Redis from "ioredis";
import { resolveSessionSecret } from "../auth/session-secret";
import type { AppConfig } from "../config/config";
import type { Database } from "../db/database";
import { buildDeps } from "../deps";
import { buildApp } from "../http/app";
import type { Logger } from "../logging/logger";
import { flushScreenRuns } from "../screening/screen-runs";
import { closeWorkerPool } from "../workers/worker-pool";
import { backgroundJobs, bundledSnapshots } from "./registry";
import type { StartupStatus } from "./startup-status";

export async function startApp(options: {
  config: AppConfig;
  logger: Logger;
  startup: StartupStatus;
  signal: AbortSignal;
  /** Run in reverse order at shutdown. */
  cleanups: (() => unknown)[];
  started: number;
  serve(handler: http.RequestListener): void;
  /** The database, opened and migrated (started beside the package loading). */
  opening: Promise<Database>;
}): Promise<void> {
  const { config, logger, startup, signal, cleanups } = options;
  // Settings a job reads (the feed lists) are checked now, so a bad one stops the start at once.
  for (const job of backgroundJobs) job.check?.(config);
  const loads = bundledSnapshots.filter((snapshot) => snapshot.enabled(config));
  startup.planSteps(loads.map(({ name, title, weight }) => ({ name, title, weight })));

  const db = await options.opening;
  cleanups.push(() => db.close());
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  if (redis) cleanups.push(() => redis.quit());
  const dataDir = config.database.kind === "pglite" ? path.dirname(config.database.dataDir) : path.resolve(".data");
  const sessionSecret = resolveSessionSecret(config, dataDir, logger);
  const deps = buildDeps({ config, db, logger, redis, sessionSecret, startup });
  cleanups.push(() => deps.newsEvents.close(), () => deps.alertEvents.close(), () => closeWorkerPool(), () => flushScreenRuns(), () => deps.secCompanyFacts?.close());
  startup.databaseOpened();
  options.serve(buildApp(deps));
  logger.info(
    { database: db.kind, redis: Boolean(redis), billing: deps.billing.kind, mail: deps.mailer.kind, oidc: Boolean(config.oidc) },
    "serving; loading the bundled data",
  );

  const loadsStarted = performance.now();
  for (const snapshot of loads) {
    signal.throwIfAborted();
    startup.stepProgress(snapshot.name, "loading");
    const loadStarted = performance.now();
    const result = await snapshot.run(deps, { signal, onProgress: (fraction) => startup.stepProgress(snapshot.name, "loading", fraction) });
    startup.stepProgress(snapshot.name, result.skipped ? "skipped" : "loaded");
    if (result.skipped) logger.debug({ snapshot: snapshot.name, skipped: result.skipped }, "bundled snapshot skipped");
    else logger.info({ snapshot: snapshot.name, rows: result.rows, ms: Math.round(performance.now() - loadStarted) }, "bundled snapshot loaded");
  }
  // The indicators read into memory, so the first screen does not wait for them.
  await deps.technicals.current();
  signal.throwIfAborted();
  startup.dataLoaded();
  logger.info(
    { loadMs: Math.round(performance.now() - loadsStarted), sinceStartMs: Math.round(performance.now() - options.started) },
    "bundled data loaded",
  );

  for (const job of backgroundJobs) cleanups.push(job.start(deps));
}
