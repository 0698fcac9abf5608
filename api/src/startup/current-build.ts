// `npm start` runs the server bundle (api/dist/server.cjs) with plain Node: no TypeScript compiler
// to load at each start. The bundle first checks its own sources and the web app's: a changed web
// app is rebuilt, and a bundle older than its sources rebuilds itself and hands over to the new one.
import { spawn } from "node:child_process";
import { buildServer, serverBundle } from "../../build";
import { buildWeb } from "../../../web/build";

/** Whether this process runs from the bundle (under tsx, as in development and tests, it does not). */
export const runningFromBundle = () => __filename.endsWith(".cjs");

/**
 * Brings the web app and the server bundle up to date. Returns "current" when this process may go
 * on serving, or "handed-over" when it rebuilt the bundle and started it in a child process
 * (signals are passed on, and this process exits with the child's code).
 */
export async function ensureCurrentBuild(): Promise<"current" | "handed-over"> {
  await buildWeb();
  if (!(await buildServer())) return "current";
  const child = spawn(process.execPath, [...process.execArgv, serverBundle, ...process.argv.slice(2)], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return "handed-over";
}
