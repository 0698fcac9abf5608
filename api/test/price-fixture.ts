import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { projectRoot } from "../src/config/project-root";
import { priceSnapshotDirectory, readPriceSnapshot, type SnapshotSeries } from "../src/market-data/price-snapshot";
import { templateCacheDir } from "../src/db/pglite-template";

/**
 * The bundled price snapshot as readPriceSnapshot yields it, parsed once and kept in
 * node_modules/.cache/tickerscope (jest's global setup builds the whole-snapshot file before
 * the test files start): streaming and parsing the 375,000-bar CSV took seconds in each of the
 * test files that load prices. The file name carries a hash of the data (data/prices,
 * data/reference) and of the reader's code (price-snapshot.ts and every module it imports), so a
 * change to either parses again.
 */
export async function snapshotSeries(options: { through?: string } = {}): Promise<SnapshotSeries[]> {
  const file = priceCacheFile(options.through);
  if (fs.existsSync(file)) return v8.deserialize(fs.readFileSync(file)) as SnapshotSeries[];
  const series: SnapshotSeries[] = [];
  for await (const one of readPriceSnapshot({ through: options.through })) series.push(one);
  fs.mkdirSync(templateCacheDir, { recursive: true });
  // Written aside and renamed: two test files building the same one never see half a file.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, v8.serialize(series));
  fs.renameSync(partial, file);
  return series;
}

let inputsHash: string | undefined;

export function priceCacheFile(through?: string): string {
  inputsHash ??= hashInputs();
  return path.join(templateCacheDir, `prices-${inputsHash}${through ? `-through-${through}` : ""}.v8`);
}

function hashInputs(): string {
  const hash = crypto.createHash("sha256");
  const dataFiles = [priceSnapshotDirectory, path.join(projectRoot, "data", "reference")].flatMap((directory) =>
    fs.readdirSync(directory).sort().map((name) => path.join(directory, name)),
  );
  for (const file of [...dataFiles, ...sourceClosure(path.join(projectRoot, "api", "src", "market-data", "price-snapshot.ts"))]) {
    hash.update(path.relative(projectRoot, file));
    hash.update(fs.readFileSync(file));
  }
  hash.update(process.version);
  return hash.digest("hex").slice(0, 16);
}

/** The module and every module it imports by a relative path, transitively. */
function sourceClosure(entry: string): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const base = path.resolve(path.dirname(file), specifier);
      const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return [...found].sort();
}
