/** @redis */
import crypto from "node:crypto";
import Redis from "ioredis";
import { AppError } from "../errors/app-error";
import { budgetOwnerOf, createQueryBudget, type BudgetOwner } from "./query-budget";

const limits = {
  api: { pointsPerHour: 100, maxQueryCost: 1000, maxQueryDepth: 10 },
  web: { requestsPer10Minutes: 10, screenRunsPer10Minutes: 5 },
};
// Counters shared between instances live in Redis; TEST_REDIS_URL runs the same cases against it.
const redisUrl = process.env.TEST_REDIS_URL;
const stores = [["memory", undefined], ...(redisUrl ? [["redis", redisUrl] as const] : [])] as const;

describe.each(stores)("query budget (%s)", (_store, url) => {
  let redis: Redis | undefined;
  beforeAll(() => {
    redis = url ? new Redis(url) : undefined;
  });
  afterAll(async () => {
    await redis?.quit();
  });
  // Fresh owners per test, so runs against a shared Redis never collide.
  const owner = (kind: BudgetOwner["kind"]): BudgetOwner => ({ kind, id: crypto.randomUUID() });

  it("reads a full, untouched budget: an API key's points per hour, web traffic's requests per 10 minutes", async () => {
    const budget = createQueryBudget(limits, redis);
    const points = await budget.read(owner("apiKey"));
    expect(points).toMatchObject({ unit: "points", limit: 100, used: 0, remaining: 100 });
    expect(points.resetAt.getTime() - Date.now()).toBeGreaterThan(3_590_000);
    const requests = await budget.read(owner("ip"));
    expect(requests).toMatchObject({ unit: "requests", limit: 10, used: 0, remaining: 10 });
    expect(requests.resetAt.getTime() - Date.now()).toBeGreaterThan(590_000);
    expect(requests.resetAt.getTime() - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it("spends points and refuses, spending nothing, what does not fit", async () => {
    const budget = createQueryBudget(limits, redis);
    const key = owner("apiKey");
    expect(await budget.spend(key, 60)).toMatchObject({ used: 60, remaining: 40 });

    const refusal = await budget.spend(key, 50).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) });
    expect((refusal as AppError).message).toMatch(/costs 50 points and 40 of 100 remain this hour/);

    expect(await budget.read(key)).toMatchObject({ used: 60, remaining: 40 });
    expect(await budget.spend(key, 40)).toMatchObject({ used: 100, remaining: 0 });
  });

  it("charges web traffic (sessions and anonymous IPs) one request each whatever the query costs, each owner its own", async () => {
    const budget = createQueryBudget(limits, redis);
    const ip = owner("ip");
    for (let request = 1; request <= 10; request++) {
      expect(await budget.spend(ip, 750)).toMatchObject({ unit: "requests", limit: 10, used: request });
    }
    const refusal = await budget.spend(ip, 1).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) });
    expect((refusal as AppError).message).toMatch(/^Too many requests \(10 per 10 minutes\)\. Please try again in \d+ seconds\.$/);
    expect(await budget.spend(owner("user"), 4)).toMatchObject({ limit: 10, used: 1, remaining: 9 });
    expect(await budget.spend(owner("apiKey"), 10)).toMatchObject({ unit: "points", limit: 100, remaining: 90 });
  });
});

describe("budgetOwnerOf", () => {
  const user = { id: "u1" } as never;
  it("charges the API key, else the signed-in user, else the client IP", () => {
    expect(budgetOwnerOf({ user, authMethod: "apiKey", apiKeyId: "k1" }, "203.0.113.7")).toEqual({ kind: "apiKey", id: "k1" });
    expect(budgetOwnerOf({ user, authMethod: "session" }, "203.0.113.7")).toEqual({ kind: "user", id: "u1" });
    expect(budgetOwnerOf(null, "203.0.113.7")).toEqual({ kind: "ip", id: "203.0.113.7" });
  });
});
