import { resolveAsOf, withAsOfParam } from "./asOf";
import { coverageWeeks, weekIndexOf } from "./coverageWeeks";

const COVERAGE = { defaultAsOf: "2020-07-17", firstPriceDate: "2018-01-02", latestPriceDate: "2021-04-21" };

test("without ?asOf= the data's default day is used, or the latest data when there is none", () => {
  expect(resolveAsOf(null, COVERAGE)).toEqual({ asOf: "2020-07-17", source: "default", problem: null });
  expect(resolveAsOf(null, { ...COVERAGE, defaultAsOf: null })).toEqual({ asOf: null, source: "latest", problem: null });
});

test("a valid ?asOf= inside the stored prices is used as given", () => {
  expect(resolveAsOf("2020-03-16", COVERAGE)).toEqual({ asOf: "2020-03-16", source: "url", problem: null });
  expect(resolveAsOf("2021-04-21", COVERAGE).asOf).toBe("2021-04-21");
});

test("an invalid or out-of-range ?asOf= falls back to the default and says why", () => {
  expect(resolveAsOf("2021-02-30", COVERAGE)).toMatchObject({ asOf: "2020-07-17", source: "default" });
  expect(resolveAsOf("yesterday", COVERAGE).problem).toBe("“yesterday” is not a date: use YYYY-MM-DD, e.g. 2020-07-17.");
  expect(resolveAsOf("2024-01-05", COVERAGE).problem).toBe(
    "Jan 5, 2024 is outside the stored prices (Jan 2, 2018 – Apr 21, 2021), so it cannot be used.",
  );
  expect(resolveAsOf("2017-12-29", COVERAGE).problem).toContain("outside the stored prices");
});

test("the other search params are kept when the day changes", () => {
  expect(withAsOfParam(new URLSearchParams("ticker=MSFT&timeframe=7d"), "2020-07-17").toString()).toBe("ticker=MSFT&timeframe=7d&asOf=2020-07-17");
  expect(withAsOfParam(new URLSearchParams("tab=combined&asOf=2020-07-17"), null).toString()).toBe("tab=combined");
});

test("the density strip's weeks: busiest day's tickers with news, the last priced day, empty weeks kept", () => {
  const weeks = coverageWeeks([
    { date: "2020-07-13", tickersWithPrices: 500, tickersWithNews: 12 },
    { date: "2020-07-15", tickersWithPrices: 500, tickersWithNews: 30 },
    { date: "2020-07-18", tickersWithPrices: 0, tickersWithNews: 4 },
    { date: "2020-07-31", tickersWithPrices: 498, tickersWithNews: 0 },
  ]);
  expect(weeks).toEqual([
    { start: "2020-07-13", maxTickersWithNews: 30, lastPriceDate: "2020-07-15" },
    { start: "2020-07-20", maxTickersWithNews: 0, lastPriceDate: null },
    { start: "2020-07-27", maxTickersWithNews: 0, lastPriceDate: "2020-07-31" },
  ]);
  expect(weekIndexOf(weeks, "2020-07-26")).toBe(1);
});
