import { PICK_COLUMNS, sortPicks, toggledSort, type PickRow } from "./pickColumns";
import { formatFactorInput } from "./format";

const row = (rank: number, ticker: string, returns1m: number | null): PickRow =>
  ({ rank, ticker, name: null, aiScore: 0.6, price: 10, returns1m, returns3m: null, returns12m: null, rsi: null }) as PickRow;

const rows = [row(1, "MSFT", 0.02), row(2, "AAPL", null), row(3, "NVDA", 0.05), row(4, "AMD", 0.02)];
const column = (key: string) => PICK_COLUMNS.find((candidate) => candidate.key === key)!;

test("sorts a copy by the column; missing values last either way, ties in rank order", () => {
  expect(sortPicks(rows, { key: "returns1m", direction: "descending" }).map((r) => r.ticker)).toEqual(["NVDA", "MSFT", "AMD", "AAPL"]);
  expect(sortPicks(rows, { key: "returns1m", direction: "ascending" }).map((r) => r.ticker)).toEqual(["MSFT", "AMD", "NVDA", "AAPL"]);
  expect(sortPicks(rows, { key: "ticker", direction: "ascending" }).map((r) => r.ticker)).toEqual(["AAPL", "AMD", "MSFT", "NVDA"]);
  expect(rows.map((r) => r.ticker)).toEqual(["MSFT", "AAPL", "NVDA", "AMD"]);
});

test("a header click starts a column in its natural direction, a second click flips it", () => {
  const byScore = toggledSort({ key: "rank", direction: "ascending" }, column("aiScore"));
  expect(byScore).toEqual({ key: "aiScore", direction: "descending" });
  expect(toggledSort(byScore, column("aiScore"))).toEqual({ key: "aiScore", direction: "ascending" });
});

test("factor inputs read in their own units; a missing one is a dash", () => {
  expect(formatFactorInput("momentum12_1", 0.452)).toBe("+45.2 %");
  expect(formatFactorInput("sma50Distance", -0.031)).toBe("−3.1 %");
  expect(formatFactorInput("volatility60", 0.321)).toBe("32.1 %");
  expect(formatFactorInput("rsi14", 61.24)).toBe("61.2");
  expect(formatFactorInput("beta60", 1.234)).toBe("1.23");
  expect(formatFactorInput("newsSentiment", null)).toBe("—");
});
