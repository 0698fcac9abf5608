// npm run eval:earnings -- <dir-of-csv>: the earnings beat model's walk-forward evaluation over
// every reported quarter in a folder of files shaped like data/earnings/sp100_earnings_history/.
// Each prediction uses only earlier quarters of that company, and the pooled prior and the fit
// come from the bundled set's reports dated before it.
import path from "node:path";
import { EARNINGS_MODEL_VERSION, walkForward } from "../earnings/beat-model";
import { bundledCloses } from "../earnings/bundled-closes";
import { readEarningsDirectory } from "../earnings/earnings-files";
import { sectorOf } from "../earnings/earnings-snapshot";
import { evaluatePredictions } from "../earnings/evaluation";

async function main() {
  const argument = process.argv[2];
  if (!argument) {
    console.error("usage: npm run eval:earnings -- <dir-of-csv>");
    process.exit(2);
  }
  const started = performance.now();
  const pool = readEarningsDirectory();
  const targets = readEarningsDirectory(path.resolve(argument));
  const prices = await bundledCloses([...pool.keys(), ...targets.keys()]);
  const predictions = walkForward(pool, targets, { sectorOf, prices });
  const summary = evaluatePredictions(predictions);
  const ms = Math.round(performance.now() - started);
  const f = (value: number, digits = 4) => value.toFixed(digits);
  console.log(`model ${EARNINGS_MODEL_VERSION}, ${targets.size} companies in ${argument}, reports ${summary.firstReport} → ${summary.lastReport}`);
  console.log(`n ${summary.reports} (warm-up left out: ${summary.warmUpReports}), base rate ${f(summary.baseRate)}`);
  console.table({
    model: { brier: f(summary.brierModel) },
    "constant base rate": { brier: f(summary.brierBaseRate) },
    "company's raw beat rate": { brier: f(summary.brierRawRate) },
  });
  const signed = (value: number | null, digits = 4) => (value === null ? "n/a" : `${value >= 0 ? "+" : ""}${value.toFixed(digits)}`);
  console.log(
    `Brier skill score vs the constant base rate: ${signed(summary.brierSkillScore)}, 95 % block-bootstrap interval over months ` +
      `${signed(summary.brierSkillLow)} to ${signed(summary.brierSkillHigh)}: ${summary.skillSignificant ? "significant" : "not significant"}`,
  );
  console.log(
    `accuracy (≥ 0.5 calls a beat) ${f(summary.accuracy)} vs always calling a beat ${f(summary.alwaysBeatAccuracy)}: ` +
      `difference ${signed(summary.accuracy - summary.alwaysBeatAccuracy)}, 95 % interval ${signed(summary.accuracyGainLow)} to ${signed(summary.accuracyGainHigh)}`,
  );
  console.log(`log loss ${f(summary.logLoss)}, AUC ${f(summary.auc)}, ECE ${f(summary.ece)}`);
  console.table(
    summary.reliability.map((bin) => ({
      bin: `${f(bin.from, 1)}–${f(bin.to, 1)}`,
      n: bin.count,
      "mean predicted": bin.meanPredicted === null ? "" : f(bin.meanPredicted, 3),
      observed: bin.observedRate === null ? "" : f(bin.observedRate, 3),
    })),
  );
  const all = evaluatePredictions(predictions, { warmUp: 0 });
  console.log(
    `including the warm-up: n ${all.reports}, Brier skill score ${signed(all.brierSkillScore)} (95 % interval ${signed(all.brierSkillLow)} to ${signed(all.brierSkillHigh)}), ECE ${f(all.ece)}`,
  );
  const aim = summary.brierSkillScore > 0 && summary.ece <= 0.05;
  console.log(`aim (Brier skill score > 0 and ECE ≤ 0.05): ${aim ? "met" : "missed"}; run time ${ms} ms`);
}

void main();
