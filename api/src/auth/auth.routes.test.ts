/** @db */
import request from "supertest";
import { eventually } from "../../test/eventually";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createUser, issueSignInToken, signedInAgent } from "../../test/sign-in";
import { SIGN_IN_LINK_SENT_MESSAGE } from "./sign-in-links";
import type { Mailer } from "../mail/mailer";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.close());

/** Mail is sent in the background; wait until the outbox holds `count` messages. */
async function waitForOutbox(mailer: Mailer, count: number) {
  // However long the machine takes (it was 1 s at most, and a busy machine took longer).
  await eventually(() => mailer.outbox().length >= count);
  return mailer.outbox();
}

const sessionCookie = (setCookie: string[] | string | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith("tickerscope.sid="));

describe("signed out", () => {
  it("answers 401 for the current user and the subscription status", async () => {
    const { app } = createTestApp(db);
    expect((await request(app).get("/api/auth/user").expect(401)).body).toMatchObject({ code: "UNAUTHENTICATED" });
    await request(app).get("/api/subscription-status").expect(401);
  });

  it("sends /api/login to the email sign-in when no OpenID provider is configured", async () => {
    const { app } = createTestApp(db);
    const response = await request(app).get("/api/login").expect(302);
    expect(response.headers.location).toBe("/auth?tab=signin");
  });

  it("sets no cookie for anonymous visitors", async () => {
    const { app } = createTestApp(db);
    const response = await request(app).post("/graphql").send({ query: "{ viewer { id } }" }).expect(200);
    expect(response.body).toEqual({ data: { viewer: null } });
    expect(sessionCookie(response.headers["set-cookie"])).toBeUndefined();
  });
});

describe("email sign-in link", () => {
  /** The sign-in token in the newest mail to `to`. */
  async function linkTokenMailedTo(mailer: Mailer, to: string) {
    await eventually(() => mailer.outbox().some((mail) => mail.to === to));
    const mail = mailer.outbox().filter((entry) => entry.to === to).at(-1)!;
    return { mail, token: /signin_token=([\w-]+)/.exec(mail.text)![1] };
  }

  it("answers the same for a known and an unknown email; both get a link, and the unknown one has no account yet", async () => {
    const { app, deps } = createTestApp(db);
    await createUser(db, { email: "ada@example.com", firstName: "Ada" });

    const unknown = await request(app).post("/api/auth/signin").send({ email: "nobody@example.com" }).expect(200);
    const known = await request(app).post("/api/auth/signin").send({ email: "  ADA@Example.com " }).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });

    const { mail, token } = await linkTokenMailedTo(deps.mailer, "ada@example.com");
    expect(mail.text).toMatch(/^Hello Ada,/);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\?signin_token=[\w-]{43}/);
    // Only a hash of the token is stored.
    expect(await db.prisma.signInToken.count({ where: { tokenHash: token } })).toBe(0);

    const forNewEmail = await linkTokenMailedTo(deps.mailer, "nobody@example.com");
    expect(forNewEmail.mail.text).toMatch(/create your free Basic Tickerscope account/);
    expect(forNewEmail.mail.text).toMatch(/http:\/\/localhost:3000\/auth\?signin_token=[\w-]{43}/);
    // Requesting a link creates no account: only using it does.
    expect(await db.prisma.user.count({ where: { email: "nobody@example.com" } })).toBe(0);
  });

  it("a link for an email with no account creates a Basic account when used, signs it in, and works once", async () => {
    const { app, deps } = createTestApp(db);
    await request(app).post("/api/auth/signin").send({ email: "New.Person@Example.com" }).expect(200);
    const { token } = await linkTokenMailedTo(deps.mailer, "new.person@example.com");
    expect(await db.prisma.user.count()).toBe(0);

    const agent = request.agent(app);
    const first = await agent.post("/api/auth/verify-link").send({ token }).expect(200);
    expect(first.body).toEqual({ success: true, email: "new.person@example.com", newAccount: true });
    expect((await agent.get("/api/auth/user").expect(200)).body).toMatchObject({ email: "new.person@example.com", firstName: null });
    expect((await agent.get("/api/subscription-status").expect(200)).body).toMatchObject({
      plan_type: "basic",
      subscription_status: "free",
      has_access_to_pro: false,
    });

    const second = await request(app).post("/api/auth/verify-link").send({ token }).expect(400);
    expect(second.body.message).toMatch(/invalid, has expired or was already used/);
    const [user] = await db.prisma.user.findMany();
    expect(await db.prisma.user.count()).toBe(1);
    // The used link belongs to the account now: a checkout for this email can no longer sign a stranger in to it.
    expect(await db.prisma.signInToken.count({ where: { userId: user.id, consumedAt: { not: null } } })).toBe(1);
  });

  it("a new email's link signs in to the account made for that email since it was sent (e.g. by a checkout)", async () => {
    const { app, deps } = createTestApp(db);
    await request(app).post("/api/auth/signin").send({ email: "ada@example.com" }).expect(200);
    const { token } = await linkTokenMailedTo(deps.mailer, "ada@example.com");
    const since = await createUser(db, { email: "ada@example.com", firstName: "Ada" });
    const response = await request(app).post("/api/auth/verify-link").send({ token }).expect(200);
    expect(response.body).toEqual({ success: true, email: "ada@example.com", newAccount: false });
    expect(await db.prisma.user.findMany({ select: { id: true } })).toEqual([{ id: since.id }]);
  });

  it("lets exactly one of two simultaneous clicks on a new email's link create the account", async () => {
    const { app, deps } = createTestApp(db);
    await request(app).post("/api/auth/signin").send({ email: "twice@example.com" }).expect(200);
    const { token } = await linkTokenMailedTo(deps.mailer, "twice@example.com");
    const statuses = await Promise.all([
      request(app).post("/api/auth/verify-link").send({ token }),
      request(app).post("/api/auth/verify-link").send({ token }),
    ]).then((responses) => responses.map((response) => response.status).sort());
    expect(statuses).toEqual([200, 400]);
    expect(await db.prisma.user.count({ where: { email: "twice@example.com" } })).toBe(1);
  });

  it("signs in with the link once; the second use fails", async () => {
    const { app, deps } = createTestApp(db);
    await createUser(db, { email: "grace@example.com", firstName: "Grace", lastName: "Hopper" });
    await request(app).post("/api/auth/signin").send({ email: "grace@example.com" }).expect(200);
    const [mail] = await waitForOutbox(deps.mailer, 1);
    const token = /signin_token=([\w-]+)/.exec(mail.text)![1];

    const agent = request.agent(app);
    const first = await agent.post("/api/auth/verify-link").send({ token }).expect(200);
    expect(first.body).toEqual({ success: true, email: "grace@example.com", newAccount: false });
    const cookie = sessionCookie(first.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const user = await agent.get("/api/auth/user").expect(200);
    expect(user.body).toMatchObject({ email: "grace@example.com", firstName: "Grace", lastName: "Hopper", profileImageUrl: null });
    expect((await agent.get("/api/subscription-status").expect(200)).body).toEqual({
      status: "free",
      planId: "basic",
      plan_type: "basic",
      subscription_status: "free",
      has_access_to_pro: false,
      trialEndsAt: null,
    });

    const second = await request(app).post("/api/auth/verify-link").send({ token }).expect(400);
    expect(second.body.message).toMatch(/invalid, has expired or was already used/);
    expect(second.body.errors).toEqual([{ field: "token", message: expect.any(String) }]);
  });

  it("refuses an expired link", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const token = await issueSignInToken(db, user, new Date(Date.now() - 1000));
    await request(app).post("/api/auth/verify-link").send({ token }).expect(400);
  });

  it("lets exactly one of two simultaneous clicks sign in", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const token = await issueSignInToken(db, user);
    const statuses = await Promise.all([
      request(app).post("/api/auth/verify-link").send({ token }),
      request(app).post("/api/auth/verify-link").send({ token }),
    ]).then((responses) => responses.map((response) => response.status).sort());
    expect(statuses).toEqual([200, 400]);
  });

  it("names the field when the email is missing or malformed", async () => {
    const { app } = createTestApp(db);
    const response = await request(app).post("/api/auth/signin").send({ email: "not-an-email" }).expect(400);
    expect(response.body.errors).toEqual([{ field: "email", message: "Email must be a valid email address." }]);
    const empty = await request(app).post("/api/auth/signin").send({}).expect(400);
    expect(empty.body.errors[0]).toMatchObject({ field: "email" });
  });

  it("limits link requests per email address and requester (429 with Retry-After); others asking cannot lock the owner out", async () => {
    const { app, deps } = createTestApp(db, { SIGN_IN_RATE_LIMIT_PER_EMAIL: "3" });
    const owner = await createUser(db, { email: "target@example.com" });
    const ask = (ip: string, email = "target@example.com") => request(app).post("/api/auth/signin").set("x-forwarded-for", ip).send({ email });
    for (let attempt = 0; attempt < 3; attempt += 1) await ask("203.0.113.66").expect(200);
    const limited = await ask("203.0.113.66", "Target@example.com").expect(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.body.code).toBe("RATE_LIMITED");
    // Another address from the same client still works, and so does the owner from their own.
    await ask("203.0.113.66", "other@example.com").expect(200);
    await ask("198.51.100.7").expect(200);
    // Five requests made one mail: the inbox's link came first and still signs the owner in.
    const { token } = await linkTokenMailedTo(deps.mailer, owner.email);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deps.mailer.outbox().filter((entry) => entry.to === owner.email)).toHaveLength(1);
    await request(app).post("/api/auth/verify-link").send({ token }).expect(200);
  });

  it("limits link requests for an email with no account just the same, and mails its inbox once", async () => {
    const { app, deps } = createTestApp(db, { SIGN_IN_RATE_LIMIT_PER_EMAIL: "2" });
    const ask = () => request(app).post("/api/auth/signin").send({ email: "fresh@example.com" });
    await ask().expect(200);
    await ask().expect(200);
    expect((await ask().expect(429)).body.code).toBe("RATE_LIMITED");
    await linkTokenMailedTo(deps.mailer, "fresh@example.com");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deps.mailer.outbox().filter((entry) => entry.to === "fresh@example.com")).toHaveLength(1);
    expect(await db.prisma.user.count()).toBe(0);
  });

  it("limits sign-in attempts per client IP", async () => {
    const { app } = createTestApp(db, { SIGN_IN_RATE_LIMIT_PER_IP: "2" });
    await request(app).post("/api/auth/signin").send({ email: "a@example.com" }).expect(200);
    await request(app).post("/api/auth/verify-link").send({ token: "guess" }).expect(400);
    await request(app).post("/api/auth/signin").send({ email: "b@example.com" }).expect(429);
  });
});

describe("sessions", () => {
  it("regenerates the session id at every sign-in", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const agent = await signedInAgent(app, db, user);
    const before = await db.prisma.session.findMany({ select: { sid: true } });
    const token = await issueSignInToken(db, user);
    await agent.post("/api/auth/verify-link").send({ token }).expect(200);
    const after = await db.prisma.session.findMany({ select: { sid: true } });
    expect(after).toHaveLength(1);
    expect(after[0].sid).not.toBe(before[0].sid);
  });

  it("keeps the session in the sessions table and ends it at sign-out", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const agent = await signedInAgent(app, db, user);
    const [row] = await db.prisma.session.findMany();
    expect(row.sess).toMatchObject({ passport: { user: user.id } });
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const logout = await agent.get("/api/logout").expect(302);
    expect(logout.headers.location).toBe("/");
    expect(await db.prisma.session.count()).toBe(0);
    await agent.get("/api/auth/user").expect(401);
  });

  it("never reads an expired session", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const agent = await signedInAgent(app, db, user);
    await db.prisma.session.updateMany({ data: { expire: new Date(Date.now() - 1000) } });
    await agent.get("/api/auth/user").expect(401);
  });

  it("marks the cookie Secure in production behind https", async () => {
    const { app } = createTestApp(db, { NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: "https://tickerscope.example", TRUST_PROXY: "true" });
    const user = await createUser(db);
    const token = await issueSignInToken(db, user);
    const response = await request(app)
      .post("/api/auth/verify-link")
      .set("x-forwarded-proto", "https")
      .set("origin", "https://tickerscope.example")
      .send({ token })
      .expect(200);
    expect(sessionCookie(response.headers["set-cookie"])).toMatch(/Secure/);
  });

  it("answers the viewer over GraphQL with the session", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db, { email: "viewer@example.com" });
    const agent = await signedInAgent(app, db, user);
    const response = await agent
      .post("/graphql")
      .send({ query: "{ viewer { email plan { status planId planType hasProAccess trialEndsAt } } }" })
      .expect(200);
    expect(response.body).toEqual({
      data: {
        viewer: {
          email: "viewer@example.com",
          plan: { status: "free", planId: "basic", planType: "basic", hasProAccess: false, trialEndsAt: null },
        },
      },
    });
  });
});

describe("cross-site request protection", () => {
  it("refuses a cookie-authenticated write from another site and changes nothing", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const agent = await signedInAgent(app, db, user);
    const response = await agent
      .post("/api/auth/signin")
      .set("origin", "https://evil.example")
      .send({ email: user.email })
      .expect(403);
    expect(response.body).toMatchObject({ code: "FORBIDDEN" });
    expect(await db.prisma.signInToken.count({ where: { consumedAt: null } })).toBe(0);

    await agent.post("/api/auth/signin").set("sec-fetch-site", "cross-site").send({ email: user.email }).expect(403);
    await agent.post("/api/auth/signin").set("origin", "http://localhost:3000").send({ email: user.email }).expect(200);
  });

  it("refuses a GraphQL request a cross-site form could send (Yoga CSRF prevention)", async () => {
    const { app } = createTestApp(db);
    const user = await createUser(db);
    const agent = await signedInAgent(app, db, user);
    const response = await agent
      .post("/graphql")
      .set("content-type", "application/x-www-form-urlencoded")
      .send("query=%7B%20viewer%20%7B%20email%20%7D%20%7D");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(response.body)).not.toContain(user.email);
  });
});

describe("API keys on /graphql", () => {
  it("answers an unknown key with 401 and a GraphQL-shaped error", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/graphql")
      .set("authorization", "Bearer tsk_not-a-real-key")
      .send({ query: "{ viewer { email } }" })
      .expect(401);
    expect(response.headers["www-authenticate"]).toMatch(/Bearer/);
    expect(response.body).toEqual({
      errors: [{ message: "This API key is not valid or has been revoked.", extensions: { code: "UNAUTHENTICATED" } }],
    });
  });

  it("rejects a malformed Authorization header", async () => {
    const { app } = createTestApp(db);
    await request(app).post("/graphql").set("authorization", "Basic abc").send({ query: "{ __typename }" }).expect(401);
  });
});
