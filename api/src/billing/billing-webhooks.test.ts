/** @db */
import type { Express } from "express";
import Stripe from "stripe";
import request from "supertest";
import type { FakeStripeServer } from "../../test/fake-stripe/fake-stripe-server";
import { createStripeTestApp, createTrialAndFinishCheckout, useFakeStripeSuite, type TestDatabase } from "../../test/fake-stripe/fake-stripe-suite";

// POST /api/stripe/webhook with payloads signed by the SDK's own test helper.

let db: TestDatabase;
let fake: FakeStripeServer;
useFakeStripeSuite((suite) => ({ db, fake } = suite));

const nowSeconds = () => Math.floor(Date.now() / 1000);
const stripeApp = () => createStripeTestApp({ db, fake });

function sendWebhook(app: Express, payload: string, secret = fake.webhookSecret) {
  return request(app)
    .post("/api/stripe/webhook")
    .set("content-type", "application/json")
    .set("stripe-signature", Stripe.webhooks.generateTestHeaderString({ payload, secret }))
    .send(payload);
}

const planOf = (email: string) =>
  db.prisma.user.findUniqueOrThrow({
    where: { email },
    select: { subscriptionStatus: true, planType: true, stripeSubscriptionId: true, trialEndsAt: true, proSince: true },
  });

/** Create Account and a finished Checkout, before any activation or webhook: returns the session and subscription. */
async function finishedCheckout(app: Express, email = "ada@example.com") {
  const { sessionId, subscription } = await createTrialAndFinishCheckout(app, fake, email);
  return { session: fake.checkoutSession(sessionId)!, subscription };
}

/** A user whose trial was activated (billing state applied now). */
async function activatedUser(app: Express, email = "ada@example.com") {
  const checkout = await finishedCheckout(app, email);
  await request(app).post("/api/auth/activate").send({ sessionId: checkout.session.id }).expect(200);
  return checkout;
}

it("applies checkout.session.completed: the buyer's trial starts even before /auth activates", async () => {
  const { app } = stripeApp();
  const { session, subscription } = await finishedCheckout(app);
  const payload = fake.event("checkout.session.completed", session);

  const response = await sendWebhook(app, payload).expect(200);
  expect(response.body).toEqual({ received: true });
  expect(await planOf("ada@example.com")).toMatchObject({
    subscriptionStatus: "trialing",
    planType: "pro",
    stripeSubscriptionId: subscription.id,
    proSince: expect.any(Date),
  });
  expect(await db.prisma.billingEvent.findUniqueOrThrow({ where: { id: JSON.parse(payload).id } })).toMatchObject({
    provider: "stripe",
    type: "checkout.session.completed",
  });
});

it("refuses a bad, missing or mismatched signature with 400 and changes nothing", async () => {
  const { app } = stripeApp();
  const { subscription } = await activatedUser(app);
  const before = await planOf("ada@example.com");
  const payload = fake.event("customer.subscription.deleted", { ...subscription, status: "canceled" }, { created: nowSeconds() + 60 });

  const wrongSecret = await sendWebhook(app, payload, "whsec_someone_else").expect(400);
  expect(wrongSecret.body).toMatchObject({ message: "Invalid Stripe webhook signature." });
  const missing = await request(app).post("/api/stripe/webhook").set("content-type", "application/json").send(payload).expect(400);
  expect(missing.body.message).toMatch(/Stripe-Signature/);
  const signedOther = Stripe.webhooks.generateTestHeaderString({ payload: fake.event("ping", {}), secret: fake.webhookSecret });
  await request(app).post("/api/stripe/webhook").set("stripe-signature", signedOther).set("content-type", "application/json").send(payload).expect(400);

  expect(await planOf("ada@example.com")).toEqual(before);
  expect(await db.prisma.billingEvent.count()).toBe(0);
});

it("applies a redelivered event once and answers the duplicate with 200", async () => {
  const { app } = stripeApp();
  const { subscription } = await activatedUser(app);
  const payload = fake.event("customer.subscription.updated", { ...subscription, status: "active", trial_end: null }, { created: nowSeconds() + 5 });

  expect((await sendWebhook(app, payload).expect(200)).body).toEqual({ received: true });
  expect((await sendWebhook(app, payload).expect(200)).body).toEqual({ received: true, duplicate: true });
  expect(await db.prisma.billingEvent.count()).toBe(1);
  expect(await planOf("ada@example.com")).toMatchObject({ subscriptionStatus: "active", planType: "pro", trialEndsAt: null });

  // Two deliveries at once: one applies, the other is the duplicate.
  const again = fake.event("customer.subscription.updated", { ...subscription, status: "past_due", trial_end: null }, { created: nowSeconds() + 10 });
  const answers = await Promise.all([sendWebhook(app, again).expect(200), sendWebhook(app, again).expect(200)]);
  expect(answers.map((answer) => answer.body).sort((a, b) => Number(a.duplicate ?? false) - Number(b.duplicate ?? false))).toEqual([
    { received: true },
    { received: true, duplicate: true },
  ]);
  expect(await db.prisma.billingEvent.count()).toBe(2);
});

it("never rolls back to an older state; a later deletion cancels and ends Pro access", async () => {
  const { app } = stripeApp();
  const { subscription } = await activatedUser(app);
  const activated = await planOf("ada@example.com");

  // Created a minute before the state activation applied, delivered after it.
  const stale = fake.event("customer.subscription.updated", { ...subscription, status: "past_due" }, { created: nowSeconds() - 60 });
  expect((await sendWebhook(app, stale).expect(200)).body).toEqual({ received: true });
  expect(await planOf("ada@example.com")).toEqual(activated);

  const deleted = fake.event(
    "customer.subscription.deleted",
    { ...subscription, status: "canceled", canceled_at: nowSeconds(), ended_at: nowSeconds() },
    { created: nowSeconds() + 5 },
  );
  await sendWebhook(app, deleted).expect(200);
  expect(await planOf("ada@example.com")).toMatchObject({ subscriptionStatus: "canceled", planType: "basic", proSince: null });

  // An update created before the deletion arrives last: still canceled.
  const late = fake.event("customer.subscription.updated", { ...subscription, status: "active" }, { created: nowSeconds() + 2 });
  await sendWebhook(app, late).expect(200);
  expect(await planOf("ada@example.com")).toMatchObject({ subscriptionStatus: "canceled", planType: "basic" });
});

it("turns invoice.payment_failed into the subscription's past_due state (no Pro access)", async () => {
  const { app } = stripeApp();
  const { subscription } = await activatedUser(app);
  fake.updateSubscription(subscription.id, { status: "past_due" });

  const payload = fake.event("invoice.payment_failed", fake.failedInvoice(subscription.id), { created: nowSeconds() + 5 });
  await sendWebhook(app, payload).expect(200);
  expect(await planOf("ada@example.com")).toMatchObject({ subscriptionStatus: "past_due", planType: "pro" });
  expect(fake.requestsTo("GET", `/v1/subscriptions/${subscription.id}`)).not.toHaveLength(0);
});

it("ignores other event types and events about someone else's subscription, with 200", async () => {
  const { app } = stripeApp();
  const { subscription } = await activatedUser(app);
  const before = await planOf("ada@example.com");

  await sendWebhook(app, fake.event("charge.succeeded", { id: "ch_1", object: "charge" })).expect(200);
  const stranger = { ...subscription, id: "sub_not_ours", customer: "cus_not_ours", status: "canceled" };
  await sendWebhook(app, fake.event("customer.subscription.deleted", stranger, { created: nowSeconds() + 5 })).expect(200);
  // An older subscription of the same customer ending does not end the current one.
  const previous = { ...subscription, id: "sub_previous", status: "canceled" };
  await sendWebhook(app, fake.event("customer.subscription.deleted", previous, { created: nowSeconds() + 10 })).expect(200);

  expect(await planOf("ada@example.com")).toEqual(before);
  expect(await db.prisma.billingEvent.count()).toBe(3);
});

it("refuses a correctly signed body that is no valid event with 400 naming the problem, logged as a warning, and records nothing", async () => {
  const { app, deps } = stripeApp();
  const warn = jest.spyOn(deps.logger, "warn");
  const { subscription } = await activatedUser(app);
  const before = await planOf("ada@example.com");

  const missingCustomer = fake.event("customer.subscription.updated", { ...subscription, customer: undefined });
  const response = await sendWebhook(app, missingCustomer).expect(400);
  expect(response.body).toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringMatching(/^Stripe webhook event is malformed: data\.object\.customer/) });
  const badTime = JSON.stringify({ ...JSON.parse(fake.event("charge.succeeded", {})), created: "yesterday" });
  expect((await sendWebhook(app, badTime).expect(400)).body.message).toMatch(/created/);
  expect((await sendWebhook(app, "null").expect(400)).body.message).toMatch(/malformed/);
  expect((await sendWebhook(app, "{not json").expect(400)).body.message).toBe("Stripe webhook body is not valid JSON.");

  expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: expect.stringMatching(/^data\.object\.customer/) }), expect.stringMatching(/malformed event/));
  expect(await planOf("ada@example.com")).toEqual(before);
  expect(await db.prisma.billingEvent.count()).toBe(0);
});
