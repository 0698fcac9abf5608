// A build's inputs hashed, so `npm start` rebuilds (web app, server bundle) only after a change.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

function filesUnder(root: string, relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/**
 * sha256 over the names and contents of every file under `inputs` (paths relative to `root`), tests
 * left out, and over `root` itself: the server bundle holds absolute paths, so a moved checkout rebuilds.
 */
export function sourceHash(root: string, inputs: string[]): string {
  const hash = createHash("sha256").update(root);
  for (const file of inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

/**
 * Runs `build` unless `hashFile` holds the current hash of `inputs` (`force` always builds), then
 * records the hash. Returns whether it built.
 */
export async function buildUnlessCurrent(options: {
  root: string;
  inputs: string[];
  hashFile: string;
  force?: boolean;
  build: () => Promise<void>;
}): Promise<boolean> {
  const current = sourceHash(options.root, options.inputs);
  const built = fs.existsSync(options.hashFile) ? fs.readFileSync(options.hashFile, "utf8").trim() : null;
  if (built === current && !options.force) return false;
  await options.build();
  fs.mkdirSync(path.dirname(options.hashFile), { recursive: true });
  fs.writeFileSync(options.hashFile, `${current}\n`);
  return true;
}
