import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { priceSnapshotDirectory } from "../market-data/price-snapshot";
import { closeWorkerPool } from "../workers/worker-pool";
import { earningsWorker, snapshotPredictions } from "./earnings-compute";
import { earningsSnapshotDirectory } from "./earnings-files";

// Five companies of the bundled snapshots (earnings and prices), in a temporary folder.
const tickers = ["AAPL", "MSFT", "JPM", "KO", "PFE"];
let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "earnings-compute-"));
  fs.mkdirSync(path.join(folder, "earnings"));
  fs.mkdirSync(path.join(folder, "prices"));
  for (const ticker of tickers) fs.copyFileSync(path.join(earningsSnapshotDirectory, `${ticker}.csv`), path.join(folder, "earnings", `${ticker}.csv`));
  for (const file of fs.readdirSync(priceSnapshotDirectory).filter((name) => name.endsWith(".csv"))) {
    fs.copyFileSync(path.join(priceSnapshotDirectory, file), path.join(folder, "prices", file));
  }
  const gz = "sp500_daily_2018-2021.csv.gz";
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, gz))).toString("utf8").split("\n");
  const kept = [lines[0], ...lines.filter((line) => tickers.includes(line.slice(0, line.indexOf(","))))];
  fs.writeFileSync(path.join(folder, "prices", gz), zlib.gzipSync(`${kept.join("\n")}\n`));
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  await closeWorkerPool();
});

it("gives the same earnings predictions and evaluation in a worker as in-process", async () => {
  const args = [path.join(folder, "earnings"), path.join(folder, "prices")] as const;
  const inProcess = await snapshotPredictions(...args);
  expect(new Set(inProcess.predictions.map((prediction) => prediction.report.ticker))).toEqual(new Set(tickers));
  expect(inProcess.predictions.some((prediction) => prediction.features.priceMomentum !== null)).toBe(true);
  expect(await earningsWorker.run("snapshotPredictions", [...args])).toStrictEqual(inProcess);
});
