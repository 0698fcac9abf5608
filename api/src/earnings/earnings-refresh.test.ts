/** @db */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { ProviderError } from "../market-data/providers/http";
import { earningsSnapshotDirectory } from "./earnings-files";
import { createConfiguredEarningsClient, refreshEarnings, scheduleEarningsRefresh, yahooEarningsSource } from "./earnings-refresh";
import { loadEarningsSnapshot } from "./earnings-snapshot";
import { parseQuoteSummaryEarnings } from "./yahoo-earnings";

// Recorded real Yahoo quoteSummary responses for AAPL (fixtures/README.md), served from 127.0.0.1.
type QuoteSummaryBody = { quoteSummary: { result: Record<string, unknown>[]; error: null } };
const recorded = (module: string) =>
  (JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", `quoteSummary-${module}-AAPL.json`), "utf8")) as { response: { bodyJson: QuoteSummaryBody } })
    .response.bodyJson;
const history = recorded("earningsHistory");
const calendar = recorded("calendarEvents");
/** What one request for both modules answers: the two recorded results side by side. */
const bothModules = { quoteSummary: { result: [{ ...history.quoteSummary.result[0], ...calendar.quoteSummary.result[0] }], error: null } };
const notFound = { quoteSummary: { result: null, error: { code: "Not Found", description: "Quote not found for symbol: NVDA" } } };
/** The recording's day. */
const now = () => new Date("2025-02-24T09:35:00Z");

describe("parsing Yahoo's quoteSummary earnings modules", () => {
  it("reads the reported quarters (numbers wrapped as { raw, fmt }, surprise a fraction) and the next report", () => {
    const { reported } = parseQuoteSummaryEarnings(history);
    expect(reported.map((quarter) => quarter.quarterEnd)).toEqual(["2024-03-31", "2024-06-30", "2024-09-30", "2024-12-31"]);
    expect(reported[3]).toEqual({ quarterEnd: "2024-12-31", consensusEps: 2.341, actualEps: 2.4, surprisePercent: 2.52 });
    expect(parseQuoteSummaryEarnings(calendar)).toEqual({
      reported: [],
      // 1746010740 is 06:59 in New York: a projected date (the range's first day), its time meaningless.
      next: { announcedAt: "2025-04-30T10:59:00.000Z", date: "2025-04-30", reportTime: "before_open", dateIsEstimate: true, consensusEps: 1.617 },
    });
  });

  it("throws Yahoo's own error", () => {
    expect(() => parseQuoteSummaryEarnings(notFound)).toThrow(new ProviderError("Yahoo: Not Found: Quote not found for symbol: NVDA", false));
    expect(() => parseQuoteSummaryEarnings({ finance: { result: null, error: { code: "Unauthorized", description: "Invalid Crumb" } } })).toThrow(
      "Yahoo: Unauthorized: Invalid Crumb",
    );
  });
});

describe("the live earnings refresh", () => {
  let server: http.Server;
  let baseUrl: string;
  let sessionsOpened = 0;
  const requests: string[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let directory: string;

  /** A company's bundled file as it stood before `through` ended, the report of that day not yet scored. */
  function writeFileAsOf(ticker: string, through: string) {
    const [header, ...lines] = fs.readFileSync(path.join(earningsSnapshotDirectory, `${ticker}.csv`), "utf8").trim().split("\n");
    const kept = lines.filter((line) => line.slice(0, 10) <= through).map((line) => (line.startsWith(through) ? line.replace(/,[^,]*,[^,]*$/, ",,") : line));
    fs.writeFileSync(path.join(directory, `${ticker}.csv`), [header, ...kept].join("\n"));
  }

  beforeAll(async () => {
    // As Yahoo: a session cookie from "/", the crumb for it, and quoteSummary only with both.
    server = http.createServer((request, response) => {
      requests.push(request.url!);
      const url = new URL(request.url!, "http://127.0.0.1");
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === "/") {
        sessionsOpened += 1;
        response.writeHead(404, { "set-cookie": "A3=session-a3; Domain=.yahoo.com; Path=/; Secure; HttpOnly" });
        return response.end();
      }
      const hasCookie = request.headers.cookie === "A3=session-a3";
      if (url.pathname === "/v1/test/getcrumb") {
        response.writeHead(hasCookie ? 200 : 401, { "content-type": "text/plain" });
        return response.end(hasCookie ? "crumb-1234" : "Unauthorized");
      }
      if (!hasCookie || url.searchParams.get("crumb") !== "crumb-1234") {
        return send(401, { finance: { result: null, error: { code: "Unauthorized", description: "Invalid Crumb" } } });
      }
      const symbol = url.pathname.split("/").pop();
      if (symbol === "AAPL") return send(200, bothModules);
      if (symbol === "MSFT") return send(500, { error: "upstream unavailable" });
      return send(404, notFound);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    directory = fs.mkdtempSync(path.join(os.tmpdir(), "earnings-refresh-"));
    writeFileAsOf("AAPL", "2025-01-30");
    writeFileAsOf("MSFT", "2025-01-29");
    // Enough companies for the load's evaluation to pass its warm-up; Yahoo does not know them here (404).
    for (const ticker of ["JNJ", "JPM", "KO", "NVDA", "PEP"]) writeFileAsOf(ticker, "2025-02-24");
    db = await createTestDatabase();
    await db.reset();
    await loadEarningsSnapshot(createTestDeps(db), { directory, force: true });
  }, 120_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  const row = (ticker: string, date: string) =>
    db.prisma.earningsPrediction.findUnique({ where: { ticker_earningsDate: { ticker, earningsDate: new Date(`${date}T00:00:00Z`) } } });

  it("fills the reported quarter, adds the next report, recomputes the company's predictions and records the failures", async () => {
    const deps = createTestDeps(db, { MARKET_DATA_BASE_URL: baseUrl, MARKET_DATA_REQUESTS_PER_MINUTE: "6000" });
    const msftBefore = await db.prisma.earningsPrediction.findMany({ where: { ticker: "MSFT" }, orderBy: { earningsDate: "asc" } });
    const client = createConfiguredEarningsClient(deps.config, { retries: 1, backoffMs: 10 });

    const result = await refreshEarnings(deps, { client, now });
    // One session (cookie, then crumb) serves the whole pass.
    expect(requests.slice(0, 3)).toEqual(["/", "/v1/test/getcrumb", "/v10/finance/quoteSummary/AAPL?formatted=false&modules=earningsHistory,calendarEvents&crumb=crumb-1234"]);
    expect(sessionsOpened).toBe(1);
    expect(result).toMatchObject({ tickers: 7, refreshed: 1, updatedReports: 2, unmatchedQuarters: 0 });
    expect(result.failed).toHaveLength(6);
    expect(result.failed).toEqual(
      expect.arrayContaining([
        { ticker: "MSFT", error: "HTTP 500 Internal Server Error (after 2 attempts)" },
        { ticker: "NVDA", error: "Yahoo: Not Found: Quote not found for symbol: NVDA" },
      ]),
    );

    const reported = await row("AAPL", "2025-01-30");
    expect(reported).toMatchObject({ source: yahooEarningsSource, reportTime: "after_close" });
    expect([reported!.actualEps, reported!.consensusEps, reported!.surprise].map(Number)).toEqual([2.4, 2.341, 2.52]);
    const next = await row("AAPL", "2025-04-30");
    expect(next).toMatchObject({ source: yahooEarningsSource, actualEps: null, reportTime: "after_close" });
    expect(Number(next!.consensusEps)).toBe(1.617);
    expect(Number(next!.beatProbability)).toBeGreaterThan(0);
    // Every AAPL row was rewritten with its prediction; MSFT's are untouched.
    expect(result.predictions).toBe(await db.prisma.earningsPrediction.count({ where: { ticker: "AAPL" } }));
    expect(await db.prisma.earningsPrediction.findMany({ where: { ticker: "MSFT" }, orderBy: { earningsDate: "asc" } })).toEqual(msftBefore);

    // A second pass finds nothing new.
    expect(await refreshEarnings(deps, { client, now })).toMatchObject({ refreshed: 1, updatedReports: 0, predictions: 0 });
  }, 120_000);

  it("is off by default, and with MARKET_DATA_PROVIDER=none", async () => {
    for (const environment of [{}, { EARNINGS_REFRESH_HOURS: "6", MARKET_DATA_PROVIDER: "none" }]) {
      const deps = createTestDeps(db, environment);
      const info = jest.spyOn(deps.logger, "info");
      const stop = scheduleEarningsRefresh(deps);
      expect(info).toHaveBeenCalledWith(expect.anything(), "scheduled earnings refresh is off");
      await stop();
    }
  });
});
