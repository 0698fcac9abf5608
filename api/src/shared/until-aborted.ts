/**
 * `promise`, or the signal's reason as soon as it aborts: for waits that cannot be cancelled
 * themselves (a read in progress), so a stop need not wait for them. The work goes on and its
 * outcome is dropped.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
