import { areaUnderCurve, reliabilityTable } from "./evaluation";

describe("evaluation scores", () => {
  it("AUC is 1 for a perfect ranking, 0.5 for ties, and counts ties as half", () => {
    expect(areaUnderCurve([0.9, 0.8, 0.2, 0.1], [1, 1, 0, 0])).toBe(1);
    expect(areaUnderCurve([0.5, 0.5, 0.5, 0.5], [1, 0, 1, 0])).toBe(0.5);
    expect(areaUnderCurve([0.1, 0.9, 0.5, 0.5], [1, 0, 1, 0])).toBeCloseTo(0.125, 10);
  });

  it("bins probabilities in tenths, 1.0 in the last bin", () => {
    const bins = reliabilityTable([0.05, 0.85, 0.86, 1], [0, 1, 0, 1]);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toMatchObject({ count: 1, meanPredicted: 0.05, observedRate: 0 });
    expect(bins[8]).toMatchObject({ count: 2, observedRate: 0.5 });
    expect(bins[8].meanPredicted).toBeCloseTo(0.855, 10);
    expect(bins[9]).toMatchObject({ count: 1, observedRate: 1 });
    expect(bins[4]).toMatchObject({ count: 0, meanPredicted: null });
  });
});
