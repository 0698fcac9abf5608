import type { RequestContext } from "../context";
import type { BillingEvent, SubscriptionSnapshot } from "./billing-provider";
import { PRODUCT_TAG } from "./pro-plan";
import { applySubscriptionState, findBillingUser } from "./subscriptions";

export type WebhookAnswer = { received: true; duplicate?: true };

/**
 * A billing webhook: the signature is verified before anything else (a bad
 * one is a 400 that changes nothing). Each event is applied exactly once: its
 * id is inserted into billing_events in the same transaction as the state
 * change, so a redelivery (even a concurrent one) is answered as a duplicate.
 */
export async function handleWebhook(context: RequestContext, rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
  const event = context.billing.parseWebhook(rawBody, signature);
  const log = context.requestLogger.child({ eventId: event.id, eventType: event.type });
  if (await context.db.prisma.billingEvent.findUnique({ where: { id: event.id }, select: { id: true } })) {
    log.info("billing event already applied");
    return { received: true, duplicate: true };
  }
  // Provider calls happen before the transaction, so no row stays locked during a network call.
  const change = await subscriptionChangeOf(context, event);
  if (!change && event.kind !== "ignored") log.info("billing event concerns no Tickerscope user; recorded only");
  const applied = await context.db.prisma.$transaction(async (tx) => {
    // ON CONFLICT DO NOTHING: a concurrent delivery of the same event waits for ours, then inserts nothing.
    const { count } = await tx.billingEvent.createMany({
      data: { id: event.id, provider: context.billing.kind, type: event.type, occurredAt: event.occurredAt },
      skipDuplicates: true,
    });
    if (count === 0) return "duplicate" as const;
    return change && applySubscriptionState(tx, change.userId, change.snapshot, event.occurredAt);
  });
  if (applied === "duplicate") return { received: true, duplicate: true };
  if (applied) context.authCache.forgetUser(applied.user.id);
  if (applied) log.info({ userId: change?.userId, outcome: applied.outcome, status: applied.user.subscriptionStatus }, "billing event applied");
  return { received: true };
}

/** The user and subscription snapshot an event changes, or null when it changes nothing of ours. */
async function subscriptionChangeOf(
  context: RequestContext,
  event: BillingEvent,
): Promise<{ userId: string; snapshot: SubscriptionSnapshot } | null> {
  switch (event.kind) {
    case "checkoutCompleted": {
      const { checkout } = event;
      if (checkout.product !== PRODUCT_TAG || checkout.mode !== "subscription" || !checkout.subscriptionId) return null;
      const snapshot = checkout.subscription ?? (await context.billing.retrieveSubscription(checkout.subscriptionId));
      if (!snapshot) return null;
      const user = await findBillingUser(context.db, {
        subscriptionId: snapshot.id,
        customerId: snapshot.customerId,
        userId: checkout.clientReferenceId,
      });
      return user && { userId: user.id, snapshot };
    }
    case "subscriptionChanged": {
      const { subscription } = event;
      const user = await findBillingUser(context.db, { subscriptionId: subscription.id, customerId: subscription.customerId });
      return user && { userId: user.id, snapshot: subscription };
    }
    case "paymentFailed": {
      // The subscription itself says what a failed payment means now (past_due, unpaid, incomplete...).
      if (!event.subscriptionId) return null;
      const user = await findBillingUser(context.db, { subscriptionId: event.subscriptionId, customerId: event.customerId });
      if (!user) return null;
      const snapshot = await context.billing.retrieveSubscription(event.subscriptionId);
      return snapshot && { userId: user.id, snapshot };
    }
    case "ignored":
      return null;
  }
}
