// The 2013–2018 files' checks on the days the data README names, read from the bundled files.
import { priceSnapshotDirectory } from "./price-snapshot";
import { readHistoryFile, tradingCalendar, validateSeries, type FileSeries } from "./history-files";

let kaggle: FileSeries[];
let quandl: FileSeries[];
let calendar: string[];
const series = (file: FileSeries[], symbol: string) => file.find((one) => one.symbol === symbol)!;
const close = (bars: { date: string; close: number }[], date: string) => bars.find((bar) => bar.date === date)?.close;

beforeAll(async () => {
  [kaggle, quandl] = await Promise.all([readHistoryFile(priceSnapshotDirectory, "kaggle"), readHistoryFile(priceSnapshotDirectory, "quandl")]);
  calendar = tradingCalendar(kaggle);
});

describe("the 2013–2018 price files", () => {
  it("read every series, oldest bar first, with empty cells as unknown", () => {
    expect(kaggle).toHaveLength(505);
    expect(quandl).toHaveLength(119);
    expect(kaggle.reduce((sum, one) => sum + one.bars.length, 0)).toBe(619_040);
    expect(series(kaggle, "AAPL").bars[0]).toEqual({ date: "2013-02-08", open: 67.7142, high: 68.4014, low: 66.8928, close: 67.8542, volume: 158168416 });
    expect(calendar).toHaveLength(1259);
  });

  it("remove a bad bar between two neighbours that agree (LNT 2016-05-19, NWL 2017-09-14)", () => {
    for (const [symbol, date] of [["LNT", "2016-05-19"], ["NWL", "2017-09-14"]]) {
      const { bars, findings } = validateSeries(series(kaggle, symbol), calendar);
      expect(close(bars, date)).toBeUndefined();
      expect(findings).toContainEqual(expect.objectContaining({ date, kind: "bad bar", action: "removed" }));
    }
  });

  it("adjust DISCA's unadjusted 2:1 share dividend of 2014-08-07 like a split", () => {
    const raw = series(kaggle, "DISCA");
    const { bars, findings } = validateSeries(raw, calendar);
    expect(findings).toContainEqual(expect.objectContaining({ date: "2014-08-07", kind: "unadjusted split", action: "adjusted" }));
    expect(close(bars, "2014-08-06")).toBeCloseTo(close(raw.bars, "2014-08-06")! / 2, 6);
    expect(close(bars, "2014-08-07")).toBe(close(raw.bars, "2014-08-07"));
  });

  it("keep and flag real drops: spin-offs are not adjusted in these prices", () => {
    const ebay = validateSeries(series(kaggle, "EBAY"), calendar);
    expect(ebay.findings).toContainEqual(expect.objectContaining({ date: "2015-07-20", kind: "large move", action: "flagged" }));
    expect(close(ebay.bars, "2015-07-17")).toBe(66.29);
    // Dean Foods halved on the WhiteWave spin-off: Quandl's own adjustment is trusted, nothing repaired.
    const deanFoods = validateSeries(series(quandl, "DF"), calendar);
    expect(deanFoods.findings).toContainEqual(expect.objectContaining({ date: "2013-05-24", kind: "large move", action: "flagged" }));
  });

  it("flag trading days missing inside a series", () => {
    const { findings } = validateSeries(series(kaggle, "DHR"), calendar);
    expect(findings).toContainEqual(expect.objectContaining({ kind: "missing days", action: "flagged", detail: expect.stringMatching(/^16 trading days missing/) }));
  });
});
