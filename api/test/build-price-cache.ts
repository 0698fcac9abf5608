// Parses the bundled price snapshot once per run, before the test files start (see price-fixture.ts):
// the whole snapshot, and the cut-off variants the price tests load (a test file building one in its
// own setup waited for a whole parse of the file).
import { snapshotSeries } from "./price-fixture";

/** The `through` days the tests ask loadSnapshotPrices for (price-refresh, technicals-store). */
const cutOffDays = ["2020-08-28", "2020-09-02"];

(async () => {
  await snapshotSeries();
  for (const through of cutOffDays) await snapshotSeries({ through });
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
