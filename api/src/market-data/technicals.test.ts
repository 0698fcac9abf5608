import {
  beta,
  computeTechnicals,
  equalWeightedReturns,
  lastCrossUp,
  latestRsi,
  loadIndicatorLibrary,
  momentumOf,
  smaSeries,
  technicalScore,
  type IndicatorLibrary,
} from "./technicals";

let library: IndicatorLibrary;
beforeAll(async () => {
  library = await loadIndicatorLibrary();
});

const dates = (count: number) =>
  Array.from({ length: count }, (_, index) => new Date(Date.UTC(2021, 0, 4) + index * 86_400_000).toISOString().slice(0, 10));

describe("indicators", () => {
  it("SMA is the mean of the last n closes, unknown until n are in", () => {
    expect(smaSeries([1, 2, 3, 4, 5, 6], 5, library)).toEqual([null, null, null, null, 3, 4]);
  });

  it("RSI 14 starts from the mean gain and loss of 14 changes, then smooths them Wilder's way (1/14 per day)", () => {
    // The closes of StockCharts' ChartSchool RSI example; the averages below are worked out by hand.
    const closes = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28];
    const [gain, loss] = [3.34 / 14, 1.4 / 14];
    expect(latestRsi(closes, 14, library)).toBeCloseTo(100 - 100 / (1 + gain / loss), 6);
    const [nextGain, nextLoss] = [(gain * 13) / 14, (loss * 13 + 0.28) / 14];
    expect(latestRsi([...closes, 46.0], 14, library)).toBeCloseTo(100 - 100 / (1 + nextGain / nextLoss), 6);
    expect(latestRsi(closes.slice(0, 14), 14, library)).toBeNull();
  });

  it("finds the latest day SMA 5 crossed above SMA 20, not a day it merely stayed above", () => {
    const fast = [1, 1, 3, 3, 1, 2, 4, 5];
    const slow = [2, 2, 2, 2, 2, 2, 2, 2];
    expect(lastCrossUp(dates(8), fast, slow)).toBe(dates(8)[6]);
    expect(lastCrossUp(dates(3), [3, 3, 3], [2, 2, 2])).toBeNull();
  });

  it("beta is cov/var of the last 60 returns against the market on the same dates, unknown when the market misses one", () => {
    const days = dates(61);
    const market = days.slice(1).map((_, index) => ((index * 7) % 11) / 1000 - 0.005);
    const marketReturns = { name: "test market", byDate: new Map(days.slice(1).map((date, index) => [date, market[index]])) };
    // A stock moving exactly twice the market each day.
    const closes = [100];
    for (const value of market) closes.push(closes[closes.length - 1] * (1 + 2 * value));
    expect(beta({ dates: days, closes }, marketReturns)).toBeCloseTo(2, 10);
    marketReturns.byDate.delete(days[30]);
    expect(beta({ dates: days, closes }, marketReturns)).toBeNull();
  });

  it("averages each day's returns over the series that have one that day", () => {
    const returns = equalWeightedReturns([
      { dates: ["2021-01-04", "2021-01-05", "2021-01-06"], closes: [100, 110, 99] },
      { dates: ["2021-01-05", "2021-01-06"], closes: [50, 55] },
    ]);
    expect(returns.get("2021-01-05")).toBeCloseTo(0.1);
    expect(returns.get("2021-01-06")).toBeCloseTo((-0.1 + 0.1) / 2);
  });
});

describe("momentum and technical score", () => {
  const strong = { close: 110, volume: 2_000_000, sma5: 108, sma20: 104, sma50: 100, rsi14: 60, avgVolume20: 1_000_000, maSpreadPct: 108 / 104 - 1 };

  it("follows the documented momentum rule", () => {
    expect(momentumOf(strong)).toBe("strong_bullish");
    expect(momentumOf({ ...strong, rsi14: 54 })).toBe("bullish");
    expect(momentumOf({ ...strong, close: 103 })).toBe("neutral");
    expect(momentumOf({ ...strong, sma5: null })).toBe("neutral");
  });

  it("adds trend 40, RSI 30, spread 15 and volume 15 as the formula says", () => {
    // Every trend test passes, RSI at 60, spread 3.85 % of the 5 % for full marks, volume twice the average.
    expect(technicalScore(strong)).toBeCloseTo(40 + 30 + (15 * (108 / 104 - 1)) / 0.05 + 15, 1);
    expect(technicalScore({ ...strong, rsi14: 80, volume: 500_000, maSpreadPct: 0.08 })).toBe(40 + 0 + 15 + 3.8);
    expect(technicalScore({ close: 90, volume: null, sma5: null, sma20: null, sma50: null, rsi14: null, avgVolume20: null, maSpreadPct: null })).toBe(0);
  });

  it("computes every field at the latest bar, and leaves what needs more bars unknown", () => {
    const closes = Array.from({ length: 30 }, (_, index) => 100 + index);
    const technicals = computeTechnicals({ dates: dates(30), closes, volumes: closes.map(() => 1000) }, null, library);
    expect(technicals).toMatchObject({
      asOf: dates(30)[29],
      close: 129,
      sma5: 127,
      sma20: 119.5,
      sma50: null,
      rsi14: 100,
      avgVolume20: 1000,
      maCondition: true,
      beta60: null,
      betaProxy: null,
      momentum: "bullish",
      barCount: 30,
      twentiethBarDate: dates(30)[10],
    });
    expect(technicals.return1m).toBeCloseTo(129 / 108 - 1);
  });
});
