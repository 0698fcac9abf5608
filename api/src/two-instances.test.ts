/**
 * @db
 * @redis
 */
// Two app instances (separate dependencies, database pools and Redis connections, as two
// processes would have) on one PostgreSQL database and one Redis: what a deployment of
// several instances behind a load balancer relies on.
import crypto from "node:crypto";
import http from "node:http";
import Redis from "ioredis";
import { eventually } from "../test/eventually";
import { listen, signInCookie, subscribe } from "../test/live-server";
import { loadSnapshotPrices } from "../test/market-data";
import { createUser } from "../test/sign-in";
import { TEST_SESSION_SECRET } from "../test/test-app";
import { createTestDatabase, testDatabaseUrl } from "../test/test-database";
import { loadConfig } from "./config/config";
import { evaluateAlerts } from "./alerts/alert-evaluation";
import { factsOfDay } from "./alerts/alert-facts";
import { deliverDueAlerts } from "./alerts/delivery/dispatcher";
import { startReceiver } from "./alerts/delivery/delivery-scenarios";
import type { AppDeps } from "./context";
import { openDatabase, type Database } from "./db/database";
import { isSkipped } from "./db/run-exclusively";
import { buildDeps } from "./deps";
import { buildApp } from "./http/app";
import { createLogger } from "./logging/logger";
import type { FeedConfig } from "./news/ingestion/feeds";
import { runScheduledIngestion } from "./news/ingestion/schedule";

const databaseUrl = testDatabaseUrl();
const redisUrl = process.env.TEST_REDIS_URL;

const FEED_PORT = 3493;

type Instance = { deps: AppDeps; db: Database; redis: Redis; server: Awaited<ReturnType<typeof listen>> };

(databaseUrl && redisUrl ? describe : describe.skip)(
  "two instances on one PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL to run, as npm run test:pg in CI does)",
  () => {
    // This run's own Redis keys and channels, deleted afterwards.
    const keyPrefix = `test-two-instances-${crypto.randomUUID()}:`;
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let a: Instance;
    let b: Instance;

    async function startInstance(instanceDb: Database, port: number): Promise<Instance> {
      const config = loadConfig({
        NODE_ENV: "test",
        AUTH_CACHE_MS: "0",
        WEB_REQUESTS_PER_10_MINUTES: "3",
        // The alert test's webhook receiver listens on 127.0.0.1.
        ALERT_WEBHOOK_ALLOW_PRIVATE: "true",
      });
      const redis = new Redis(redisUrl!, { keyPrefix });
      const deps = buildDeps({ config, db: instanceDb, logger: createLogger(config), sessionSecret: TEST_SESSION_SECRET, redis });
      const server = await listen(port);
      server.serve(buildApp(deps, { webDistDir: "/nonexistent" }));
      return { deps, db: instanceDb, redis, server };
    }

    beforeAll(async () => {
      db = await createTestDatabase();
      await db.reset();
      a = await startInstance(db, 3491);
      b = await startInstance(await openDatabase({ kind: "postgres", url: databaseUrl! }), 3492);
      // Both instances listen for news events before any is published.
      await eventually(async () => (await a.redis.pubsub("NUMSUB", `${keyPrefix}news:articles`))[1] === 2);
    });

    afterAll(async () => {
      for (const instance of [a, b]) {
        if (!instance) continue;
        await instance.server.close();
        await instance.deps.newsEvents.close();
        await instance.deps.alertEvents.close();
        await instance.redis.quit();
      }
      await deleteKeys(`${keyPrefix}*`);
      await b?.db.close();
      await db?.close();
    });

    const graphql = (instance: Instance, query: string, headers: Record<string, string> = {}) =>
      fetch(`${instance.server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ query }),
      });

    it("a session started on A is valid on B, and signing out on A ends it on B", async () => {
      const user = await createUser(db);
      const cookie = await signInCookie(a.server.url, db, user);
      const viewer = async (instance: Instance) => (await (await graphql(instance, "{ viewer { email } }", { cookie })).json()).data.viewer;
      expect(await viewer(b)).toEqual({ email: user.email });

      await fetch(`${a.server.url}/api/logout`, { headers: { cookie }, redirect: "manual" });
      expect(await viewer(b)).toBeNull();
    });

    it("share rate limits: an allowance spent on A is refused on B", async () => {
      const client = { "x-forwarded-for": "203.0.113.50" };
      const dataQuery = "{ contactDetails { email } }";
      // Two requests on A and one on B spend the allowance of 3.
      for (const instance of [a, a, b]) {
        expect((await graphql(instance, dataQuery, client)).status).toBe(200);
      }
      const refused = await graphql(b, dataQuery, client);
      expect(refused.status).toBe(429);
      expect((await refused.json()).errors[0].extensions).toMatchObject({ code: "RATE_LIMITED" });
      expect((await graphql(a, dataQuery, client)).status).toBe(429);
    });

    it("run a scheduled ingestion pass once between them, and its new articles reach subscribers on both", async () => {
      const headline = `Apple (AAPL) beats estimates on record services revenue ${crypto.randomUUID().slice(0, 8)}`;
      let feedRequests = 0;
      const feedServer = http.createServer((_req, res) => {
        feedRequests += 1;
        // Slow enough that both passes start while the first still holds the lock.
        setTimeout(() => {
          res.writeHead(200, { "content-type": "application/rss+xml" });
          res.end(rssWithOneItem(headline));
        }, 300);
      });
      await new Promise<void>((resolve) => feedServer.listen(FEED_PORT, "127.0.0.1", resolve));
      const feeds: FeedConfig[] = [
        { key: "two-instances", url: `http://127.0.0.1:${FEED_PORT}/aapl`, kind: "ticker", source: "test-two-instances", ticker: "AAPL" },
      ];
      // Signed-in users (not the anonymous address whose allowance the previous test spent).
      const cookie = await signInCookie(a.server.url, db, await createUser(db));
      const query = 'subscription { newsArticlesAdded(tickers: ["AAPL"]) { title tickers } }';
      const onA = await subscribe(a.server.url, query, { cookie });
      const onB = await subscribe(b.server.url, query, { cookie });
      try {
        expect([onA.response.status, onB.response.status]).toEqual([200, 200]);
        const passes = await Promise.all(
          [a, b].map((instance) => runScheduledIngestion(instance.deps, { feeds, minGapMs: 60_000 })),
        );
        expect(passes.filter(isSkipped)).toHaveLength(1);
        expect(passes.find((pass) => !isSkipped(pass))).toMatchObject({ stored: 1 });
        expect(feedRequests).toBe(1);

        for (const subscriber of [onA, onB]) {
          expect(await subscriber.next()).toEqual({ data: { newsArticlesAdded: [{ title: headline, tickers: ["AAPL"] }] } });
        }
      } finally {
        onA.abort();
        onB.abort();
        await new Promise((resolve) => feedServer.close(resolve));
      }
    });

    it("evaluate an alert event once between them, show the firing on both bells once, and deliver it once", async () => {
      await loadSnapshotPrices(db, ["AAPL"], { withMarket: false });
      const { dates } = (await a.deps.technicals.bars()).byTicker.get("AAPL")!;
      const [before, day] = dates.slice(-2);
      const [closeBefore, close] = await Promise.all([before, day].map(async (d) => (await factsOfDay(a.deps, ["AAPL"], d)).byTicker.get("AAPL")!.close));
      const user = await createUser(db, { pro: true });
      const receiver = await startReceiver();
      const alertOf = (name: string, level: number) =>
        db.prisma.alert.create({
          data: {
            userId: user.id,
            name,
            condition: "price_cross",
            params: { direction: close > closeBefore ? "above" : "below", level },
            ticker: "AAPL",
            channels: ["email", "webhook"],
            webhookUrl: `${receiver.origin}/hook`,
            webhookSecret: "whsec_test",
          },
        });
      const alert = await alertOf("Crossing", Number(((closeBefore + close) / 2).toFixed(4)));
      const cookie = await signInCookie(a.server.url, db, user);
      const query = "subscription { alertFired { ticker factKey summary } }";
      const onA = await subscribe(a.server.url, query, { cookie });
      const onB = await subscribe(b.server.url, query, { cookie });
      try {
        expect([onA.response.status, onB.response.status]).toEqual([200, 200]);
        await eventually(async () => (await a.redis.pubsub("NUMSUB", `${keyPrefix}alerts:fired`))[1] === 2);
        // Both instances saw the same price event (as two instances catching up at start would).
        const event = { kind: "prices" as const, day, tickers: ["AAPL"], origin: "live" as const };
        const results = await Promise.all([a, b].map((instance) => evaluateAlerts(instance.deps, event)));
        expect(results.map((result) => result.firings).sort()).toEqual([0, 1]);
        expect(await db.prisma.alertFiring.count({ where: { alertId: alert.id } })).toBe(1);

        // A second alert's firing, evaluated on B, comes next on both streams: the first arrived once.
        await alertOf("Second", Number(((closeBefore + close) / 2 + (close > closeBefore ? -0.0001 : 0.0001)).toFixed(4)));
        await evaluateAlerts(b.deps, { ...event, origin: "replay", userId: user.id });
        for (const subscriber of [onA, onB]) {
          const first = (await subscriber.next()).data as { alertFired: { ticker: string; factKey: string }[] };
          expect(first.alertFired).toEqual([expect.objectContaining({ ticker: "AAPL", factKey: day })]);
          const second = (await subscriber.next()).data as { alertFired: { summary: string }[] };
          expect(second.alertFired).toHaveLength(1);
        }

        // Both dispatchers at once: each delivery (two firings × email and webhook) goes out once.
        await Promise.all([a, b].map((instance) => deliverDueAlerts(instance.deps)));
        expect([...receiver.countByDelivery().values()]).toEqual([1, 1]);
        expect(a.deps.mailer.outbox().length + b.deps.mailer.outbox().length).toBe(2);
      } finally {
        onA.abort();
        onB.abort();
        await receiver.close();
      }
    });
  },
);

function rssWithOneItem(title: string): string {
  return `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Apple news</title><link>https://example.com</link><description>test</description>
<item><title>${title}</title><link>https://example.com/aapl</link><guid isPermaLink="false">${title}</guid><pubDate>${new Date().toUTCString()}</pubDate></item>
</channel></rss>`;
}

/** Deletes keys by pattern with a client of no prefix (ioredis would prefix the DEL's keys twice). */
async function deleteKeys(pattern: string) {
  const admin = new Redis(redisUrl!);
  try {
    const keys: string[] = [];
    for await (const batch of admin.scanStream({ match: pattern, count: 100 })) keys.push(...(batch as string[]));
    if (keys.length > 0) await admin.del(...keys);
  } finally {
    await admin.quit();
  }
}
