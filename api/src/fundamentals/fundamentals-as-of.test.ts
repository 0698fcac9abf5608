// Fundamentals joined to securities: the 2017 ticker through the security master, market cap on
// the stored prices' split basis, and one P/E rule.
import { annualReportAsOf } from "./annual-reports";
import { fundamentalsAsOf, trailingPe } from "./fundamentals-as-of";
import { securityMaster } from "../market-data/security-master";

const scaleOf = (file: "kaggle" | "quandl", symbol: string) => securityMaster().rows.find((row) => row.file === file && row.symbol === symbol)!.scale;

describe("fundamentals as of a day", () => {
  it("finds a renamed company's 10-K through its 2013–2018 ticker (BKNG ← PCLN)", () => {
    const fundamentals = fundamentalsAsOf("BKNG", 1166.66, "2015-06-01");
    expect(fundamentals.fiscalYearEnd).toBe("2014-12-31");
    expect(fundamentals.source).toMatch(/counted from 2015-03-31/);
    expect(fundamentals.marketCap.value).toBeGreaterThan(5e10);
  });

  it("values market cap on the stored prices' split basis: the chaining scale turns the close back into Feb 2018 shares", () => {
    // AAPL's stored 2015 closes are a quarter of the file's (the 4:1 split of 2020), so its share count is four times.
    const report = annualReportAsOf("AAPL", "2015-06-01").latest!;
    const close = 32.63;
    const fundamentals = fundamentalsAsOf("AAPL", close, "2015-06-01");
    expect(fundamentals.marketCap.value).toBeCloseTo((close * report.impliedShares!) / scaleOf("kaggle", "AAPL"), 0);
    expect(fundamentals.marketCap.value! / 1e9).toBeGreaterThan(700);
    expect(fundamentals.marketCap.value! / 1e9).toBeLessThan(850);
    expect(fundamentals.marketCap.isEstimate).toBe(true);
    expect(fundamentals.netMargin).toEqual({ value: report.netIncome / report.revenue, reason: null, isEstimate: false });
  });

  it("says why a figure is unknown: no 10-K known yet, or none in the file", () => {
    expect(fundamentalsAsOf("AAPL", 130, "2021-04-21").marketCap).toEqual({
      value: null,
      reason: expect.stringMatching(/fiscal 2017 10-K was due by .* the bundled 2012–2016 file does not have it/),
      isEstimate: false,
    });
    expect(fundamentalsAsOf("EMC-201609", 26, "2015-06-01").source).toBeNull();
  });

  it("has one P/E rule: the 10-K's when known, else the Yahoo quarters', else none", () => {
    const in2015 = fundamentalsAsOf("AAPL", 32.63, "2015-06-01");
    expect(trailingPe(in2015, "AAPL", 32.63, "2015-06-01")).toEqual({ value: in2015.peRatio.value, source: expect.stringMatching(/^market cap ÷ net income to common, 10-K/) });
    // 2021: no 10-K in the file; AAPL's quarters in the Yahoo history give one.
    const in2021 = fundamentalsAsOf("AAPL", 133.5, "2021-04-21");
    expect(trailingPe(in2021, "AAPL", 133.5, "2021-04-21")?.source).toMatch(/trailing 4 quarters EPS/);
    expect(trailingPe(fundamentalsAsOf("EMC-201609", 26, "2015-06-01"), "EMC-201609", 26, "2015-06-01")).toBeNull();
  });
});
