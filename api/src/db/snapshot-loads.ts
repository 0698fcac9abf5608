// Completion markers of the bundled snapshot loads (table snapshot_loads). A load writes its
// rows in many statements, so a start can be killed halfway; the marker is written only after
// the last row, and a start that does not find it for the files it would load loads again,
// skipping what an earlier attempt already stored.
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Database } from "./database";

/** A short hash of the bundled files a load reads: a new release of them loads again. */
export function snapshotVersion(files: string[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/** name → version of every finished load. */
export async function finishedSnapshotLoads(db: Database): Promise<Map<string, string>> {
  const rows = await db.prisma.snapshotLoad.findMany({ select: { name: true, version: true } });
  return new Map(rows.map((row) => [row.name, row.version]));
}

export async function markSnapshotLoaded(db: Database, name: string, version: string, rows: number): Promise<void> {
  const completedAt = new Date();
  await db.prisma.snapshotLoad.upsert({
    where: { name },
    create: { name, version, rows, completedAt },
    update: { version, rows, completedAt },
  });
}
