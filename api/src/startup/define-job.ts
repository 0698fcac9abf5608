import type { AppConfig } from "../config/config";
import type { AppDeps } from "../context";

/**
 * A background job the server starts once the bundled data is in (a schedule, or a pass that
 * runs once across instances); `start` returns how to stop it, waiting for a running pass.
 */
export type Job = {
  name: string;
  /** Throws a ConfigError for a bad setting; run before anything else starts. */
  check?(config: AppConfig): void;
  start(deps: AppDeps): () => void | Promise<void>;
};

export const defineJob = (job: Job): Job => job;
