/** @redis */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import Redis from "ioredis";
import { loadConfig } from "../../config/config";
import { ProviderError } from "../../market-data/providers/http";
import type { CompanyFacts } from "./companyfacts";
import { createCompanyFactsCache, createSecXbrlClient, type SecXbrlClient } from "./sec-xbrl-client";

const fixtures = path.join(__dirname, "fixtures");
const TSLA = "0001318605";
const SNOW = "0001640147";
const USER_AGENT = "Tickerscope tests tests@example.com";
const companyFactsPath = (cik: string) => `/api/xbrl/companyfacts/CIK${cik}.json`;
const tslaGzip = fs.readFileSync(path.join(fixtures, "companyfacts_CIK0001318605_TSLA_derived.json.gz"));
const snowJson = zlib.gunzipSync(fs.readFileSync(path.join(fixtures, "companyfacts_CIK0001640147_SNOW_derived.json.gz")));

/** Other CIKs' answers: a body SEC would never send, and TSLA's facts under another CIK. */
const oddBodies: Record<string, string> = {
  [companyFactsPath("0000000123")]: JSON.stringify({ cik: 123, entityName: "Odd", facts: { "us-gaap": { Revenues: { label: "Revenues", description: null, units: { USD: [{ end: "2020-12-31" }] } } } } }),
  [companyFactsPath("0000000124")]: "<html>Maintenance</html>",
  [companyFactsPath("0000000125")]: zlib.gunzipSync(tslaGzip).toString("utf8"),
};

let server: http.Server;
let dataUrl: string;
let requests: { path: string; userAgent?: string; status: number }[] = [];
/** The next companyfacts requests answered 429 Too Many Requests. */
let throttleNext = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url!, "http://127.0.0.1");
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body: string | Buffer) => {
      requests.push({ path: pathname, userAgent: req.headers["user-agent"], status });
      res.writeHead(status, headers).end(body);
    };
    if (throttleNext > 0) {
      throttleNext -= 1;
      return answer(429, { "content-type": "text/plain" }, "Too Many Requests");
    }
    // SEC serves gzip to clients that accept it: TSLA's answer comes compressed, SNOW's plain.
    if (pathname === companyFactsPath(TSLA)) return answer(200, { "content-type": "application/json", "content-encoding": "gzip" }, tslaGzip);
    if (pathname === companyFactsPath(SNOW)) return answer(200, { "content-type": "application/json" }, snowJson);
    if (oddBodies[pathname]) return answer(200, { "content-type": "application/json" }, oddBodies[pathname]);
    answer(404, { "content-type": "application/xml" }, "<Error><Code>NoSuchKey</Code></Error>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  dataUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  throttleNext = 0;
});

const configWith = (environment: Record<string, string>) =>
  loadConfig({ NODE_ENV: "test", SEC_USER_AGENT: USER_AGENT, SEC_EDGAR_DATA_URL: dataUrl, ...environment });

describe("the SEC XBRL client", () => {
  let client: SecXbrlClient;
  beforeAll(() => {
    client = createSecXbrlClient(configWith({}), { backoffMs: 10 })!;
  });
  afterAll(() => client.close());

  it("is off without SEC_USER_AGENT", () => {
    const config = configWith({});
    expect(createSecXbrlClient({ ...config, hedgeFunds: { ...config.hedgeFunds, secUserAgent: undefined } })).toBeNull();
  });

  it("fetches and validates a company's facts by its zero-padded CIK, naming itself in the User-Agent", async () => {
    const tsla = await client.companyFacts(1318605);
    expect(tsla).toMatchObject({ cik: 1318605, entityName: "Tesla, Inc." });
    expect(tsla.facts["us-gaap"].Revenues.units.USD.length).toBeGreaterThan(200);
    const snow = await client.companyFacts(SNOW);
    expect(snow).toMatchObject({ cik: 1640147, entityName: "SNOWFLAKE INC." });
    expect(requests).toEqual([
      { path: companyFactsPath(TSLA), userAgent: USER_AGENT, status: 200 },
      { path: companyFactsPath(SNOW), userAgent: USER_AGENT, status: 200 },
    ]);
  });

  it("tries again after 429 Too Many Requests", async () => {
    throttleNext = 1;
    await expect(client.companyFacts("1640147")).resolves.toMatchObject({ cik: 1640147 });
    expect(requests.map((request) => request.status)).toEqual([429, 200]);
  });

  it("says plainly when SEC has no companyfacts for a CIK, without retrying", async () => {
    const error = await client.companyFacts("0000000042").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(/^SEC XBRL: no companyfacts for CIK 0000000042 \(HTTP 404/) });
    expect(requests).toHaveLength(1);
  });

  it("refuses a malformed answer, naming the CIK and what is wrong", async () => {
    await expect(client.companyFacts("123")).rejects.toThrow(/^SEC XBRL: the companyfacts of CIK 0000000123 are malformed: facts\.us-gaap\.Revenues\.units\.USD\.0\.val: /);
    await expect(client.companyFacts("124")).rejects.toThrow(/^SEC XBRL: the companyfacts of CIK 0000000124 are malformed: /);
    await expect(client.companyFacts("125")).rejects.toThrow("SEC XBRL: asked for CIK 0000000125, got the companyfacts of CIK 1318605");
  });

  it("refuses what is not a CIK without asking SEC", async () => {
    await expect(client.companyFacts("TSLA")).rejects.toThrow('SEC XBRL: "TSLA" is not a CIK (up to 10 digits)');
    await expect(client.companyFacts("00001318605")).rejects.toThrow(ProviderError);
    expect(requests).toEqual([]);
  });
});

describe("the companyfacts cache", () => {
  /** A client answering each CIK when the test says so, counting its requests. */
  function manualClient() {
    const pending = new Map<string, { resolve: (facts: CompanyFacts) => void; reject: (error: Error) => void }>();
    const asked: string[] = [];
    return {
      asked,
      answer: (cik: string, facts: CompanyFacts) => pending.get(cik)!.resolve(facts),
      fail: (cik: string, error: Error) => pending.get(cik)!.reject(error),
      companyFacts: (cik: string | number) => {
        asked.push(String(cik));
        return new Promise<CompanyFacts>((resolve, reject) => pending.set(String(cik), { resolve, reject }));
      },
    };
  }
  const facts = (cik: number): CompanyFacts => ({ cik, entityName: `CIK ${cik}`, facts: {} });

  it("asks once per CIK however it is written, sharing the request with callers meanwhile", async () => {
    const client = manualClient();
    const cache = createCompanyFactsCache(client);
    const first = cache.companyFacts(1318605);
    const meanwhile = cache.companyFacts("0001318605");
    client.answer(TSLA, facts(1318605));
    await expect(first).resolves.toEqual(facts(1318605));
    await expect(meanwhile).resolves.toEqual(facts(1318605));
    await expect(cache.companyFacts("1318605")).resolves.toEqual(facts(1318605));
    expect(client.asked).toEqual([TSLA]);
  });

  it("keeps no failure: the next caller asks again", async () => {
    const client = manualClient();
    const cache = createCompanyFactsCache(client);
    const failed = cache.companyFacts(SNOW);
    client.fail(SNOW, new ProviderError("EDGAR: HTTP 503", true));
    await expect(failed).rejects.toThrow("EDGAR: HTTP 503");
    const retried = cache.companyFacts(SNOW);
    client.answer(SNOW, facts(1640147));
    await expect(retried).resolves.toEqual(facts(1640147));
    expect(client.asked).toEqual([SNOW, SNOW]);
  });

  it("ends an aborted caller's wait only, not the request others share", async () => {
    const client = manualClient();
    const cache = createCompanyFactsCache(client);
    const controller = new AbortController();
    const leaving = cache.companyFacts(SNOW, controller.signal);
    const staying = cache.companyFacts(SNOW);
    controller.abort(new Error("the visitor left"));
    await expect(leaving).rejects.toThrow("the visitor left");
    client.answer(SNOW, facts(1640147));
    await expect(staying).resolves.toEqual(facts(1640147));
    await expect(cache.companyFacts(SNOW, AbortSignal.abort(new Error("gone already")))).rejects.toThrow("gone already");
    expect(client.asked).toEqual([SNOW]);
  });

  it("caches the real client's parsed answer", async () => {
    const client = createSecXbrlClient(configWith({}), { backoffMs: 10 })!;
    const cache = createCompanyFactsCache(client);
    try {
      const first = await cache.companyFacts(TSLA);
      expect(await cache.companyFacts(TSLA)).toBe(first);
      expect(requests).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

// With Redis configured, instances share one limiter; TEST_REDIS_URL runs this against it.
const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)("instances sharing Redis (set TEST_REDIS_URL to run)", () => {
  it("take their turns from one limiter, whose state Redis holds", async () => {
    const limiterId = `test-sec-edgar-${crypto.randomUUID()}`;
    const config = configWith({ REDIS_URL: redisUrl! });
    const instances = [createSecXbrlClient(config, { backoffMs: 10, limiterId })!, createSecXbrlClient(config, { backoffMs: 10, limiterId })!];
    const redis = new Redis(redisUrl!);
    try {
      await Promise.all([instances[0].companyFacts(TSLA), instances[1].companyFacts(SNOW), instances[1].companyFacts(TSLA)]);
      expect(requests).toHaveLength(3);
      // Bottleneck counts finished jobs in the limiter's shared settings: all three instances' requests.
      expect(await redis.hget(`b_${limiterId}_settings`, "done")).toBe("3");
      expect(await redis.hget(`b_${limiterId}_settings`, "minTime")).toBe("100");
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      const keys = await redis.keys(`b_${limiterId}_*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
