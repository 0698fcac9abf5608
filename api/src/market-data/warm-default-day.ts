// After a start, the day the web opens at offline (the data coverage's default as-of day) gets its
// indicators in memory ahead of the first visit: on a restart the first screener view waited about
// 3 s for every bar to be read and the day computed; it now finds them, and any other past day then
// costs only its own computation. Off the request path: the bars are read in short steps and the day
// is computed in a worker. Live (no default day) there is nothing to do: views show the latest data.
import type { AppDeps } from "../context";
import { currentDataCoverage } from "../data-coverage/data-coverage";

/** Starts reading the default day's indicators; returns a stop that leaves the reads to end with the database. */
export function warmDefaultDay(deps: Pick<AppDeps, "db" | "technicals" | "logger">): () => void {
  let stopped = false;
  void (async () => {
    const { defaultAsOf } = await currentDataCoverage(deps.db);
    if (defaultAsOf && !stopped) await deps.technicals.asOf(defaultAsOf);
  })().catch((error: unknown) => {
    if (!stopped) deps.logger.warn({ err: error }, "the default as-of day's indicators were not read ahead; the first view reads them");
  });
  return () => {
    stopped = true;
  };
}
