/** @db */
import type { Express } from "express";
import request from "supertest";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

// No Stripe keys (a fresh machine): the demo billing provider, through the same activation path.

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Create Account in `browser` → the demo checkout URL's session id. */
async function startDemoTrial(app: Express, browser: ReturnType<typeof request.agent>) {
  const email = "ada@example.com";
  const response = await browser.post("/api/auth/create-trial").send({ email, name: "Ada Lovelace" }).expect(200);
  const url = new URL(response.body.checkoutUrl);
  expect(`${url.origin}${url.pathname}`).toBe("http://localhost:3000/demo-checkout");
  return url.searchParams.get("session_id") as string;
}

/** Create Account, the demo checkout's Complete button, then /auth's activation: a signed-in trialing browser. */
async function demoSubscriber(app: Express) {
  const agent = request.agent(app);
  const sessionId = await startDemoTrial(app, agent);
  await agent.post(`/api/billing/demo/checkout/${sessionId}/complete`).expect(200);
  await agent.post("/api/auth/activate").send({ sessionId }).expect(200);
  return { agent, sessionId };
}

it("runs Create Account → demo checkout → activation, and starts a 7-day trial", async () => {
  const { app } = createTestApp(db);
  const agent = request.agent(app);
  const sessionId = await startDemoTrial(app, agent);
  expect(sessionId).toMatch(/^demo_cs_[0-9a-f]{32}$/);

  const page = await request(app).get(`/api/billing/demo/checkout/${sessionId}`).expect(200);
  expect(page.body).toEqual({
    id: sessionId,
    email: "ada@example.com",
    planName: "Pro",
    amountCents: 3000,
    currency: "usd",
    interval: "month",
    trialDays: 7,
    status: "open",
    cancelUrl: "/pricing",
  });
  // Not finished yet: activation refuses it.
  const early = await request(app).post("/api/auth/activate").send({ sessionId }).expect(400);
  expect(early.body.errors).toEqual([{ field: "sessionId", message: expect.any(String) }]);

  const completed = await request(app).post(`/api/billing/demo/checkout/${sessionId}/complete`).expect(200);
  expect(completed.body).toEqual({ redirectUrl: `/auth?session_id=${sessionId}` });
  expect((await request(app).get(`/api/billing/demo/checkout/${sessionId}`).expect(200)).body.status).toBe("complete");

  const activated = await agent.post("/api/auth/activate").send({ sessionId }).expect(200);
  expect(activated.body).toMatchObject({ success: true, email: "ada@example.com", status: "trialing", signedIn: true });
  expect(Math.abs(Date.parse(activated.body.trialEnd) - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);

  expect((await agent.get("/api/auth/user").expect(200)).body.email).toBe("ada@example.com");
  expect((await agent.get("/api/subscription-status").expect(200)).body).toMatchObject({ plan_type: "pro", has_access_to_pro: true });
  expect(await db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } })).toMatchObject({
    stripeCustomerId: expect.stringMatching(/^demo_cus_/),
    stripeSubscriptionId: sessionId.replace("demo_cs_", "demo_sub_"),
    subscriptionPriceId: "demo_price_pro_monthly",
    planType: "pro",
    proSince: expect.any(Date),
  });

  // Completing and activating again changes nothing.
  await request(app).post(`/api/billing/demo/checkout/${sessionId}/complete`).expect(200);
  // Elsewhere, activating again records nothing new and signs nobody in.
  const again = await request(app).post("/api/auth/activate").send({ sessionId }).expect(200);
  expect(again.body).toEqual({ ...activated.body, signedIn: false, message: expect.stringMatching(/sign in/) });
});

it("describes the demo plan over GraphQL", async () => {
  const { app } = createTestApp(db);
  const response = await request(app).post("/graphql").send({ query: "{ billing { provider priceCents trialDays publishableKey } }" }).expect(200);
  expect(response.body.data.billing).toEqual({ provider: "DEMO", priceCents: 3000, trialDays: 7, publishableKey: null });
});

it("cancels from the demo billing portal through the same state-keeping, ending Pro access", async () => {
  const { app } = createTestApp(db);
  const { agent } = await demoSubscriber(app);

  expect((await agent.post("/api/billing/portal").expect(200)).body).toEqual({ url: "http://localhost:3000/demo-billing-portal" });
  const portal = await agent.get("/api/billing/demo/portal").expect(200);
  expect(portal.body).toEqual({ status: "trialing", planId: "pro", trialEndsAt: expect.any(String), canCancel: true });

  const canceled = await agent.post("/api/billing/demo/portal/cancel").expect(200);
  expect(canceled.body).toMatchObject({ status: "canceled", planId: "basic", canCancel: false });
  expect((await agent.get("/api/subscription-status").expect(200)).body).toMatchObject({ has_access_to_pro: false, plan_type: "basic" });
  // Refresh reads the demo subscription back: still canceled.
  expect((await agent.post("/api/billing/refresh").expect(200)).body).toMatchObject({ status: "canceled" });
  await agent.post("/api/billing/demo/portal/cancel").expect(400);
});

it("turns a finished demo trial into an active subscription on refresh (no charge is made)", async () => {
  const { app } = createTestApp(db);
  const { agent, sessionId } = await demoSubscriber(app);
  await db.prisma.demoCheckoutSession.update({ where: { id: sessionId }, data: { completedAt: new Date(Date.now() - 8 * DAY_MS) } });

  const refreshed = await agent.post("/api/billing/refresh").expect(200);
  expect(refreshed.body).toMatchObject({ status: "active", has_access_to_pro: true });
});

it("answers unknown demo sessions with 404, the portal with 401 when signed out, and webhooks with 404", async () => {
  const { app } = createTestApp(db);
  await request(app).get("/api/billing/demo/checkout/demo_cs_nope").expect(404);
  await request(app).post("/api/billing/demo/checkout/cs_test_nope/complete").expect(404);
  await request(app).get("/api/billing/demo/portal").expect(401);
  await request(app).post("/api/billing/demo/portal/cancel").expect(401);
  await request(app).post("/api/stripe/webhook").set("stripe-signature", "t=1,v1=x").send("{}").expect(404);

  // A Basic user has nothing to cancel.
  const basic = await signedInAgent(app, db, await createUser(db));
  expect((await basic.get("/api/billing/demo/portal").expect(200)).body).toMatchObject({ status: "free", canCancel: false });
  await basic.post("/api/billing/demo/portal/cancel").expect(400);
});
