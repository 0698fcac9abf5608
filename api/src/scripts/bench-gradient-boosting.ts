// `npm run bench:gradient-boosting`: how fast the AI picks' gradient-boosted trees
// fit and predict, on synthetic rows shaped like the model's (20 inputs, each a centred rank; the
// target the rank of a nonlinear signal plus noise).
//  1. A fit of 60 depth-3 trees (learning rate 0.05, ≥ 200 rows a leaf) on 10k, 45k and 100k rows:
//     median of 3 after one unmeasured warm-up. Aim: 45k rows under 0.3 s, since a pass makes ~200
//     fits in a worker within 60 s.
//  2. Predictions and contributions for 500 rows with the 45k-row model: median of 3.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { seededRandom } from "../shared/statistics";
import { benchEnvironment, log, median, ms, printReport, runBench, sample } from "../bench/harness";
import { contributionsOf, fitGradientBoosting, predictGradientBoosting, type GradientBoostingModel, type GradientBoostingOptions } from "../ai-picks/gradient-boosting";
import { centredRanks } from "../ai-picks/model";

const INPUTS = 20;
const OPTIONS: GradientBoostingOptions = { trees: 60, depth: 3, learningRate: 0.05, minSamplesPerLeaf: 200 };
const SIZES = [10_000, 45_000, 100_000];
const SCORED_ROWS = 500;

function syntheticRows(samples: number, seed: number): { rows: Float64Array; targets: Float64Array } {
  const random = seededRandom(seed);
  const rows = new Float64Array(samples * INPUTS);
  const signal = new Float64Array(samples);
  for (let sample = 0; sample < samples; sample++) {
    const row = rows.subarray(sample * INPUTS, (sample + 1) * INPUTS);
    for (let input = 0; input < INPUTS; input++) row[input] = random() - 0.5;
    signal[sample] = 0.3 * Math.sign(row[0]) + 0.2 * row[1] * Number(row[2] > 0) + 0.1 * row[3] ** 2 + (random() - 0.5);
  }
  return { rows, targets: centredRanks(signal) };
}

async function main() {
  const environment = benchEnvironment("none (synthetic rows in memory)");
  const fits: { rows: number; medianMs: number }[] = [];
  const models = new Map<number, GradientBoostingModel>();
  for (const samples of SIZES) {
    const { rows, targets } = syntheticRows(samples, samples);
    const times = await sample(() => models.set(samples, fitGradientBoosting(rows, INPUTS, targets, OPTIONS)), { runs: 3, warmUp: 1 });
    fits.push({ rows: samples, medianMs: median(times) });
    log(`  fit on ${samples} rows: ${ms(median(times))} ms (runs ${times.map((time) => ms(time)).join(", ")})`);
  }
  const scoringModel = models.get(45_000)!;
  const scored = syntheticRows(SCORED_ROWS, 1);
  const timeRows = async (score: (row: number) => unknown) => median(await sample(() => { for (let row = 0; row < SCORED_ROWS; row++) score(row); }, { runs: 3, warmUp: 1 }));
  const predictMs = await timeRows((row) => predictGradientBoosting(scoringModel, scored.rows, row));
  const contributionsMs = await timeRows((row) => contributionsOf(scoringModel, scored.rows, row));
  printReport({
    bench: "gradient-boosting",
    environment,
    tables: [
      {
        title: `Fit: ${OPTIONS.trees} trees of depth ${OPTIONS.depth}, ${INPUTS} inputs, 32 bins (median of 3)`,
        columns: ["rows", "fit ms"],
        rows: fits.map((fit) => [fit.rows.toLocaleString("en-US"), ms(fit.medianMs)]),
      },
      {
        title: `${SCORED_ROWS} rows scored with the 45,000-row model (median of 3)`,
        columns: ["step", "ms"],
        rows: [
          ["predictGradientBoosting", ms(predictMs, 2)],
          ["contributionsOf", ms(contributionsMs, 2)],
        ],
      },
    ],
    notes: ["Aim: a 45,000-row fit under 300 ms (a pass makes ~200 fits in a worker within 60 s)."],
    results: { options: OPTIONS, inputs: INPUTS, fits, scoredRows: SCORED_ROWS, predictMs, contributionsMs },
  });
}

runBench(main);
