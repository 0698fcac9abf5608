/** @db */
import request from "supertest";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000" });
  await loadSnapshotPrices(db, ["AAPL"]);
}, 60_000);
afterAll(() => db.close());

type Bar = { date: string; open: number; high: number; low: number; close: number; volume: number; sma5: number; sma20: number; sma50: number | null };
type StockData = {
  stock: {
    technicals: (Record<string, unknown> & { sma5: number; sma20: number; sma50: number; peRatio: number; technicalScore: number }) | null;
    priceHistory: { source: string; asOf: string | null; bars: Bar[] };
  };
};

async function graphql(query: string, variables: Record<string, unknown> = {}) {
  const response = await request(test.app).post("/graphql").send({ query, variables }).expect(200);
  return response.body as { data: StockData; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const stockQuery = /* GraphQL */ `
  query Stock($ticker: String!, $days: Int) {
    stock(ticker: $ticker) {
      technicals {
        asOf source isSnapshot close volume sma5 sma20 sma50 rsi14 avgVolume20 beta60 betaProxy maCondition maSpreadPct
        lastCrossUpDate momentum technicalScore return1m peRatio peSource nextEarningsDate daysToEarnings
      }
      priceHistory(days: $days) { source asOf bars { date open high low close volume sma5 sma20 sma50 } }
    }
  }
`;

describe("Stock.technicals and Stock.priceHistory", () => {
  it("answers AAPL's indicators at the snapshot's last day, with P/E and the next earnings date as known then", async () => {
    const { data, errors } = await graphql(stockQuery, { ticker: "AAPL", days: 30 });
    expect(errors).toBeUndefined();
    const technicals = data.stock.technicals!;
    expect(technicals).toMatchObject({
      asOf: "2021-04-21",
      source: "Alpha Vantage daily prices (bundled snapshot)",
      isSnapshot: true,
      close: 133.5,
      volume: 68_538_237,
      momentum: "BULLISH",
      betaProxy: "Equal-weighted average of 421 S&P 500 members (SPY not in the data)",
      nextEarningsDate: "2021-04-28",
      daysToEarnings: 7,
    });
    expect(technicals.sma5).toBeCloseTo((134.5 + 134.16 + 134.84 + 133.11 + 133.5) / 5, 9);
    expect(technicals.peRatio).toBeCloseTo(133.5 / (0.64 + 0.64 + 0.73 + 1.68), 9);
    expect(technicals.peSource).toMatch(/^close ÷ trailing 4 quarters EPS/);
    expect(technicals.technicalScore).toBeGreaterThanOrEqual(0);
    expect(technicals.technicalScore).toBeLessThanOrEqual(100);
  });

  it("charts the last `days` calendar days, with moving averages over the whole series", async () => {
    const { data } = await graphql(stockQuery, { ticker: "AAPL", days: 30 });
    const history = data.stock.priceHistory;
    expect(history.asOf).toBe("2021-04-21");
    expect(history.source).toBe("Alpha Vantage daily prices (bundled snapshot, 2021-03-23 → 2021-04-21)");
    expect(history.bars[0].date).toBe("2021-03-23");
    expect(history.bars).toHaveLength(21);
    const last = history.bars[history.bars.length - 1];
    expect(last).toMatchObject({ date: "2021-04-21", open: 132.36, high: 133.75, low: 131.3, close: 133.5, volume: 68_538_237 });
    // The first bar already has its SMA 50: the averages are computed from bars before the window too.
    expect(history.bars[0].sma50).not.toBeNull();
    const technicals = data.stock.technicals!;
    expect(last.sma5).toBeCloseTo(technicals.sma5, 9);
    expect(last.sma20).toBeCloseTo(technicals.sma20, 9);
    expect(last.sma50!).toBeCloseTo(technicals.sma50, 9);
  });

  it("shows a year by default and rejects a window outside 30–3650 days, naming days", async () => {
    const { data } = await graphql(stockQuery, { ticker: "AAPL" });
    expect(data.stock.priceHistory.bars[0].date >= "2020-04-22").toBe(true);
    expect(data.stock.priceHistory.bars.length).toBeGreaterThan(240);
    // Refused before it runs (HTTP 400), as every count outside its range (graphql/int-args.ts).
    const { errors } = (await request(test.app).post("/graphql").send({ query: stockQuery, variables: { ticker: "AAPL", days: 10 } }).expect(400)).body as { errors?: { extensions?: unknown }[] };
    expect(errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "days", message: "days must be between 30 and 3650." }],
    });
  });

  it("has no technicals and an empty chart for a stock without prices", async () => {
    const { data } = await graphql(stockQuery, { ticker: "TSM" });
    expect(data.stock.technicals).toBeNull();
    expect(data.stock.priceHistory).toEqual({ source: "No price data", asOf: null, bars: [] });
  });
});

describe("Stock.technicals(asOf:) and Stock.priceHistory(asOf:)", () => {
  const asOfQuery = /* GraphQL */ `
    query StockAsOf($ticker: String!, $days: Int, $asOf: String) {
      stock(ticker: $ticker) {
        technicals(asOf: $asOf) { asOf close sma5 sma20 peRatio peSource nextEarningsDate daysToEarnings }
        priceHistory(days: $days, asOf: $asOf) { source asOf bars { date close sma5 sma20 } }
      }
    }
  `;

  it("answers a past day from the bars dated on or before it: the indicators and the chart end there", async () => {
    const { data, errors } = await graphql(asOfQuery, { ticker: "AAPL", days: 30, asOf: "2020-07-18" }); // a Saturday
    expect(errors).toBeUndefined();
    const technicals = data.stock.technicals!;
    const history = data.stock.priceHistory;
    expect(technicals.asOf).toBe("2020-07-17");
    expect(history.asOf).toBe("2020-07-17");
    expect(history.source).toBe("Alpha Vantage daily prices (bundled snapshot, 2020-06-18 → 2020-07-17)");
    const last = history.bars[history.bars.length - 1];
    expect(last.date).toBe("2020-07-17");
    expect(technicals.close).toBe(last.close);
    expect(technicals.sma5).toBeCloseTo(last.sma5, 9);
    expect(technicals.sma20).toBeCloseTo(last.sma20, 9);
    // The bundled earnings data starts in 2021: nothing was known about earnings dates in July 2020.
    expect(technicals).toMatchObject({ peRatio: null, nextEarningsDate: null, daysToEarnings: null });
  });

  it("counts P/E quarters and the earnings date as known on the as-of day", async () => {
    // Q4 2020 (ended 2020-12-31) is surely reported 60 days later, on 2021-03-01; the Friday before, it is not.
    const friday = (await graphql(asOfQuery, { ticker: "AAPL", days: 30, asOf: "2021-02-26" })).data.stock.technicals!;
    expect(friday).toMatchObject({ asOf: "2021-02-26", peRatio: null, nextEarningsDate: "2021-04-28", daysToEarnings: 61 });
    const monday = (await graphql(asOfQuery, { ticker: "AAPL", days: 30, asOf: "2021-03-01" })).data.stock.technicals!;
    expect(monday.peRatio).toBeCloseTo((monday.close as number) / (0.64 + 0.64 + 0.73 + 1.68), 9);
    expect(monday).toMatchObject({ nextEarningsDate: "2021-04-28", daysToEarnings: 58 });
  });

  it("is not moved by any later bar", async () => {
    const before = (await graphql(asOfQuery, { ticker: "AAPL", days: 90, asOf: "2020-07-17" })).data.stock.priceHistory;
    await db.prisma.$executeRaw`UPDATE price_data SET close = close * 2 WHERE ticker = 'AAPL' AND date > '2020-07-17'`;
    try {
      const after = (await graphql(asOfQuery, { ticker: "AAPL", days: 90, asOf: "2020-07-17" })).data.stock.priceHistory;
      expect(after).toEqual(before);
    } finally {
      await db.prisma.$executeRaw`UPDATE price_data SET close = close / 2 WHERE ticker = 'AAPL' AND date > '2020-07-17'`;
    }
  });

  it("refuses a day that is not a calendar date or lies outside the stored prices, naming asOf", async () => {
    const notADate = await graphql(asOfQuery, { ticker: "AAPL", asOf: "2020-02-30" });
    expect(notADate.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "asOf", message: "asOf must be a calendar date written YYYY-MM-DD" }],
    });
    const tooLate = await graphql(asOfQuery, { ticker: "AAPL", asOf: "2021-05-01" });
    expect(tooLate.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "asOf", message: "asOf must be a date from 2018-01-02 to 2021-04-21, the range of the stored prices" }],
    });
  });
});
