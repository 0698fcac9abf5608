import { seededRandom } from "../shared/statistics";
import { contributionsOf, fitGradientBoosting, predictGradientBoosting, type GradientBoostingOptions, type TreeNode } from "./gradient-boosting";

const INPUTS = 4;

/** Uniform ranks on 4 inputs; the target is 0.3·sign(x0) + 0.2·x1·(x2 > 0), and x3 is noise. */
function nonlinearSamples(samples: number, seed: number) {
  const random = seededRandom(seed);
  const rows = new Float64Array(samples * INPUTS).map(() => random() - 0.5);
  const targets = new Float64Array(samples).map((_, sample) => {
    const [x0, x1, x2] = rows.subarray(sample * INPUTS, sample * INPUTS + 3);
    return 0.3 * Math.sign(x0) + 0.2 * x1 * Number(x2 > 0);
  });
  return { rows, targets, samples };
}

const OPTIONS: GradientBoostingOptions = { trees: 100, depth: 3, learningRate: 0.1, minSamplesPerLeaf: 20 };

/** The leaf a row reaches in one tree, and how many splits it passed. */
function leafOf(tree: TreeNode[], rows: Float64Array, row: number): { leaf: number; depth: number } {
  let [leaf, depth] = [0, 0];
  for (; tree[leaf].input >= 0; depth++) leaf = rows[row * INPUTS + tree[leaf].input] <= tree[leaf].threshold ? tree[leaf].left : tree[leaf].right;
  return { leaf, depth };
}

describe("fitGradientBoosting", () => {
  it("learns a nonlinear function far better than a constant on held-out rows", () => {
    const training = nonlinearSamples(4_000, 1);
    const heldOut = nonlinearSamples(1_000, 2);
    const model = fitGradientBoosting(training.rows, INPUTS, training.targets, OPTIONS);
    const mean = training.targets.reduce((sum, target) => sum + target, 0) / training.samples;
    let [modelError, constantError] = [0, 0];
    for (let row = 0; row < heldOut.samples; row++) {
      modelError += (predictGradientBoosting(model, heldOut.rows, row) - heldOut.targets[row]) ** 2;
      constantError += (mean - heldOut.targets[row]) ** 2;
    }
    // sign(x0) alone leaves about 2% of the variance: under 0.5% means the interaction was learned too.
    expect(modelError / constantError).toBeLessThan(0.005);
  });

  it("grows no deeper than depth and leaves at least minSamplesPerLeaf training rows in every leaf", () => {
    const { rows, targets, samples } = nonlinearSamples(1_000, 3);
    const model = fitGradientBoosting(rows, INPUTS, targets, { trees: 20, depth: 2, learningRate: 0.1, minSamplesPerLeaf: 150 });
    let deepest = 0;
    for (const tree of model.trees) {
      const rowsPerLeaf = new Map<number, number>();
      for (let row = 0; row < samples; row++) {
        const { leaf, depth } = leafOf(tree, rows, row);
        rowsPerLeaf.set(leaf, (rowsPerLeaf.get(leaf) ?? 0) + 1);
        deepest = Math.max(deepest, depth);
      }
      expect(Math.min(...rowsPerLeaf.values())).toBeGreaterThanOrEqual(150);
    }
    expect(deepest).toBe(2);
  });

  it("keeps every tree a single leaf when no split can leave minSamplesPerLeaf on each side", () => {
    const { rows, targets, samples } = nonlinearSamples(300, 4);
    const model = fitGradientBoosting(rows, INPUTS, targets, { ...OPTIONS, minSamplesPerLeaf: 151 });
    expect(model.trees.every((tree) => tree.length === 1)).toBe(true);
    const mean = targets.reduce((sum, target) => sum + target, 0) / samples;
    expect(predictGradientBoosting(model, rows, 0)).toBeCloseTo(mean, 12);
  });

  it("sends a value on a bin edge to the side it was trained on", () => {
    // Values sit exactly on edges of 4 bins (−0.25, 0, 0.25) and the step is at 0, inclusive on the left.
    const values = [-0.5, -0.25, 0, 0.25, 0.5];
    const rows = new Float64Array(500).map((_, sample) => values[sample % values.length]);
    const targets = rows.map((value) => (value <= 0 ? -0.2 : 0.2));
    const model = fitGradientBoosting(rows, 1, targets, { trees: 30, depth: 1, learningRate: 0.5, minSamplesPerLeaf: 1, bins: 4 });
    expect(model.trees[0][0].threshold).toBe(0);
    expect(predictGradientBoosting(model, new Float64Array([0]), 0)).toBeCloseTo(-0.2, 6);
    expect(predictGradientBoosting(model, new Float64Array([0.25]), 0)).toBeCloseTo(0.2, 6);
  });

  it("gives the same model for the same seed, and another for another seed, when subsampling", () => {
    const { rows, targets } = nonlinearSamples(2_000, 5);
    const options = { ...OPTIONS, trees: 20, subsample: 0.5 };
    const first = fitGradientBoosting(rows, INPUTS, targets, { ...options, seed: 7 });
    expect(fitGradientBoosting(rows, INPUTS, targets, { ...options, seed: 7 })).toEqual(first);
    expect(fitGradientBoosting(rows, INPUTS, targets, { ...options, seed: 8 })).not.toEqual(first);
  });

  it("rejects options it cannot honour", () => {
    const { rows, targets } = nonlinearSamples(10, 6);
    expect(() => fitGradientBoosting(rows, INPUTS, targets, { ...OPTIONS, bins: 300 })).toThrow(RangeError);
    expect(() => fitGradientBoosting(rows, INPUTS + 1, targets, OPTIONS)).toThrow(RangeError);
    expect(() => fitGradientBoosting(rows, INPUTS, targets, { ...OPTIONS, subsample: 0 })).toThrow(RangeError);
  });
});

describe("contributionsOf", () => {
  it("sums to the prediction less the base, crediting only the inputs the target depends on", () => {
    const { rows, targets, samples } = nonlinearSamples(2_000, 9);
    // Subsampled, so each tree's root mean differs from zero and must be folded into the base.
    const model = fitGradientBoosting(rows, INPUTS, targets, { ...OPTIONS, subsample: 0.7, seed: 3 });
    let noiseShare = 0;
    for (let row = 0; row < samples; row += 97) {
      const contributions = contributionsOf(model, rows, row);
      const total = contributions.reduce((sum, contribution) => sum + contribution, 0);
      expect(Math.abs(total - (predictGradientBoosting(model, rows, row) - model.base))).toBeLessThan(1e-9);
      noiseShare = Math.max(noiseShare, Math.abs(contributions[3]) / contributions.reduce((sum, contribution) => sum + Math.abs(contribution), 0));
    }
    expect(noiseShare).toBeLessThan(0.1);
  });
});

describe("the model as JSON", () => {
  it("predicts and explains the same after a round trip", () => {
    const { rows, targets } = nonlinearSamples(1_000, 10);
    const model = fitGradientBoosting(rows, INPUTS, targets, { ...OPTIONS, trees: 30, subsample: 0.8, seed: 1 });
    const restored = JSON.parse(JSON.stringify(model)) as typeof model;
    for (let row = 0; row < 50; row++) {
      expect(predictGradientBoosting(restored, rows, row)).toBe(predictGradientBoosting(model, rows, row));
      expect(contributionsOf(restored, rows, row)).toEqual(contributionsOf(model, rows, row));
    }
  });
});
