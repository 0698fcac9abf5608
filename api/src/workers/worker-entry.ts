// A pool worker (worker-pool.ts): loads the asked module (TypeScript, through tsx's hook), calls the
// named export with the arguments and posts the result or the error back. Tasks may overlap:
// each runs as soon as its message arrives, and interleaves with the others where it awaits.
import fs from "node:fs";
import os from "node:os";
import { parentPort, type Transferable } from "node:worker_threads";
import { isTransferring, type CancelMessage, type TaskMessage, type WorkerReply } from "./worker-protocol";

if (!parentPort) throw new Error("worker-entry.ts runs only as a worker thread");
const port = parentPort;

/**
 * The pool's threads yield the cores to the request loop when both want them: on a 2-core machine
 * an AI picks pass at normal priority made screens 2.8× slower at p95. Linux gives each thread
 * its own nice value, set through the thread's id (/proc/thread-self → "<pid>/task/<tid>").
 */
const WORKER_NICE = 10;
try {
  os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1)), WORKER_NICE);
} catch {
  // Not Linux, or not permitted: the thread keeps the default priority.
}

const cancelled = new Set<number>();

/** The module's exports (loaded once: require keeps it), TypeScript compiled by tsx's hook. */
const load = (file: string) => module.require(file) as Record<string, unknown>;

async function run({ id, file, name, args }: TaskMessage): Promise<void> {
  let reply: WorkerReply;
  let transfer: Transferable[] = [];
  try {
    const fn = load(file)[name];
    if (typeof fn !== "function") throw new TypeError(`${file} has no exported function ${name}`);
    let value = await (fn as (...args: unknown[]) => unknown)(...args);
    if (isTransferring(value)) {
      transfer = value.transfer;
      value = value.value;
    }
    reply = { id, ok: true, value };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    reply = { id, ok: false, error: { name: error.name, message: error.message, stack: error.stack } };
  }
  if (cancelled.delete(id)) return;
  try {
    port.postMessage(reply, transfer);
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    port.postMessage({ id, ok: false, error: { name: error.name, message: `its result cannot be sent back: ${error.message}`, stack: error.stack } } satisfies WorkerReply);
  }
}

port.on("message", (message: TaskMessage | CancelMessage) => {
  if ("cancel" in message) cancelled.add(message.cancel);
  else void run(message);
});
