// The alert evaluation job: evaluates each data event this instance's passes announce, one at a
// time in the order they came. At start it evaluates every kind of event at the latest stored day
// for every ticker: that covers an event whose evaluation a stop or a crash cut short (its
// firings were not committed), and is skipped by its key once stored.
import type { AppDeps } from "../context";
import { storedPriceRange } from "../market-data/as-of";
import type { DataEvent } from "../shared/data-events";
import { DATA_EVENT_KINDS } from "./alert-conditions";
import { evaluateAlerts } from "./alert-evaluation";

export function scheduleAlertEvaluation(deps: AppDeps): () => Promise<void> {
  const events = deps.dataEvents.subscribe("data:changed");
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  const evaluate = (event: DataEvent) => {
    chain = chain.then(async () => {
      if (stopped) return;
      try {
        const day = event.day ?? (await storedPriceRange(deps.db))?.last;
        if (!day) return;
        const result = await evaluateAlerts(deps, { ...event, day, origin: "live" });
        if (result.firings > 0 || result.ms > 1000) deps.logger.info({ ...result, kind: event.kind, day }, "alerts evaluated");
      } catch (error) {
        deps.logger.error({ err: error, kind: event.kind, day: event.day }, "alert evaluation failed; it runs again at the next start");
      }
    });
  };
  // Listening starts now (the loop's first step is synchronous): an event announced during the
  // catch-up below waits its turn rather than being missed.
  void (async () => {
    for await (const event of events) evaluate(event);
  })().catch((error: unknown) => deps.logger.error({ err: error }, "alert evaluation stopped listening"));
  void storedPriceRange(deps.db).then(
    (range) => {
      if (range) for (const kind of DATA_EVENT_KINDS) evaluate({ kind, day: range.last, tickers: null });
    },
    (error: unknown) => deps.logger.error({ err: error }, "alert evaluation could not read the latest stored day"),
  );
  return async () => {
    stopped = true;
    await events.return?.();
    await chain;
  };
}
