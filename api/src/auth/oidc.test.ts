/** @db */
import http from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { createTestApp, createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createUser } from "../../test/sign-in";
import {
  closeServer,
  listenOnRandomPort,
  startLocalOpenIdProvider,
  type LocalOpenIdProvider,
  type TestAccount,
} from "../../test/oidc/local-openid-provider";
import { TestBrowser } from "../../test/oidc/test-browser";
import { buildApp } from "../http/app";
import { SESSION_COOKIE } from "./sessions";
import { OIDC_CALLBACK_PATH, sameSitePath } from "./oidc";

jest.setTimeout(30_000);

const CLIENT = { clientId: "tickerscope-test", clientSecret: "a-client-secret-for-the-local-provider" };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let appServer: http.Server;
let appUrl: string;
let provider: LocalOpenIdProvider;
/** Log lines the app wrote during the test (JSON). */
let logLines: Array<{ level: number; msg: string; [key: string]: unknown }>;

const ada: TestAccount = {
  sub: "ada-subject-1",
  email: "Ada@Example.com",
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
  picture: "https://images.example.com/ada.png",
};

beforeAll(async () => {
  db = await createTestDatabase();
  // The app must know its public URL (the redirect URI) before it is built, and the provider
  // must know the redirect URI before the app gets its issuer: listen first, attach the app later.
  appServer = http.createServer();
  appUrl = await listenOnRandomPort(appServer);
  provider = await startLocalOpenIdProvider({ ...CLIENT, redirectUri: `${appUrl}${OIDC_CALLBACK_PATH}` });
});

beforeEach(async () => {
  await db.reset();
  provider.setAvailable(true);
  logLines = [];
  // A fresh app per test: discovery starts from scratch, and the logs are captured.
  const deps = createTestDeps(db, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_URL: appUrl,
  });
  deps.logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  appServer.removeAllListeners("request");
  appServer.on("request", buildApp(deps, { webDistDir: "/nonexistent" }));
});

afterAll(async () => {
  await provider?.close();
  if (appServer) await closeServer(appServer);
  await db?.close();
});

/** Back on one of the app's pages (not its API): where the sign-in flow ends for the user. */
const onAppPage = (url: URL) => url.origin === appUrl && !url.pathname.startsWith("/api/");
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

async function signInThroughProvider(browser: TestBrowser, loginPath = "/api/login") {
  return pathOf(await browser.navigate(`${appUrl}${loginPath}`, onAppPage));
}

async function currentUser(browser: TestBrowser) {
  const response = await browser.fetch(`${appUrl}/api/auth/user`);
  return { status: response.status, body: await response.json() };
}

describe("GET /api/login with an OpenID provider configured", () => {
  it("signs a new user in through the provider and creates the account from the claims", async () => {
    provider.signInAs(ada);
    const browser = new TestBrowser();

    const toProvider = await browser.fetch(`${appUrl}/api/login`);
    expect(toProvider.status).toBe(302);
    const authorization = new URL(toProvider.headers.get("location")!);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: "code",
      redirect_uri: `${appUrl}/api/auth/oidc/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{20,}$/),
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
    });
    const sessionBeforeSignIn = browser.cookie(appUrl, SESSION_COOKIE);
    expect(sessionBeforeSignIn).toBeDefined();

    const landing = await browser.navigate(authorization, onAppPage);
    expect(pathOf(landing)).toBe("/");
    // Signing in issues a new session id.
    expect(browser.cookie(appUrl, SESSION_COOKIE)).not.toBe(sessionBeforeSignIn);

    expect(await currentUser(browser)).toEqual({
      status: 200,
      body: {
        id: expect.any(String),
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        profileImageUrl: "https://images.example.com/ada.png",
      },
    });
    expect(await db.prisma.user.findMany({ select: { email: true, oidcIssuer: true, oidcSubject: true } })).toEqual([
      { email: "ada@example.com", oidcIssuer: provider.issuer, oidcSubject: "ada-subject-1" },
    ]);
  });

  it("finds the same user on the next sign-in, from another browser, without a duplicate", async () => {
    provider.signInAs(ada);
    const firstBrowser = new TestBrowser();
    expect(await signInThroughProvider(firstBrowser)).toBe("/");
    const first = await currentUser(firstBrowser);

    // The provider now sends a new email and name: the link by subject still finds the account.
    provider.signInAs({ ...ada, email: "ada.lovelace@example.com", given_name: "Augusta" });
    const secondBrowser = new TestBrowser();
    expect(await signInThroughProvider(secondBrowser)).toBe("/");
    expect(await currentUser(secondBrowser)).toEqual(first);
    expect(await db.prisma.user.count()).toBe(1);
  });

  it("links an existing account with the same email instead of creating another", async () => {
    const existing = await createUser(db, { email: "ada@example.com", firstName: "Ada", lastName: null });
    provider.signInAs(ada);
    const browser = new TestBrowser();
    expect(await signInThroughProvider(browser)).toBe("/");

    const { body } = await currentUser(browser);
    // Names the account lacked are filled in; the ones it had are kept.
    expect(body).toMatchObject({ id: existing.id, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: "ada-subject-1",
    });
    expect(await db.prisma.user.count()).toBe(1);
  });

  it("returns to the page given as returnTo, and ignores one on another site", async () => {
    provider.signInAs(ada);
    expect(await signInThroughProvider(new TestBrowser(), "/api/login?returnTo=%2Faccount%3Ftab%3Dkeys")).toBe(
      "/account?tab=keys",
    );
    expect(await signInThroughProvider(new TestBrowser(), "/api/login?returnTo=%2F%2Fevil.example%2F")).toBe("/");
  });

  it("refuses a callback whose state was tampered with", async () => {
    provider.signInAs(ada);
    const browser = new TestBrowser();
    const callback = await browser.navigate(`${appUrl}/api/login`, (url) => url.pathname === OIDC_CALLBACK_PATH);
    expect(callback.searchParams.get("code")).toBeTruthy();
    callback.searchParams.set("state", "forged-state-value");

    expect(pathOf(await browser.navigate(callback, onAppPage))).toBe("/auth?tab=signin&error=sso_failed");
    expect((await currentUser(browser)).status).toBe(401);
    expect(await db.prisma.user.count()).toBe(0);
    expect(logLines).toContainEqual(expect.objectContaining({ msg: "OpenID sign-in refused", reason: expect.stringMatching(/state/) }));
  });

  it("refuses a callback that arrives without a sign-in started in this browser", async () => {
    provider.signInAs(ada);
    const callback = await new TestBrowser().navigate(`${appUrl}/api/login`, (url) => url.pathname === OIDC_CALLBACK_PATH);
    const otherBrowser = new TestBrowser();
    expect(pathOf(await otherBrowser.navigate(callback, onAppPage))).toBe("/auth?tab=signin&error=sso_failed");
    expect((await currentUser(otherBrowser)).status).toBe(401);
  });

  it("refuses an email the provider has not verified", async () => {
    provider.signInAs({ ...ada, email_verified: false });
    const browser = new TestBrowser();
    expect(await signInThroughProvider(browser)).toBe("/auth?tab=signin&error=sso_failed");
    expect((await currentUser(browser)).status).toBe(401);
    expect(await db.prisma.user.count()).toBe(0);
  });

  it("refuses an account without an email", async () => {
    provider.signInAs({ sub: "no-email", given_name: "Nemo" });
    const browser = new TestBrowser();
    expect(await signInThroughProvider(browser)).toBe("/auth?tab=signin&error=sso_failed");
    expect(await db.prisma.user.count()).toBe(0);
  });

  it("returns to sign-in when the user cancels at the provider", async () => {
    provider.signInAs("deny");
    const browser = new TestBrowser();
    expect(await signInThroughProvider(browser)).toBe("/auth?tab=signin&error=sso_failed");
    expect((await currentUser(browser)).status).toBe(401);
  });

  it("does not take over an email account already linked to another subject of the same provider", async () => {
    await createUser(db, { email: "ada@example.com", oidcIssuer: provider.issuer, oidcSubject: "the-original-ada" });
    provider.signInAs(ada);
    const browser = new TestBrowser();
    expect(await signInThroughProvider(browser)).toBe("/auth?tab=signin&error=sso_failed");
    expect((await currentUser(browser)).status).toBe(401);
  });

  it("says single sign-on is unavailable while the provider is down, logs why, and retries on the next sign-in", async () => {
    provider.setAvailable(false);
    const response = await request(appServer).get("/api/login").expect(302);
    expect(response.headers.location).toBe("/auth?tab=signin&error=sso_unavailable");
    expect(response.text).not.toMatch(/at .*\.js/);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 50, msg: "OpenID provider discovery failed", issuer: provider.issuer }),
    );

    provider.setAvailable(true);
    provider.signInAs(ada);
    const browser = new TestBrowser();
    expect(await signInThroughProvider(browser)).toBe("/");
    expect((await currentUser(browser)).body.email).toBe("ada@example.com");
  });
});

describe("GET /api/login without an OpenID provider", () => {
  it("leads to the email sign-in on /auth", async () => {
    const { app } = createTestApp(db);
    const response = await request(app).get("/api/login").expect(302);
    expect(response.headers.location).toBe("/auth?tab=signin");
    await request(app).get(OIDC_CALLBACK_PATH).expect(404);
  });
});

describe("sameSitePath", () => {
  it.each([
    ["/account?tab=keys#top", "/account?tab=keys#top"],
    ["/", "/"],
    ["//evil.example/x", undefined],
    ["/\\evil.example", undefined],
    ["/\t/evil.example", undefined],
    ["https://evil.example/", undefined],
    ["account", undefined],
    [["/a", "/b"], undefined],
    [undefined, undefined],
  ])("%j → %j", (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });
});
