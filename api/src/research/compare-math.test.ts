import { alignedDailyReturns, correlationMatrix, monthsBefore, pearson, rebasedSeries, rebasedUniverse, universeDailyReturns } from "./compare-math";

const days = ["2021-01-04", "2021-01-05", "2021-01-06", "2021-01-07", "2021-01-08"];

describe("rebasedSeries", () => {
  it("is 100 on the base day and follows the closes to the end day", () => {
    const series = { dates: days, closes: [50, 55, 60, 45, 50] };
    expect(rebasedSeries(series, "2021-01-05", "2021-01-07")).toEqual([
      { date: "2021-01-05", value: 100 },
      { date: "2021-01-06", value: (60 / 55) * 100 },
      { date: "2021-01-07", value: (45 / 55) * 100 },
    ]);
  });

  it("rebases a series that starts after the base day on its first bar, and is empty without bars in the span", () => {
    const late = { dates: days.slice(2), closes: [10, 20, 30] };
    expect(rebasedSeries(late, "2021-01-04", "2021-01-08").map((point) => point.value)).toEqual([100, 200, 300]);
    expect(rebasedSeries(late, "2021-01-01", "2021-01-05")).toEqual([]);
    expect(rebasedSeries({ dates: [], closes: [] }, "2021-01-04", "2021-01-08")).toEqual([]);
  });
});

describe("the equal-weight universe", () => {
  it("averages each day's return over the series with bars on that day and the trading day before, and compounds them from 100", () => {
    const a = { dates: days, closes: [100, 110, 121, 121, 121] };
    // b misses 01-06, so it has no return on 01-06 nor on 01-07 (the gap).
    const b = { dates: ["2021-01-04", "2021-01-05", "2021-01-07", "2021-01-08"], closes: [10, 9, 9, 18] };
    const returns = universeDailyReturns([a, b], days);
    expect(returns.get("2021-01-05")!.mean).toBeCloseTo((0.1 - 0.1) / 2, 12);
    expect(returns.get("2021-01-05")!.members).toBe(2);
    expect(returns.get("2021-01-06")).toEqual({ mean: expect.closeTo(0.1, 12), members: 1 });
    expect(returns.get("2021-01-07")).toEqual({ mean: 0, members: 1 });
    expect(returns.get("2021-01-08")!.mean).toBeCloseTo(0.5, 12);
    expect(returns.has("2021-01-04")).toBe(false);

    const index = rebasedUniverse(returns, days, "2021-01-05", "2021-01-08");
    expect(index.map((point) => point.date)).toEqual(days.slice(1));
    expect(index.map((point) => point.value)).toEqual([100, expect.closeTo(110, 9), expect.closeTo(110, 9), expect.closeTo(165, 9)]);
  });
});

describe("correlation", () => {
  it("is Pearson's r: 1 for proportional samples, −1 for opposite ones, null when a sample does not vary or is too short", () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(pearson([1, 2], [1, 2])).toBeNull();
    // A hand-checked value: x = 1..5, y = 2,1,4,3,5 → r = 0.8.
    expect(pearson([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8, 12);
  });

  it("aligns daily returns on the days every series has a bar and one the trading day before", () => {
    const a = { dates: days, closes: [100, 101, 102, 103, 104] };
    const b = { dates: ["2021-01-04", "2021-01-05", "2021-01-07", "2021-01-08"], closes: [10, 11, 12, 13] };
    const aligned = alignedDailyReturns([a, b], days, "2021-01-04", "2021-01-08");
    // 01-06: b has no bar; 01-07: b's previous bar is not the trading day before.
    expect(aligned.days).toEqual(["2021-01-05", "2021-01-08"]);
    expect(aligned.returns[0]).toEqual([expect.closeTo(0.01, 12), expect.closeTo(104 / 103 - 1, 12)]);
    expect(aligned.returns[1]).toEqual([expect.closeTo(0.1, 12), expect.closeTo(13 / 12 - 1, 12)]);
    // The base day's own return is outside the range.
    expect(alignedDailyReturns([a, b], days, "2021-01-05", "2021-01-08").days).toEqual(["2021-01-08"]);
  });

  it("makes a symmetric matrix with 1 on the diagonal", () => {
    const matrix = correlationMatrix([
      [0.01, -0.02, 0.03, 0.0],
      [0.02, -0.01, 0.02, 0.01],
      [0, 0, 0, 0],
    ]);
    expect(matrix[0][0]).toBe(1);
    expect(matrix[0][1]).toBeCloseTo(matrix[1][0]!, 12);
    expect(matrix[0][1]!).toBeGreaterThan(0.9);
    expect(matrix[2]).toEqual([null, null, null]);
  });
});

it("monthsBefore keeps the day of the month, or the month's last day", () => {
  expect(monthsBefore("2021-04-21", 1)).toBe("2021-03-21");
  expect(monthsBefore("2021-03-31", 1)).toBe("2021-02-28");
  expect(monthsBefore("2021-04-21", 36)).toBe("2018-04-21");
  expect(monthsBefore("2020-01-15", 3)).toBe("2019-10-15");
});
