import {
  annualDataValidation,
  annualReportAsOf,
  annualReportTickers,
  securityByTicker2017,
  splitRatioTolerance,
  tenKKnownAfterDays,
  usualSplitRatios,
} from "./annual-reports";

// Spot checks against the companies' 10-Ks (data/fundamentals/PROVENANCE.md).
describe("annual 10-K figures from the bundled 2012–2016 file", () => {
  it("reads AAPL's fiscal 2016 in whole dollars, known 90 days after the year ended and not before", () => {
    expect(tenKKnownAfterDays).toBe(90);
    const { latest, prior } = annualReportAsOf("AAPL", "2016-12-23");
    expect(latest).toMatchObject({
      ticker: "AAPL",
      fiscalYear: 2016,
      periodEnd: "2016-09-24",
      knownFrom: "2016-12-23",
      revenue: 215_639_000_000,
      netIncome: 45_687_000_000,
      eps: 8.35,
      cik: "0000320193",
      sector: "Information Technology",
      isFinancial: false,
      splitFactorToLatest: 1,
      perShareBasisPeriodEnd: "2016-09-24",
    });
    expect(latest?.impliedShares).toBeCloseTo(45_687_000_000 / 8.35, 0);
    expect(prior).toMatchObject({ fiscalYear: 2015, periodEnd: "2015-09-26", revenue: 233_715_000_000 });

    const dayBefore = annualReportAsOf("AAPL", "2016-12-22");
    expect(dayBefore.latest).toMatchObject({ fiscalYear: 2015, knownFrom: "2015-12-25" });
    expect(dayBefore.prior?.fiscalYear).toBe(2014);
  });

  it("reads MSFT's June fiscal year as first reported (before the ASC 606 restatement)", () => {
    const { latest } = annualReportAsOf("MSFT", "2016-12-31");
    expect(latest).toMatchObject({ fiscalYear: 2016, periodEnd: "2016-06-30", knownFrom: "2016-09-28", revenue: 85_320_000_000 });
  });

  it("reads a bank, whose debt figures follow the same template", () => {
    const { latest } = annualReportAsOf("JPM", "2016-06-30");
    expect(latest).toMatchObject({ fiscalYear: 2015, netIncome: 24_442_000_000, eps: 6.05, isFinancial: true, sector: "Financials" });
    expect(latest?.longTermDebt).toBe(415_548_000_000);
    // Basic EPS divides net income after preferred dividends: 22,406 M ÷ 6.05 = 3.70 bn shares, as JPM reported.
    expect(latest?.netIncomeToCommon).toBe(22_406_000_000);
    expect(latest?.impliedShares).toBeCloseTo(22_406_000_000 / 6.05, 0);
  });

  it("numbers years ending by early March (retail, 52/53-week) by the previous calendar year: ILMN's ending 2017-01-01 is fiscal 2016", () => {
    expect(annualReportAsOf("ILMN", "2017-06-30").latest).toMatchObject({ fiscalYear: 2016, periodEnd: "2017-01-01", knownFrom: "2017-04-01" });
    expect(annualReportAsOf("KR", "2016-06-30").latest).toMatchObject({ fiscalYear: 2015, periodEnd: "2016-01-30" });
    expect(annualReportAsOf("BBBY", "2016-06-30").latest).toMatchObject({ fiscalYear: 2015, periodEnd: "2016-02-27" });
  });

  it("answers the prior year only when it is the fiscal year just before", () => {
    // CERN's years end 2013-12-28, 2015-01-03, 2016-01-02, 2016-12-31: fiscal 2013 to 2016, no gap.
    const { latest, prior } = annualReportAsOf("CERN", "2016-06-30");
    expect([latest?.fiscalYear, prior?.fiscalYear]).toEqual([2015, 2014]);
    expect(annualReportAsOf("AAPL", "2014-06-30").prior).toBeNull(); // FY2013 is AAPL's first year in the file
  });

  it("is unknown, with a reason, for tickers without rows, before a first 10-K, and once the next 10-K was due", () => {
    expect(annualReportAsOf("BRK.B", "2015-06-30")).toEqual({ latest: null, prior: null, reason: "BRK.B is not in the bundled 2012–2016 10-K file" });
    expect(annualReportAsOf("ZZZZ", "2015-06-30").reason).toBe("ZZZZ is not in the bundled 2012–2016 10-K file");
    expect(annualReportAsOf("AAPL", "2013-12-26")).toEqual({
      latest: null,
      prior: null,
      reason: "no 10-K in the bundled 2012–2016 file is known by 2013-12-26",
    });
    expect(annualReportAsOf("AAPL", "2013-12-27").latest?.fiscalYear).toBe(2013);
    // JPM's rows end at fiscal 2015; its 2016 10-K was due by 2017-03-31 (2015-12-31 + 366 + 90 days).
    expect(annualReportAsOf("JPM", "2017-03-30").latest?.fiscalYear).toBe(2015);
    expect(annualReportAsOf("JPM", "2017-03-31")).toEqual({
      latest: null,
      prior: null,
      reason: "JPM's fiscal 2016 10-K was due by 2017-03-31 and the bundled 2012–2016 file does not have it",
    });
  });

  it("gives each of a ticker's period ends its own fiscal year, and every ticker a zero-padded CIK", () => {
    const tickers = annualReportTickers();
    expect(tickers).toHaveLength(447); // 448 in the file, less COTY whose rows are all stray
    const monthEnds = Array.from({ length: 72 }, (_, index) => new Date(Date.UTC(2012, index + 1, 0)).toISOString().slice(0, 10));
    for (const ticker of tickers) {
      const periodEndByFiscalYear = new Map<number, Set<string>>();
      for (const asOf of monthEnds) {
        const latest = annualReportAsOf(ticker, asOf).latest;
        if (latest) periodEndByFiscalYear.set(latest.fiscalYear, (periodEndByFiscalYear.get(latest.fiscalYear) ?? new Set()).add(latest.periodEnd));
      }
      expect([...periodEndByFiscalYear.values()].filter((periodEnds) => periodEnds.size > 1)).toEqual([]);
      expect(securityByTicker2017(ticker)?.cik).toMatch(/^\d{10}$/);
    }
  });
});

describe("rows the file should not have", () => {
  it("drops COTY's stray 2003–2007 rows with a reason and keeps nothing else out", () => {
    const { droppedRows } = annualDataValidation();
    expect(droppedRows.map(({ ticker, periodEnd }) => `${ticker} ${periodEnd}`)).toEqual([
      "COTY 2003-06-30",
      "COTY 2004-06-30",
      "COTY 2006-02-28",
      "COTY 2007-02-28",
    ]);
    expect(droppedRows[0].reason).toBe("period ends outside the file's 2012–2016 fiscal years (a stray row)");
    expect(annualReportAsOf("COTY", "2008-01-01").reason).toBe(
      "every row of COTY in the bundled 2012–2016 10-K file was dropped (see annualDataValidation)",
    );
  });

  it("implies no share count where EPS and net income to common disagree in sign", () => {
    expect(annualDataValidation().unusableShareCounts.map(({ ticker, periodEnd }) => `${ticker} ${periodEnd}`)).toEqual([
      "PRU 2012-12-31",
      "PRU 2014-12-31",
      "TDG 2013-09-30",
    ]);
    expect(annualReportAsOf("PRU", "2015-06-30").latest).toMatchObject({ periodEnd: "2014-12-31", eps: -2.69, impliedShares: null });
  });
});

describe("share splits seen in the implied share count", () => {
  it("finds AAPL's 7-for-1 of 2014 and puts fiscal 2013 on the post-split basis", () => {
    const split = annualDataValidation().shareSplits.find(({ ticker }) => ticker === "AAPL");
    expect(split).toMatchObject({ fromPeriodEnd: "2013-09-28", toPeriodEnd: "2014-09-27", splitRatio: 7 });
    expect(split?.impliedShareRatio).toBeCloseTo(6.58, 2);

    const fiscal2013 = annualReportAsOf("AAPL", "2014-06-30").latest;
    expect(fiscal2013).toMatchObject({ fiscalYear: 2013, splitFactorToLatest: 7, perShareBasisPeriodEnd: "2016-09-24" });
    expect(fiscal2013?.eps).toBeCloseTo(5.72, 2); // 40.03 as reported ÷ 7
    expect(fiscal2013?.impliedShares).toBeCloseTo((37_037_000_000 / 40.03) * 7, 0);
    // Money is not per share: no adjustment.
    expect(fiscal2013?.netIncome).toBe(37_037_000_000);
  });

  it("adjusts every year before a split and none after it (NFLX 7-for-1 of July 2015)", () => {
    const factors = [2013, 2014, 2015].map((year) => annualReportAsOf("NFLX", `${year + 1}-06-30`).latest?.splitFactorToLatest);
    expect(factors).toEqual([7, 7, 1]);
    expect(annualReportAsOf("NFLX", "2015-06-30").latest?.eps).toBeCloseTo(4.44 / 7, 6);
  });

  it("counts only usual split ratios within the tolerance", () => {
    const { shareSplits, rejectedSplitCandidates } = annualDataValidation();
    for (const split of [...shareSplits, ...rejectedSplitCandidates]) {
      expect(usualSplitRatios).toContain(split.splitRatio);
      expect(Math.abs(split.impliedShareRatio / split.splitRatio - 1)).toBeLessThanOrEqual(splitRatioTolerance);
    }
    expect(shareSplits.map(({ ticker, splitRatio }) => `${ticker} ${splitRatio}`)).toEqual(
      expect.arrayContaining(["CRM 4", "HBI 4", "TMK 1.5", "SBUX 2", "UNP 2", "CNC 2"]),
    );
    expect(shareSplits).toHaveLength(24);
  });

  it("rejects mergers and EPS misfits that look like splits, leaving those years unadjusted", () => {
    const rejected = annualDataValidation().rejectedSplitCandidates;
    expect(rejected.map(({ ticker }) => ticker).sort()).toEqual(["ALB", "DISCA", "LUK", "MAA", "O", "PNR", "QRVO", "SLG", "TDG", "WRK"]);
    expect(rejected.find(({ ticker }) => ticker === "ALB")?.reason).toBe("shares issued for the Rockwood acquisition (January 2015)");
    expect(annualReportAsOf("ALB", "2015-06-30").latest).toMatchObject({ fiscalYear: 2014, eps: 1.69, splitFactorToLatest: 1 });
  });

  it("reports share count jumps that are no split", () => {
    const jumps = annualDataValidation().shareCountJumps;
    expect(jumps.find(({ ticker }) => ticker === "ADI")).toMatchObject({ fromPeriodEnd: "2013-11-02", toPeriodEnd: "2014-11-01" });
    expect(jumps.every(({ impliedShareRatio }) => impliedShareRatio > 1.3 || impliedShareRatio < 1 / 1.3)).toBe(true);
  });
});

describe("the 2017 security list", () => {
  it("gives CIK, name, sector and the date first added by the 2017 ticker", () => {
    expect(securityByTicker2017("AAPL")).toEqual({
      ticker: "AAPL",
      name: "Apple Inc.",
      cik: "0000320193",
      sector: "Information Technology",
      subIndustry: "Computer Hardware",
      dateFirstAdded: "1982-11-30",
    });
    expect(securityByTicker2017("MMM")?.dateFirstAdded).toBeNull();
    expect(securityByTicker2017("BKNG")).toBeNull(); // PCLN in 2017
  });
});
