/** @db */
import crypto from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { hashApiKey } from "../api-keys/api-keys";
import type { AppDeps } from "../context";
import type { User } from "../generated/prisma/client";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { EARNINGS_MODEL_VERSION } from "./beat-model";
import { loadEarningsSnapshot } from "./earnings-snapshot";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let app: Express;
let basic: User;
let pro: User;

async function apiKeyFor(user: User) {
  const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
  await db.prisma.apiKey.create({ data: { userId: user.id, name: "earnings test", prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });
  return secret;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  ({ deps, app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "100000" }));
  basic = await createUser(db);
  pro = await createUser(db, { pro: true });
  const loaded = await loadEarningsSnapshot(deps, { force: true });
  expect(loaded).toMatchObject({ tickers: 80 });
  expect(loaded.rows).toBeGreaterThan(1900);
}, 120_000);
afterAll(() => db.close());

const earningsQuery = `query ($ticker: String!) {
  stock(ticker: $ticker) {
    ticker
    earnings {
      next { date time beatProbability baseRate consensusEps momentum volatility }
      history(first: 4) { date time beatProbability baseRate consensusEps actualEps surprise beat }
      skill { reports baseRate brierSkillScore brierSkillLow brierSkillHigh skillSignificant accuracy alwaysBeatAccuracy accuracyGainLow accuracyGainHigh ece auc reliability { from count } method }
      source { name snapshotTakenIn }
    }
  }
}`;

describe("the earnings snapshot load", () => {
  it("stores one row per (ticker, report) and the evaluation, once per version, and finishes a load cut short", async () => {
    const rows = await db.prisma.earningsPrediction.count();
    expect(await loadEarningsSnapshot(deps, { force: true })).toMatchObject({ skipped: "already-loaded" });
    // A load killed after some tickers: no marker, some tickers missing.
    await db.prisma.snapshotLoad.delete({ where: { name: "earnings" } });
    await db.prisma.earningsPrediction.deleteMany({ where: { ticker: { in: ["MSFT", "NVDA"] } } });
    expect(await loadEarningsSnapshot(deps, { force: true })).toMatchObject({ rows, tickers: 80 });
    expect(await db.prisma.earningsPrediction.count()).toBe(rows);
    const evaluation = await db.prisma.earningsModelEvaluation.findUniqueOrThrow({ where: { modelVersion: EARNINGS_MODEL_VERSION } });
    expect(evaluation.reports).toBeGreaterThan(1700);
    expect(evaluation.reliability).toHaveLength(10);
  }, 120_000);

  it("is off when EARNINGS_LOAD_SNAPSHOT=false", async () => {
    const { deps: off } = createTestApp(db, { EARNINGS_LOAD_SNAPSHOT: "false" });
    expect(await loadEarningsSnapshot(off)).toMatchObject({ skipped: "disabled" });
  });
});

describe("GET /api/earnings/:ticker", () => {
  it("gives a Pro user AAPL's next report per the snapshot, probability beside the base rate, and the past record", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.get("/api/earnings/AAPL").expect(200);
    expect(body).toMatchObject({
      ticker: "AAPL",
      earnings_date: "2026-01-29",
      report_time: "after_close",
      consensus_eps: 2.67,
      momentum: expect.stringMatching(/^(improving|steady|weakening)$/),
      volatility: expect.stringMatching(/^(low|moderate|high)$/),
      source: { snapshot_taken_in: "2025-12" },
    });
    expect(body.beat_probability).toBeGreaterThan(0);
    expect(body.beat_probability).toBeLessThan(1);
    expect(body.base_rate).toBeGreaterThan(0.7);
    expect(body.history.length).toBeGreaterThanOrEqual(20);
    expect(body.history[0]).toMatchObject({ earnings_date: "2025-10-30", consensus_eps: 1.77, actual_eps: 1.85, surprise: 4.47, beat: true });
    expect(body.skill.reports).toBeGreaterThan(1700);
    expect(body.skill).toMatchObject({ skill_significant: expect.any(Boolean), accuracy: expect.any(Number), brier_skill_low: expect.any(Number) });
    expect(body.definitions.momentum).toMatch(/last 2 reports/);
  });

  it("answers BRK.B (Yahoo's BRK-B file) and for Pro API keys too", async () => {
    const key = await apiKeyFor(pro);
    const { body } = await request(app).get("/api/earnings/brk.b").set("authorization", `Bearer ${key}`).expect(200);
    expect(body.ticker).toBe("BRK.B");
  });

  it("404 names a ticker with no data, 400 names a malformed ticker", async () => {
    const agent = await signedInAgent(app, db, pro);
    const missing = await agent.get("/api/earnings/ZZZZ").expect(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("ZZZZ") });
    const malformed = await agent.get("/api/earnings/123456").expect(400);
    expect(malformed.body).toMatchObject({ code: "BAD_USER_INPUT", errors: [{ field: "ticker" }] });
  });

  it("is 403 PRO_REQUIRED for anonymous visitors, Basic sessions and Basic API keys", async () => {
    const basicAgent = await signedInAgent(app, db, basic);
    const key = await apiKeyFor(basic);
    for (const response of [
      await request(app).get("/api/earnings/AAPL"),
      await basicAgent.get("/api/earnings/AAPL"),
      await request(app).get("/api/earnings/AAPL").set("authorization", `Bearer ${key}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: "PRO_REQUIRED" });
    }
  });
});

describe("as of a day", () => {
  const asOfQuery = `query ($ticker: String!, $asOf: String) {
    stock(ticker: $ticker) { earnings(asOf: $asOf) { asOf next { date actualEps surprise beat } history { date } } }
  }`;

  it("splits AAPL's reports at the day: the next is the first dated after it, the history ends on it", async () => {
    const agent = await signedInAgent(app, db, pro);
    const dayBefore = await agent.post("/graphql").send({ query: asOfQuery, variables: { ticker: "AAPL", asOf: "2020-04-29" } }).expect(200);
    expect(dayBefore.body.errors).toBeUndefined();
    const before = dayBefore.body.data.stock.earnings;
    // AAPL reported on 2020-04-30: the day before, it is next and its outcome is not told.
    expect(before).toMatchObject({ asOf: "2020-04-29", next: { date: "2020-04-30", actualEps: null, surprise: null, beat: null } });
    expect(before.history[0].date).toBe("2020-01-28");
    expect(before.history.every((report: { date: string }) => report.date <= "2020-04-29")).toBe(true);

    const { body } = await agent.post("/graphql").send({ query: asOfQuery, variables: { ticker: "AAPL", asOf: "2020-04-30" } }).expect(200);
    expect(body.data.stock.earnings.history[0].date).toBe("2020-04-30");
    expect(body.data.stock.earnings.next.date).toBe("2020-07-30");
  });

  it("answers GET /api/earnings/:ticker?asOf= for that day and says which day it used; a bad day is 400 naming asOf", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.get("/api/earnings/AAPL?asOf=2020-04-29").expect(200);
    expect(body).toMatchObject({ ticker: "AAPL", asOf: "2020-04-29", earnings_date: "2020-04-30" });
    expect(body.history[0].earnings_date).toBe("2020-01-28");
    const bad = await agent.get("/api/earnings/AAPL?asOf=2020-02-30").expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/asOf/);
  });
});

describe("GraphQL stock { earnings }", () => {
  it("gives a Pro user the next report, the history with outcomes and the measured skill", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.post("/graphql").send({ query: earningsQuery, variables: { ticker: "AAPL" } }).expect(200);
    expect(body.errors).toBeUndefined();
    const { earnings } = body.data.stock;
    expect(earnings.next).toMatchObject({ date: "2026-01-29", time: "AFTER_CLOSE", consensusEps: 2.67 });
    expect(earnings.next.baseRate).toBeGreaterThan(0.7);
    expect(earnings.history).toHaveLength(4);
    expect(earnings.history[0]).toMatchObject({ date: "2025-10-30", actualEps: 1.85, beat: true });
    expect(earnings.skill.reliability).toHaveLength(10);
    const { skill } = earnings;
    expect(skill.brierSkillLow).toBeLessThan(skill.brierSkillScore);
    expect(skill.brierSkillHigh).toBeGreaterThan(skill.brierSkillScore);
    expect(skill.skillSignificant).toBe(skill.brierSkillLow > 0 || skill.brierSkillHigh < 0);
    expect(skill.alwaysBeatAccuracy).toBe(skill.baseRate);
    expect(skill.accuracy).toBeGreaterThan(0.5);
    expect(skill.accuracyGainLow).toBeLessThan(skill.accuracyGainHigh);
    expect(earnings.source.snapshotTakenIn).toBe("2025-12");
  });

  it("is PRO_REQUIRED for Basic sessions and API keys, UNAUTHENTICATED for anonymous visitors, and never leaks data", async () => {
    const basicAgent = await signedInAgent(app, db, basic);
    const key = await apiKeyFor(basic);
    const send = { query: earningsQuery, variables: { ticker: "AAPL" } };
    const cases = [
      { body: (await basicAgent.post("/graphql").send(send)).body, code: "PRO_REQUIRED" },
      { body: (await request(app).post("/graphql").set("authorization", `Bearer ${key}`).send(send)).body, code: "PRO_REQUIRED" },
      { body: (await request(app).post("/graphql").send(send)).body, code: "UNAUTHENTICATED" },
    ];
    for (const { body, code } of cases) {
      expect(body.data.stock.earnings).toBeNull();
      expect(body.errors[0].extensions.code).toBe(code);
    }
  });

  it("lists the covered tickers for the page's selector", async () => {
    const agent = await signedInAgent(app, db, pro);
    const { body } = await agent.post("/graphql").send({ query: "{ earningsCoverage { tickers { ticker name } skill { reports } } }" }).expect(200);
    expect(body.data.earningsCoverage.tickers).toHaveLength(80);
    expect(body.data.earningsCoverage.tickers).toContainEqual({ ticker: "AAPL", name: expect.stringMatching(/Apple/) });
  });
});
