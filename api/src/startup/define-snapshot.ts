// One shape for every bundled-data load that runs at start-up: the outline each loader used to
// repeat (enabled? → one instance at a time → skip when this version is in → load → marker) lives
// here, and a loader supplies only what differs: its files' version and how it stores them.
// A load writes its rows in many statements, so a start can be killed halfway; the marker is
// written only after the last row, and a start that does not find it loads again, skipping what
// an earlier attempt already stored (every load is idempotent).
import type { AppConfig } from "../config/config";
import type { AppDeps } from "../context";
import { waitAndRunExclusively } from "../db/run-exclusively";
import { finishedSnapshotLoads, markSnapshotLoaded } from "../db/snapshot-loads";

export type SnapshotDeps = Pick<AppDeps, "config" | "db" | "logger">;

/** What a start passes to a load: a stop signal, and a callback for the share done (0…1). */
export type LoadControl = { signal?: AbortSignal; onProgress?: (fraction: number) => void };

export type SkipReason = "disabled" | "already-loaded";

export type SnapshotSpec<Options extends object, Result extends { rows: number }> = {
  /** The snapshot_loads marker name, also its name in /readyz. */
  name: string;
  /** What a user is told is loading ("daily prices"). */
  title: string;
  /** pg advisory lock id: on PostgreSQL one instance loads, the others wait for it. */
  lockId: number;
  /** Roughly its share of a first start's loading time, for the percentage shown while loading. */
  weight: number;
  enabled(config: AppConfig): boolean;
  /** The version of what it loads (a hash of its files, plus a model version where one applies). */
  version(options: Options, config: AppConfig): string;
  /** Stores the data (resuming what an interrupted attempt stored); `rows` goes into the marker. */
  load(deps: SnapshotDeps, options: Options & LoadControl): Promise<Result>;
  /** The rows the marker records when not the rows stored now (e.g. all of them after a resumed load). */
  markerRows?(deps: SnapshotDeps, result: Result): Promise<number>;
  /** The result reported when nothing was loaded. */
  nothingLoaded: Omit<Result, "rows">;
};

export type Snapshot<Options extends object, Result extends { rows: number }> = {
  name: string;
  title: string;
  weight: number;
  enabled(config: AppConfig): boolean;
  /** Loads unless disabled (or `force`) or this version is in; returns what it did. */
  run(deps: SnapshotDeps, options?: Partial<Options> & LoadControl & { force?: boolean }): Promise<Result & { skipped?: SkipReason }>;
  /** Whether this version's marker is stored. */
  isLoaded(deps: Pick<AppDeps, "db" | "config">, options?: Partial<Options>): Promise<boolean>;
};

export function defineSnapshot<Options extends object, Result extends { rows: number }>(
  spec: SnapshotSpec<Options, Result>,
): Snapshot<Options, Result> {
  const skippedResult = (skipped: SkipReason) => ({ ...spec.nothingLoaded, rows: 0, skipped }) as Result & { skipped: SkipReason };
  const isCurrent = async (deps: Pick<AppDeps, "db" | "config">, options: Options) =>
    (await finishedSnapshotLoads(deps.db)).get(spec.name) === spec.version(options, deps.config);
  return {
    name: spec.name,
    title: spec.title,
    weight: spec.weight,
    enabled: spec.enabled,
    isLoaded: (deps, options = {}) => isCurrent(deps, options as Options),
    async run(deps, options = {}) {
      if (!spec.enabled(deps.config) && !options.force) return skippedResult("disabled");
      const fullOptions = options as Options & LoadControl;
      return waitAndRunExclusively(
        deps.db,
        spec.lockId,
        async () => {
          if (await isCurrent(deps, fullOptions)) return skippedResult("already-loaded");
          const result = await spec.load(deps, fullOptions);
          const rows = spec.markerRows ? await spec.markerRows(deps, result) : result.rows;
          await markSnapshotLoaded(deps.db, spec.name, spec.version(fullOptions, deps.config), rows);
          options.onProgress?.(1);
          return result;
        },
        { logger: deps.logger, what: `loading the bundled ${spec.title}`, signal: options.signal },
      );
    },
  };
}
