import Stripe from "stripe";
import type { AppConfig } from "../config/config";
import { AppError } from "../errors/app-error";
import type { User } from "../generated/prisma/client";
import type { Logger } from "../logging/logger";
import type { BillingEvent, BillingProvider, CheckoutSnapshot, SubscriptionSnapshot } from "./billing-provider";
import { PRO_PLAN, PRODUCT_TAG } from "./pro-plan";
import { stripeEventProblem } from "./stripe-event-shape";

type StripeConfig = NonNullable<AppConfig["stripe"]>;

/** Ids the demo provider stored before Stripe keys were configured; Stripe has never heard of them. */
const isDemoId = (id: string) => id.startsWith("demo_");

const idOf = (value: string | { id: string } | null): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** Stripe's SDK, pointed at STRIPE_API_URL when set (tests use a local fake of the endpoints below). */
function createStripeClient(config: StripeConfig): Stripe {
  const apiUrl = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Tickerscope" },
    ...(apiUrl && {
      host: apiUrl.hostname,
      port: apiUrl.port || (apiUrl.protocol === "https:" ? 443 : 80),
      protocol: apiUrl.protocol === "http:" ? "http" : "https",
    }),
  });
}

export class StripeBillingProvider implements BillingProvider {
  readonly kind = "stripe";
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;
  private proPrice?: Promise<string>;

  constructor(
    private readonly config: StripeConfig,
    private readonly publicUrl: string,
    private readonly logger: Logger,
  ) {
    this.stripe = createStripeClient(config);
    this.publishableKey = config.publishableKey ?? null;
  }

  async createCheckout(user: User): Promise<{ id: string; url: string; customerId: string }> {
    const [price, customerId] = await Promise.all([this.proPriceId(), this.customerIdFor(user)]);
    const metadata = { product: PRODUCT_TAG, userId: user.id };
    const session = await this.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      subscription_data: { trial_period_days: PRO_PLAN.trialDays, metadata },
      customer: customerId,
      client_reference_id: user.id,
      metadata,
      // Stripe fills in {CHECKOUT_SESSION_ID}; /auth then activates with it.
      success_url: `${this.publicUrl}/auth?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.publicUrl}/pricing`,
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { id: session.id, url: session.url, customerId };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null> {
    if (isDemoId(sessionId)) return null;
    const session = await orNullWhenMissing(this.stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] }));
    return session && checkoutSnapshotOf(session);
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    if (isDemoId(subscriptionId)) return null;
    const subscription = await orNullWhenMissing(this.stripe.subscriptions.retrieve(subscriptionId));
    return subscription && subscriptionSnapshotOf(subscription);
  }

  async createPortalSession(customerId: string): Promise<{ url: string }> {
    if (isDemoId(customerId)) {
      throw new AppError("BAD_USER_INPUT", "Your subscription was made in demo mode; there is no Stripe billing to manage.");
    }
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${this.publicUrl}/account` });
    return { url: session.url };
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent {
    if (!signature) throw new AppError("BAD_USER_INPUT", "Missing Stripe-Signature header.");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch (error) {
      // The signature is checked first; a correctly signed body can still fail to parse as JSON.
      const message = error instanceof SyntaxError ? "Stripe webhook body is not valid JSON." : "Invalid Stripe webhook signature.";
      this.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, `Stripe webhook refused: ${message}`);
      throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: "body", message }] });
    }
    const problem = stripeEventProblem(event);
    if (problem) {
      const message = `Stripe webhook event is malformed: ${problem}.`;
      this.logger.warn({ reason: problem }, "Stripe webhook with a malformed event refused");
      throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: "event", message }] });
    }
    const base = { id: event.id, type: event.type, occurredAt: new Date(event.created * 1000) };
    switch (event.type) {
      case "checkout.session.completed":
        return { ...base, kind: "checkoutCompleted", checkout: checkoutSnapshotOf(event.data.object) };
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return { ...base, kind: "subscriptionChanged", subscription: subscriptionSnapshotOf(event.data.object) };
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        return {
          ...base,
          kind: "paymentFailed",
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
          customerId: idOf(invoice.customer),
        };
      }
      default:
        return { ...base, kind: "ignored" };
    }
  }

  /** STRIPE_PRICE_ID, or the price with our lookup key (created on first use: $30.00/month). */
  private proPriceId(): Promise<string> {
    if (this.config.priceId) return Promise.resolve(this.config.priceId);
    this.proPrice ??= this.findOrCreateProPrice().catch((error) => {
      this.proPrice = undefined; // try again on the next checkout
      throw error;
    });
    return this.proPrice;
  }

  private async findOrCreateProPrice(): Promise<string> {
    const found = await this.stripe.prices.list({ lookup_keys: [PRO_PLAN.lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await this.stripe.prices.create({
      currency: PRO_PLAN.currency,
      unit_amount: PRO_PLAN.amountCents,
      recurring: { interval: PRO_PLAN.interval },
      lookup_key: PRO_PLAN.lookupKey,
      product_data: { name: PRO_PLAN.productName },
    });
    this.logger.info({ priceId: created.id }, "created the Stripe price for Tickerscope Pro");
    return created.id;
  }

  private async customerIdFor(user: User): Promise<string> {
    if (user.stripeCustomerId && !isDemoId(user.stripeCustomerId)) return user.stripeCustomerId;
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
    const customer = await this.stripe.customers.create(
      { email: user.email, name, metadata: { product: PRODUCT_TAG, userId: user.id } },
      // Two quick clicks make one customer, not two.
      { idempotencyKey: `tickerscope-customer-${user.id}` },
    );
    return customer.id;
  }
}

/** Stripe answers 404 resource_missing for an unknown id: that is "no such session", not an outage. */
async function orNullWhenMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
}

function subscriptionSnapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) as string,
    status: subscription.status,
    priceId: subscription.items.data[0]?.price.id ?? null,
    trialEndsAt: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
  };
}

function checkoutSnapshotOf(session: Stripe.Checkout.Session): CheckoutSnapshot {
  const subscription = session.subscription;
  return {
    id: session.id,
    createdAt: new Date(session.created * 1000),
    status: session.status,
    paymentStatus: session.payment_status,
    mode: session.mode,
    product: session.metadata?.product ?? null,
    clientReferenceId: session.client_reference_id,
    customerId: idOf(session.customer),
    subscriptionId: idOf(subscription),
    subscription: subscription && typeof subscription !== "string" ? subscriptionSnapshotOf(subscription) : null,
  };
}
