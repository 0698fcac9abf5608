/** @db */
// POST /api/admin/13f-imports: a 13F file imported by the running app (what `npm run import:13f`
// sends when a server holds the embedded folder), behind the admin token.
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { buildApp } from "../http/app";
import { createStartupStatus } from "../startup/startup-status";
import { createTestApp, createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { ADMIN_IMPORT_PATH } from "./admin-import.routes";
import { loadHedgeFundSnapshot } from "./hedge-fund-snapshot";

const token = "admin-token-for-tests-0123456789abcdef";
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createTestApp>["app"];

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  const test = createTestApp(db, { ADMIN_TOKEN: token });
  app = test.app;
  await loadHedgeFundSnapshot(test.deps, { force: true });
}, 60_000);
afterAll(() => db.close());

const csv = [
  "cusip,nameOfIssuer,titleOfClass,periodOfReport,value,shrs_or_prn_amt",
  "037833100,APPLE INC,COM,2024-06-30,84248000000,400000000",
  "191216100,COCA COLA CO,COM,2024-06-30,25460000000,400000000",
].join("\n");
const send = (body: string, contentType = "text/csv", query = "cik=0001067983", bearer: string | null = token) => {
  const call = request(app).post(`${ADMIN_IMPORT_PATH}?${query}`).set("content-type", contentType);
  return (bearer === null ? call : call.set("authorization", `Bearer ${bearer}`)).send(body);
};

it("imports a CSV quarter and answers what changed, as the CLI prints it", async () => {
  const { status, body } = await send(csv);
  expect(status).toBe(200);
  expect(body.quarters).toEqual([{ quarterEnd: "2024-06-30", holdingsCount: 2, totalValue: 109_708_000_000, previousQuarterEnd: "2024-03-31", amendment: false }]);
  expect(body.report).toMatch(/^2024-06-30: 2 holdings/);
  expect(await db.prisma.hedgeFundFiling.findFirst({ where: { quarterEnd: "2024-06-30" } })).toMatchObject({ source: "file", rows: 2 });
});

it("imports an EDGAR information table for the quarter given", async () => {
  const xml = fs.readFileSync(path.join(__dirname, "fixtures", "edgar", "infotable-2024-06-30.xml"), "utf8");
  const { status, body } = await send(xml, "application/xml", "cik=1067983&quarter=2024-06-30&filed=2024-08-14&accession=0000950123-24-008740");
  expect(status).toBe(200);
  expect(body.quarters[0]).toMatchObject({ quarterEnd: "2024-06-30", holdingsCount: 5 });
  expect(await db.prisma.hedgeFundFiling.findFirst({ where: { quarterEnd: "2024-06-30" } })).toMatchObject({ accessionNumber: "0000950123-24-008740", rows: 5 });
});

it("refuses an impossible quarter with 400 naming the row and the rule, storing nothing", async () => {
  const filings = await db.prisma.hedgeFundFiling.count();
  const { status, body } = await send(csv.replace(/2024-06-30/g, "9999-12-31"));
  expect(status).toBe(400);
  expect(body).toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringMatching(/^row 2: periodOfReport 9999-12-31 is after the import day/) });
  expect(await db.prisma.hedgeFundFiling.count()).toBe(filings);
  expect((await send("<!DOCTYPE x [<!ENTITY a \"b\">]><informationTable/>", "application/xml", "cik=1067983&quarter=2024-06-30")).body.message).toMatch(/DOCTYPE is not allowed/);
});

it("needs the admin token: 401 without it or with another, never a session or API key", async () => {
  expect((await send(csv, "text/csv", "cik=0001067983", null)).status).toBe(401);
  const wrong = await send(csv, "text/csv", "cik=0001067983", "tsk_an-api-key-is-not-an-admin-token");
  expect(wrong.status).toBe(401);
  expect(wrong.body.message).toMatch(/Authorization: Bearer <ADMIN_TOKEN>/);
});

it("is off (403) when no admin token is set up, and says how to turn it on", async () => {
  const { app: withoutToken } = createTestApp(db);
  const { status, body } = await request(withoutToken).post(`${ADMIN_IMPORT_PATH}?cik=1067983`).set("authorization", `Bearer ${token}`).set("content-type", "text/csv").send(csv);
  expect(status).toBe(403);
  expect(body.message).toMatch(/set ADMIN_TOKEN/);
});

it("names a wrong format (415), a bad parameter (400) and an unknown admin path (404)", async () => {
  expect((await send("{}", "application/json")).status).toBe(415);
  const badCik = await send(csv, "text/csv", "cik=abc");
  expect(badCik.status).toBe(400);
  expect(badCik.body.errors[0].field).toBe("cik");
  expect((await send(csv, "text/csv", "cik=1067983&amendment=maybe")).body.message).toMatch(/amendment must be true or false/);
  expect((await request(app).get("/api/admin/nothing").set("authorization", `Bearer ${token}`)).status).toBe(404);
});

it("answers DATA_LOADING (503, Retry-After) until the bundled data is in", async () => {
  const deps = createTestDeps(db, { ADMIN_TOKEN: token });
  const loading = buildApp({ ...deps, startup: createStartupStatus() }, { webDistDir: "/nonexistent" });
  const response = await request(loading).post(`${ADMIN_IMPORT_PATH}?cik=1067983`).set("authorization", `Bearer ${token}`).set("content-type", "text/csv").send(csv);
  expect(response.status).toBe(503);
  expect(response.headers["retry-after"]).toBe("2");
  expect(response.body.code).toBe("DATA_LOADING");
});
