// The app's packages take about a second to load, all on the main thread. Loaded one at a time
// with a turn of the event loop after each, the boot app keeps answering meanwhile (a browser
// gets the web app's files and shows the first page while the server is still starting); the
// app's own import then finds them in the module cache.
import { createRequire } from "node:module";
import { setImmediate } from "node:timers/promises";

/** Roughly the heaviest first; each loads in well under 150 ms on a 2-core machine. */
const appPackages = [
  "graphql",
  "graphql-yoga",
  "express",
  "@prisma/client/runtime/client",
  "@electric-sql/pglite",
  "pglite-prisma-adapter",
  "@envelop/graphql-jit",
  "zod",
  "stripe",
  "ioredis",
  "pg",
  "@prisma/adapter-pg",
  "@pothos/core",
  "@pothos/plugin-prisma",
  "@pothos/plugin-relay",
  "@pothos/plugin-scope-auth",
  "@pothos/plugin-complexity",
  "pino-http",
  "express-session",
  "passport",
  "helmet",
  "compression",
  "rate-limiter-flexible",
  "lru-cache",
  "nodemailer",
  "rss-parser",
  "sentiment",
  "csv-parse/sync",
  "csv-parse",
  "fast-xml-parser",
  "saxes",
  "ml-matrix",
];

/** CommonJS loading, as the app's own imports (and so the same module cache). */
const load = createRequire(__filename);

export async function preloadPackages(signal: AbortSignal): Promise<void> {
  for (const name of appPackages) {
    signal.throwIfAborted();
    load(name);
    await setImmediate();
  }
}
