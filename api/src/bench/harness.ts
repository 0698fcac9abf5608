// What every `npm run bench:*` script shares: one percentile definition, timing helpers, the
// environment a number was measured in, and one way of printing results (a markdown table for
// people, then one JSON line for machines, both on stdout; progress goes to stderr).
//
// NODE_ENV: every bench measures the app as production runs it. Loading this module sets
// NODE_ENV=production (package.json's bench lines no longer set it), so each bench script imports
// this module FIRST, before any app module: some read NODE_ENV when they load (the GraphQL schema
// builder does). A different NODE_ENV given on the command line is overridden, with a note.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

const givenNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
if (givenNodeEnv && givenNodeEnv !== "production" && process.env.JEST_WORKER_ID === undefined) {
  process.stderr.write(`bench: NODE_ENV=${givenNodeEnv} overridden; benchmarks always run with NODE_ENV=production\n`);
}

/** Progress for the person watching: stderr, so stdout holds only the report. */
export const log = (message: string) => process.stderr.write(`${message}\n`);

// ─── Percentiles ────────────────────────────────────────────────────────────────────────────────

/**
 * The nearest-rank percentile: the smallest value with at least `share` (0–1] of the values at or
 * below it. It is always one of the measured values (no interpolation). For an even count the
 * median is the lower of the two middle values. NaN for no values.
 */
export function percentile(values: readonly number[], share: number): number {
  if (!(share > 0 && share <= 1)) throw new RangeError(`percentile share must be in (0, 1], got ${share}`);
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return nearestRank(sorted, share);
}

function nearestRank(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/** The median (nearest rank: the lower middle value for an even count). */
export const median = (values: readonly number[]) => percentile(values, 0.5);

export type Percentiles = { runs: number; p50: number; p95: number; p99: number; max: number };

/** p50, p95, p99 and max of `values` (nearest rank, see `percentile`); NaN for each when empty. */
export function percentiles(values: readonly number[]): Percentiles {
  if (values.length === 0) return { runs: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  return { runs: sorted.length, p50: nearestRank(sorted, 0.5), p95: nearestRank(sorted, 0.95), p99: nearestRank(sorted, 0.99), max: sorted[sorted.length - 1] };
}

// ─── Timing ─────────────────────────────────────────────────────────────────────────────────────

/** The result of `task` and how long it took, in milliseconds. */
export async function timed<T>(task: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const result = await task();
  return [result, performance.now() - started];
}

export type SampleOptions = {
  /** Measured calls. */
  runs: number;
  /** Calls made first and not measured (JIT, caches, prepared plans). Default 0. */
  warmUp?: number;
  /** Run after every call, warm-ups included, outside the measured time (e.g. flush a background write). */
  after?: () => Promise<unknown> | unknown;
  /**
   * true: `call` answers its own duration in ms (e.g. an HTTP client's time for one request), which
   * is used instead of the time around the call. Default false: the wall time around `call`.
   */
  reported?: boolean;
};

/** Calls `call` `warmUp` + `runs` times, one after another; answers the `runs` measured durations (ms). */
export async function sample(call: () => Promise<unknown> | unknown, options: SampleOptions): Promise<number[]> {
  for (let warm = 0; warm < (options.warmUp ?? 0); warm++) {
    await call();
    await options.after?.();
  }
  const times: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const started = performance.now();
    const answer = await call();
    const elapsed = performance.now() - started;
    if (options.reported) {
      if (typeof answer !== "number" || !Number.isFinite(answer)) throw new TypeError(`a reported-time call answered ${String(answer)}, not a duration`);
      times.push(answer);
    } else times.push(elapsed);
    await options.after?.();
  }
  return times;
}

/** `sample`, summarised: p50/p95/p99/max of the measured calls. */
export async function measure(call: () => Promise<unknown> | unknown, options: SampleOptions): Promise<Percentiles> {
  return percentiles(await sample(call, options));
}

// ─── Environment ────────────────────────────────────────────────────────────────────────────────

export type BenchEnvironment = {
  measuredAt: string;
  node: string;
  cpu: string;
  cpus: number;
  /** 1, 5 and 15-minute load averages when the bench started (the machine may be shared). */
  loadAverage: number[];
  /** The same when the report was printed. */
  loadAverageAtEnd?: number[];
  nodeEnv: string | undefined;
  database: string;
  /** Short commit hash, "-dirty" when tracked files differ from it; "unknown" outside a git checkout. */
  commit: string;
};

const repositoryRoot = path.resolve(__dirname, "../../..");

function gitCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repositoryRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 10_000 }).trim();
    const commit = git("rev-parse", "--short=12", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? `${commit}-dirty` : commit;
  } catch {
    return "unknown";
  }
}

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

/** A database as the report names it: its kind, and for PostgreSQL its host and name (never credentials). */
export function describeDatabase(database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string }): string {
  if (database.kind === "pglite") return "PGlite (embedded, temporary folder)";
  try {
    const url = new URL(database.url);
    return `PostgreSQL (${url.host}${url.pathname})`;
  } catch {
    return "PostgreSQL";
  }
}

/** Where and how this run measures: node, CPU, load, NODE_ENV, `database` (what the bench runs on), git commit. */
export function benchEnvironment(database: string): BenchEnvironment {
  const cpus = os.cpus();
  return {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpu: cpus[0]?.model?.trim() || "unknown",
    cpus: cpus.length,
    loadAverage: loadAverage(),
    nodeEnv: process.env.NODE_ENV,
    database,
    commit: gitCommit(),
  };
}

const loads = (values: number[]) => values.map((load) => load.toFixed(2)).join(" / ");

/** The environment as the lines under a report's title. */
export function formatEnvironment(environment: BenchEnvironment): string {
  return [
    `- node ${environment.node}, NODE_ENV=${environment.nodeEnv ?? "(unset)"}`,
    `- ${environment.cpus} × ${environment.cpu}, load average (1 / 5 / 15 min) ${loads(environment.loadAverage)} at start` +
      (environment.loadAverageAtEnd ? `, ${loads(environment.loadAverageAtEnd)} at end` : ""),
    `- database: ${environment.database}`,
    `- commit ${environment.commit}, measured ${environment.measuredAt}`,
  ].join("\n");
}

// ─── Tables and the report ──────────────────────────────────────────────────────────────────────

export type Cell = string | number | null | undefined;

export type Table = {
  title?: string;
  columns: string[];
  rows: Cell[][];
  /** Per column; by default a column whose every filled cell is a number (or reads as one) is right-aligned. */
  align?: ("left" | "right")[];
};

/** ms with one decimal (or `digits`); "–" for a missing value. */
export function ms(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits);
}

/** The cells of the four percentile columns (`percentileColumns`), in ms. */
export function percentileCells(result: Percentiles, digits = 1): string[] {
  return [ms(result.p50, digits), ms(result.p95, digits), ms(result.p99, digits), ms(result.max, digits)];
}

export const percentileColumns = ["p50 ms", "p95 ms", "p99 ms", "max ms"];

const numeric = /^[-+]?(\d[\d,]*(\.\d+)?|\.\d+)\s?(ms|s|%|×|x)?$/;

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isInteger(cell) ? String(cell) : cell.toFixed(1);
  return cell;
}

/** A markdown table with padded columns: readable as text, and renders as a table when pasted. */
export function formatTable(table: Table): string {
  const escape = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const rows = table.rows.map((row) => table.columns.map((_, column) => escape(cellText(row[column]))));
  const header = table.columns.map(escape);
  const align = table.columns.map((_, column) => {
    const given = table.align?.[column];
    if (given) return given;
    const filled = rows.map((row) => row[column]).filter((text) => text !== "" && text !== "–");
    return filled.length > 0 && filled.every((text) => numeric.test(text)) ? "right" : "left";
  });
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => row[column].length)));
  const pad = (text: string, column: number) => (align[column] === "right" ? text.padStart(widths[column]) : text.padEnd(widths[column]));
  const line = (cells: string[]) => `| ${cells.map(pad).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (align[column] === "right" ? `${"-".repeat(width + 1)}:` : `:${"-".repeat(width + 1)}`)).join("|")}|`;
  return [...(table.title ? [`### ${table.title}`, ""] : []), line(header), rule, ...rows.map(line)].join("\n");
}

/** Floats rounded to 4 decimals in the JSON line (ms to a tenth of a microsecond; ratios to 1e-4). */
const roundFloats = (_key: string, value: unknown) => (typeof value === "number" && !Number.isInteger(value) && Number.isFinite(value) ? Number(value.toFixed(4)) : value);

export type Report = {
  /** The bench's name, as in `npm run bench:<name>`. */
  bench: string;
  environment: BenchEnvironment;
  tables: Table[];
  /** Lines printed after the tables (what the numbers mean, aims, caveats). */
  notes?: string[];
  /** Every number of the run, for the JSON line. */
  results: unknown;
};

/** The report as text: title, environment, tables, notes, then the JSON line last. */
export function formatReport(report: Report): string {
  const json = JSON.stringify({ bench: report.bench, environment: report.environment, results: report.results }, roundFloats);
  return [
    `## bench:${report.bench}`,
    "",
    formatEnvironment(report.environment),
    "",
    ...report.tables.flatMap((table) => [formatTable(table), ""]),
    ...(report.notes?.length ? [...report.notes, ""] : []),
    json,
    "",
  ].join("\n");
}

/** Prints the report on stdout: the human-readable part, then one JSON line (the last line). */
export function printReport(report: Report): void {
  const environment = { ...report.environment, loadAverageAtEnd: report.environment.loadAverageAtEnd ?? loadAverage() };
  process.stdout.write(`\n${formatReport({ ...report, environment })}`);
}

/** Runs a bench's `main`; a failure is printed on stderr and the process exits with 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
