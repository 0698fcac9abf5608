// For CLIs that change data: the database itself when no other process holds it, or, when the
// Tickerscope server has the embedded folder open, that server's admin route (one writer per
// data folder: db/data-dir-lock.ts). On PostgreSQL (DATABASE_URL) the database is opened directly.
import { setTimeout as sleep } from "node:timers/promises";
import type { AppConfig } from "../config/config";
import type { Database } from "../db/database";
import { DataDirInUseError } from "../db/data-dir-lock";
import { openMigratedDatabase } from "../db/migrations";
import { createLogger } from "../logging/logger";

export type RunningServer = { url: string; token: string };

/** How long to wait for a server still loading its bundled data before giving up. */
const LOADING_WAIT_MS = 10 * 60_000;

/**
 * The database opened for this CLI, or the running server to send the work to (`what` names the
 * work in the messages). With `server` given (--server), that server, with ADMIN_TOKEN.
 */
export async function databaseOrServer(config: AppConfig, what: string, server?: string): Promise<{ db: Database } | { server: RunningServer }> {
  if (server) {
    if (!config.adminToken) throw new Error("--server needs ADMIN_TOKEN: the token the server was started with.");
    return { server: { url: server, token: config.adminToken } };
  }
  try {
    return { db: await openMigratedDatabase(config.database, createLogger({ ...config, logLevel: "warn" }), undefined, { role: "cli" }) };
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const { holder } = error;
    // Another CLI, or a process we cannot check: its message names it and says what to do.
    if (holder.role !== "server" || !holder.url || error.liveness !== "alive") throw error;
    const token = config.adminToken ?? holder.adminToken;
    if (!token) {
      throw new Error(
        `${error.message}\nIts admin token is not in the lock file (the server has ADMIN_TOKEN set): set ADMIN_TOKEN to the same value here to send the ${what} to it, or stop it (kill ${holder.pid}) and run this again.`,
      );
    }
    process.stderr.write(`The Tickerscope server (pid ${holder.pid}) has ${error.dataDir} open: sending the ${what} to it at ${holder.url}.\n`);
    return { server: { url: holder.url, token } };
  }
}

/**
 * Sends a request to the server's admin route and returns its JSON answer; while the server is
 * still loading its bundled data (DATA_LOADING), asks again when it says to. `body` is made anew
 * for each attempt (a stream is read once).
 */
export async function postToServer<T>(server: RunningServer, path: string, what: string, request: () => { headers: Record<string, string>; body: BodyInit; duplex?: "half" }): Promise<T> {
  const endpoint = `${server.url.replace(/\/$/, "")}${path}`;
  const giveUpAt = Date.now() + LOADING_WAIT_MS;
  for (;;) {
    let response: Response;
    const { headers, ...init } = request();
    try {
      response = await fetch(endpoint, { method: "POST", headers: { authorization: `Bearer ${server.token}`, ...headers }, ...init } as RequestInit);
    } catch (error) {
      throw new Error(`Could not reach the server at ${server.url}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string; loadedPercent?: number };
    if (response.ok) return body as T;
    if (body.code === "DATA_LOADING" && Date.now() < giveUpAt) {
      const seconds = Number(response.headers.get("retry-after")) || 2;
      process.stderr.write(`The server is still loading its bundled data (${body.loadedPercent ?? "?"} %): trying again in ${seconds} s.\n`);
      await sleep(seconds * 1000);
      continue;
    }
    throw new Error(`The server at ${server.url} refused the ${what} (HTTP ${response.status}${body.code ? ` ${body.code}` : ""}): ${body.message ?? "no reason given"}`);
  }
}
