import { BASIC_COLUMNS, BASIC_CSV_FILE_NAME, buildBasicResultsCsv, sortBasicRows, type BasicRow } from "./basicColumns";
import { toCsv } from "./csv";

const row = (ticker: string, overrides: Partial<BasicRow> = {}): BasicRow => ({
  ticker,
  name: `${ticker} Inc.`,
  price: 123.456,
  sma5: 120.1,
  sma20: 118,
  sma50: 110.987,
  rsi: 61.234,
  volume: 1234567.8,
  technicalScore: 72.35,
  sentimentScore: 0.41234,
  newsCount: 7,
  analystUpgrades: 2,
  analystDowngrades: 1,
  momentum: "STRONG_BULLISH",
  peRatio: 28.456,
  marketCap: 612_000_000_000,
  beta: 1.23456,
  ...overrides,
});

test("the export is basic_screening_results.csv with exactly the spec's columns, one line per row", () => {
  expect(BASIC_CSV_FILE_NAME).toBe("basic_screening_results.csv");
  const csv = buildBasicResultsCsv([row("AAPL"), row("MSFT", { momentum: "NEUTRAL" })]);
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("Ticker,Price,SMA 5,SMA 20,SMA 50,RSI,Volume,Tech Score,Sentiment,News Count,Analyst Activity,Momentum,P/E,Market Cap,Beta");
  expect(lines[1]).toBe("AAPL,123.46,120.10,118.00,110.99,61.23,1234568,72.35,0.412,7,2 up / 1 down,strong_bullish,28.46,612000000000,1.235");
  expect(lines[2].split(",")[11]).toBe("neutral");
  expect(lines).toHaveLength(4); // header, two rows, and the final line break
  expect(lines[3]).toBe("");
  expect(BASIC_COLUMNS.map((column) => column.label)).toEqual(lines[0].split(","));
});

test("missing values export as empty cells, never as zero or 'null'", () => {
  const csv = buildBasicResultsCsv([row("NEWCO", { sma50: null, rsi: null, sentimentScore: null, peRatio: null, marketCap: null, beta: null, volume: null })]);
  expect(csv.split("\r\n")[1]).toBe("NEWCO,123.46,120.10,118.00,,,,72.35,,7,2 up / 1 down,strong_bullish,,,");
});

test("cells holding commas, quotes, line breaks or edge spaces are quoted, quotes doubled", () => {
  expect(toCsv(["a", "b", "c", "d", "e"], [["x,y", 'say "hi"', "two\nlines", " padded", 5]])).toBe(
    'a,b,c,d,e\r\n"x,y","say ""hi""","two\nlines"," padded",5\r\n',
  );
});

test("sorting keeps missing values last in both directions and ties in the server's order", () => {
  const rows = [row("A", { rsi: 40 }), row("B", { rsi: null }), row("C", { rsi: 80 }), row("D", { rsi: 40 })];
  expect(sortBasicRows(rows, { key: "rsi", direction: "descending" }).map((r) => r.ticker)).toEqual(["C", "A", "D", "B"]);
  expect(sortBasicRows(rows, { key: "rsi", direction: "ascending" }).map((r) => r.ticker)).toEqual(["A", "D", "C", "B"]);
  const momentum = [row("N", { momentum: "NEUTRAL" }), row("S", { momentum: "STRONG_BULLISH" }), row("B", { momentum: "BULLISH" })];
  expect(sortBasicRows(momentum, { key: "momentum", direction: "descending" }).map((r) => r.ticker)).toEqual(["S", "B", "N"]);
  const analysts = [
    row("ONE_UP", { analystUpgrades: 1, analystDowngrades: 0 }),
    row("NET_DOWN", { analystUpgrades: 1, analystDowngrades: 3 }),
    row("TWO_UP", { analystUpgrades: 3, analystDowngrades: 1 }),
  ];
  expect(sortBasicRows(analysts, { key: "analystActivity", direction: "descending" }).map((r) => r.ticker)).toEqual([
    "TWO_UP",
    "ONE_UP",
    "NET_DOWN",
  ]);
});
