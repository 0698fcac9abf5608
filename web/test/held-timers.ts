/**
 * Holds the page's timers of one delay instead of letting the clock run them, so a test checks
 * what happens before and after such a delay (the redirect 2000 ms after sign-in, the 500 ms
 * post-login action) whatever the machine's speed: on a busy machine the checks before the delay
 * can take longer than the delay itself. Other timers (testing-library's, React's) run as usual.
 * Not a jest mock: testing-library would take a mocked setTimeout for fake timers.
 */
const restorers: (() => void)[] = [];

export function holdTimers(delayMs: number) {
  const realSetTimeout = window.setTimeout;
  const realClearTimeout = window.clearTimeout;
  const held = new Map<number, () => void>();
  let nextId = 1_000_000_000;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    if (timeout !== delayMs || typeof handler !== "function") return realSetTimeout(handler, timeout, ...args);
    const id = nextId++;
    held.set(id, () => handler(...args));
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined && held.delete(id)) return;
    realClearTimeout(id);
  }) as typeof window.clearTimeout;
  const restore = () => {
    window.setTimeout = realSetTimeout;
    window.clearTimeout = realClearTimeout;
  };
  restorers.push(restore);
  return {
    /** Timers of the delay set and not cleared. */
    pending: () => held.size,
    /** Runs them, as the clock would once the delay is over. */
    fire() {
      const callbacks = [...held.values()];
      held.clear();
      for (const callback of callbacks) callback();
    },
  };
}

/** Puts the real timers back (setup-after-env.ts, after each test). */
export function restoreTimers() {
  while (restorers.length > 0) restorers.pop()!();
}
