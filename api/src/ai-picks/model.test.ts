import { addSamples, centredRanks, emptyNormalEquations, fitPlatt, logistic, solveRidge, spearman } from "./model";

describe("centredRanks", () => {
  it("spreads values over (−0.5, 0.5), shares ties and puts missing values in the middle", () => {
    expect(Array.from(centredRanks([30, 10, 20, 20, Number.NaN]))).toEqual([0.375, -0.375, 0, 0, 0]);
  });
});

describe("spearman", () => {
  it("is 1 for any increasing relation, −1 for a decreasing one, and null under three pairs", () => {
    expect(spearman([1, 2, 3, 4], [10, 100, 1_000, 10_000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([1, Number.NaN, 3], [1, 2, 3])).toBeNull();
  });
});

describe("solveRidge", () => {
  it("recovers the weights of an exact linear relation when the penalty is tiny, and shrinks them when it is not", () => {
    const rows = new Float64Array([0.1, -0.2, 0.3, 0.4, -0.5, 0.1, 0.2, 0.2, -0.3, -0.1]);
    const targets = new Float64Array(5).map((_, sample) => 0.05 + 2 * rows[sample * 2] - rows[sample * 2 + 1]);
    const sums = emptyNormalEquations(2);
    addSamples(sums, rows, targets);
    const exact = solveRidge(sums, 1e-12);
    expect(exact.intercept).toBeCloseTo(0.05, 8);
    expect(exact.weights[0]).toBeCloseTo(2, 8);
    expect(exact.weights[1]).toBeCloseTo(-1, 8);
    const shrunk = solveRidge(sums, 1);
    expect(Math.abs(shrunk.weights[0])).toBeLessThan(2);
  });
});

describe("fitPlatt", () => {
  it("recovers the logistic curve that generated the labels", () => {
    // Labels drawn deterministically: at each score, the share of ones follows σ(0.2 + 8·s).
    const scores: number[] = [];
    const labels: number[] = [];
    for (let step = -20; step <= 20; step++) {
      const score = step / 40;
      const ones = Math.round(logistic(0.2 + 8 * score) * 200);
      for (let draw = 0; draw < 200; draw++) {
        scores.push(score);
        labels.push(draw < ones ? 1 : 0);
      }
    }
    const { intercept, slope } = fitPlatt(scores, labels);
    expect(intercept).toBeCloseTo(0.2, 1);
    expect(slope).toBeCloseTo(8, 0);
  });
});
