import { compareQuarters, type Position } from "./quarter-changes";

const position = (cusip: string, shares: number, value: number, ticker = cusip): Position => ({
  cusip,
  putCall: "",
  ticker,
  tickerMapped: ticker !== cusip,
  issuerName: `${ticker} INC`,
  titleOfClass: "COM",
  shares,
  value,
});

describe("compareQuarters", () => {
  const previous = {
    quarterEnd: "2023-12-31",
    positions: [position("AAA", 100, 10_000, "AAA1"), position("BBB", 50, 5_000, "BBB1"), position("CCC", 10, 1_000, "CCC1"), position("DDD", 20, 2_000, "DDD1")],
  };
  const current = [position("AAA", 80, 9_600, "AAA1"), position("BBB", 60, 6_600, "BBB1"), position("DDD", 20, 1_800, "DDD1"), position("EEE", 5, 600, "EEE1")];

  it("labels every position new, added, reduced, sold out or unchanged with share and value changes", () => {
    const comparison = compareQuarters(current, previous);
    const byCusip = Object.fromEntries(comparison.changes.map((change) => [change.position.cusip, change]));
    expect(byCusip.AAA).toMatchObject({ kind: "REDUCED", sharesChange: -20, valueChange: -400, sharesChangeFraction: -0.2, estimatedFlow: -20 * 120 });
    expect(byCusip.BBB).toMatchObject({ kind: "ADDED", sharesChange: 10, valueChange: 1_600, sharesChangeFraction: 0.2, estimatedFlow: 10 * 110 });
    expect(byCusip.DDD).toMatchObject({ kind: "UNCHANGED", sharesChange: 0, valueChange: -200 });
    expect(byCusip.EEE).toMatchObject({ kind: "NEW", previousShares: 0, sharesChange: 5, sharesChangeFraction: null, estimatedFlow: 600 });
    expect(byCusip.CCC).toMatchObject({ kind: "SOLD_OUT", shares: 0, value: 0, previousShares: 10, sharesChange: -10, valueChange: -1_000, estimatedFlow: -1_000 });
    expect(comparison.counts).toEqual({ NEW: 1, ADDED: 1, REDUCED: 1, SOLD_OUT: 1, UNCHANGED: 1 });
    // Held positions by value, then the sold-out ones.
    expect(comparison.changes.map((change) => change.position.cusip)).toEqual(["AAA", "BBB", "DDD", "EEE", "CCC"]);
  });

  it("gives total value, holdings count, weights, top-10 weight and the largest buys and sells", () => {
    const comparison = compareQuarters(current, previous);
    expect(comparison.totalValue).toBe(18_600);
    expect(comparison.holdingsCount).toBe(4);
    expect(comparison.top10Weight).toBe(1);
    expect(comparison.changes[0].percentPortfolio).toBeCloseTo((9_600 / 18_600) * 100, 10);
    expect(comparison.topBuys.map((change) => change.position.cusip)).toEqual(["BBB", "EEE"]);
    expect(comparison.topSells.map((change) => change.position.cusip)).toEqual(["AAA", "CCC"]);
  });

  it("weighs only the 10 largest positions in top10Weight", () => {
    const many = Array.from({ length: 12 }, (_, index) => position(`P${String(index).padStart(2, "0")}`, 1, index < 10 ? 10 : 5));
    expect(compareQuarters(many, null).top10Weight).toBeCloseTo(100 / 110, 10);
  });

  it("has no change kinds without a previous quarter, and survives an empty one", () => {
    const first = compareQuarters(current, null);
    expect(first.previousQuarterEnd).toBeNull();
    expect(first.changes.every((change) => change.kind === null && change.sharesChange === null)).toBe(true);
    expect(first.counts).toEqual({ NEW: 0, ADDED: 0, REDUCED: 0, SOLD_OUT: 0, UNCHANGED: 0 });
    expect(compareQuarters([], previous)).toMatchObject({ totalValue: 0, holdingsCount: 0, top10Weight: 0, counts: { SOLD_OUT: 4 } });
  });

  it("tells an option position from the shares of the same CUSIP", () => {
    const put = { ...position("AAA", 10, 1_000, "AAA1"), putCall: "PUT" };
    const comparison = compareQuarters([position("AAA", 100, 10_000, "AAA1"), put], { quarterEnd: "q", positions: [position("AAA", 100, 10_000, "AAA1")] });
    expect(comparison.changes.map((change) => [change.position.putCall, change.kind])).toEqual([["", "UNCHANGED"], ["PUT", "NEW"]]);
  });
});
