import path from "node:path";
import { earningsSnapshotDirectory, isBeat, isScored, parseEarningsCsv, readEarningsDirectory, reportTimeOf, tickerOfFile } from "./earnings-files";

const header = "Earnings Date,EPS Estimate,Reported EPS,Surprise(%)";

describe("parseEarningsCsv", () => {
  it("reads the next quarter (estimate only) and reported quarters, oldest first, leaving out stray rows of 2007–2009", () => {
    const text = [header, "2026-01-29 16:00:00-05:00,2.67,,", "2025-10-30 16:00:00-04:00,1.77,1.85,4.47", "2025-07-24 07:00:00-04:00,1.00,1.00,0", "2008-10-21 16:00:00-04:00,1.1,1.2,9"].join("\n");
    const reports = parseEarningsCsv(text, "AAPL");
    expect(reports.map((report) => report.date)).toEqual(["2025-07-24", "2025-10-30", "2026-01-29"]);
    expect(reports[1]).toEqual({
      ticker: "AAPL",
      announcedAt: "2025-10-30T16:00:00-04:00",
      date: "2025-10-30",
      reportTime: "after_close",
      consensusEps: 1.77,
      actualEps: 1.85,
      surprisePercent: 4.47,
    });
    expect(reports[2]).toMatchObject({ actualEps: null, surprisePercent: null, consensusEps: 2.67 });
    expect(isScored(reports[2])).toBe(false);
    // A match is not a beat.
    expect(isScored(reports[0]) && isBeat(reports[0])).toBe(false);
  });

  it("names the file's ticker on an unexpected layout", () => {
    expect(() => parseEarningsCsv("Date,EPS\n", "XYZ")).toThrow(/XYZ: unexpected columns/);
    expect(() => parseEarningsCsv(`${header}\nyesterday,1,1,0`, "XYZ")).toThrow(/XYZ: unreadable Earnings Date/);
  });
});

it("tells before the open from after the close by the local time", () => {
  expect(["06:00", "09:29", "09:30", "15:59", "16:00", "17:30"].map(reportTimeOf)).toEqual([
    "before_open",
    "before_open",
    "during_market",
    "during_market",
    "after_close",
    "after_close",
  ]);
});

it("spells Yahoo's dash class suffix as the app's dot form", () => {
  expect(tickerOfFile("BRK-B.csv")).toBe("BRK.B");
  expect(tickerOfFile(path.join("x", "AAPL.csv"))).toBe("AAPL");
});

it("reads the bundled snapshot: 80 companies, each with one next quarter after about 20+ reported ones", () => {
  const byTicker = readEarningsDirectory(earningsSnapshotDirectory);
  expect(byTicker.size).toBe(80);
  expect(byTicker.has("BRK.B")).toBe(true);
  const apple = byTicker.get("AAPL")!;
  expect(apple.filter((report) => report.actualEps === null).map((report) => report.date)).toEqual(["2026-01-29"]);
  expect(apple.filter(isScored).length).toBeGreaterThanOrEqual(20);
  expect([...byTicker.values()].flat().every((report) => report.date >= "2019-01-01")).toBe(true);
});
