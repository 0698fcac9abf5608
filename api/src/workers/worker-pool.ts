// A small pool of worker threads for CPU-heavy pure functions, so background passes and heavy
// on-request computations never hold the request loop. `workerModule(file).run(name, ...args)`
// runs the export `name` of the module `file` in a worker and resolves with its result (a
// structured clone; typed arrays can be transferred both ways, see `transferring`).
//
// - Workers load the TypeScript source through tsx's require hook, under `npm start` and under jest
//   alike (a worker gets neither jest's transform nor, on Node 20, `--import tsx` for its own entry).
// - At most `os.availableParallelism() - 1` workers (at least 1), started lazily. A worker takes
//   several tasks at once: they run on its event loop one after another, interleaving where a
//   function awaits (the long passes yield between steps, so a short on-request computation does
//   not wait for a whole pass).
// - An idle worker is unref'd (it never keeps the process alive) and ends after IDLE_MS; a worker
//   with a task is ref'd, since its caller is waiting for the answer.
// - A worker's error comes back as a rejected promise naming the module and function; a worker
//   that dies rejects its tasks and is replaced at the next task.
import os from "node:os";
import path from "node:path";
import { Worker, type Transferable } from "node:worker_threads";
import { requestsAnsweredCell } from "../shared/between-requests";
import { TRANSFER_MARK, type TaskMessage, type WorkerReply } from "./worker-protocol";

export { buffersOf, transferring } from "./worker-protocol";

/** Idle workers end after this long (the next task starts one again, in well under a second). */
const IDLE_MS = 30_000;

/** The pool's size: every core but one (which the request loop keeps), at least one. */
export const MAX_WORKERS = Math.max(1, os.availableParallelism() - 1);

const entryFile = path.join(__dirname, "worker-entry.ts");
/** A worker's bootstrap: tsx's CommonJS hook (resolved from here, whatever the working directory), then the entry. */
const bootstrap = `require(${JSON.stringify(require.resolve("tsx/cjs"))}); require(${JSON.stringify(entryFile)});`;
/** The project's tsconfig.json, for tsx's @shared/* path alias (tsx would look for one in the working directory). */
const tsconfigPath = path.join(__dirname, "..", "..", "..", "tsconfig.json");

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; what: string };
type PoolWorker = { worker: Worker; pending: Map<number, Pending>; idleTimer?: NodeJS.Timeout };

const workers: PoolWorker[] = [];
let nextId = 1;

function failAll(entry: PoolWorker, error: (what: string) => Error) {
  for (const [, task] of entry.pending) task.reject(error(task.what));
  entry.pending.clear();
}

function remove(entry: PoolWorker) {
  const index = workers.indexOf(entry);
  if (index >= 0) workers.splice(index, 1);
  clearTimeout(entry.idleTimer);
}

function startWorker(): PoolWorker {
  const worker = new Worker(bootstrap, {
    eval: true,
    execArgv: [],
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfigPath },
    workerData: { requestsAnswered: requestsAnsweredCell },
  });
  const entry: PoolWorker = { worker, pending: new Map() };
  worker.on("message", (reply: WorkerReply) => {
    const task = entry.pending.get(reply.id);
    if (!task) return; // cancelled
    entry.pending.delete(reply.id);
    if (reply.ok) task.resolve(reply.value);
    else {
      const error = new Error(`${task.what} failed in a worker thread: ${reply.error.message}`);
      error.name = reply.error.name;
      // The worker's own stack says where in the function it failed.
      error.stack = `${error.name}: ${error.message}\n--- in the worker ---\n${reply.error.stack ?? "(no stack)"}`;
      task.reject(error);
    }
    settle(entry);
  });
  worker.on("error", (error) => {
    remove(entry);
    failAll(entry, (what) => Object.assign(new Error(`${what}: the worker thread failed: ${error.message}`), { cause: error }));
  });
  worker.on("exit", (code) => {
    remove(entry);
    failAll(entry, (what) => new Error(`${what}: the worker thread exited (code ${code}) before answering`));
  });
  workers.push(entry);
  return entry;
}

/** Ref'd while it has tasks, unref'd (and ending after IDLE_MS) when it has none. */
function settle(entry: PoolWorker) {
  clearTimeout(entry.idleTimer);
  if (entry.pending.size > 0) {
    entry.worker.ref();
    return;
  }
  entry.worker.unref();
  entry.idleTimer = setTimeout(() => {
    if (entry.pending.size === 0) {
      remove(entry);
      void entry.worker.terminate();
    }
  }, IDLE_MS);
  entry.idleTimer.unref();
}

/** The worker with the fewest tasks; a new one while some are busy and the pool is not full. */
function pickWorker(): PoolWorker {
  const least = workers.reduce<PoolWorker | undefined>((best, entry) => (!best || entry.pending.size < best.pending.size ? entry : best), undefined);
  if (least && (least.pending.size === 0 || workers.length >= MAX_WORKERS)) return least;
  return startWorker();
}

export type RunOptions = {
  /** Typed arrays' buffers (or other transferables) among the arguments, moved rather than copied. */
  transfer?: Transferable[];
  /** Aborting rejects the task at once (and ends its worker if it ran nothing else). */
  signal?: AbortSignal;
};

/** Runs the export `name` of the module at `file` (an absolute path) in a pool worker. */
export function runInWorker<T>(file: string, name: string, args: unknown[], options: RunOptions = {}): Promise<T> {
  const what = `${path.relative(process.cwd(), file)}#${name}`;
  options.signal?.throwIfAborted();
  const entry = pickWorker();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      if (!entry.pending.delete(id)) return;
      reject(options.signal!.reason instanceof Error ? options.signal!.reason : new Error(`${what}: aborted`));
      if (entry.pending.size === 0) {
        // Nothing else runs there: end the computation rather than let it finish unread.
        remove(entry);
        void entry.worker.terminate();
      } else entry.worker.postMessage({ cancel: id });
    };
    entry.pending.set(id, {
      what,
      resolve: (value) => {
        options.signal?.removeEventListener("abort", onAbort);
        resolve(value as T);
      },
      reject: (error) => {
        options.signal?.removeEventListener("abort", onAbort);
        reject(error);
      },
    });
    options.signal?.addEventListener("abort", onAbort, { once: true });
    settle(entry);
    try {
      entry.worker.postMessage({ id, file, name, args } satisfies TaskMessage, options.transfer ?? []);
    } catch (error) {
      // An argument that cannot be cloned (a function, a class instance with private state).
      entry.pending.delete(id);
      settle(entry);
      reject(Object.assign(new Error(`${what}: its arguments cannot be sent to a worker thread: ${(error as Error).message}`), { cause: error }));
    }
  });
}

type AsyncFunctions<M> = { [K in keyof M as M[K] extends (...args: never[]) => unknown ? K : never]: M[K] };

/**
 * A typed handle on a module's functions in the pool:
 * `workerModule<typeof Compute>(file).run("fn", [a, b])` has fn's argument and result types.
 */
export function workerModule<M>(file: string) {
  return {
    file,
    run<K extends keyof AsyncFunctions<M> & string>(
      name: K,
      args: M[K] extends (...args: infer A) => unknown ? A : never,
      options?: RunOptions,
    ): Promise<M[K] extends (...args: never[]) => infer R ? Unwrapped<Awaited<R>> : never> {
      return runInWorker(file, name, args, options);
    },
  };
}

/** A result wrapped by `transferring` arrives as its value. */
type Unwrapped<R> = R extends { [TRANSFER_MARK]: true; value: infer V } ? V : R;

/** Ends every worker (their tasks reject); the next task starts the pool again. For shutdown and tests. */
export async function closeWorkerPool(): Promise<void> {
  const all = workers.splice(0);
  for (const entry of all) {
    clearTimeout(entry.idleTimer);
    failAll(entry, (what) => new Error(`${what}: the worker pool was closed`));
  }
  await Promise.all(all.map((entry) => entry.worker.terminate()));
}

/** Workers running now (for tests and benchmarks). */
export const workerCount = () => workers.length;
