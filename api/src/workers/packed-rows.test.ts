import { isTransferring } from "./worker-protocol";
import { packRows, unpackRows } from "./packed-rows";

describe("rows packed as columns", () => {
  it("come back value for value: numbers (NaN, -0 and null kept apart), booleans, text with nulls, anything else", () => {
    const rows = [
      { ticker: "AAPL", close: 133.5, sma50: null, maCondition: true, lastCross: "2021-04-01", extra: { a: 1 } },
      { ticker: "MSFT", close: Number.NaN, sma50: -0, maCondition: false, lastCross: null, extra: [2] },
      { ticker: "AAPL", close: 1e-300, sma50: 7, maCondition: true, lastCross: "2021-04-01", extra: "x" },
    ];
    const packed = packRows(rows);
    expect(isTransferring(packed)).toBe(true);
    expect(packed.transfer.length).toBeGreaterThan(0);
    expect(unpackRows(packed.value)).toStrictEqual(rows);
    expect(Object.is(unpackRows<{ sma50: number }>(packed.value)[1].sma50, -0)).toBe(true);
  });

  it("pack no rows as no columns", () => {
    expect(unpackRows(packRows([]).value)).toEqual([]);
  });
});
