/** @db */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase, testDatabaseUrl } from "../../test/test-database";
import { openDatabase } from "../db/database";
import { isSkipped } from "../db/run-exclusively";
import { refreshPrices, runScheduledRefresh, scheduleMarketDataRefresh } from "./price-refresh";
import { priceSnapshotDirectory } from "./price-snapshot";
import { createLimiter } from "./providers/http";
import { createPriceProvider } from "./providers/price-provider";
import { createYahooChartProvider, parseChart } from "./providers/yahoo-chart";
import { createTechnicalsStore } from "./technicals-store";

// Recorded real Yahoo chart responses (fixtures/README.md), served from 127.0.0.1.
type Envelope = { response: { status: number; bodyJson: Parameters<typeof parseChart>[0] } };
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8")) as Envelope;
const charts: Record<string, Envelope> = {
  AAPL: fixture("chart-AAPL-2020-08-31-to-2020-11-07.json"),
  MSFT: fixture("historical-via-chart-MSFT-dividends-2021-02-01-to-2022-01-31.csv.json"),
  AMZN: fixture("chart-AMZN-2020-01-01-to-2020-01-03.json"),
};
// Yahoo's answer for a symbol it does not know.
const notFound = { chart: { result: null, error: { code: "Not Found", description: "No data found, symbol may be delisted" } } };

// Alpha Vantage answers are rows of the bundled snapshot (itself TIME_SERIES_DAILY_ADJUSTED output) in its CSV layout.
type SnapshotRow = Record<string, string>;
const snapshotRows: SnapshotRow[] = parse(zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, "sp500_daily_2018-2021.csv.gz"))), {
  columns: true,
});
function alphaVantageCsv(symbol: string, from: string, to: string): string {
  const rows = snapshotRows.filter((row) => row.symbol === symbol && row.date >= from && row.date <= to).reverse();
  const columns = ["open", "high", "low", "close", "adjusted_close", "volume", "dividend_amount", "split_coefficient"];
  return [`timestamp,${columns.join(",")}`, ...rows.map((row) => [row.date, ...columns.map((column) => row[column])].join(","))].join("\r\n");
}
const alphaVantageRateNote = {
  Note: "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day.",
};

let server: http.Server;
let baseUrl: string;
let requests: string[] = [];
const answered = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url!, "http://127.0.0.1");
    requests.push(request.url!);
    const send = (status: number, body: unknown, contentType = "application/json") => {
      response.writeHead(status, { "content-type": contentType });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (url.pathname === "/query") {
      const symbol = url.searchParams.get("symbol")!;
      if (symbol === "RATE") return send(200, alphaVantageRateNote);
      return send(200, alphaVantageCsv(symbol, "2020-05-01", "2020-11-06"), "text/csv");
    }
    const symbol = decodeURIComponent(url.pathname.split("/").pop()!);
    const count = (answered.get(symbol) ?? 0) + 1;
    answered.set(symbol, count);
    if (symbol === "HANG") return; // never answers
    if (symbol === "NVDA") return send(503, "upstream unavailable", "text/plain");
    if (symbol === "MSFT" && count === 1) return send(429, "Too Many Requests", "text/plain");
    const envelope = charts[symbol];
    return envelope ? send(envelope.response.status, envelope.response.bodyJson) : send(404, notFound);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const testDeps = (environment: Record<string, string> = {}) =>
  createTestDeps(db, { MARKET_DATA_BASE_URL: baseUrl, MARKET_DATA_REQUESTS_PER_MINUTE: "6000", ...environment });
const yahoo = () => createPriceProvider(testDeps().config.marketData, { retries: 2, backoffMs: 10 })!;
/** The day after the AAPL recording's last bar. */
const now = () => new Date("2020-11-07T12:00:00Z");
const storedClose = async (ticker: string, date: string) =>
  Number((await db.prisma.priceBar.findUniqueOrThrow({ where: { ticker_date: { ticker, date: new Date(`${date}T00:00:00Z`) } } })).close);
const status = (ticker: string) => db.prisma.priceRefreshStatus.findUniqueOrThrow({ where: { ticker } });
const unix = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

describe("the Yahoo chart provider", () => {
  it("reads daily bars in the exchange's time zone, adjusted for later splits, and the split events", () => {
    const aapl = parseChart(charts.AAPL.response.bodyJson);
    expect(aapl.bars).toHaveLength(49);
    expect(aapl.bars[0]).toMatchObject({ date: "2020-08-31", close: 129.0399932861328 });
    expect(aapl.bars[48].date).toBe("2020-11-06");
    expect(aapl.splits).toEqual([{ date: "2020-08-31", ratio: 4 }]);
    // AMZN's 2020-01-02 close as Yahoo served it in 2025: after the 20:1 split of 2022 (1,898.01 traded).
    expect(parseChart(charts.AMZN.response.bodyJson).bars[0].close).toBeCloseTo(1898.01 / 20, 2);
  });

  it("leaves out days without a close and today's bar while the session is open", () => {
    const body = structuredClone(charts.MSFT.response.bodyJson);
    const result = body.chart.result![0];
    result.indicators.quote[0].close[1] = null;
    expect(parseChart(body).bars).toHaveLength(251);
    const lastOpen = result.timestamp!.at(-1)!;
    result.meta.currentTradingPeriod = { regular: { start: lastOpen, end: lastOpen + 6.5 * 3600 } };
    expect(parseChart(body, new Date((lastOpen + 3600) * 1000)).bars).toHaveLength(250);
    expect(parseChart(body, new Date((lastOpen + 7 * 3600) * 1000)).bars).toHaveLength(251);
  });
});

describe("refreshing from Yahoo", () => {
  beforeAll(async () => {
    await db.reset();
    // AAPL as a database last refreshed on 2020-08-28 holds it: before the 4:1 split.
    await loadSnapshotPrices(db, ["AAPL"], { through: "2020-08-28", withMarket: false });
  }, 60_000);
  beforeEach(() => {
    requests = [];
    answered.clear();
  });

  it("fetches from a week before the last stored bar, adjusts the stored bars for the split, and recomputes the indicators", async () => {
    expect(await storedClose("AAPL", "2020-08-28")).toBe(499.23);
    const result = await refreshPrices(testDeps(), { provider: yahoo(), tickers: ["AAPL"], now });
    expect(result).toMatchObject({ provider: "yahoo", tickers: 1, refreshed: 1, failed: [], bars: 49 });
    expect(requests).toEqual([
      `/v8/finance/chart/AAPL?period1=${unix("2020-08-21")}&period2=${unix("2020-11-08")}&interval=1d&events=split%7Cdiv`,
    ]);
    expect(await storedClose("AAPL", "2020-08-28")).toBe(124.81); // 499.23 / 4
    expect(await storedClose("AAPL", "2020-08-31")).toBe(129.04);
    // Yahoo's closes agree to the cent with the Alpha Vantage snapshot's.
    expect(await storedClose("AAPL", "2020-10-01")).toBe(116.79);
    expect(await status("AAPL")).toMatchObject({ provider: "yahoo", lastBarDate: new Date("2020-11-06T00:00:00Z"), lastError: null, failures: 0 });
    const aapl = (await createTechnicalsStore(db).current()).byTicker.get("AAPL")!;
    expect(aapl).toMatchObject({ asOf: "2020-11-06", source: "yahoo", close: 118.69 });
  });

  it("asks for share classes the way Yahoo writes them and records a symbol it does not know", async () => {
    const result = await refreshPrices(testDeps(), { provider: yahoo(), tickers: ["BRK.B"], now });
    expect(requests[0]).toMatch(/^\/v8\/finance\/chart\/BRK-B\?/);
    expect(result.failed).toEqual([{ ticker: "BRK.B", error: "Yahoo: Not Found: No data found, symbol may be delisted" }]);
    expect(await status("BRK.B")).toMatchObject({ failures: 1, lastSuccessAt: null });
  });

  it("retries after a 429 and stores a new ticker's history", async () => {
    // The MSFT recording runs from 2021-02-01 to 2022-01-28.
    const result = await refreshPrices(testDeps(), { provider: yahoo(), tickers: ["MSFT"], now: () => new Date("2022-01-31T12:00:00Z") });
    expect(result).toMatchObject({ refreshed: 1, failed: [], bars: 252 });
    expect(answered.get("MSFT")).toBe(2);
    expect(await status("MSFT")).toMatchObject({ lastError: null, failures: 0, lastBarDate: new Date("2022-01-28T00:00:00Z") });
  });

  it("records 5xx answers and timeouts after the retries, counting failures pass after pass", async () => {
    const provider = createYahooChartProvider({ baseUrl, http: { timeoutMs: 300, retries: 2, backoffMs: 10, limiter: createLimiter(6000) } });
    await refreshPrices(testDeps(), { provider, tickers: ["NVDA", "HANG"], now });
    expect(answered.get("NVDA")).toBe(3);
    expect(await status("NVDA")).toMatchObject({ failures: 1, lastError: "HTTP 503 Service Unavailable (after 3 attempts)" });
    expect(await status("HANG")).toMatchObject({ failures: 1, lastError: "no response within 300 ms (after 3 attempts)" });
    await refreshPrices(testDeps(), { provider, tickers: ["NVDA"], now });
    expect((await status("NVDA")).failures).toBe(2);
  });

  it("gives up a pass when the provider cannot be reached, with one warning for the pass", async () => {
    const deps = testDeps({ MARKET_DATA_BASE_URL: "http://127.0.0.1:9" });
    const warn = jest.spyOn(deps.logger, "warn");
    const provider = createPriceProvider(deps.config.marketData, { retries: 0, backoffMs: 1 })!;
    const tickers = ["AAPL", "MSFT", "AMZN", "GOOGL", "META", "JPM", "XOM", "KO", "PEP", "WMT", "HD", "PG"];
    const result = await refreshPrices(deps, { provider, tickers, now });
    expect(result.stoppedEarly).toMatch(/^yahoo unreachable: 5 tickers in a row failed \(network error/);
    expect(result.failed.length).toBeLessThan(tickers.length);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("runs one of two concurrent scheduled passes", async () => {
    const deps = testDeps();
    const [first, second] = await Promise.all([
      runScheduledRefresh(deps, { provider: yahoo(), tickers: ["AAPL"], minGapMs: 0, now }),
      runScheduledRefresh(deps, { provider: yahoo(), tickers: ["AAPL"], minGapMs: 0, now }),
    ]);
    expect([first, second].filter(isSkipped)).toEqual([{ skipped: "running-here" }]);
    expect(answered.get("AAPL")).toBe(1);
  });

  it("skips a scheduled pass when another instance made one less than the gap ago", async () => {
    const result = await runScheduledRefresh(testDeps(), { provider: yahoo(), tickers: ["AAPL"], minGapMs: 3_600_000, now });
    expect(result).toEqual({ skipped: "recent-pass" });
    expect(requests).toEqual([]);
  });

  // Two app instances = two connection pools on one PostgreSQL server (PGlite is owned by one process).
  const onPostgres = testDatabaseUrl() ? it : it.skip;
  onPostgres("PostgreSQL only: the advisory lock lets one of two instances run a pass", async () => {
    const otherInstance = await openDatabase({ kind: "postgres", url: testDatabaseUrl()! });
    try {
      const deps = testDeps();
      // The first instance's pass is held inside its first fetch (the lock taken) until the
      // second instance's attempt is over: the outcome does not hang on which one is faster.
      let entered!: () => void;
      const inPass = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const provider = yahoo();
      const held = {
        ...provider,
        fetchDaily: async (...args: Parameters<typeof provider.fetchDaily>) => {
          entered();
          await released;
          return provider.fetchDaily(...args);
        },
      };
      const first = runScheduledRefresh(deps, { provider: held, tickers: ["AAPL"], minGapMs: 0, now });
      await inPass;
      const second = await runScheduledRefresh({ ...deps, db: otherInstance }, { provider: yahoo(), tickers: ["AAPL"], minGapMs: 0, now });
      release();
      expect(second).toEqual({ skipped: "running-elsewhere" });
      expect(isSkipped(await first)).toBe(false);
    } finally {
      await otherInstance.close();
    }
  });

  it("is off without a provider or an interval", async () => {
    const deps = testDeps({ MARKET_DATA_PROVIDER: "none" });
    const info = jest.spyOn(deps.logger, "info");
    await scheduleMarketDataRefresh(deps)();
    expect(info).toHaveBeenCalledWith({ provider: "none", refreshMinutes: 360 }, "scheduled price refresh is off");
  });
});

describe("refreshing from Alpha Vantage", () => {
  beforeAll(async () => {
    await db.reset();
    await loadSnapshotPrices(db, ["AAPL"], { through: "2020-08-28", withMarket: false });
  }, 60_000);
  beforeEach(() => {
    requests = [];
  });
  const alphaVantage = () =>
    createPriceProvider(testDeps({ MARKET_DATA_PROVIDER: "alphavantage", MARKET_DATA_API_KEY: "test-key" }).config.marketData, {
      retries: 0,
      backoffMs: 1,
    })!;

  it("asks for the adjusted daily CSV and stores bars split-adjusted like the snapshot", async () => {
    const result = await refreshPrices(testDeps(), { provider: alphaVantage(), tickers: ["AAPL"], now });
    expect(result).toMatchObject({ provider: "alphavantage", refreshed: 1, failed: [] });
    const query = new URL(requests[0], baseUrl).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      function: "TIME_SERIES_DAILY_ADJUSTED",
      symbol: "AAPL",
      outputsize: "compact",
      datatype: "csv",
      apikey: "test-key",
    });
    expect(await storedClose("AAPL", "2020-08-28")).toBe(124.81);
    expect(await storedClose("AAPL", "2020-09-01")).toBe(134.18);
    expect(await status("AAPL")).toMatchObject({ provider: "alphavantage", lastBarDate: new Date("2020-11-06T00:00:00Z") });
  });

  it("records Alpha Vantage's rate-limit note as a failure", async () => {
    const result = await refreshPrices(testDeps(), { provider: alphaVantage(), tickers: ["RATE"], now });
    expect(result.failed[0].error).toBe(`Alpha Vantage: ${alphaVantageRateNote.Note}`);
  });
});
