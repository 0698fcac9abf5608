// After a first start the server answers data requests with DATA_LOADING (and the share of the
// bundled data loaded) until it is all in. Requests wait and ask again instead of failing, and
// this store tells the page how far the load has got (DataLoadingNotice).

type Listener = () => void;

let loadedPercent: number | null = null;
const listeners = new Set<Listener>();

function publish(value: number | null) {
  if (value === loadedPercent) return;
  loadedPercent = value;
  for (const listener of listeners) listener();
}

export const dataLoading = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The share loaded while the server loads the bundled data, else null. */
  current: () => loadedPercent,
  loading: (percent: number) => publish(Math.max(0, Math.min(99, Math.floor(percent)))),
  loaded: () => publish(null),
};

/** How long the app keeps asking before it gives up (a first start takes well under this). */
const giveUpAfterMs = 10 * 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it is not DATA_LOADING: `loadingPercent` reads the share from an answer
 * (null when the answer is not DATA_LOADING). Resolves with the first other answer.
 */
export async function retryWhileDataLoads<T>(attempt: () => Promise<T>, loadingPercent: (answer: T) => { percent: number; retryAfterSeconds?: number } | null): Promise<T> {
  const started = Date.now();
  for (;;) {
    const answer = await attempt();
    const loading = loadingPercent(answer);
    if (!loading || Date.now() - started > giveUpAfterMs) {
      if (!loading) dataLoading.loaded();
      return answer;
    }
    dataLoading.loading(loading.percent);
    await wait(Math.min(5, Math.max(1, loading.retryAfterSeconds ?? 2)) * 1000);
  }
}
