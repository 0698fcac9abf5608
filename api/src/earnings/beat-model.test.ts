import { readEarningsDirectory, type EarningsReport } from "./earnings-files";
import { evaluatePredictions } from "./evaluation";
import {
  fitLogistic,
  momentumLabel,
  priceMomentumBefore,
  priorStrength,
  volatilityLabel,
  walkForward,
  type DailyClose,
} from "./beat-model";

/** 40 companies × 12 quarters, dated from 2020: the first 20 beat by 5 % every time, the others beat every other quarter. */
function syntheticReports(): Map<string, EarningsReport[]> {
  const byTicker = new Map<string, EarningsReport[]>();
  for (let company = 0; company < 40; company++) {
    const ticker = `C${company}`;
    const reports: EarningsReport[] = [];
    for (let quarter = 0; quarter < 12; quarter++) {
      const month = String((quarter % 4) * 3 + 1).padStart(2, "0");
      const date = `${2020 + Math.floor(quarter / 4)}-${month}-${String(10 + (company % 15)).padStart(2, "0")}`;
      const beat = company < 20 || quarter % 2 === 0;
      reports.push({
        ticker,
        announcedAt: `${date}T16:00:00-05:00`,
        date,
        reportTime: "after_close",
        consensusEps: 1,
        actualEps: beat ? 1.05 : 0.95,
        surprisePercent: beat ? 5 : -5,
      });
    }
    byTicker.set(ticker, reports);
  }
  return byTicker;
}

const noPrices = () => undefined;
const noSector = () => null;

describe("the beat model", () => {
  it("estimates the beta prior's strength from how much companies' rates differ", () => {
    const alike = Array.from({ length: 20 }, () => ({ reports: 10, beats: 8 }));
    expect(priorStrength(alike, 0.8)).toBe(50);
    const apart = Array.from({ length: 20 }, (_, index) => ({ reports: 10, beats: index % 2 === 0 ? 10 : 4 }));
    expect(priorStrength(apart, 0.7)).toBeGreaterThanOrEqual(2);
    expect(priorStrength(apart, 0.7)).toBeLessThan(5);
    expect(priorStrength(alike.slice(0, 5), 0.8)).toBe(10);
  });

  it("shrinks a short history towards the pooled rate and learns the steady beaters", () => {
    const predictions = walkForward(syntheticReports(), syntheticReports(), { sectorOf: noSector, prices: noPrices });
    const last = (ticker: string) => predictions.filter((prediction) => prediction.report.ticker === ticker).at(-1)!;
    const steady = last("C0");
    const alternating = last("C30");
    expect(steady.features.shrunkRate).toBeGreaterThan(steady.features.pooledRate);
    expect(steady.features.shrunkRate).toBeLessThan(1);
    expect(alternating.features.shrunkRate).toBeLessThan(alternating.features.pooledRate);
    expect(steady.fitted).toBe(true);
    expect(steady.probability).toBeGreaterThan(alternating.probability);
  });

  it("uses nothing from the report's day or later: changing a later outcome changes no earlier prediction", () => {
    const original = walkForward(syntheticReports(), syntheticReports(), { sectorOf: noSector, prices: noPrices });
    const changed = syntheticReports();
    const late = changed.get("C3")!.at(-1)!;
    Object.assign(late, { actualEps: 0.5, surprisePercent: -50 });
    const after = walkForward(changed, changed, { sectorOf: noSector, prices: noPrices });
    const before = (predictions: typeof original) => predictions.filter((prediction) => prediction.report.date < late.date).map((prediction) => prediction.probability);
    expect(before(after)).toEqual(before(original));
    // The report itself is predicted without its own outcome either.
    const own = (predictions: typeof original) => predictions.find((prediction) => prediction.report === late || (prediction.report.ticker === "C3" && prediction.report.date === late.date))!.probability;
    expect(own(after)).toBe(own(original));
  });

  it("labels momentum and volatility at the documented thresholds", () => {
    expect([null, 2.5, 2, 0, -2, -2.5].map(momentumLabel)).toEqual([null, "improving", "steady", "steady", "steady", "weakening"]);
    expect([null, 2.9, 3, 8, 8.1].map(volatilityLabel)).toEqual([null, "low", "moderate", "moderate", "high"]);
  });

  it("measures price momentum to the last close before the report's day, and not across a gap in the prices", () => {
    const closes: DailyClose[] = Array.from({ length: 30 }, (_, index) => ({ date: `2021-01-${String(index + 1).padStart(2, "0")}`, close: 100 + index }));
    // The report on Jan 25 sees closes through Jan 24 (index 23): 123 / 103 − 1.
    expect(priceMomentumBefore(closes, "2021-01-25")).toBeCloseTo(123 / 103 - 1, 10);
    expect(priceMomentumBefore(closes, "2021-01-10")).toBeNull();
    expect(priceMomentumBefore(closes, "2021-03-01")).toBeNull();
    expect(priceMomentumBefore(undefined, "2021-01-25")).toBeNull();
  });

  it("fits a logistic regression whose weight follows the signal", () => {
    const rows = Array.from({ length: 200 }, (_, index) => [index % 2 === 0 ? 1 : -1]);
    const outcomes = rows.map(([x], index) => (x > 0 ? (index % 10 === 0 ? 0 : 1) : index % 10 === 1 ? 1 : 0));
    const fit = fitLogistic(rows, outcomes);
    expect(fit.weights[0]).toBeGreaterThan(1);
  });

  it("beats the constant base rate on the bundled snapshot, calibrated within 0.05 (prices left out)", () => {
    const reports = readEarningsDirectory();
    const summary = evaluatePredictions(walkForward(reports, reports, { sectorOf: noSector, prices: noPrices }));
    expect(summary.reports).toBeGreaterThan(1700);
    expect(summary.brierSkillScore).toBeGreaterThan(0);
    expect(summary.ece).toBeLessThanOrEqual(0.05);
  });
});
