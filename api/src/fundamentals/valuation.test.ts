import { annualReportAsOf } from "./annual-reports";
import { fundamentalFields, type FundamentalInputs } from "./valuation";

// A worked example in round numbers: 1 bn shares at 100 is a market cap of 100 bn.
const example: FundamentalInputs = {
  close: 100,
  sharesOnPriceBasis: 1_000_000_000,
  report: {
    revenue: 50_000_000_000,
    netIncome: 5_200_000_000,
    netIncomeToCommon: 5_000_000_000, // after 200 M of preferred dividends
    totalEquity: 25_000_000_000,
    longTermDebt: 10_000_000_000,
    shortTermDebt: 2_500_000_000,
    isFinancial: false,
  },
  priorReport: { revenue: 40_000_000_000 },
};

describe("fundamental fields from a 10-K and a close", () => {
  it("works the example through", () => {
    const fields = fundamentalFields(example);
    const values = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.value]));
    expect(values).toEqual({
      marketCap: 100_000_000_000,
      peRatio: 20, // 100 bn ÷ 5 bn to common
      earningsYield: 0.05,
      priceToBook: 4, // 100 bn ÷ 25 bn
      priceToSales: 2, // 100 bn ÷ 50 bn
      revenueGrowth: 0.25, // 50 ÷ 40 − 1
      netMargin: 0.104, // 5.2 ÷ 50
      returnOnEquity: 0.208, // 5.2 ÷ 25
      debtToEquity: 0.5, // (10 + 2.5) ÷ 25
    });
    expect(Object.values(fields).every((field) => field.reason === null)).toBe(true);
  });

  it("marks market cap and everything built on it as estimates (implied share count)", () => {
    const fields = fundamentalFields(example);
    const estimates = Object.entries(fields)
      .filter(([, field]) => field.isEstimate)
      .map(([name]) => name);
    expect(estimates).toEqual(["marketCap", "peRatio", "earningsYield", "priceToBook", "priceToSales"]);
  });

  it("has no P/E for a loss, but a negative earnings yield", () => {
    const fields = fundamentalFields({ ...example, report: { ...example.report, netIncome: -1_000_000_000, netIncomeToCommon: -1_200_000_000 } });
    expect(fields.peRatio).toEqual({ value: null, reason: "loss", isEstimate: true });
    expect(fields.earningsYield.value).toBeCloseTo(-0.012, 12);
    expect(fields.netMargin.value).toBeCloseTo(-0.02, 12);
  });

  it("has no debt/equity for banks and insurers", () => {
    expect(fundamentalFields({ ...example, report: { ...example.report, isFinancial: true } }).debtToEquity).toEqual({
      value: null,
      reason: "not meaningful for banks and insurers",
      isEstimate: false,
    });
  });

  it("says why when equity is negative, the prior year is missing or no share count can be implied", () => {
    const negativeEquity = fundamentalFields({ ...example, report: { ...example.report, totalEquity: -3_000_000_000 } });
    expect([negativeEquity.priceToBook.reason, negativeEquity.returnOnEquity.reason, negativeEquity.debtToEquity.reason]).toEqual([
      "equity is zero or negative",
      "equity is zero or negative",
      "equity is zero or negative",
    ]);
    expect(fundamentalFields({ ...example, priorReport: null }).revenueGrowth).toEqual({
      value: null,
      reason: "no prior fiscal year in the file",
      isEstimate: false,
    });
    const noShares = fundamentalFields({ ...example, sharesOnPriceBasis: null });
    expect(noShares.marketCap.reason).toBe("no implied share count: the fiscal year has no usable EPS");
    expect(noShares.peRatio.reason).toBe(noShares.marketCap.reason);
    expect(noShares.netMargin.value).toBeCloseTo(0.104, 12); // not built on market cap
  });
});

describe("fundamental fields from the bundled 10-K file", () => {
  it("gives AAPL's P/E as close ÷ basic EPS, on the post-split basis for fiscal 2013", () => {
    const { latest, prior } = annualReportAsOf("AAPL", "2017-01-03");
    if (!latest) throw new Error("AAPL fiscal 2016 should be known");
    const fiscal2016 = fundamentalFields({ close: 116, sharesOnPriceBasis: latest.impliedShares, report: latest, priorReport: prior });
    expect(fiscal2016.peRatio.value).toBeCloseTo(116 / 8.35, 9);
    expect(fiscal2016.revenueGrowth.value).toBeCloseTo(215_639 / 233_715 - 1, 9);
    expect(fiscal2016.debtToEquity.value).toBeCloseTo((75_427 + 11_605) / 128_249, 9);

    // A close of 94 in mid-2014 on the post-split basis, against fiscal 2013's EPS of 40.03 ÷ 7.
    const fiscal2013 = annualReportAsOf("AAPL", "2014-06-30").latest;
    if (!fiscal2013) throw new Error("AAPL fiscal 2013 should be known");
    const fields = fundamentalFields({ close: 94, sharesOnPriceBasis: fiscal2013.impliedShares, report: fiscal2013, priorReport: null });
    expect(fields.peRatio.value).toBeCloseTo(94 / (40.03 / 7), 9);
    expect(fields.marketCap.value).toBeCloseTo(94 * (37_037_000_000 / 40.03) * 7, 0);
  });

  it("gives JPM no debt/equity and a P/E on earnings after preferred dividends", () => {
    const { latest, prior } = annualReportAsOf("JPM", "2016-06-30");
    if (!latest) throw new Error("JPM fiscal 2015 should be known");
    const fields = fundamentalFields({ close: 62, sharesOnPriceBasis: latest.impliedShares, report: latest, priorReport: prior });
    expect(fields.debtToEquity.reason).toBe("not meaningful for banks and insurers");
    expect(fields.peRatio.value).toBeCloseTo(62 / 6.05, 9);
    expect(fields.returnOnEquity.value).toBeCloseTo(24_442 / 247_573, 9);
  });
});
