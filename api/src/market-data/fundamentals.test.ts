import { fundamentalsCoverage, nextEarnings, peRatio } from "./fundamentals";

describe("P/E from the bundled Yahoo earnings history", () => {
  it("divides the close by the last four reported quarters' EPS", () => {
    // AAPL EPS 2020: 0.64 + 0.64 + 0.73 + 1.68 (Yahoo, snapshot 2021-04-07); close 133.50 on 2021-04-21.
    expect(peRatio("AAPL", 133.5, "2021-04-21")).toEqual({
      value: 133.5 / (0.64 + 0.64 + 0.73 + 1.68),
      source:
        "close ÷ trailing 4 quarters EPS, quarters ending 2020-03-31 to 2020-12-31 (Yahoo Finance earnings history, snapshot 2021-04-07)",
    });
  });

  it("counts a quarter only 60 days after it ended, and never uses a stale year", () => {
    // 2020-12-31 + 60 days = 2021-03-01; before it only three quarters of the data were surely reported.
    expect(peRatio("AAPL", 133.5, "2021-02-28")).toBeNull();
    expect(peRatio("AAPL", 133.5, "2021-03-01")).not.toBeNull();
    // By 2021-05-30 the quarter ending 2021-03-31 is due too, and the data does not have it.
    expect(peRatio("AAPL", 133.5, "2021-05-29")).not.toBeNull();
    expect(peRatio("AAPL", 133.5, "2021-05-30")).toBeNull();
  });

  it("answers for every share class of a company the data covers (GOOGL from GOOG's EPS)", () => {
    expect(peRatio("GOOGL", 2300, "2021-04-21")?.value).toBeCloseTo(2300 / (9.87 + 10.13 + 16.4 + 22.3), 9);
  });

  it("is unknown without four consecutive quarters, with EPS in another currency, or for companies not in the data", () => {
    expect(peRatio("CRM", 200, "2021-04-21")).toBeNull(); // two quarters reported by then
    expect(peRatio("BABA", 230, "2021-04-21")).toBeNull(); // EPS stated in CNY in the newer snapshot
    expect(peRatio("MSFT", 260, "2021-04-21")).toBeNull();
  });
});

describe("next earnings dates from Yahoo's calendar snapshots", () => {
  it("takes the newest snapshot taken by the as-of date", () => {
    expect(nextEarnings("AAPL", "2021-04-21")).toEqual({ date: "2021-04-28", daysTo: 7 });
    // ABBV: the February snapshot said 2021-04-29, the April one 2021-04-30.
    expect(nextEarnings("ABBV", "2021-04-21")).toEqual({ date: "2021-04-30", daysTo: 9 });
  });

  it("knows nothing after the last snapshot's dates have passed", () => {
    expect(nextEarnings("AAPL", "2021-04-29")).toBeNull();
    expect(nextEarnings("MSFT", "2021-04-21")).toBeNull();
  });

  it("reports how few tickers the bundled data covers", () => {
    const coverage = fundamentalsCoverage();
    expect(coverage.peTickers).toBeGreaterThan(5);
    expect(coverage.peTickers).toBeLessThan(30);
    expect(coverage.earningsTickers).toBeLessThan(30);
  });
});
