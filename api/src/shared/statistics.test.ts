import { blockBootstrapInterval, blockBootstrapMeanInterval, intervalExcludesZero, mean, neweyWestDefaultLags, neweyWestT, seededRandom, type Interval } from "./statistics";

/** Standard normal draws by Box–Muller. */
function normals(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));
}

/** x[t] = φ·x[t−1] + e[t]: neighbours strongly alike for φ near 1. */
function autoregressive(count: number, phi: number, seed: number): number[] {
  const shocks = normals(count, seed);
  const series: number[] = [];
  shocks.forEach((shock, index) => series.push((index === 0 ? 0 : phi * series[index - 1]) + shock));
  return series;
}

const meanOf = (sample: number[]) => mean(sample);
const width = (interval: Interval | null) => interval!.high - interval!.low;

describe("seededRandom", () => {
  it("repeats its sequence for a seed, differs across seeds and stays in [0, 1)", () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, seededRandom(seed));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    const values = draw(7);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeCloseTo(0.5, 1);
  });
});

describe("mean", () => {
  it("averages, and is null for no values", () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean([])).toBeNull();
  });
});

describe("neweyWestT", () => {
  it("with 0 lags is the ordinary one-sample t", () => {
    const values = [0.3, -0.1, 0.8, 0.2, 0.5, -0.4, 0.9];
    const average = mean(values)!;
    const sampleVariance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
    const ordinaryT = average / Math.sqrt(sampleVariance / values.length);
    const result = neweyWestT(values, 0)!;
    expect(result.lags).toBe(0);
    expect(result.mean).toBeCloseTo(average, 12);
    expect(result.t).toBeCloseTo(ordinaryT, 12);
  });

  it("adds the Bartlett-weighted autocovariances (worked by hand for 1, 2, 3, 4 with 1 lag)", () => {
    // Residuals −1.5, −0.5, 0.5, 1.5: γ0 = 1.25, γ1 = 0.3125; long-run variance (1.25 + 2 · ½ · 0.3125) · 4/3.
    const longRunVariance = ((1.25 + 0.3125) * 4) / 3;
    expect(neweyWestT([1, 2, 3, 4], 1)!.standardError).toBeCloseTo(Math.sqrt(longRunVariance / 4), 12);
  });

  it("widens the standard error of a positively autocorrelated series", () => {
    const series = autoregressive(200, 0.8, 3);
    expect(neweyWestT(series)!.lags).toBe(neweyWestDefaultLags(200));
    expect(neweyWestT(series)!.standardError).toBeGreaterThan(neweyWestT(series, 0)!.standardError);
  });

  it("takes floor(4·(n/100)^(2/9)) lags by default", () => {
    expect(neweyWestDefaultLags(100)).toBe(4);
    expect(neweyWestDefaultLags(68)).toBe(3);
    expect(neweyWestT([1, 2, 4])!.lags).toBe(1);
  });

  it("is null under 3 values or with zero variance", () => {
    expect(neweyWestT([1, 2])).toBeNull();
    expect(neweyWestT([0.1, 0.1, 0.1, 0.1])).toBeNull();
  });
});

describe("blockBootstrapMeanInterval", () => {
  it("draws the same blocks as the generic bootstrap of a mean, so gives its interval", () => {
    for (const [values, options] of [
      [autoregressive(500, 0.6, 3), {}],
      [normals(97, 7), { blockLength: 10, seed: 9 }],
    ] as const) {
      const generic = blockBootstrapInterval([...values], meanOf, options)!;
      const fast = blockBootstrapMeanInterval([...values], options)!;
      expect(fast).toMatchObject({ resamples: generic.resamples, blockLength: generic.blockLength });
      for (const bound of ["estimate", "low", "high"] as const) expect(fast[bound]).toBeCloseTo(generic[bound], 12);
    }
    expect(blockBootstrapMeanInterval([1, 2])).toBeNull();
  });
});

describe("blockBootstrapInterval", () => {
  it("puts the interval of a mean of all-positive values above zero, around the estimate", () => {
    const values = [0.4, 1.2, 0.8, 2.5, 0.1, 1.9, 0.7, 1.1, 0.3, 1.6, 0.9, 2.2];
    const interval = blockBootstrapInterval(values, meanOf)!;
    expect(interval.estimate).toBeCloseTo(mean(values)!, 12);
    expect(interval.low).toBeGreaterThan(0);
    expect(interval.low).toBeLessThan(interval.estimate);
    expect(interval.high).toBeGreaterThan(interval.estimate);
    expect(interval).toMatchObject({ resamples: 2000, blockLength: 2 });
    expect(intervalExcludesZero(interval)).toBe(true);
  });

  it("gives the same interval for a seed and another for another seed", () => {
    const values = normals(60, 11);
    expect(blockBootstrapInterval(values, meanOf)).toEqual(blockBootstrapInterval(values, meanOf));
    expect(blockBootstrapInterval(values, meanOf, { seed: 5 })).toEqual(blockBootstrapInterval(values, meanOf, { seed: 5 }));
    expect(blockBootstrapInterval(values, meanOf, { seed: 5 })!.low).not.toBe(blockBootstrapInterval(values, meanOf)!.low);
  });

  it("is wider for a strongly autocorrelated series than the iid bootstrap (blocks of 1) says", () => {
    const series = autoregressive(240, 0.9, 19);
    const blocks = blockBootstrapInterval(series, meanOf, { blockLength: 12 });
    const iid = blockBootstrapInterval(series, meanOf, { blockLength: 1 });
    expect(width(blocks)).toBeGreaterThan(1.5 * width(iid));
  });

  it("narrows with a lower confidence", () => {
    const values = normals(40, 23);
    expect(width(blockBootstrapInterval(values, meanOf, { confidence: 0.5 }))).toBeLessThan(width(blockBootstrapInterval(values, meanOf)));
  });

  it("skips resamples whose statistic is null or NaN", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8];
    // Null whenever the resample drew the 8: the estimate (without resampling) still stands.
    const withoutEight = (sample: number[]) => (sample === values ? mean(sample) : sample.includes(8) ? null : mean(sample));
    const interval = blockBootstrapInterval(values, withoutEight, { blockLength: 1, resamples: 500 })!;
    expect(interval.resamples).toBeGreaterThan(0);
    expect(interval.resamples).toBeLessThan(500);
    expect(interval.high).toBeLessThanOrEqual(7);
    expect(blockBootstrapInterval(values, (sample) => (sample === values ? 1 : Number.NaN))).toBeNull();
  });

  it("is null under 3 observations or when the estimate is null", () => {
    expect(blockBootstrapInterval([1, 2], meanOf)).toBeNull();
    expect(blockBootstrapInterval([1, 2, 3], () => null)).toBeNull();
  });
});

describe("intervalExcludesZero", () => {
  it("is true only when both ends are on one side of zero", () => {
    const interval = (low: number, high: number): Interval => ({ estimate: (low + high) / 2, low, high, resamples: 1, blockLength: 1 });
    expect(intervalExcludesZero(interval(0.01, 0.04))).toBe(true);
    expect(intervalExcludesZero(interval(-0.04, -0.01))).toBe(true);
    expect(intervalExcludesZero(interval(-0.02, 0.04))).toBe(false);
    expect(intervalExcludesZero(interval(0, 0.04))).toBe(false);
    expect(intervalExcludesZero(null)).toBe(false);
  });
});
