import os from "node:os";
import path from "node:path";
import { closeWorkerPool, MAX_WORKERS, runInWorker, workerCount, workerModule } from "./worker-pool";
import type * as Samples from "./fixtures/sample-functions";

const samples = workerModule<typeof Samples>(path.join(__dirname, "fixtures", "sample-functions.ts"));

afterAll(() => closeWorkerPool());

describe("worker pool", () => {
  it("runs a named TypeScript function off the main thread and returns its result", async () => {
    expect(await samples.run("add", [2, 3])).toBe(5);
    expect(await samples.run("onMainThread", [])).toBe(false);
    expect(workerCount()).toBeGreaterThanOrEqual(1);
    expect(workerCount()).toBeLessThanOrEqual(MAX_WORKERS);
  });

  it("moves typed arrays both ways when asked", async () => {
    const values = Float64Array.from([1, 2, 3]);
    const { result, received } = await samples.run("squares", [values], { transfer: [values.buffer] });
    expect(received).toBe(3);
    expect(values.length).toBe(0); // moved, not copied
    expect([...result]).toEqual([1, 4, 9]);
  });

  it("runs overlapping tasks, never more workers than the pool allows", async () => {
    const counts = await Promise.all([samples.run("slowCount", [2_000]), samples.run("slowCount", [1_000]), samples.run("add", [1, 1])]);
    expect(counts).toEqual([2_000, 1_000, 2]);
    expect(workerCount()).toBeLessThanOrEqual(MAX_WORKERS);
  });

  it("rejects with the module, the function and the worker's error", async () => {
    const error = await samples.run("fails", ["out of range"]).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("RangeError");
    expect((error as Error).message).toMatch(/sample-functions\.ts#fails failed in a worker thread: out of range/);
    expect((error as Error).stack).toMatch(/in the worker/);
    await expect(runInWorker(samples.file, "notAFunction", [])).rejects.toThrow(/no exported function notAFunction/);
    await expect(runInWorker(path.join(__dirname, "fixtures", "missing.ts"), "add", [])).rejects.toThrow(/missing\.ts#add failed/);
    await expect(runInWorker(samples.file, "add", [() => 1])).rejects.toThrow(/cannot be sent to a worker thread/);
    // The pool still works after errors.
    expect(await samples.run("add", [1, 2])).toBe(3);
  });

  it("rejects an aborted task at once", async () => {
    const abort = new AbortController();
    const waiting = samples.run("waitForever", [], { signal: abort.signal });
    abort.abort(new Error("stopped"));
    await expect(waiting).rejects.toThrow("stopped");
    expect(await samples.run("add", [4, 4])).toBe(8);
  });

  it("resolves the @shared/* alias in a worker started from any working directory", async () => {
    await closeWorkerPool();
    const workingDirectory = process.cwd();
    process.chdir(os.tmpdir());
    try {
      expect(await samples.run("listedTickers", ["aapl, msft"])).toEqual(["AAPL", "MSFT"]);
    } finally {
      process.chdir(workingDirectory);
    }
  });

  it("rejects the running tasks when the pool closes, and starts again after", async () => {
    const waiting = samples.run("waitForever", []);
    await closeWorkerPool();
    await expect(waiting).rejects.toThrow(/worker pool was closed/);
    expect(workerCount()).toBe(0);
    expect(await samples.run("add", [5, 5])).toBe(10);
  });
});
