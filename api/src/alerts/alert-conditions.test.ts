import { conditionParamSchemas, crossed, firingOfDay, screenFirings, type DayFacts } from "./alert-conditions";

const facts = (day: string, values: Partial<DayFacts>): DayFacts => ({
  day,
  close: 100,
  sma: { 5: null, 20: null, 50: null },
  rsi: null,
  sentiment: null,
  articles: 0,
  daysToEarnings: null,
  ...values,
});

describe("alert conditions", () => {
  it("cross a level only from the far side: touching it is not crossing, staying past it is not firing again", () => {
    expect(crossed("above", 100, 99, 101)).toBe(true);
    expect(crossed("above", 100, 100, 100.5)).toBe(true);
    expect(crossed("above", 100, 99, 100)).toBe(false);
    expect(crossed("above", 100, 101, 102)).toBe(false);
    expect(crossed("below", 30, 31, 29)).toBe(true);
    expect(crossed("below", 30, 29, 28)).toBe(false);
  });

  it("fire a day's move by its percentage in the direction asked", () => {
    const [before, up, down] = [facts("2020-04-01", { close: 100 }), facts("2020-04-02", { close: 103 }), facts("2020-04-02", { close: 97.5 })];
    expect(firingOfDay("price_move", { direction: "up", percent: 3 }, "KO", before, up)?.evidence).toMatchObject({ changePercent: 3, before: { value: 100 }, after: { value: 103 } });
    expect(firingOfDay("price_move", { direction: "up", percent: 3 }, "KO", before, down)).toBeNull();
    expect(firingOfDay("price_move", { direction: "either", percent: 2.5 }, "KO", before, down)?.summary).toBe("KO fell 2.5 % on 2020-04-02 (100.00 → 97.50).");
  });

  it("fire an SMA cross on the day the faster average passes the slower one", () => {
    const before = facts("2020-04-01", { sma: { 5: 99, 20: 100, 50: 90 } });
    const now = facts("2020-04-02", { sma: { 5: 101, 20: 100, 50: 90 } });
    expect(firingOfDay("sma_cross", { fast: 5, slow: 20, direction: "above" }, "AAPL", before, now)?.factKey).toBe("2020-04-02");
    expect(firingOfDay("sma_cross", { fast: 5, slow: 20, direction: "below" }, "AAPL", before, now)).toBeNull();
    expect(firingOfDay("sma_cross", { fast: 20, slow: 50, direction: "above" }, "AAPL", before, now)).toBeNull();
  });

  it("need both days' figures for a crossing, and none without the day's bar", () => {
    expect(firingOfDay("rsi_level", { direction: "above", level: 70 }, "AAPL", undefined, facts("2020-04-02", { rsi: 75 }))).toBeNull();
    expect(firingOfDay("rsi_level", { direction: "above", level: 70 }, "AAPL", facts("2020-04-01", { rsi: 65 }), undefined)).toBeNull();
    expect(firingOfDay("sentiment_cross", { direction: "above", level: 0.2 }, "AAPL", facts("2020-04-01", {}), facts("2020-04-02", { sentiment: 0.5, articles: 3 }))).toBeNull();
  });

  it("fire an earnings alert once per report, keyed by the report date", () => {
    const firing = firingOfDay("earnings_within", { days: 7 }, "MSFT", undefined, facts("2020-04-22", { daysToEarnings: 7 }));
    expect(firing).toMatchObject({ factKey: "report:2020-04-29", summary: "MSFT reports earnings on 2020-04-29, in 7 days (alert: within 7 days)." });
    expect(firingOfDay("earnings_within", { days: 7 }, "MSFT", undefined, facts("2020-04-22", { daysToEarnings: 8 }))).toBeNull();
  });

  it("name the tickers that entered or left a screen", () => {
    const before = { day: "2020-04-01", tickers: new Set(["AAPL", "KO"]) };
    const now = { day: "2020-04-02", tickers: new Set(["KO", "MSFT"]) };
    expect(screenFirings("screen_enter", "Mine", before, now).map((firing) => firing.ticker)).toEqual(["MSFT"]);
    expect(screenFirings("screen_leave", "Mine", before, now).map((firing) => firing.ticker)).toEqual(["AAPL"]);
  });

  it("refuse settings a condition does not take, and levels out of range", () => {
    expect(conditionParamSchemas.rsi_level.safeParse({ direction: "above", level: 70 }).success).toBe(true);
    expect(conditionParamSchemas.rsi_level.safeParse({ direction: "above", level: 100 }).success).toBe(false);
    expect(conditionParamSchemas.price_move.safeParse({ direction: "up", percent: 2, level: 3 }).success).toBe(false);
    expect(conditionParamSchemas.sma_cross.safeParse({ fast: 20, slow: 5, direction: "above" }).success).toBe(false);
  });
});
