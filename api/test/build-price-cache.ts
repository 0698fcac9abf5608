// Parses the bundled price snapshot once per run, before the test files start (see price-fixture.ts).
import { snapshotSeries } from "./price-fixture";

snapshotSeries().catch((error) => {
  console.error(error);
  process.exit(1);
});
