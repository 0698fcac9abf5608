import type { Express } from "express";
import request from "supertest";
import { createTestApp } from "../test-app";
import { createTestDatabase } from "../test-database";
import { FakeStripeServer } from "./fake-stripe-server";

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export interface FakeStripeSuite {
  db: TestDatabase;
  fake: FakeStripeServer;
}

/**
 * For a test file of the Stripe path: opens a test database and starts the fake
 * Stripe server before the file's tests (handing both to `ready`), empties the
 * database before each test and closes both at the end.
 */
export function useFakeStripeSuite(ready: (suite: FakeStripeSuite) => void): void {
  let suite: FakeStripeSuite;
  beforeAll(async () => {
    const [db, fake] = await Promise.all([createTestDatabase(), new FakeStripeServer().start()]);
    suite = { db, fake };
    ready(suite);
  });
  beforeEach(() => suite.db.reset());
  afterAll(() => Promise.all([suite.db.close(), suite.fake.close()]));
}

/** The app with the Stripe provider pointed at the fake (`environment` adds or overrides variables). */
export function createStripeTestApp({ db, fake }: FakeStripeSuite, environment: NodeJS.ProcessEnv = {}) {
  return createTestApp(db, fake.environment(environment));
}

/** The checkout session id at the end of a Stripe (fake) Checkout URL. */
export const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split("/").pop() as string;

/** A client that keeps cookies, like the buyer's browser, or a fresh client for each request. */
export type TestClient = ReturnType<typeof request.agent> | ReturnType<typeof request>;

/**
 * Create Account in `browser` (a fresh client unless given), then the buyer finishes the Stripe
 * Checkout it opened: the checkout session id and the new subscription.
 */
export async function createTrialAndFinishCheckout(
  app: Express,
  fake: FakeStripeServer,
  email = "ada@example.com",
  name = "Ada Lovelace",
  browser: TestClient = request(app),
) {
  const response = await browser.post("/api/auth/create-trial").send({ email, name }).expect(200);
  const sessionId = sessionIdOf(response.body.checkoutUrl);
  const subscription = fake.completeCheckout(sessionId);
  return { sessionId, subscription };
}
