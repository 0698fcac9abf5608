import { COST_PER_TURNOVER, horizonReturns, maxDrawdown, median, simulateEqualWeight, simulateEqualWeightInTurns, turnover } from "./backtest-math";

// Four trading days of three made-up tickers; C has no bar on d2.
const days = ["2020-01-02", "2020-01-03", "2020-02-03", "2020-02-04"];
const [d1, d2, d3, d4] = days;
const closes: Record<string, Record<string, number>> = {
  A: { [d1]: 10, [d2]: 11, [d3]: 12, [d4]: 12 },
  B: { [d1]: 20, [d2]: 20, [d3]: 22, [d4]: 22 },
  C: { [d1]: 5, [d3]: 5, [d4]: 4 },
};
const closeOn = (ticker: string, date: string) => closes[ticker]?.[date] ?? null;
const closeAsOf = (ticker: string, date: string) => {
  const earlier = days.filter((day) => day <= date && closes[ticker]?.[day] !== undefined);
  return earlier.length === 0 ? null : { close: closes[ticker][earlier.at(-1)!], date: earlier.at(-1)! };
};

describe("the backtest's arithmetic, by hand", () => {
  it("median and max drawdown", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    // Peak 1.2, trough after it 0.6: half the value lost.
    expect(maxDrawdown([1, 1.2, 0.9, 1.1, 0.6, 1.3])).toBeCloseTo(0.5, 12);
    expect(maxDrawdown([1, 1.1, 1.2])).toBe(0);
  });

  it("turnover counts buys and sells as fractions of the portfolio", () => {
    const halfAB = new Map([["A", 0.5], ["B", 0.5]]);
    // Sell all of A (0.5), buy C (0.5), keep B.
    expect(turnover(halfAB, new Map([["B", 0.5], ["C", 0.5]]))).toBeCloseTo(1, 12);
    // From cash: buying everything is a turnover of 1.
    expect(turnover(new Map(), halfAB)).toBe(1);
  });

  it("forward returns over 2 trading days, the universe median and the hit rate; no end day, no figures", () => {
    const two = horizonReturns(["A", "C", "X"], ["A", "B", "C"], days, d1, 2, closeOn);
    // A: 12 / 10 − 1 = 0.2; C: 5 / 5 − 1 = 0; X has no bars. Universe: 0.2, 0.1, 0.
    expect(two).toMatchObject({ endDate: d3, rowsWithData: 2, universeWithData: 3, hits: 1, hitRate: 0.5 });
    expect(two.rowReturns[0]).toBeCloseTo(0.2, 12);
    expect(two.rowReturns[2]).toBeNull();
    expect(two.universeMedian).toBeCloseTo(0.1, 12);
    expect(two.universeMean).toBeCloseTo(0.1, 12);
    expect(two.rowsMean).toBeCloseTo(0.1, 12);
    // Only a close on the exact end day counts: C has none on d2.
    expect(horizonReturns(["C"], ["C"], days, d1, 1, closeOn)).toMatchObject({ endDate: d2, rowsWithData: 0, hitRate: null });
    expect(horizonReturns(["A"], ["A"], days, d1, 5, closeOn)).toMatchObject({ endDate: null, rowsWithData: 0, rowsMean: null, hitRate: null });
  });

  it("an equal-weight portfolio rebalanced twice, with 10 bps per unit of turnover", () => {
    const result = simulateEqualWeight(days, [{ date: d1, tickers: ["A", "B"] }, { date: d3, tickers: ["B", "C"] }], closeAsOf, 0.001);
    // d1: buy A and B from cash (turnover 1, cost 0.1 %): 0.999 left, 0.4995 in each.
    expect(result.rebalances[0]).toMatchObject({ date: d1, turnover: 1, valueBefore: 1 });
    expect(result.rebalances[0].valueAfter).toBeCloseTo(0.999, 12);
    // d2: A +10 %, B flat: 0.4995 × 1.1 + 0.4995 = 1.04895.
    expect(result.values[1].value).toBeCloseTo(1.04895, 12);
    // d3: A 0.4995 × 1.2 = 0.5994, B 0.4995 × 1.1 = 0.54945: 1.14885, weights 12/23 and 11/23.
    const before = 1.14885;
    expect(result.rebalances[1].valueBefore).toBeCloseTo(before, 12);
    // Sell A (12/23), buy C (1/2), trim B to 1/2 (1/2 − 11/23): turnover 24/23.
    expect(result.rebalances[1].turnover).toBeCloseTo(24 / 23, 12);
    const after = before * (1 - 0.001 * (24 / 23));
    expect(result.rebalances[1].valueAfter).toBeCloseTo(after, 12);
    expect(result.rebalances[1].holdings).toEqual([
      { ticker: "B", weight: 0.5, close: 22, priceDate: d3 },
      { ticker: "C", weight: 0.5, close: 5, priceDate: d3 },
    ]);
    // d4: B flat, C −20 %: 0.9 of the value after the trades.
    expect(result.values.at(-1)!.value).toBeCloseTo(after * 0.9, 12);
    expect(result.periodReturns[0]).toBeCloseTo(before - 1, 12);
    expect(result.periodReturns[1]).toBeCloseTo(after * 0.9 / before - 1, 12);
    expect(maxDrawdown(result.values.map((point) => point.value))).toBeCloseTo(0.1, 12);
    expect(result.carriedTickers).toEqual([]);
  });

  it("holds cash when a rebalance day selects nothing, and values a name without a bar that day at its last close", () => {
    const result = simulateEqualWeight(days, [{ date: d1, tickers: ["C"] }, { date: d3, tickers: [] }], closeAsOf, 0.001);
    // d2: C has no bar, so it keeps d1's close.
    expect(result.values[1].value).toBeCloseTo(0.999, 12);
    expect(result.carriedTickers).toEqual(["C"]);
    // d3: sell everything (turnover 1), then cash: flat through d4.
    expect(result.rebalances[1]).toMatchObject({ turnover: 1, holdings: [] });
    expect(result.values.at(-1)!.value).toBeCloseTo(0.999 * 0.999, 12);
  });
});

describe("simulateEqualWeightInTurns", () => {
  it("gives the same simulation as simulateEqualWeight", async () => {
    const days = Array.from({ length: 65 }, (_, index) => `2020-01-${String(index + 1).padStart(3, "0")}`);
    const closeAsOf = (ticker: string, date: string) => ({ close: 10 + ticker.length + days.indexOf(date) * (ticker === "A" ? 0.1 : -0.05), date });
    const selections = [
      { date: days[0], tickers: ["A", "BB"] },
      { date: days[30], tickers: ["BB", "CCC"] },
    ];
    const inTurns = await simulateEqualWeightInTurns(days, selections, closeAsOf, COST_PER_TURNOVER);
    expect(inTurns).toEqual(simulateEqualWeight(days, selections, closeAsOf, COST_PER_TURNOVER));
    expect(inTurns.rebalances).toHaveLength(2);
  });
});
