/** @db */
// Live fundamentals from SEC's companyfacts (TSLA's recorded response), valued on the stored prices'
// split basis, and through GraphQL where the bundled file has nothing, served by a local HTTP server.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import request from "supertest";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { SEC_COMPANIES_PER_REQUEST } from "./fundamentals.graphql";
import { parseCompanyFacts } from "./sec/companyfacts";
import { cikOf, secFundamentalsAsOf } from "./sec-fundamentals";

const tslaGzip = fs.readFileSync(path.join(__dirname, "sec", "fixtures", "companyfacts_CIK0001318605_TSLA_derived.json.gz"));
const tslaFacts = parseCompanyFacts(JSON.parse(zlib.gunzipSync(tslaGzip).toString("utf8")));
const recorded = { companyFacts: async () => tslaFacts };

describe("secFundamentalsAsOf", () => {
  it("finds the CIK in today's S&P 500 list, else the 2017 list of the 10-K file's ticker (BKNG ← PCLN)", () => {
    expect(cikOf("TSLA")).toBe("0001318605");
    expect(cikOf("BKNG")).toBe("0001075531");
    expect(cikOf("EMC-201609")).toBeNull();
  });

  it("values the filed share count on the stored prices' basis: Tesla's April 2020 count times its 5-for-1 split of August 2020", async () => {
    // The stored close of 2020-06-01 is split-adjusted as of 2021 (a fifth of that day's $898).
    const fundamentals = (await secFundamentalsAsOf(recorded, "TSLA", { close: 179.62, day: "2020-06-01", lastBarDate: "2021-04-21" }))!;
    expect(fundamentals.source).toBe(
      "SEC XBRL companyfacts, CIK 0001318605: fiscal year ended 2019-12-31, 10-K filed 2020-02-13 (accession 0001564590-20-004475); " +
        "185,371,105 shares outstanding on 2020-04-23, 10-Q filed 2020-04-30 (accession 0001564590-20-019931)",
    );
    expect(fundamentals.marketCap).toEqual({ value: 179.62 * 185_371_105 * 5, reason: null, isEstimate: false });
    expect(fundamentals.peRatio).toEqual({ value: null, reason: "loss", isEstimate: false });
    // 2019 revenue $24.58 B against 2018's $21.46 B.
    expect(fundamentals.revenueGrowth.value).toBeCloseTo(0.145, 3);
    expect(fundamentals.knownFrom).toBe("2020-02-13");
  });

  it("counts a 10-K from its filing day, and gives no price-based figure where the splits since the count are not stored", async () => {
    const before = (await secFundamentalsAsOf(recorded, "TSLA", { close: 150, day: "2021-02-05", lastBarDate: "2021-04-21" }))!;
    const after = (await secFundamentalsAsOf(recorded, "TSLA", { close: 150, day: "2021-02-08", lastBarDate: "2021-04-21" }))!;
    expect(before.fiscalYearEnd).toBe("2019-12-31");
    expect(after.fiscalYearEnd).toBe("2020-12-31");
    expect(after.peRatio.value).toBeGreaterThan(0);

    const in2017 = (await secFundamentalsAsOf(recorded, "TSLA", { close: 68, day: "2017-06-01", lastBarDate: "2021-04-21" }))!;
    expect(in2017.marketCap.reason).toBe("the splits between the filed share count and the stored prices are known from 2018-01-02 to 2021-04-21 only");
    expect(in2017.netMargin.value).not.toBeNull();
    expect(await secFundamentalsAsOf(recorded, "EMC-201609", { close: 26, day: "2015-06-01", lastBarDate: "2016-09-06" })).toBeNull();
  });
});

describe("Stock.fundamentals with SEC_USER_AGENT set", () => {
  const tickers = ["TSLA", "AAPL", "MSFT", "AMZN", "NVDA"];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: http.Server;
  let test: ReturnType<typeof createTestApp>;
  const asked: string[] = [];

  beforeAll(async () => {
    // SEC as recorded: Tesla's companyfacts; no other company's (404, as for a registrant with no XBRL).
    server = http.createServer((req, res) => {
      asked.push(req.url!);
      if (req.url === "/api/xbrl/companyfacts/CIK0001318605.json") res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(tslaGzip);
      else res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    db = await createTestDatabase();
    await db.reset();
    await loadSnapshotPrices(db, tickers, { withMarket: false });
    test = createTestApp(db, {
      SEC_USER_AGENT: "Tickerscope tests tests@example.com",
      SEC_EDGAR_DATA_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      WEB_REQUESTS_PER_10_MINUTES: "100000",
    });
  }, 120_000);
  afterAll(async () => {
    await test.deps.secCompanyFacts?.close();
    await db.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const fundamentalsOf = async (aliases: string) => (await request(test.app).post("/graphql").send({ query: `{ ${aliases} }` })).body;

  it("answers from SEC's filings where the bundled 2012–2016 file has nothing, and keeps the file's reason where SEC has nothing either", async () => {
    const body = await fundamentalsOf(`
      tsla: stock(ticker: "TSLA") { fundamentals(asOf: "2020-06-01") { asOf source marketCap { value isEstimate } peRatio { value unknownReason } } }
      aapl: stock(ticker: "AAPL") { fundamentals(asOf: "2020-06-01") { source marketCap { value unknownReason } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.tsla.fundamentals.source).toMatch(/^SEC XBRL companyfacts, CIK 0001318605: fiscal year ended 2019-12-31/);
    expect(body.data.tsla.fundamentals.marketCap.isEstimate).toBe(false);
    expect(body.data.tsla.fundamentals.marketCap.value / 1e9).toBeGreaterThan(150);
    expect(body.data.tsla.fundamentals.peRatio).toEqual({ value: null, unknownReason: "loss" });
    expect(body.data.aapl.fundamentals.source).toBeNull();
    expect(body.data.aapl.fundamentals.marketCap.unknownReason).toMatch(/fiscal 2017 10-K was due by/);
  });

  it(`looks up at most ${SEC_COMPANIES_PER_REQUEST} companies live per request`, async () => {
    asked.length = 0;
    await fundamentalsOf(tickers.map((ticker) => `${ticker.toLowerCase()}: stock(ticker: "${ticker}") { fundamentals(asOf: "2020-06-02") { source } }`).join("\n"));
    // TSLA's answer is cached from the test before: the others are asked for, four in all.
    expect(asked).toHaveLength(SEC_COMPANIES_PER_REQUEST - 1);
  });
});
