import type { Prediction } from "./beat-model";
import { areaUnderCurve, evaluatePredictions, reliabilityTable } from "./evaluation";

/** A scored prediction past the warm-up: only what evaluatePredictions reads. */
function prediction(date: string, probability: number, beat: boolean): Prediction {
  return {
    report: { ticker: "T", announcedAt: `${date}T16:00:00-05:00`, date, reportTime: "after_close", consensusEps: 1, actualEps: beat ? 1.1 : 0.9, surprisePercent: null },
    features: { pooledReports: 1000, pooledRate: 0.8, rawRate: null } as Prediction["features"],
    probability,
    fitted: true,
  };
}

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

  it("scores accuracy against always calling a beat, with month-block intervals around the estimates", () => {
    // Two years of months, 5 reports each: 4 beats the model calls at 0.9, 1 miss it calls at 0.3.
    const months = Array.from({ length: 24 }, (_, index) => `${2021 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
    const predictions = months.flatMap((month) => [1, 2, 3, 4, 5].map((day) => prediction(`${month}-0${day}`, day === 5 ? 0.3 : 0.9, day !== 5)));
    const summary = evaluatePredictions(predictions);
    expect(summary.accuracy).toBe(1);
    expect(summary.alwaysBeatAccuracy).toBeCloseTo(0.8, 12);
    // Every month alike: every resample gives the same figures.
    expect(summary.brierSkillLow).toBeCloseTo(summary.brierSkillScore, 12);
    expect(summary.brierSkillHigh).toBeCloseTo(summary.brierSkillScore, 12);
    expect(summary.brierSkillScore).toBeGreaterThan(0);
    expect(summary.skillSignificant).toBe(true);
    expect(summary.accuracyGainLow).toBeCloseTo(0.2, 12);
  });

  it("leaves the intervals out under 3 months, and the skill not significant", () => {
    const summary = evaluatePredictions([prediction("2021-01-05", 0.9, true), prediction("2021-02-05", 0.2, false), prediction("2021-02-08", 0.6, true)]);
    expect(summary).toMatchObject({ brierSkillLow: null, brierSkillHigh: null, accuracyGainLow: null, accuracyGainHigh: null, skillSignificant: false, accuracy: 1 });
  });
});
