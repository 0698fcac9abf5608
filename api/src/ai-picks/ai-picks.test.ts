/** @db */
import crypto from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { hashApiKey } from "../api-keys/api-keys";
import type { AppDeps } from "../context";
import type { User } from "../generated/prisma/client";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { COST_PER_TURNOVER } from "../backtest/backtest-math";
import { forgetStoredPicks } from "./ai-picks";
import { computeAiPicks, refreshAiPicks } from "./ai-picks-pass";
import { storePriceBars } from "../market-data/price-bars";
import { recomputeTechnicals } from "../market-data/technicals-store";
import { spearman } from "./model";
import { FACTORS } from "./features";
import { MODEL_VERSION } from "./walk-forward";

// 30 real S&P 500 series from the bundled snapshot: enough for a first fit in mid-2019.
const tickers = ["AAPL", "MSFT", "AMZN", "NVDA", "JPM", "KO", "XOM", "PFE", "INTC", "CSCO", "T", "VZ", "WMT", "HD", "DIS", "BA", "MCD", "NKE", "IBM", "ORCL", "CVX", "MRK", "PG", "JNJ", "UNH", "GS", "CAT", "MMM", "HON", "AMGN"];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let app: Express;
let pro: User;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  ({ deps, app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "100000" }));
  pro = await createUser(db, { pro: true });
  await loadSnapshotPrices(db, tickers, { withMarket: false });
  forgetStoredPicks();
}, 180_000);
afterAll(() => db.close());

const picksQuery = `query ($first: Int, $after: String, $asOf: String) {
  aiPicks(first: $first, after: $after, asOf: $asOf) {
    status message date kind totalCount freeLimit
    edges { cursor node { ticker rank aiScore price returns1m why newsNote factors { factor contribution } } }
    model { fittedOn trainingSamples }
  }
}`;

describe("AI picks", () => {
  it("says the picks are being computed before the first pass", async () => {
    const { body } = await request(app).post("/graphql").send({ query: picksQuery }).expect(200);
    expect(body.data.aiPicks).toMatchObject({ status: "COMPUTING", totalCount: 0, edges: [] });
    expect(body.data.aiPicks.message).toMatch(/being computed/);
  });

  describe("after a pass", () => {
    let firstRebalance: string;
    beforeAll(async () => {
      const pass = await computeAiPicks(deps);
      expect(pass.rebalances).toBeGreaterThan(10);
      forgetStoredPicks();
      const record = await db.prisma.aiPickRun.findFirst({ where: { kind: "rebalance" }, orderBy: { date: "asc" } });
      firstRebalance = record!.date;
    }, 120_000);

    it("gives anyone the top 5 of the default day with score, price, 1-month return and why", async () => {
      const { body } = await request(app).post("/graphql").send({ query: picksQuery }).expect(200);
      const picks = body.data.aiPicks;
      // No news is stored here, so the default day is the latest price day, stored by the pass.
      expect(picks).toMatchObject({ status: "READY", date: "2021-04-21", kind: "day", totalCount: 30, freeLimit: 5 });
      expect(picks.edges.map((edge: { node: { rank: number } }) => edge.node.rank)).toEqual([1, 2, 3, 4, 5]);
      for (const { node } of picks.edges) {
        expect(node.aiScore).toBeGreaterThan(0);
        expect(node.aiScore).toBeLessThan(1);
        expect(node.why).toMatch(/^[\w\s-]+ [+−]\d\.\d{3}(, [\w\s-]+ [+−]\d\.\d{3}){2}$/);
        expect(node.newsNote).toMatch(/No articles named \w+ in the 7 days to 2021-04-21's close: the news inputs are neutral/);
        expect(node.factors).toHaveLength(FACTORS.length);
      }
    });

    it("answers PRO_REQUIRED past the top 5 to anyone without Pro, and every rank to a Pro user", async () => {
      const anonymous = await request(app).post("/graphql").send({ query: picksQuery, variables: { first: 6 } }).expect(200);
      expect(anonymous.body.errors[0].extensions).toMatchObject({ code: "PRO_REQUIRED", fieldErrors: [{ field: "first" }] });
      const top5 = await request(app).post("/graphql").send({ query: picksQuery, variables: { first: 5 } });
      const next = await request(app).post("/graphql").send({ query: picksQuery, variables: { first: 5, after: top5.body.data.aiPicks.edges[4].cursor } });
      expect(next.body.errors[0].extensions).toMatchObject({ code: "PRO_REQUIRED", fieldErrors: [{ field: "after" }] });

      const agent = await signedInAgent(app, db, pro);
      const all = await agent.post("/graphql").send({ query: picksQuery, variables: { first: 30 } }).expect(200);
      expect(all.body.data.aiPicks.edges.map((edge: { node: { rank: number } }) => edge.node.rank)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
      const bad = await agent.post("/graphql").send({ query: picksQuery, variables: { first: 1000 } });
      expect(bad.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "first" }] });
    });

    it("serves GET /api/ai-picks: 5 rows to others, all of them to a Pro API key", async () => {
      const anonymous = await request(app).get("/api/ai-picks").expect(200);
      expect(anonymous.body).toMatchObject({ asOf: "2021-04-21", status: "READY", total: 30, model: { version: MODEL_VERSION } });
      expect(anonymous.body.results).toHaveLength(5);
      expect(Object.keys(anonymous.body.results[0])).toEqual(expect.arrayContaining(["ticker", "rank", "ai_score", "price", "returns_1m"]));
      expect((await request(app).get("/api/ai-picks?limit=6").expect(403)).body).toMatchObject({ code: "PRO_REQUIRED", errors: [{ field: "limit" }] });

      const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
      await db.prisma.apiKey.create({ data: { userId: pro.id, name: "test", prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });
      const withKey = await request(app).get("/api/ai-picks").set("authorization", `Bearer ${secret}`).expect(200);
      expect(withKey.body.results).toHaveLength(30);
      expect(withKey.body.results.slice(0, 5)).toEqual(anonymous.body.results);

      const badDay = await request(app).get("/api/ai-picks?asOf=2021-02-30").expect(400);
      expect(badDay.body.errors[0].field).toBe("asOf");

      // limit is 1–1000 written in decimal digits: hex, exponents, spaces, fractions and ranges out are named, not read.
      for (const limit of ["0x10", "1e3", "%205", "5%20", "5.5", "+5", "", "0", "-1", "1001", "99999999999999999999"]) {
        const refused = await request(app).get(`/api/ai-picks?limit=${limit}`).set("authorization", `Bearer ${secret}`);
        expect({ limit, status: refused.status, body: refused.body }).toEqual({
          limit,
          status: 400,
          body: { message: "Invalid input: limit", code: "BAD_USER_INPUT", errors: [{ field: "limit", message: expect.stringMatching(/^limit must be a whole number between 1 and 1000|^limit must be between 1 and 1000/) }] },
        });
      }
      expect((await request(app).get("/api/ai-picks?limit=3").expect(200)).body.results).toHaveLength(3);
      expect((await request(app).get("/api/ai-picks?limit=007").set("authorization", `Bearer ${secret}`).expect(200)).body.results).toHaveLength(7);
    });

    it("follows the as-of day: a stored rebalance, a day scored on request with the month's fit, and a day before the first fit", async () => {
      const rebalance = await request(app).post("/graphql").send({ query: picksQuery, variables: { asOf: firstRebalance } });
      expect(rebalance.body.data.aiPicks).toMatchObject({ status: "READY", date: firstRebalance, kind: "rebalance", model: { fittedOn: firstRebalance } });
      const saturday = await request(app).post("/graphql").send({ query: picksQuery, variables: { asOf: "2020-06-13" } });
      expect(saturday.body.data.aiPicks).toMatchObject({ status: "READY", date: "2020-06-12", kind: "on_request", model: { fittedOn: "2020-06-01" } });
      const early = await request(app).post("/graphql").send({ query: picksQuery, variables: { asOf: "2018-06-01" } });
      expect(early.body.data.aiPicks).toMatchObject({ status: "NO_MODEL", edges: [] });
      expect(early.body.data.aiPicks.message).toContain(firstRebalance);
    });

    it("publishes a track record anyone can recompute from price_data", async () => {
      const { body } = await request(app).get("/api/ai-picks/track-record").expect(200);
      expect(body).toMatchObject({ status: "READY", costBps: 10, horizonDays: 21 });
      expect(body.verdict).toMatch(/has shown no edge over the simplest rules|beat every baseline, with an interval above zero/);
      // An IC whose interval includes zero is called not significant, in the verdict too.
      const { icInterval } = body.strategies.find((entry: { strategy: string }) => entry.strategy === "model_top5");
      if (icInterval.low <= 0 && icInterval.high >= 0) expect(body.verdict).toMatch(/mean IC was −?\d\.\d{3} \(95 % interval [^)]*: not significant\)/);
      expect(body.survivorship).toMatch(/Survivorship bias/);
      const completed = body.rebalances.filter((rebalance: { periodEnd: string | null; outcome: unknown }) => rebalance.outcome);
      expect(completed).toHaveLength(body.months);
      expect(body.rebalances.at(-1).periodEnd).toBeNull();

      const close = async (ticker: string, date: string) => {
        const [row] = await db.prisma.$queryRaw<{ close: number }[]>`
          SELECT close::float8 AS close FROM price_data WHERE ticker = ${ticker} AND date <= ${date}::date ORDER BY date DESC LIMIT 1`;
        return row.close;
      };
      let previous = new Map<string, number>();
      let value = 1;
      for (const rebalance of completed) {
        // Every stored pick's realised return is its close-to-close return to the period's end.
        const picks = await db.prisma.aiPick.findMany({ where: { run: { date: rebalance.date, kind: "rebalance" } }, orderBy: { rank: "asc" } });
        const realised = await Promise.all(picks.map(async (pick) => (await close(pick.ticker, rebalance.periodEnd)) / (await close(pick.ticker, rebalance.date)) - 1));
        picks.forEach((pick, index) => expect(pick.forwardReturn).toBeCloseTo(realised[index], 12));
        expect(rebalance.outcome.ic).toBeCloseTo(spearman(picks.map((pick) => pick.score), realised)!, 12);
        // The top 5, bought in equal weights after the drifted old holdings are sold: 10 bps per unit of turnover.
        const top5 = picks.slice(0, 5);
        const target = new Map(top5.map((pick) => [pick.ticker, 0.2]));
        let traded = 0;
        for (const [ticker, weight] of target) traded += Math.abs(weight - (previous.get(ticker) ?? 0));
        for (const [ticker, weight] of previous) if (!target.has(ticker)) traded += weight;
        const growth = top5.map((_, index) => 1 + realised[index]);
        const periodReturn = (1 - COST_PER_TURNOVER * traded) * (growth.reduce((sum, factor) => sum + factor, 0) / 5) - 1;
        expect(rebalance.outcome.returns.model_top5).toBeCloseTo(periodReturn, 10);
        const total = growth.reduce((sum, factor) => sum + factor, 0);
        previous = new Map(top5.map((pick, index) => [pick.ticker, growth[index] / total]));
        value *= 1 + periodReturn;
        const hits = realised.slice(0, 5).filter((change) => change > rebalance.outcome.universeMedian).length;
        expect(rebalance.outcome.top5Hits).toBe(hits);
      }
      const model = body.strategies.find((strategy: { strategy: string }) => strategy.strategy === "model_top5");
      expect(model.cumulativeReturn).toBeCloseTo(value - 1, 10);
    });

    it("keeps the stored pass until a new one is complete, and skips a pass when prices have not changed", async () => {
      const before = await request(app).get("/api/ai-picks").expect(200);
      // What a pass killed halfway leaves: an incomplete record with some runs. Readers do not see it.
      const record = await db.prisma.aiTrackRecord.create({ data: { dataVersion: "x", modelVersion: "x", summary: {}, curve: [], sources: {}, passMs: 0 } });
      await db.prisma.aiPickRun.create({
        data: { recordId: record.id, date: "2021-04-21", kind: "day", dataVersion: "x", modelVersion: "x", fittedOn: "x", trainingSamples: 0, model: {}, universeSize: 0 },
      });
      forgetStoredPicks();
      expect((await request(app).get("/api/ai-picks").expect(200)).body).toEqual(before.body);
      expect(await refreshAiPicks(deps)).toBeNull();
      const pass = await computeAiPicks(deps);
      forgetStoredPicks();
      expect(await db.prisma.aiTrackRecord.count()).toBe(1);
      expect(await db.prisma.aiPick.count()).toBe(pass.picks);
      expect((await request(app).get("/api/ai-picks").expect(200)).body.results).toEqual(before.body.results);
    }, 120_000);

    it("scores again after a price refresh changes the data, and shows the new day", async () => {
      await storePriceBars(db, tickers.map((ticker, index) => ({ ticker, date: "2021-04-22", open: null, high: null, low: null, close: 100 + index, volume: 1_000_000, source: "yahoo" })));
      await recomputeTechnicals(db, tickers);
      const pass = await refreshAiPicks(deps);
      expect(pass).toMatchObject({ days: ["2021-04-22"] });
      forgetStoredPicks();
      expect((await request(app).get("/api/ai-picks?asOf=2021-04-22").expect(200)).body).toMatchObject({ asOf: "2021-04-22", kind: "day" });
    }, 120_000);
  });
});
