// The messages between the pool (worker-pool.ts) and a worker (worker-entry.ts), and the marker a
// function puts on its result to have typed arrays moved back rather than copied.
import type { Transferable } from "node:worker_threads";

export const TRANSFER_MARK = "__transferring__";

export type TaskMessage = { id: number; file: string; name: string; args: unknown[] };
export type CancelMessage = { cancel: number };
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

export type Transferring<T> = { [TRANSFER_MARK]: true; value: T; transfer: Transferable[] };

/**
 * A function run in a worker returns `transferring(value, buffers)` to move `buffers` (typed
 * arrays' ArrayBuffers inside `value`) to the caller instead of copying them. Run in-process, the
 * caller unwraps it with `unwrapTransferring`.
 */
export function transferring<T>(value: T, transfer: Transferable[]): Transferring<T> {
  return { [TRANSFER_MARK]: true, value, transfer };
}

export function isTransferring(value: unknown): value is Transferring<unknown> {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[TRANSFER_MARK] === true;
}

/** The value of a result, wrapped by `transferring` or not (for in-process calls). */
export function unwrapTransferring<T>(value: T | Transferring<T>): T {
  return isTransferring(value) ? (value.value as T) : value;
}

/** The buffers behind typed arrays, each once, for a transfer list. */
export function buffersOf(arrays: Iterable<ArrayBufferView>): Transferable[] {
  return [...new Set([...arrays].map((array) => array.buffer as ArrayBuffer))];
}
