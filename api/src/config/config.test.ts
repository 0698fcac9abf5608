import { ConfigError, loadConfig } from "./config";

it("defaults to the embedded database and port 3000 with no environment", () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.database).toEqual({ kind: "pglite", dataDir: expect.stringMatching(/\.data\/pglite$/) });
  expect(config.contact.hours).toBe("Mon-Fri 8:00 AM - 6:00 PM EST");
});

it("uses PostgreSQL when DATABASE_URL is set", () => {
  expect(loadConfig({ DATABASE_URL: "postgresql://u@db:5432/app" }).database).toEqual({
    kind: "postgres",
    url: "postgresql://u@db:5432/app",
  });
});

it("names every bad variable and its rule", () => {
  let error: unknown;
  try {
    loadConfig({ PORT: "99999", DATABASE_URL: "mysql://x", CONTACT_EMAIL: "nope" });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems.join("\n");
  expect(problems).toMatch(/PORT: .*65535/);
  expect(problems).toMatch(/DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//);
  expect(problems).toMatch(/CONTACT_EMAIL: /);
});

describe("market data settings", () => {
  it("load the bundled prices and refresh from Yahoo every 6 hours by default", () => {
    expect(loadConfig({}).marketData).toEqual({
      loadSnapshot: true,
      provider: "yahoo",
      apiKey: undefined,
      baseUrl: undefined,
      refreshMinutes: 360,
      refreshUniverse: "sp500",
      requestsPerMinute: 60,
      requestTimeoutMs: 15_000,
    });
  });

  it("need an API key for Alpha Vantage", () => {
    expect(() => loadConfig({ MARKET_DATA_PROVIDER: "alphavantage" })).toThrow(/MARKET_DATA_API_KEY: required/);
    expect(loadConfig({ MARKET_DATA_PROVIDER: "alphavantage", MARKET_DATA_API_KEY: "demo" }).marketData.apiKey).toBe("demo");
  });

  it("name a bad provider, universe or rate", () => {
    let error: unknown;
    try {
      loadConfig({ MARKET_DATA_PROVIDER: "stooq", MARKET_DATA_REFRESH_UNIVERSE: "nyse", MARKET_DATA_REQUESTS_PER_MINUTE: "0" });
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toMatch(/MARKET_DATA_PROVIDER: /);
    expect(problems).toMatch(/MARKET_DATA_REFRESH_UNIVERSE: /);
    expect(problems).toMatch(/MARKET_DATA_REQUESTS_PER_MINUTE: /);
  });
});

it("reads CORS_ALLOWED_ORIGINS as a list of origins (none by default) and names a malformed one", () => {
  expect(loadConfig({}).corsAllowedOrigins).toEqual([]);
  expect(loadConfig({ CORS_ALLOWED_ORIGINS: "https://a.example, http://localhost:5173" }).corsAllowedOrigins).toEqual([
    "https://a.example",
    "http://localhost:5173",
  ]);
  expect(() => loadConfig({ CORS_ALLOWED_ORIGINS: "https://a.example/path" })).toThrow(/CORS_ALLOWED_ORIGINS: .*is not an origin/);
});

it("allows each requester 10 live subscriptions at once by default, SUBSCRIPTIONS_PER_REQUESTER from 1 to 1000", () => {
  expect(loadConfig({}).subscriptionsPerRequester).toBe(10);
  expect(loadConfig({ SUBSCRIPTIONS_PER_REQUESTER: "3" }).subscriptionsPerRequester).toBe(3);
  expect(() => loadConfig({ SUBSCRIPTIONS_PER_REQUESTER: "0" })).toThrow(/SUBSCRIPTIONS_PER_REQUESTER/);
});

it("allows 5 past days not in memory per operation and 30 per requester per minute by default, PAST_DAYS_* at least 1", () => {
  expect(loadConfig({}).pastDays).toEqual({ perOperation: 5, perMinute: 30 });
  expect(loadConfig({ PAST_DAYS_PER_OPERATION: "2", PAST_DAYS_PER_MINUTE: "60" }).pastDays).toEqual({ perOperation: 2, perMinute: 60 });
  expect(() => loadConfig({ PAST_DAYS_PER_OPERATION: "0" })).toThrow(/PAST_DAYS_PER_OPERATION/);
  expect(() => loadConfig({ PAST_DAYS_PER_MINUTE: "1.5" })).toThrow(/PAST_DAYS_PER_MINUTE/);
});
