/** @db */
import type { Express } from "express";
import Stripe from "stripe";
import request from "supertest";
import type { FakeStripeServer } from "../../test/fake-stripe/fake-stripe-server";
import {
  createStripeTestApp,
  createTrialAndFinishCheckout,
  sessionIdOf,
  useFakeStripeSuite,
  type TestClient,
  type TestDatabase,
} from "../../test/fake-stripe/fake-stripe-suite";
import { eventually } from "../../test/eventually";
import { createUser, signedInAgent } from "../../test/sign-in";
import { SIGN_IN_LINK_SENT_PATH } from "./subscriptions";

// The Stripe path end to end: the real `stripe` SDK against a local fake of Stripe's endpoints.

let db: TestDatabase;
let fake: FakeStripeServer;
useFakeStripeSuite((suite) => ({ db, fake } = suite));

const DAY_MS = 24 * 60 * 60 * 1000;
const stripeApp = (environment: NodeJS.ProcessEnv = {}) => createStripeTestApp({ db, fake }, environment);
const sessionCookie = (setCookie: string[] | string | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith("tickerscope.sid="));
const billingFields = (email: string) =>
  db.prisma.user.findUniqueOrThrow({
    where: { email },
    select: {
      stripeCustomerId: true,
      stripeSubscriptionId: true,
      subscriptionStatus: true,
      subscriptionPriceId: true,
      planType: true,
      trialEndsAt: true,
      proSince: true,
    },
  });

/** Create Account in `browser` → Stripe Checkout finished by the buyer; returns the checkout session id. */
async function startAndFinishCheckout(app: Express, email = "ada@example.com", name = "Ada Lovelace", browser?: TestClient) {
  const { sessionId } = await createTrialAndFinishCheckout(app, fake, email, name, browser);
  return sessionId;
}

/** A browser that went through Create Account, Checkout and activation (signed in, trialing). */
async function activatedAgent(app: Express, email = "ada@example.com") {
  const agent = request.agent(app);
  const sessionId = await startAndFinishCheckout(app, email, undefined, agent);
  await agent.post("/api/auth/activate").send({ sessionId }).expect(200);
  return { agent, sessionId };
}

describe("POST /api/auth/create-trial", () => {
  it("rejects a missing email or name with 400 naming each field, and creates nothing", async () => {
    const { app } = stripeApp();
    const before = fake.requests.length;
    const blank = await request(app).post("/api/auth/create-trial").send({ email: "  ", name: " " }).expect(400);
    expect(blank.body.errors).toEqual([
      { field: "email", message: "Email is required." },
      { field: "name", message: "Name is required." },
    ]);
    const badEmail = await request(app).post("/api/auth/create-trial").send({ email: "ada", name: "Ada" }).expect(400);
    expect(badEmail.body.errors).toEqual([{ field: "email", message: "Email must be a valid email address." }]);
    await request(app).post("/api/auth/create-trial").send({}).expect(400);

    expect(await db.prisma.user.count()).toBe(0);
    expect(fake.requests.length).toBe(before);
  });

  it("creates the user and a subscription checkout with the Pro price, the 7-day trial and our return URLs", async () => {
    const { app } = stripeApp();
    const before = fake.requests.length;
    const response = await request(app)
      .post("/api/auth/create-trial")
      .send({ email: "  Ada@Example.COM ", name: "  Ada  King Lovelace " })
      .expect(200);

    expect(response.body).toEqual({ checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/) });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(user).toMatchObject({ firstName: "Ada", lastName: "King Lovelace", planType: "basic", subscriptionStatus: "free" });

    const calls = fake.requests.slice(before);
    const price = calls.find((call) => call.method === "POST" && call.path === "/v1/prices");
    expect(price?.body).toEqual({
      currency: "usd",
      unit_amount: "3000",
      recurring: { interval: "month" },
      lookup_key: "tickerscope_pro_monthly",
      product_data: { name: "Tickerscope Pro" },
    });
    const customer = calls.find((call) => call.method === "POST" && call.path === "/v1/customers");
    expect(customer?.body).toMatchObject({ email: "ada@example.com", name: "Ada King Lovelace" });
    expect(user.stripeCustomerId).toMatch(/^cus_/);

    const checkout = calls.find((call) => call.method === "POST" && call.path === "/v1/checkout/sessions");
    expect(checkout?.body).toEqual({
      mode: "subscription",
      line_items: [{ price: expect.stringMatching(/^price_/), quantity: "1" }],
      subscription_data: { trial_period_days: "7", metadata: { product: "tickerscope", userId: user.id } },
      customer: user.stripeCustomerId,
      client_reference_id: user.id,
      metadata: { product: "tickerscope", userId: user.id },
      success_url: "http://localhost:3000/auth?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/pricing",
    });
    expect(checkout?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
  });

  it("reuses the customer and the price on a second try", async () => {
    const { app } = stripeApp();
    await request(app).post("/api/auth/create-trial").send({ email: "grace@example.com", name: "Grace" }).expect(200);
    const afterFirst = fake.requests.length;
    await request(app).post("/api/auth/create-trial").send({ email: "grace@example.com", name: "Grace" }).expect(200);
    const secondCalls = fake.requests.slice(afterFirst).map((call) => `${call.method} ${call.path}`);
    expect(secondCalls).toEqual(["POST /v1/checkout/sessions"]);
    expect(new Set(fake.requestsTo("POST", "/v1/checkout/sessions").slice(-2).map((call) => call.body.customer)).size).toBe(1);
  });

  it("uses STRIPE_PRICE_ID when it is set", async () => {
    const price = fake.createPrice({ currency: "usd", unit_amount: "3000", recurring: { interval: "month" } });
    const { app } = stripeApp({ STRIPE_PRICE_ID: price.id });
    const before = fake.requests.length;
    await request(app).post("/api/auth/create-trial").send({ email: "ada@example.com", name: "Ada" }).expect(200);
    const calls = fake.requests.slice(before);
    expect(calls.some((call) => call.path === "/v1/prices")).toBe(false);
    expect(calls.find((call) => call.path === "/v1/checkout/sessions")?.body.line_items).toEqual([{ price: price.id, quantity: "1" }]);
  });

  it("never says an email has Pro: its owner is emailed a sign-in link and the requester sees the check-your-inbox page", async () => {
    const { app, deps } = stripeApp();
    await createUser(db, { email: "pro@example.com", pro: true });
    const before = fake.requestsTo("POST", "/v1/checkout/sessions").length;
    const response = await request(app).post("/api/auth/create-trial").send({ email: "PRO@example.com", name: "Pat" }).expect(200);
    expect(response.body).toEqual({ checkoutUrl: `http://localhost:3000${SIGN_IN_LINK_SENT_PATH}` });
    expect(fake.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(before);
    await eventually(() => deps.mailer.outbox().length > 0);
    expect(deps.mailer.outbox()).toEqual([expect.objectContaining({ to: "pro@example.com", text: expect.stringContaining("signin_token=") })]);
  });

  it("limits attempts per email and requester, and per IP, with 429 and Retry-After", async () => {
    const { app } = stripeApp({ SIGN_IN_RATE_LIMIT_PER_EMAIL: "2", SIGN_IN_RATE_LIMIT_PER_IP: "4" });
    const trial = (email: string, ip = "203.0.113.9") =>
      request(app).post("/api/auth/create-trial").set("x-forwarded-for", ip).send({ email, name: "Ada" });

    await trial("ada@example.com").expect(200);
    await trial("ada@example.com").expect(200);
    const perEmail = await trial("ADA@example.com").expect(429);
    expect(Number(perEmail.headers["retry-after"])).toBeGreaterThan(0);
    expect(perEmail.body.code).toBe("RATE_LIMITED");
    // Someone else's attempts never use up the address's owner's.
    await trial("ada@example.com", "198.51.100.1").expect(200);

    // Four attempts from 203.0.113.9 so far, the refused one included.
    await trial("b@example.com").expect(200);
    const perIp = await trial("d@example.com").expect(429);
    expect(Number(perIp.headers["retry-after"])).toBeGreaterThan(0);
    expect(await db.prisma.user.count({ where: { email: "d@example.com" } })).toBe(0);
  });
});

describe("POST /api/auth/activate", () => {
  it("records the subscription, signs the buyer in and answers the activation fields", async () => {
    const { app } = stripeApp();
    const agent = request.agent(app);
    const sessionId = await startAndFinishCheckout(app, undefined, undefined, agent);
    const response = await agent.post("/api/auth/activate").send({ sessionId }).expect(200);

    const subscription = fake.subscription(fake.checkoutSession(sessionId)?.subscription as string)!;
    expect(response.body).toEqual({
      success: true,
      email: "ada@example.com",
      status: "trialing",
      trialEnd: new Date((subscription.trial_end as number) * 1000).toISOString(),
      signedIn: true,
    });
    expect(Date.parse(response.body.trialEnd) - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(sessionCookie(response.headers["set-cookie"])).toMatch(/HttpOnly/);

    const stored = await billingFields("ada@example.com");
    expect(stored).toEqual({
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: "trialing",
      subscriptionPriceId: expect.stringMatching(/^price_/),
      planType: "pro",
      trialEndsAt: new Date(response.body.trialEnd),
      proSince: expect.any(Date),
    });
    const retrieve = fake.requestsTo("GET", `/v1/checkout/sessions/${sessionId}`).at(-1);
    expect(retrieve?.query).toEqual({ expand: ["subscription"] });

    expect((await agent.get("/api/auth/user").expect(200)).body).toMatchObject({ email: "ada@example.com", firstName: "Ada" });
    expect((await agent.get("/api/subscription-status").expect(200)).body).toMatchObject({
      status: "trialing",
      plan_type: "pro",
      has_access_to_pro: true,
    });
  });

  it("is idempotent: activating again gives the same answer and changes nothing", async () => {
    const { app } = stripeApp();
    const sessionId = await startAndFinishCheckout(app);
    const first = await request(app).post("/api/auth/activate").send({ sessionId }).expect(200);
    const afterFirst = await billingFields("ada@example.com");
    const second = await request(app).post("/api/auth/activate").send({ sessionId }).expect(200);

    expect(second.body).toEqual(first.body);
    expect(await billingFields("ada@example.com")).toEqual(afterFirst);
    expect(await db.prisma.user.count()).toBe(1);
  });

  it("refuses forged, unfinished and foreign sessions with 400 naming sessionId, changing nothing", async () => {
    const { app } = stripeApp();
    const open = await request(app).post("/api/auth/create-trial").send({ email: "ada@example.com", name: "Ada" }).expect(200);
    const unfinished = sessionIdOf(open.body.checkoutUrl);
    const before = await billingFields("ada@example.com");
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });

    // A real, finished session of another product on the same Stripe account, naming our user.
    const stripe = new Stripe(fake.secretKey, { host: "127.0.0.1", port: new URL(fake.url).port, protocol: "http" });
    const otherPrice = await stripe.prices.create({ currency: "usd", unit_amount: 900, recurring: { interval: "month" }, product_data: { name: "Other" } });
    const foreign = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: otherPrice.id, quantity: 1 }],
      client_reference_id: user.id,
      metadata: { product: "something-else" },
      success_url: "https://other.example/success",
    });
    fake.completeCheckout(foreign.id);
    // Ours, finished, but naming a user that does not exist.
    const orphan = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: otherPrice.id, quantity: 1 }],
      client_reference_id: "00000000-0000-4000-8000-000000000000",
      metadata: { product: "tickerscope" },
      success_url: "https://other.example/success",
    });
    fake.completeCheckout(orphan.id);

    for (const sessionId of ["cs_test_doesnotexist", unfinished, foreign.id, orphan.id, "../v1/customers", ""]) {
      const response = await request(app).post("/api/auth/activate").send({ sessionId }).expect(400);
      expect(response.body.code).toBe("BAD_USER_INPUT");
      expect(response.body.errors).toEqual([{ field: "sessionId", message: expect.any(String) }]);
      expect(sessionCookie(response.headers["set-cookie"])).toBeUndefined();
    }
    expect(await billingFields("ada@example.com")).toEqual(before);
  });

  it("records the subscription but does not sign in to an account that was already used another way", async () => {
    const { app } = stripeApp();
    const owner = await createUser(db, { email: "owner@example.com" });
    await signedInAgent(app, db, owner); // the owner has signed in by email link before

    // Someone else types the owner's email on Create Account and pays, in their own browser.
    const mallory = request.agent(app);
    const sessionId = await startAndFinishCheckout(app, "owner@example.com", "Mallory", mallory);
    const response = await mallory.post("/api/auth/activate").send({ sessionId }).expect(200);

    expect(response.body).toMatchObject({ success: true, status: "trialing", signedIn: false, message: expect.stringMatching(/sign in/) });
    expect(sessionCookie(response.headers["set-cookie"])).toBeUndefined();
    expect((await billingFields("owner@example.com")).subscriptionStatus).toBe("trialing");
  });

  it("signs in once, and only in the browser that checked out: the session_id replayed elsewhere or again signs nobody in", async () => {
    const { app } = stripeApp();
    const buyer = request.agent(app);
    const sessionId = await startAndFinishCheckout(app, undefined, undefined, buyer);

    const elsewhere = await request(app).post("/api/auth/activate").send({ sessionId }).expect(200);
    expect(elsewhere.body).toMatchObject({ success: true, status: "trialing", signedIn: false, message: expect.stringMatching(/sign in/) });
    expect(sessionCookie(elsewhere.headers["set-cookie"])).toBeUndefined();

    const atCheckout = await buyer.post("/api/auth/activate").send({ sessionId }).expect(200);
    expect(atCheckout.body.signedIn).toBe(true);
    // The buyer signs out; the same browser, or a copy of its cookies, cannot sign in with the URL again.
    const copiedCookies = [atCheckout.headers["set-cookie"] ?? []].flat().map((cookie) => cookie.split(";")[0]);
    await buyer.get("/api/logout");
    expect((await buyer.post("/api/auth/activate").send({ sessionId }).expect(200)).body.signedIn).toBe(false);
    const replay = await request(app).post("/api/auth/activate").set("cookie", copiedCookies.join("; ")).send({ sessionId }).expect(200);
    expect(replay.body.signedIn).toBe(false);
  });
});

describe("POST /api/create-subscription (Pricing form post)", () => {
  const formPost = (agent: ReturnType<typeof request.agent> | ReturnType<typeof request>, origin = "http://localhost:3000") =>
    agent.post("/api/create-subscription").set("origin", origin).type("form").send("");

  it("sends a signed-in Basic user to Stripe Checkout with 303", async () => {
    const { app } = stripeApp();
    const user = await createUser(db, { email: "basic@example.com" });
    const agent = await signedInAgent(app, db, user);
    const response = await formPost(agent).expect(303);

    expect(response.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = fake.checkoutSession(sessionIdOf(response.headers.location))!;
    expect(session).toMatchObject({ mode: "subscription", client_reference_id: user.id });
  });

  it("sends a lapsed subscriber back to Stripe Checkout as the same Stripe customer", async () => {
    const { app } = stripeApp();
    const { agent, sessionId } = await activatedAgent(app);
    const customerId = fake.checkoutSession(sessionId)?.customer;
    fake.updateSubscription(fake.checkoutSession(sessionId)?.subscription as string, { status: "canceled" });
    await agent.post("/api/billing/refresh").expect(200);

    const response = await formPost(agent).expect(303);
    expect(response.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(fake.checkoutSession(sessionIdOf(response.headers.location))).toMatchObject({ mode: "subscription", customer: customerId });
  });

  it("accepts Chromium's form post from this site: Sec-Fetch-Site same-origin, whatever Origin says", async () => {
    const { app } = stripeApp();
    const agent = await signedInAgent(app, db, await createUser(db));
    const response = await agent
      .post("/api/create-subscription")
      .set("origin", "null")
      .set("sec-fetch-site", "same-origin")
      .type("form")
      .send("")
      .expect(303);
    expect(response.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it("sends a signed-out visitor to Create Account and a Pro user to /account", async () => {
    const { app } = stripeApp();
    expect((await formPost(request(app)).expect(303)).headers.location).toBe("/auth");
    const pro = await signedInAgent(app, db, await createUser(db, { pro: true }));
    expect((await formPost(pro).expect(303)).headers.location).toBe("/account");
  });

  it("refuses a cross-site post with 403 and starts no checkout", async () => {
    const { app } = stripeApp();
    const agent = await signedInAgent(app, db, await createUser(db));
    const before = fake.requests.length;
    const response = await formPost(agent, "https://evil.example").expect(403);
    expect(response.body.code).toBe("FORBIDDEN");
    expect(fake.requests.length).toBe(before);
  });
});

describe("refresh, portal and billing info", () => {
  it("re-reads the subscription from Stripe (REST and GraphQL)", async () => {
    const { app } = stripeApp();
    const { agent, sessionId } = await activatedAgent(app);
    const subscriptionId = fake.checkoutSession(sessionId)?.subscription as string;

    fake.updateSubscription(subscriptionId, { status: "active", trial_end: null });
    const refreshed = await agent.post("/api/billing/refresh").expect(200);
    expect(refreshed.body).toEqual({
      status: "active",
      planId: "pro",
      plan_type: "pro",
      subscription_status: "active",
      has_access_to_pro: true,
      trialEndsAt: null,
    });

    fake.updateSubscription(subscriptionId, { status: "past_due" });
    const graphql = await agent
      .post("/graphql")
      .set("x-graphql-yoga-csrf", "1")
      .send({ query: "mutation { refreshSubscription { status planId hasProAccess } }" })
      .expect(200);
    expect(graphql.body).toEqual({ data: { refreshSubscription: { status: "past_due", planId: "pro", hasProAccess: false } } });
  });

  it("refuses refresh and portal to anonymous visitors", async () => {
    const { app } = stripeApp();
    await request(app).post("/api/billing/refresh").expect(401);
    await request(app).post("/api/billing/portal").expect(401);
    const graphql = await request(app).post("/graphql").send({ query: "mutation { refreshSubscription { status } }" }).expect(200);
    expect(graphql.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("opens Stripe's customer portal, returning to /account", async () => {
    const { app } = stripeApp();
    const { agent } = await activatedAgent(app);
    const response = await agent.post("/api/billing/portal").expect(200);
    expect(response.body).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) });
    expect(fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.body).toMatchObject({
      return_url: "http://localhost:3000/account",
    });

    const stranger = await signedInAgent(app, db, await createUser(db));
    expect((await stranger.post("/api/billing/portal").expect(400)).body.message).toMatch(/no billing account/);
  });

  it("describes the plan and the provider; the demo pages are off", async () => {
    const { app } = stripeApp({ STRIPE_PUBLISHABLE_KEY: "pk_test_123" });
    const response = await request(app)
      .post("/graphql")
      .send({ query: "{ billing { provider priceCents currency interval trialDays publishableKey } }" })
      .expect(200);
    expect(response.body.data.billing).toEqual({
      provider: "STRIPE",
      priceCents: 3000,
      currency: "usd",
      interval: "month",
      trialDays: 7,
      publishableKey: "pk_test_123",
    });
    await request(app).get("/api/billing/demo/checkout/demo_cs_abc").expect(404);
    await request(app).post("/api/billing/demo/checkout/demo_cs_abc/complete").expect(404);
  });
});
