// What a start has done so far, for /readyz, the data gate and the web app's loading notice: the
// port opens at once, and until the bundled data is in, data requests are answered with
// DATA_LOADING and the share loaded, never with an error or a half-loaded answer.
import { AppError } from "../errors/app-error";

export type StepState = "waiting" | "loading" | "loaded" | "skipped" | "failed";

type Step = { name: string; title: string; weight: number; state: StepState; fraction: number };

export type StartupStatus = {
  /** The database is open and migrated (requests other than data ones can be served). */
  readonly databaseReady: boolean;
  /** Every bundled-data load is done: data requests are served. */
  readonly dataReady: boolean;
  /** The bundled data loaded so far, 0…100 (by each load's weight). */
  loadedPercent(): number;
  /** Throws DATA_LOADING (503) unless the data is in. */
  requireData(): void;
  databaseOpened(): void;
  planSteps(steps: { name: string; title: string; weight: number }[]): void;
  stepProgress(name: string, state: StepState, fraction?: number): void;
  dataLoaded(): void;
  failed(): void;
  /** /readyz's body. */
  report(): { status: "starting" | "loading" | "ready" | "failed"; loadedPercent: number; steps: { name: string; state: StepState; percent: number }[] };
};

/** The weight of opening and migrating the database in the percentage. */
const databaseWeight = 2;

export function createStartupStatus(): StartupStatus {
  let databaseReady = false;
  let dataReady = false;
  let hasFailed = false;
  let steps: Step[] = [];
  const loadedPercent = () => {
    if (dataReady) return 100;
    const total = databaseWeight + steps.reduce((sum, step) => sum + step.weight, 0);
    const done = (databaseReady ? databaseWeight : 0) + steps.reduce((sum, step) => sum + step.weight * step.fraction, 0);
    return Math.min(99, Math.floor((100 * done) / total));
  };
  return {
    get databaseReady() {
      return databaseReady;
    },
    get dataReady() {
      return dataReady;
    },
    loadedPercent,
    requireData() {
      if (dataReady) return;
      const percent = loadedPercent();
      throw new AppError("DATA_LOADING", `Tickerscope is loading the bundled data (${percent} %). This answer follows once it is in.`, {
        retryAfterSeconds: 2,
        loadedPercent: percent,
      });
    },
    databaseOpened() {
      databaseReady = true;
    },
    planSteps(planned) {
      steps = planned.map((step) => ({ ...step, state: "waiting", fraction: 0 }));
    },
    stepProgress(name, state, fraction) {
      const step = steps.find((candidate) => candidate.name === name);
      if (!step) return;
      step.state = state;
      step.fraction = state === "loaded" || state === "skipped" ? 1 : Math.max(step.fraction, fraction ?? 0);
    },
    dataLoaded() {
      databaseReady = true;
      dataReady = true;
    },
    failed() {
      hasFailed = true;
    },
    report() {
      const status = hasFailed ? "failed" : dataReady ? "ready" : databaseReady ? "loading" : "starting";
      return {
        status,
        loadedPercent: loadedPercent(),
        steps: steps.map((step) => ({ name: step.name, state: step.state, percent: Math.floor(step.fraction * 100) })),
      };
    },
  };
}

/** The status of an app whose data is already in (tests, scripts). */
export function readyStartupStatus(): StartupStatus {
  const status = createStartupStatus();
  status.dataLoaded();
  return status;
}
