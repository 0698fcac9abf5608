/** @db */
import { eventually } from "../../test/eventually";
import { dataCoverage } from "../data-coverage/data-coverage";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { storePriceBars, type StoredBar } from "./price-bars";
import { warmDefaultDay } from "./warm-default-day";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

const weekdays = ["2020-07-06", "2020-07-07", "2020-07-08", "2020-07-09", "2020-07-10", "2020-07-13", "2020-07-14", "2020-07-15", "2020-07-16", "2020-07-17"];
const bar = (ticker: string, date: string): StoredBar => ({ ticker, date, open: 10, high: 11, low: 9, close: 10.5, volume: 1000, source: "alphavantage-snapshot" });

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  await storePriceBars(db, ["AAPL", "MSFT"].flatMap((ticker) => weekdays.map((date) => bar(ticker, date))));
  // Offline news for both in mid-July: views open on a day of that week (data-coverage.ts).
  await db.prisma.newsArticle.create({
    data: { source: "reuters", guid: "warm-default-day", title: "Apple and Microsoft", publishedAt: new Date("2020-07-13T12:00:00Z"), tickers: ["AAPL", "MSFT"], score: 0.2, label: "positive", terms: [], isSnapshot: true },
  });
}, 60_000);
afterAll(() => db.close());

it("has the default as-of day's indicators in memory before any view asks for them", async () => {
  const { defaultAsOf } = await dataCoverage(db);
  expect(defaultAsOf).toMatch(/^2020-07-1\d$/);
  const deps = createTestDeps(db);
  expect(deps.technicals.isPastDayCached(defaultAsOf!)).toBe(false);
  const stop = warmDefaultDay(deps);
  try {
    await eventually(() => deps.technicals.isPastDayCached(defaultAsOf!));
    expect((await deps.technicals.asOf(defaultAsOf!)).byTicker.get("AAPL")?.asOf).toBe(defaultAsOf);
  } finally {
    stop();
  }
});
