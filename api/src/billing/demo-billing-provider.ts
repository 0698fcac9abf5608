import crypto from "node:crypto";
import type { Database } from "../db/database";
import type { DemoCheckoutSession, User } from "../generated/prisma/client";
import { AppError } from "../errors/app-error";
import type { BillingEvent, BillingProvider, CheckoutSnapshot, SubscriptionSnapshot } from "./billing-provider";
import { PRO_PLAN, PRODUCT_TAG } from "./pro-plan";

export const DEMO_PRICE_ID = "demo_price_pro_monthly";
const CHECKOUT_PREFIX = "demo_cs_";
const SUBSCRIPTION_PREFIX = "demo_sub_";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo subscription started by a checkout shares the checkout's random part. */
const subscriptionIdOf = (checkoutId: string) => SUBSCRIPTION_PREFIX + checkoutId.slice(CHECKOUT_PREFIX.length);
const checkoutIdOf = (subscriptionId: string) => CHECKOUT_PREFIX + subscriptionId.slice(SUBSCRIPTION_PREFIX.length);
const customerIdOf = (userId: string) => `demo_cus_${userId.replaceAll("-", "")}`;

/**
 * Stands in for Stripe on a machine with no Stripe keys, so the whole trial
 * flow works on a fresh clone. It never takes a card or charges anything:
 * checkouts live in `demo_checkout_sessions` and are completed by a button on
 * the local /demo-checkout page. A demo checkout row doubles as the record of
 * the demo subscription it started: `status` is open → complete → canceled.
 */
export class DemoBillingProvider implements BillingProvider {
  readonly kind = "demo";
  readonly publishableKey = null;

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  async createCheckout(user: User): Promise<{ id: string; url: string; customerId: string }> {
    const session = await this.db.prisma.demoCheckoutSession.create({
      data: {
        id: CHECKOUT_PREFIX + crypto.randomBytes(16).toString("hex"),
        userId: user.id,
        priceId: DEMO_PRICE_ID,
        trialDays: PRO_PLAN.trialDays,
      },
    });
    return { id: session.id, url: `${this.publicUrl}/demo-checkout?session_id=${session.id}`, customerId: customerIdOf(user.id) };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null> {
    const session = await this.findCheckout(sessionId);
    if (!session) return null;
    const started = session.status !== "open";
    return {
      id: session.id,
      createdAt: session.createdAt,
      status: started ? "complete" : "open",
      paymentStatus: started ? "no_payment_required" : "unpaid",
      mode: "subscription",
      product: PRODUCT_TAG,
      clientReferenceId: session.userId,
      customerId: customerIdOf(session.userId),
      subscriptionId: started ? subscriptionIdOf(session.id) : null,
      subscription: subscriptionSnapshotOf(session),
    };
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    if (!subscriptionId.startsWith(SUBSCRIPTION_PREFIX)) return null;
    const session = await this.findCheckout(checkoutIdOf(subscriptionId));
    return session && subscriptionSnapshotOf(session);
  }

  async createPortalSession(_customerId: string): Promise<{ url: string }> {
    return { url: `${this.publicUrl}/demo-billing-portal` };
  }

  parseWebhook(): BillingEvent {
    throw new AppError("NOT_FOUND", "Billing webhooks come from Stripe, which is not configured on this server.");
  }

  /** The demo checkout page's view of a session (with the buyer's email), or null. */
  findCheckout(sessionId: string): Promise<(DemoCheckoutSession & { user: User }) | null> {
    if (!sessionId.startsWith(CHECKOUT_PREFIX)) return Promise.resolve(null);
    return this.db.prisma.demoCheckoutSession.findUnique({ where: { id: sessionId }, include: { user: true } });
  }

  /** What the Complete button on /demo-checkout does: no card, no charge. Completing twice is harmless. */
  async completeCheckout(sessionId: string): Promise<boolean> {
    if (!(await this.findCheckout(sessionId))) return false;
    await this.db.prisma.demoCheckoutSession.updateMany({
      where: { id: sessionId, status: "open" },
      data: { status: "complete", completedAt: new Date() },
    });
    return true;
  }

  /** Cancels the demo subscription at once (Stripe's portal would let it run to the period end). */
  async cancelSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    if (!subscriptionId.startsWith(SUBSCRIPTION_PREFIX)) return null;
    await this.db.prisma.demoCheckoutSession.updateMany({
      where: { id: checkoutIdOf(subscriptionId), status: "complete" },
      data: { status: "canceled" },
    });
    return this.retrieveSubscription(subscriptionId);
  }
}

/**
 * The demo subscription of a completed checkout: trialing for the trial days
 * after completion, then active (as if the card had been charged; nothing is),
 * or canceled. Null while the checkout is open.
 */
function subscriptionSnapshotOf(session: DemoCheckoutSession): SubscriptionSnapshot | null {
  if (session.status === "open" || !session.completedAt) return null;
  const trialEndsAt = new Date(session.completedAt.getTime() + session.trialDays * DAY_MS);
  const status = session.status === "canceled" ? "canceled" : trialEndsAt > new Date() ? "trialing" : "active";
  return { id: subscriptionIdOf(session.id), customerId: customerIdOf(session.userId), status, priceId: session.priceId, trialEndsAt };
}
