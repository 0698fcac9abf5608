import { requireSessionUser } from "../auth/viewer";
import type { RequestContext } from "../context";
import { AppError } from "../errors/app-error";
import type { User } from "../generated/prisma/client";
import { DemoBillingProvider } from "./demo-billing-provider";
import { PRO_PLAN } from "./pro-plan";
import { applySubscriptionState } from "./subscriptions";

/** The local pages that stand in for Stripe's checkout and portal: only while the demo provider is in use. */
function requireDemoProvider(context: RequestContext): DemoBillingProvider {
  if (!(context.billing instanceof DemoBillingProvider)) {
    throw new AppError("NOT_FOUND", "The demo billing pages are off: this server uses Stripe.");
  }
  return context.billing;
}

const checkoutNotFound = () => new AppError("NOT_FOUND", "No demo checkout session with this id. Start again from the Pricing page.");

/** What the /demo-checkout page shows. */
export async function describeDemoCheckout(context: RequestContext, sessionId: string) {
  const session = await requireDemoProvider(context).findCheckout(sessionId);
  if (!session) throw checkoutNotFound();
  return {
    id: session.id,
    email: session.user.email,
    planName: PRO_PLAN.name,
    amountCents: PRO_PLAN.amountCents,
    currency: PRO_PLAN.currency,
    interval: PRO_PLAN.interval,
    trialDays: session.trialDays,
    status: session.status === "open" ? ("open" as const) : ("complete" as const),
    cancelUrl: "/pricing",
  };
}

/** The demo checkout's Complete button; then /auth activates through the same code as a Stripe checkout. */
export async function completeDemoCheckout(context: RequestContext, sessionId: string): Promise<{ redirectUrl: string }> {
  if (!(await requireDemoProvider(context).completeCheckout(sessionId))) throw checkoutNotFound();
  return { redirectUrl: `/auth?session_id=${sessionId}` };
}

const isDemoSubscription = (user: User) => user.stripeSubscriptionId?.startsWith("demo_sub_") ?? false;

/** What the /demo-billing-portal page shows for the signed-in user. */
export function describeDemoPortal(context: RequestContext) {
  requireDemoProvider(context);
  return demoPortalOf(requireSessionUser(context.viewer));
}

function demoPortalOf(user: User) {
  return {
    status: user.subscriptionStatus,
    planId: user.planType,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    canCancel: isDemoSubscription(user) && user.planType !== "basic",
  };
}

/** The demo portal's Cancel button: the subscription ends now, through the same state-keeping as a webhook. */
export async function cancelDemoSubscription(context: RequestContext) {
  const provider = requireDemoProvider(context);
  const user = requireSessionUser(context.viewer);
  if (!demoPortalOf(user).canCancel || !user.stripeSubscriptionId) {
    throw new AppError("BAD_USER_INPUT", "There is no demo subscription to cancel.");
  }
  const observedAt = new Date();
  const snapshot = await provider.cancelSubscription(user.stripeSubscriptionId);
  if (!snapshot) throw new AppError("BAD_USER_INPUT", "There is no demo subscription to cancel.");
  const { user: canceled } = await context.db.prisma.$transaction((tx) => applySubscriptionState(tx, user.id, snapshot, observedAt));
  context.authCache.forgetUser(user.id);
  context.requestLogger.info({ userId: user.id }, "demo subscription canceled");
  return demoPortalOf(canceled);
}
