import { untilAborted } from "./until-aborted";

it("answers the promise, or rejects at once when the signal aborts", async () => {
  await expect(untilAborted(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1);
  const stop = new AbortController();
  const never = new Promise<number>(() => {});
  const waiting = untilAborted(never, stop.signal);
  stop.abort(new Error("stopping"));
  await expect(waiting).rejects.toThrow("stopping");
  await expect(untilAborted(never, AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
});
