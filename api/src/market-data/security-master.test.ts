// The security master's rules (security-master-derivation.ts) on small series, and what the
// committed master (data/securities/) says about the cases the data README names.
import { closeRatio, sameCompanyName, sameReturns } from "./security-master-derivation";
import { securityMaster } from "./security-master";
import { universeTickers } from "./universes";

const series = (closes: number[], start = 1) =>
  closes.map((close, index) => ({ date: `2018-01-${String(start + index).padStart(2, "0")}`, open: null, high: null, low: null, close, volume: null }));

describe("joining series of one security", () => {
  it("joins two files' series whose closes keep one ratio, and refuses a reused ticker", () => {
    const earlier = series([10, 11, 12, 11, 10, 12]);
    expect(closeRatio(series([5, 5.5, 6, 5.5, 5, 6]), earlier)).toEqual({ ratio: 0.5, days: 6 });
    // IR: Ingersoll-Rand plc against Gardner Denver, 2.6× apart and not moving together.
    expect(closeRatio(series([26, 27, 25, 26, 29, 31]), earlier)).toBeNull();
  });

  it("matches a dividend-adjusted series to a raw one by their daily returns", () => {
    const raw = series(Array.from({ length: 25 }, (_, index) => 100 * 1.01 ** index + (index % 3)));
    const adjusted = raw.map((bar) => ({ ...bar, close: bar.close * 0.97 }));
    expect(sameReturns(adjusted, raw)).toEqual({ days: 24 });
    expect(sameReturns(series(Array.from({ length: 25 }, (_, index) => 50 - index)), raw)).toBeNull();
  });

  it("tells one company's names from two companies'", () => {
    expect(sameCompanyName("Block H&R", "H&R Block")).toBe(true);
    expect(sameCompanyName("Campbell Soup", "The Campbell's Company")).toBe(true);
    expect(sameCompanyName("IHS Markit", "Harbor PanAgora Dynamic Large Cap Core ETF")).toBe(false);
    expect(sameCompanyName("Anadarko Petroleum Corp", "ARKO Petroleum Corp.")).toBe(false);
  });
});

describe("the bundled security master", () => {
  const master = securityMaster();

  it("follows renames and keeps each reused ticker's securities apart", () => {
    expect(master.keyOf("kaggle", "PCLN")).toBe("BKNG");
    expect(master.keyOf("kaggle", "DPS")).toBe("KDP");
    // IR in 2013–2018 is Ingersoll-Rand plc, TT today; IR in 2018–2021 is Gardner Denver's Ingersoll Rand.
    expect(master.keyOf("kaggle", "IR")).toBe("TT");
    expect(master.keyOf("alphavantage", "IR")).toBe("IR");
    // E.I. du Pont (to 2017) is not today's DuPont, which continues DowDuPont.
    expect(master.keyOf("quandl", "DD")).toBe("DD-201708");
    expect(master.keyOf("kaggle", "DWDP")).toBe("DD");
    // Walgreen's WAG series is Walgreens Boots Alliance's, which the Kaggle file already covers.
    expect(master.rows.find((row) => row.file === "quandl" && row.symbol === "WAG")).toMatchObject({ key: "WBA", usedFrom: null });
  });

  it("keeps every symbol of every file, whatever became of it", () => {
    for (const symbol of ["TWTR", "FRC", "SIVB", "ATVI", "XLNX", "INFO", "LB"]) expect(master.keyOf("alphavantage", symbol)).not.toBeNull();
    expect(master.security("YHOO")).toMatchObject({ name: "Yahoo Inc.", lastDate: "2017-06-16" });
  });

  it("gives the S&P 500 of a past day, former members included", () => {
    const members = universeTickers("sp500", { includeEtf: false, on: "2015-06-01" });
    expect(members.length).toBeGreaterThanOrEqual(495);
    expect(members).toEqual(expect.arrayContaining(["YHOO", "EMC-201609", "TT", "DD-201708"]));
    expect(members).not.toContain("IR");
    // Today's list stays its own universe.
    expect(universeTickers("sp500_current", { includeEtf: false, on: "2015-06-01" })).not.toContain("YHOO");
    expect(universeTickers("sp500", { includeEtf: false, on: "2021-04-21" })).toEqual(expect.arrayContaining(["TWTR", "IR", "TT"]));
  });
});
