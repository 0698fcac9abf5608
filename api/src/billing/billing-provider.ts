import type { AppConfig } from "../config/config";
import type { Database } from "../db/database";
import type { User } from "../generated/prisma/client";
import type { Logger } from "../logging/logger";
import { DemoBillingProvider } from "./demo-billing-provider";
import { StripeBillingProvider } from "./stripe-billing-provider";

/** A subscription as the provider reports it, in the provider's own status words. */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  /** trialing, active, past_due, canceled, unpaid, incomplete, incomplete_expired or paused. */
  status: string;
  priceId: string | null;
  trialEndsAt: Date | null;
};

/** A checkout session as the provider reports it. */
export type CheckoutSnapshot = {
  id: string;
  createdAt: Date;
  /** open, complete or expired. */
  status: string | null;
  /** paid, unpaid or no_payment_required. */
  paymentStatus: string;
  mode: string;
  /** metadata.product: PRODUCT_TAG for checkouts this app started. */
  product: string | null;
  /** Our user id, set when the checkout was created. */
  clientReferenceId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The subscription itself, when the provider returned it with the session. */
  subscription: SubscriptionSnapshot | null;
};

/** A verified webhook event, reduced to what billing acts on. */
export type BillingEvent = { id: string; type: string; occurredAt: Date } & (
  | { kind: "checkoutCompleted"; checkout: CheckoutSnapshot }
  | { kind: "subscriptionChanged"; subscription: SubscriptionSnapshot }
  | { kind: "paymentFailed"; subscriptionId: string | null; customerId: string | null }
  | { kind: "ignored" }
);

/**
 * One small billing interface with two implementations: Stripe (keys
 * configured) and the built-in demo provider (a fresh machine). Services in
 * subscriptions.ts and billing-webhooks.ts use only this, so both providers
 * go through the same activation and state-keeping code.
 */
export interface BillingProvider {
  readonly kind: "stripe" | "demo";
  /** The browser-side key (Stripe's publishable key); null for the demo. */
  readonly publishableKey: string | null;
  /** Starts a subscription checkout for the user (7-day trial); returns where to send the browser. */
  createCheckout(user: User): Promise<{ id: string; url: string; customerId: string }>;
  /** The checkout session, or null when the provider does not know this id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null>;
  /** The subscription, or null when the provider does not know this id. */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** A session of the provider's customer portal (manage card, cancel). */
  createPortalSession(customerId: string): Promise<{ url: string }>;
  /** Verifies a webhook's signature and parses it; throws a 400/404 AppError otherwise. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

export function createBillingProvider(config: AppConfig, db: Database, logger: Logger): BillingProvider {
  if (config.stripe) return new StripeBillingProvider(config.stripe, config.publicUrl, logger);
  logger.info("no Stripe keys configured: using the demo billing provider (no payments are taken)");
  return new DemoBillingProvider(db, config.publicUrl);
}
