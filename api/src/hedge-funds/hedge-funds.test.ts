/** @db */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import request from "supertest";
import { hashApiKey } from "../api-keys/api-keys";
import type { AppDeps } from "../context";
import type { User } from "../generated/prisma/client";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createEdgarClient } from "./edgar-client";
import { importNewFilings, type FundImportResult } from "./edgar-import";
import { describeQuarter, importThirteenFFile } from "./file-import";
import { loadHedgeFundSnapshot } from "./hedge-fund-snapshot";
import { forgetFundHistory, knownFromOf, THIRTEEN_F_DEADLINE_DAYS } from "./hedge-funds";
import { storeQuarter } from "./holdings-store";
import { addDays, todayUtc } from "./quarter-dates";

const fixtures = path.join(__dirname, "fixtures", "edgar");
const berkshire = "/Archives/edgar/data/1067983";
/** EDGAR paths → fixture files, as the local server serves them. */
const routes: Record<string, string> = {
  "/submissions/CIK0001067983.json": "submissions-CIK0001067983.json",
  [`${berkshire}/000095012324008740/index.json`]: "index-000095012324008740.json",
  [`${berkshire}/000095012324008740/46994.xml`]: "infotable-2024-06-30.xml",
  [`${berkshire}/000095012324011775/index.json`]: "index-000095012324011775.json",
  [`${berkshire}/000095012324011775/primary_doc.xml`]: "primary-doc-2024-06-30-amendment.xml",
  [`${berkshire}/000095012324011775/form13fInfoTable.xml`]: "infotable-2024-06-30-amendment.xml",
  [`${berkshire}/000095012324005793/index.json`]: "index-000095012324005793.json",
  [`${berkshire}/000095012324005793/primary_doc.xml`]: "primary-doc-2023-12-31-amendment.xml",
  [`${berkshire}/000095012324005793/infotable.xml`]: "infotable-2023-12-31-amendment.xml",
};

let server: http.Server;
let edgarUrl: string;
let requests: { path: string; userAgent?: string; at: number }[] = [];
let failNextSubmissions = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    requests.push({ path: url.pathname, userAgent: req.headers["user-agent"], at: performance.now() });
    if (url.pathname.startsWith("/submissions/") && failNextSubmissions > 0) {
      failNextSubmissions -= 1;
      res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
      return;
    }
    const file = routes[url.pathname];
    if (!file) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
      return;
    }
    res.writeHead(200, { "content-type": file.endsWith(".json") ? "application/json" : "text/xml" }).end(fs.readFileSync(path.join(fixtures, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  edgarUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let app: Express;
let pro: User;
let basic: User;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  ({ deps, app } = createTestApp(db, {
    WEB_REQUESTS_PER_10_MINUTES: "100000",
    SEC_USER_AGENT: "Tickerscope tests tests@example.com",
    SEC_EDGAR_DATA_URL: edgarUrl,
    SEC_EDGAR_ARCHIVES_URL: edgarUrl,
  }));
  pro = await createUser(db, { pro: true });
  basic = await createUser(db);
}, 60_000);
afterAll(() => db.close());

const fundQuery = `query ($cik: String!, $quarter: String) {
  hedgeFund(cik: $cik) {
    cik name
    quarters { quarterEnd previousQuarterEnd filedAt accessionNumber amendment formType source totalValue holdingsCount top10Weight filingUrl changeCounts { new added reduced soldOut unchanged } topSells { ticker } }
    holdings(quarter: $quarter, first: 5, includeSoldOut: true) {
      totalCount quarterEnd previousQuarterEnd
      edges { node { ticker cusip issuerName shares value percentPortfolio changeKind previousShares sharesChange valueChange } }
    }
  }
}`;

describe("the bundled snapshot", () => {
  it("loads the 16 quarters once, and resumes an interrupted load", async () => {
    const first = await loadHedgeFundSnapshot(deps, { force: true });
    expect(first).toMatchObject({ quarters: 16, resumedQuarters: 0 });
    expect(first.rows).toBe(784 - 45);
    expect(await loadHedgeFundSnapshot(deps, { force: true })).toMatchObject({ skipped: "already-loaded" });

    // Killed after 15 quarters: no marker, one quarter missing.
    await db.prisma.snapshotLoad.delete({ where: { name: "sec13f" } });
    await db.prisma.hedgeFundFiling.deleteMany({ where: { quarterEnd: "2024-03-31" } });
    await db.prisma.hedgeFundHolding.deleteMany({ where: { quarterEnd: "2024-03-31" } });
    expect(await loadHedgeFundSnapshot(deps, { force: true })).toMatchObject({ quarters: 1, resumedQuarters: 15, rows: 41 });
  });

  it("stores whole USD at the spec's precisions, unmapped CUSIPs under their issuer", async () => {
    const apple2022 = await db.prisma.hedgeFundHolding.findFirstOrThrow({ where: { quarterEnd: "2022-09-30", ticker: "AAPL" } });
    expect(apple2022.value.toString()).toBe("123661679000");
    const nu = await db.prisma.hedgeFundHolding.findFirstOrThrow({ where: { quarterEnd: "2022-06-30", cusip: "G6693N103" } });
    expect(nu).toMatchObject({ ticker: "G6693N103", tickerMapped: false, issuerName: "NU HLDGS LTD" });
    const amended = await db.prisma.hedgeFundFiling.findFirstOrThrow({ where: { quarterEnd: "2023-09-30" } });
    expect(amended).toMatchObject({ amendment: true, formType: "13F-HR/A", source: "snapshot", rows: 46, accessionNumber: null, filedAt: null });
  });
});

describe("access", () => {
  it("shows a Pro user the latest quarter with its changes vs 2023-12-31 (the AAPL reduction)", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.post("/graphql").send({ query: fundQuery, variables: { cik: "1067983" } }).expect(200);
    expect(body.errors).toBeUndefined();
    const fund = body.data.hedgeFund;
    expect(fund).toMatchObject({ cik: "0001067983", name: "BERKSHIRE HATHAWAY INC" });
    expect(fund.quarters).toHaveLength(16);
    expect(fund.quarters[0]).toMatchObject({ quarterEnd: "2024-03-31", previousQuarterEnd: "2023-12-31", holdingsCount: 41, source: "snapshot", filedAt: null });
    expect(fund.quarters[0].filingUrl).toMatch(/^https:\/\/www\.sec\.gov\/cgi-bin\/browse-edgar\?action=getcompany&CIK=0001067983&type=13F-HR/);
    expect(fund.quarters[0].top10Weight).toBeGreaterThan(0.8);
    expect(fund.quarters.at(-1).previousQuarterEnd).toBeNull();
    const apple = fund.holdings.edges[0].node;
    expect(apple).toMatchObject({ ticker: "AAPL", shares: 789_368_450, value: 135_360_901_805, changeKind: "REDUCED", previousShares: 905_560_000, sharesChange: -116_191_550 });
    expect(fund.quarters[0].topSells[0].ticker).toBe("AAPL");
    expect(fund.holdings).toMatchObject({ quarterEnd: "2024-03-31", previousQuarterEnd: "2023-12-31" });
  });

  it("gives Basic users and their API keys PRO_REQUIRED for holdings data, anonymous visitors UNAUTHENTICATED; the fund's name is public", async () => {
    const query = `{ hedgeFund(cik: "0001067983") { name quarters { quarterEnd } } }`;
    const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
    await db.prisma.apiKey.create({ data: { userId: basic.id, name: "13f", prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });
    const basicAgent = await signedInAgent(app, db, basic);
    for (const [send, code] of [
      [() => basicAgent.post("/graphql").send({ query }), "PRO_REQUIRED"],
      [() => request(app).post("/graphql").set("authorization", `Bearer ${secret}`).send({ query }), "PRO_REQUIRED"],
      [() => request(app).post("/graphql").send({ query }), "UNAUTHENTICATED"],
    ] as const) {
      const { body } = await send();
      expect(body.data?.hedgeFund ?? null).toBeNull();
      expect(body.errors[0].extensions.code).toBe(code);
    }
    const { body } = await basicAgent.post("/graphql").send({ query: `{ hedgeFunds { cik name } }` }).expect(200);
    expect(body.data.hedgeFunds).toEqual([{ cik: "0001067983", name: "BERKSHIRE HATHAWAY INC" }]);
  });

  it("answers GET /api/hedge-funds/:fundId for Pro only, 400 naming fundId when malformed and 404 when unknown", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.get("/api/hedge-funds/0001067983").expect(200);
    expect(body).toMatchObject({ fund_name: "BERKSHIRE HATHAWAY INC", holdings_count: 41, quarter_end: "2024-03-31", filed_at: null });
    expect(body.holdings).toHaveLength(41);
    expect(body.holdings[0]).toMatchObject({ ticker: "AAPL", shares: 789_368_450, value: 135_360_901_805, change: "REDUCED" });
    expect(body.total_value).toBeCloseTo(body.holdings.reduce((sum: number, holding: { value: number }) => sum + holding.value, 0), 0);
    expect((await agent.get("/api/hedge-funds/1067983").expect(200)).body.quarter_end).toBe("2024-03-31");
    const malformed = await agent.get("/api/hedge-funds/berkshire").expect(400);
    expect(malformed.body).toMatchObject({ code: "BAD_USER_INPUT", errors: [{ field: "fundId" }] });
    const unknown = await agent.get("/api/hedge-funds/123").expect(404);
    expect(unknown.body.message).toMatch(/No 13F holdings are stored for fund 0000000123/);

    const basicAgent = await signedInAgent(app, db, basic);
    expect((await basicAgent.get("/api/hedge-funds/0001067983").expect(403)).body.code).toBe("PRO_REQUIRED");
    expect((await request(app).get("/api/hedge-funds/0001067983").expect(403)).body.code).toBe("PRO_REQUIRED");
  });
});

describe("as of a day", () => {
  const asOfQuery = `query ($asOf: String) { hedgeFund(cik: "1067983", asOf: $asOf) { asOf quarters { quarterEnd } quarter { quarterEnd } holdings(first: 1) { quarterEnd } } }`;

  it("knownFromOf: the filing date, else the 45-day deadline after the quarter", () => {
    expect(THIRTEEN_F_DEADLINE_DAYS).toBe(45);
    expect(knownFromOf({ filedAt: "2021-02-16", quarterEnd: "2020-12-31" })).toBe("2021-02-16");
    expect(knownFromOf({ filedAt: null, quarterEnd: "2020-12-31" })).toBe("2021-02-14");
  });

  it("shows the latest quarter due by the day: 2020-12-31 from its deadline 2021-02-14, the quarter before on the day before", async () => {
    const agent = await signedInAgent(app, db, pro);
    const dayBefore = await agent.post("/graphql").send({ query: asOfQuery, variables: { asOf: "2021-02-13" } }).expect(200);
    expect(dayBefore.body.errors).toBeUndefined();
    expect(dayBefore.body.data.hedgeFund).toMatchObject({ asOf: "2021-02-13", quarter: { quarterEnd: "2020-09-30" }, holdings: { quarterEnd: "2020-09-30" } });
    expect(dayBefore.body.data.hedgeFund.quarters.map((quarter: { quarterEnd: string }) => quarter.quarterEnd)).toEqual(["2020-09-30", "2020-06-30"]);
    const onDeadline = await agent.post("/graphql").send({ query: asOfQuery, variables: { asOf: "2021-02-14" } }).expect(200);
    expect(onDeadline.body.data.hedgeFund.quarter.quarterEnd).toBe("2020-12-31");
  });

  it("offers the first day a quarter is known when none is known by the day (the first quarter's deadline)", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent
      .post("/graphql")
      .send({ query: `{ hedgeFund(cik: "1067983", asOf: "2020-04-22") { asOf firstKnownOn quarter { quarterEnd } } }` })
      .expect(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.hedgeFund).toEqual({ asOf: "2020-04-22", firstKnownOn: "2020-08-14", quarter: null });
  });

  it("answers GET /api/hedge-funds/:fundId?asOf= with the day it used; 404 when no quarter was due yet, 400 naming a bad asOf", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.get("/api/hedge-funds/0001067983?asOf=2021-02-14").expect(200);
    expect(body).toMatchObject({ asOf: "2021-02-14", quarter_end: "2020-12-31", previous_quarter_end: "2020-09-30" });
    const early = await agent.get("/api/hedge-funds/0001067983?asOf=2020-04-22").expect(404);
    expect(JSON.stringify(early.body)).toMatch(/known by 2020-04-22/);
    const bad = await agent.get("/api/hedge-funds/0001067983?asOf=2021-13-01").expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/asOf/);
  });
});

describe("the live EDGAR import (recorded-shape responses from a local server)", () => {
  let results: FundImportResult[];
  beforeAll(async () => {
    requests = [];
    failNextSubmissions = 1;
    const client = createEdgarClient(deps.config.hedgeFunds, { backoffMs: 10 })!;
    results = (await importNewFilings(deps, { client })) as FundImportResult[];
  });

  it("imports the new quarter and the amendments filed after the stored filings, in filing order", () => {
    expect(results).toHaveLength(1);
    expect(results[0].error).toBeUndefined();
    expect(results[0].imported).toEqual([
      { accessionNumber: "0000950123-24-005793", form: "13F-HR/A", quarterEnd: "2023-12-31", rows: 42, mode: "merge" },
      { accessionNumber: "0000950123-24-008740", form: "13F-HR", quarterEnd: "2024-06-30", rows: 5, mode: "replace" },
      { accessionNumber: "0000950123-24-011775", form: "13F-HR/A", quarterEnd: "2024-06-30", rows: 6, mode: "merge" },
    ]);
  });

  it("sends SEC's User-Agent on every request, retries a 503 and keeps to 10 requests a second", () => {
    expect(requests.every((entry) => entry.userAgent === "Tickerscope tests tests@example.com")).toBe(true);
    expect(requests.filter((entry) => entry.path === "/submissions/CIK0001067983.json")).toHaveLength(2);
    // The limiter starts one request per 100 ms; arrival times jitter by a few ms each way.
    expect(requests.at(-1)!.at - requests[0].at).toBeGreaterThanOrEqual((requests.length - 1) * 100 - 50);
  });

  it("shows the imported quarter with summed other-manager lines and its changes", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.post("/graphql").send({ query: fundQuery, variables: { cik: "0001067983" } }).expect(200);
    const latest = body.data.hedgeFund.quarters[0];
    expect(latest).toMatchObject({
      quarterEnd: "2024-06-30",
      filedAt: "2024-09-20",
      accessionNumber: "0000950123-24-011775",
      amendment: true,
      source: "edgar",
      holdingsCount: 6,
      filingUrl: "https://www.sec.gov/Archives/edgar/data/1067983/000095012324011775/0000950123-24-011775-index.htm",
    });
    expect(latest.changeCounts.new).toBe(1);
    const apple = body.data.hedgeFund.holdings.edges[0].node;
    expect(apple).toMatchObject({ ticker: "AAPL", shares: 400_000_000, value: 84_248_000_000, changeKind: "REDUCED", sharesChange: 400_000_000 - 789_368_450 });
    const status = await db.prisma.hedgeFund.findUniqueOrThrow({ where: { cik: "0001067983" } });
    expect(status.lastSuccessAt).not.toBeNull();
    expect(status.lastError).toBeNull();
  });

  it("imports nothing new on the next pass, and records a fund EDGAR does not know", async () => {
    const client = createEdgarClient({ ...deps.config.hedgeFunds, ciks: ["0001067983", "0000000042"] }, { backoffMs: 10 })!;
    const again = (await importNewFilings({ ...deps, config: { ...deps.config, hedgeFunds: { ...deps.config.hedgeFunds, ciks: ["0001067983", "0000000042"] } } }, { client })) as FundImportResult[];
    expect(again[0]).toEqual({ cik: "0001067983", imported: [] });
    expect(again[1].error).toMatch(/HTTP 404/);
    expect(await db.prisma.hedgeFund.findUniqueOrThrow({ where: { cik: "0000000042" } })).toMatchObject({ name: "CIK 0000000042", lastSuccessAt: null });
  });

  it("is off without SEC_USER_AGENT", () => {
    expect(createEdgarClient({ ...deps.config.hedgeFunds, secUserAgent: undefined })).toBeNull();
  });
});

describe("npm run import:13f", () => {
  it("adds a quarter from a CSV and reports what changed", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "import-13f-")), "q3.csv");
    fs.writeFileSync(
      file,
      [
        "cusip,nameOfIssuer,titleOfClass,periodOfReport,value,shrs_or_prn_amt",
        "037833100,APPLE INC,COM,2024-09-30,69900000000,300000000",
        "191216100,COCA COLA CO,COM,2024-09-30,28744000000,400000000",
        "G6693N103,NU HLDGS LTD,ORD SHS CL A,2024-09-30,1500000000,100000000",
      ].join("\n"),
    );
    const [quarter] = await importThirteenFFile(db, file, { cik: "0001067983" });
    expect(quarter.comparison).toMatchObject({ previousQuarterEnd: "2024-06-30", holdingsCount: 3, counts: { NEW: 1, REDUCED: 1, UNCHANGED: 1, SOLD_OUT: 4 } });
    const report = describeQuarter(quarter);
    expect(report).toMatch(/2024-09-30: 3 holdings/);
    expect(report).toMatch(/1 new, 0 added, 1 reduced, 4 sold out, 1 unchanged/);
    expect(report).toMatch(/REDUCED\s+AAPL\s+-100,000,000 shares/);
    const filing = await db.prisma.hedgeFundFiling.findFirstOrThrow({ where: { quarterEnd: "2024-09-30" } });
    expect(filing).toMatchObject({ source: "file", amendment: false, rows: 3 });
  });

  const scratchFile = (name: string, text: string) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "import-13f-")), name);
    fs.writeFileSync(file, text);
    return file;
  };
  const header = "cusip,nameOfIssuer,titleOfClass,periodOfReport,value,shrs_or_prn_amt";
  /** The first calendar quarter end after today (UTC). */
  const nextQuarterEnd = () => {
    let day = todayUtc();
    do day = addDays(day, 1);
    while (!["03-31", "06-30", "09-30", "12-31"].includes(day.slice(5)));
    return day;
  };

  it("refuses impossible quarters, entity declarations and over-long names, storing nothing of the file", async () => {
    const before = await db.prisma.hedgeFundFiling.count();
    const rows = await db.prisma.hedgeFundHolding.count();
    const csv = (period: string, name = "APPLE INC") => scratchFile("q.csv", `${header}\n037833100,APPLE INC,COM,2024-03-31,1,1\n037833100,${name},COM,${period},1,1\n`);
    // One at a time: each is a function, run when its turn comes.
    const refusals: [string, () => Promise<unknown>, RegExp][] = [
      ["2020-02-30", () => importThirteenFFile(db, csv("2020-02-30"), { cik: "0001067983" }), /q\.csv: row 3: periodOfReport 2020-02-30 is not a calendar day/],
      ["9999-12-31", () => importThirteenFFile(db, csv("9999-12-31"), { cik: "0001067983" }), /row 3: periodOfReport 9999-12-31 is after the import day/],
      ["after today", () => importThirteenFFile(db, csv(nextQuarterEnd()), { cik: "0001067983" }), new RegExp(`row 3: periodOfReport ${nextQuarterEnd()} is after the import day ${todayUtc()}`)],
      ["2 MB name", () => importThirteenFFile(db, csv("2024-03-31", "N".repeat(2_000_000)), { cik: "0001067983" }), /row 3: longer than 8,192 characters/],
      [
        "XML --quarter 9999-12-31",
        () => importThirteenFFile(db, path.join(fixtures, "infotable-2024-06-30.xml"), { cik: "0001067983", quarterEnd: "9999-12-31" }),
        /--quarter: 9999-12-31 is after the import day/,
      ],
      [
        "filed before the quarter ended",
        () => importThirteenFFile(db, path.join(fixtures, "infotable-2024-06-30.xml"), { cik: "0001067983", quarterEnd: "2024-06-30", filedAt: "2024-06-01" }),
        /--filed: 2024-06-01 is before the end of the quarter it reports \(2024-06-30\)/,
      ],
      [
        "billion laughs",
        () => importThirteenFFile(
          db,
          scratchFile("laughs.xml", `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><informationTable><infoTable><nameOfIssuer>&lol2;</nameOfIssuer></infoTable></informationTable>`),
          { cik: "0001067983", quarterEnd: "2024-06-30" },
        ),
        /laughs\.xml: line 1: a DOCTYPE is not allowed/,
      ],
    ];
    for (const [what, refusal, message] of refusals) {
      await expect(refusal().then(() => what)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringMatching(message) });
    }
    expect(await db.prisma.hedgeFundFiling.count()).toBe(before);
    expect(await db.prisma.hedgeFundHolding.count()).toBe(rows);
  });

  it("storeQuarter, under every import path (EDGAR's report dates too), refuses a quarter that cannot be", async () => {
    const filing = { cik: "0001067983", fundName: "BERKSHIRE HATHAWAY INC", accessionNumber: null, formType: "13F-HR", filedAt: null, amendment: false, source: "edgar" as const };
    const line = { cusip: "037833100", issuerName: "APPLE INC", titleOfClass: "COM", putCall: "", shares: 1, value: 1 };
    await expect(storeQuarter(db, { ...filing, quarterEnd: "9999-12-31" }, [line], "replace")).rejects.toThrow(/quarter 9999-12-31 is after the import day/);
    await expect(storeQuarter(db, { ...filing, quarterEnd: "2024-03-31", filedAt: "2024-02-30" }, [line], "replace")).rejects.toThrow(/filed date "2024-02-30" is not a calendar day/);
    await expect(storeQuarter(db, { ...filing, quarterEnd: "2024-03-31", accessionNumber: "x".repeat(500) }, [line], "replace")).rejects.toThrow(/accession number/);
  });

  it("stores a quarter of more rows than one INSERT takes, whole", async () => {
    const count = 5_001;
    const lines = Array.from({ length: count }, (_, index) => `Z${index.toString(36).toUpperCase().padStart(8, "0")},ISSUER ${index},COM,2019-12-31,${1000 + index},${index + 1}`);
    const [quarter] = await importThirteenFFile(db, scratchFile("big.csv", [header, ...lines].join("\n")), { cik: "0001067983" });
    expect(quarter.comparison.holdingsCount).toBe(count);
    const [{ rows, shares, percent }] = await db.prisma.$queryRaw<{ rows: number; shares: string; percent: string }[]>`
      SELECT count(*)::int AS rows, sum(shares)::text AS shares, round(sum(percent_portfolio))::text AS percent
      FROM hedge_fund_holdings WHERE cik = '0001067983' AND quarter_end = '2019-12-31'`;
    expect({ rows, shares, percent }).toEqual({ rows: count, shares: String((count * (count + 1)) / 2), percent: "100" });
    // Values filed in thousands (a 2019 quarter) are stored in USD.
    expect(Number((await db.prisma.hedgeFundHolding.findFirstOrThrow({ where: { quarterEnd: "2019-12-31", issuerName: "ISSUER 0" } })).value)).toBe(1_000_000);
    await db.prisma.hedgeFundHolding.deleteMany({ where: { quarterEnd: "2019-12-31" } });
    await db.prisma.hedgeFundFiling.deleteMany({ where: { quarterEnd: "2019-12-31" } });
    forgetFundHistory("0001067983");
  });

  it("a far-future quarter an earlier importer stored is no one's latest quarter and never known by a past day", async () => {
    await db.prisma.hedgeFundFiling.create({ data: { cik: "0001067983", quarterEnd: "9999-12-31", formType: "13F-HR", amendment: false, source: "file", rows: 1, totalValue: 1 } });
    await db.prisma.hedgeFundHolding.create({
      data: { cik: "0001067983", fundName: "BERKSHIRE HATHAWAY INC", quarterEnd: "9999-12-31", cusip: "037833100", ticker: "AAPL", tickerMapped: true, issuerName: "APPLE INC", titleOfClass: "COM", shares: 1, value: 1 },
    });
    forgetFundHistory("0001067983");
    try {
      const agent = await signedInAgent(app, db, pro);
      const query = `query ($asOf: String) { hedgeFund(cik: "1067983", asOf: $asOf) { quarters { quarterEnd } quarter { quarterEnd } } }`;
      const past = (await agent.post("/graphql").send({ query, variables: { asOf: "2020-06-01" } }).expect(200)).body;
      expect(past.errors).toBeUndefined();
      expect(past.data.hedgeFund).toEqual({ quarters: [], quarter: null });
      const latest = (await agent.post("/graphql").send({ query: `{ hedgeFund(cik: "1067983") { quarters { quarterEnd } } }` }).expect(200)).body;
      expect(latest.data.hedgeFund.quarters.map((quarter: { quarterEnd: string }) => quarter.quarterEnd)).not.toContain("9999-12-31");
    } finally {
      await db.prisma.hedgeFundHolding.deleteMany({ where: { quarterEnd: "9999-12-31" } });
      await db.prisma.hedgeFundFiling.deleteMany({ where: { quarterEnd: "9999-12-31" } });
      forgetFundHistory("0001067983");
    }
  });
});
