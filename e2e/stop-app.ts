import fs from "node:fs";
import { stateFile } from "./start-app";

export default async function stopApp() {
  if (!fs.existsSync(stateFile)) return;
  const { pid, dataDir } = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { pid: number; dataDir: string };
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // already gone
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
}
