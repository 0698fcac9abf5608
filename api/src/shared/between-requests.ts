import type { RequestHandler } from "express";
import { isMainThread, workerData } from "node:worker_threads";
import type { Database } from "../db/database";
import { turnForRequests } from "./turn-for-requests";

/**
 * Background work goes between requests, not in the middle of one.
 *
 * - PGlite answers on the request thread, one statement at a time: a pass's statement that starts
 *   while a screen is between two of its queries makes the screen wait for it, once per query (a
 *   screen took 2-3 times its usual time while the AI picks were being stored). A pass's statement
 *   now waits for a moment when no request is being answered, so a request waits for at most the
 *   one statement already running. A busy server still finishes its passes: a statement waits at
 *   most MAX_WAIT_MS.
 * - A pool worker's computation shares the machine's cores and caches with the request thread even
 *   at a low priority (a nice-19 loop on the other core of 2 slowed screens by a fifth): while
 *   requests are being answered it runs in slices of WORKER_SLICE_MS with pauses of as long between
 *   them (makeWayForRequests), at full speed otherwise.
 */
const MAX_WAIT_MS = 250;
const WORKER_SLICE_MS = 10;

/** The requests being answered, in memory the pool's workers read too (worker-pool.ts hands it over). */
export const requestsAnsweredCell: Int32Array =
  !isMainThread && (workerData as { requestsAnswered?: unknown } | null)?.requestsAnswered instanceof Int32Array
    ? (workerData as { requestsAnswered: Int32Array }).requestsAnswered
    : new Int32Array(new SharedArrayBuffer(4));

let waiting: (() => void)[] = [];

/** Counts the requests being answered (a Server-Sent Events stream stays open: it is not counted). */
export function countRequestsAnswered(): RequestHandler {
  return (req, res, next) => {
    if (String(req.headers.accept ?? "").includes("text/event-stream")) return next();
    Atomics.add(requestsAnsweredCell, 0, 1);
    res.once("close", () => {
      if (Atomics.sub(requestsAnsweredCell, 0, 1) !== 1) return;
      Atomics.notify(requestsAnsweredCell, 0);
      for (const wake of waiting.splice(0)) wake();
    });
    next();
  };
}

/** Requests being answered now. */
export const requestsAnswered = () => Atomics.load(requestsAnsweredCell, 0);

function noRequestsOrTimeout(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting = waiting.filter((entry) => entry !== done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiting.push(done);
  });
}

/**
 * Resolves at a moment no request is being answered (or after MAX_WAIT_MS of waiting), after a
 * turn in which Node reads what has arrived. For background work only: a request awaiting it
 * would wait for itself. On PostgreSQL, statements run in the server's processes: just the turn.
 */
export async function betweenRequests(db: Pick<Database, "kind">): Promise<void> {
  await turnForRequests();
  if (db.kind !== "pglite") return;
  const deadline = performance.now() + MAX_WAIT_MS;
  while (requestsAnswered() > 0 && performance.now() < deadline) {
    await noRequestsOrTimeout(deadline - performance.now());
    await turnForRequests();
  }
}

let sliceStarted = performance.now();

/**
 * In a pool worker, between two small steps of a long computation (a tree, a training day): once
 * the current slice has run WORKER_SLICE_MS, sleeps while requests are being answered, for at most
 * as long again. Synchronous (Atomics.wait); does nothing on the main thread.
 */
export function makeWayForRequests(): void {
  if (isMainThread || performance.now() - sliceStarted < WORKER_SLICE_MS) return;
  const deadline = performance.now() + WORKER_SLICE_MS;
  for (let answering = requestsAnswered(), now = performance.now(); answering > 0 && now < deadline; answering = requestsAnswered(), now = performance.now()) {
    Atomics.wait(requestsAnsweredCell, 0, answering, deadline - now);
  }
  sliceStarted = performance.now();
}
