import { AS_OF_FUTURE_MESSAGE, AS_OF_MESSAGE, defaultAsOfDay, endOfDay, isCalendarDay, isInPriceRange } from "./as-of";
import { asOfDaySchema, pastAsOfDaySchema } from "./as-of-schema";

test("a day is a real calendar day written YYYY-MM-DD", () => {
  expect([isCalendarDay("2020-02-29"), isCalendarDay("2021-02-29"), isCalendarDay("2020-7-1"), isCalendarDay(" 2020-07-01"), isCalendarDay(null), isCalendarDay(20200701)]).toEqual([
    true,
    false,
    false,
    false,
    false,
    false,
  ]);
});

test("the schemas give null without a day and one message for any bad one; the past one refuses tomorrow", () => {
  expect(asOfDaySchema.parse(undefined)).toBeNull();
  expect(asOfDaySchema.parse("2021-04-21")).toBe("2021-04-21");
  for (const bad of ["2021-02-30", "21-04-21", 5]) {
    expect(asOfDaySchema.safeParse(bad).error?.issues.map((issue) => issue.message)).toEqual([AS_OF_MESSAGE]);
  }
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect(pastAsOfDaySchema.safeParse(tomorrow).error?.issues.map((issue) => issue.message)).toEqual([AS_OF_FUTURE_MESSAGE]);
  expect(pastAsOfDaySchema.parse("2020-07-17")).toBe("2020-07-17");
});

test("a day ends at its last UTC millisecond", () => {
  expect(endOfDay("2020-07-17").toISOString()).toBe("2020-07-17T23:59:59.999Z");
});

test("the price range includes both ends", () => {
  const range = { first: "2018-01-02", last: "2021-04-21" };
  expect(["2018-01-01", "2018-01-02", "2021-04-21", "2021-04-22"].map((day) => isInPriceRange(day, range))).toEqual([false, true, true, false]);
});

test("the default day is the coverage's, else the latest price day, else none", () => {
  expect(defaultAsOfDay({ defaultAsOf: "2020-04-22", latestPriceDate: "2021-04-21" })).toBe("2020-04-22");
  expect(defaultAsOfDay({ defaultAsOf: null, latestPriceDate: "2021-04-21" })).toBe("2021-04-21");
  expect(defaultAsOfDay({ defaultAsOf: null, latestPriceDate: null })).toBeNull();
});
