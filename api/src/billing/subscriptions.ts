import { requireSessionUser } from "../auth/viewer";
import { z } from "zod";
import { sendSignInLinkAfterResponse } from "../auth/sign-in-links";
import { emailField, findOrCreateUserByEmail, splitFullName } from "../auth/users";
import type { RequestContext } from "../context";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";
import type { Prisma, User } from "../generated/prisma/client";
import type { CheckoutSnapshot, SubscriptionSnapshot } from "./billing-provider";
import { hasProAccess } from "./pro-access";
import { PRODUCT_TAG } from "./pro-plan";

/** Where create-trial sends an email that already has Pro: the page any sign-in link request shows. */
export const SIGN_IN_LINK_SENT_PATH = "/auth?tab=signin&link_sent=1";
const INVALID_CHECKOUT_MESSAGE = "This checkout session is not a finished Tickerscope checkout.";
/** Checkouts expire after 24 hours; after a day more, a session id in an old URL no longer signs anyone in. */
const ACTIVATION_SIGN_IN_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Statuses after which the subscription is over: the plan falls back to Basic. */
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const startTrialInput = z.object({
  email: emailField,
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(200, "Name must be at most 200 characters."),
});

/**
 * Create Account (spec §2): finds or creates the user by email and starts a
 * checkout with the 7-day trial. Limited per IP, then per email.
 */
export async function startTrial(context: RequestContext, input: unknown): Promise<{ checkoutUrl: string; checkoutId: string | null }> {
  await context.rateLimiters.trialPerIp.consume(context.clientIp);
  const { email, name } = parseInput(startTrialInput, input);
  // Per requester too, so nobody can use up an owner's trial starts.
  await context.rateLimiters.trialPerEmail.consume(`${email}|${context.clientIp}`);
  const user = await findOrCreateUserByEmail(context.db, email, splitFullName(name));
  if (hasProAccess(user)) {
    // Saying "this email has Pro" would tell anyone who has Pro: the owner gets a sign-in link
    // instead, and the requester the same "check your inbox" page a sign-in link request shows.
    sendSignInLinkAfterResponse(context, email);
    return { checkoutUrl: new URL(SIGN_IN_LINK_SENT_PATH, context.config.publicUrl).toString(), checkoutId: null };
  }
  const checkout = await createCheckoutFor(context, user);
  return { checkoutUrl: checkout.url, checkoutId: checkout.id };
}

/** Pricing's "choose Pro" form post, for the signed-in user. */
export async function createSubscriptionCheckout(context: RequestContext): Promise<{ checkoutUrl: string }> {
  const user = requireSessionUser(context.viewer);
  if (hasProAccess(user)) throw new AppError("BAD_USER_INPUT", "You already have Pro access.");
  await context.rateLimiters.trialPerIp.consume(context.clientIp);
  return { checkoutUrl: (await createCheckoutFor(context, user)).url };
}

async function createCheckoutFor(context: RequestContext, user: User): Promise<{ id: string; url: string }> {
  const checkout = await context.billing.createCheckout(user);
  // Kept from the start, so webhooks that arrive before activation find the user.
  if (user.stripeCustomerId !== checkout.customerId) {
    await context.db.prisma.user.update({ where: { id: user.id }, data: { stripeCustomerId: checkout.customerId } });
    context.authCache.forgetUser(user.id);
  }
  context.requestLogger.info({ userId: user.id, provider: context.billing.kind }, "checkout started");
  return checkout;
}

const activateCheckoutInput = z.object({
  sessionId: z
    .string({ error: "Session id is required." })
    .trim()
    .min(1, { error: "Session id is required.", abort: true })
    .max(255, INVALID_CHECKOUT_MESSAGE)
    .regex(/^[A-Za-z0-9_]+$/, INVALID_CHECKOUT_MESSAGE),
});

const invalidCheckout = () =>
  new AppError("BAD_USER_INPUT", INVALID_CHECKOUT_MESSAGE, { fieldErrors: [{ field: "sessionId", message: INVALID_CHECKOUT_MESSAGE }] });

export type ActivatedCheckout = {
  user: User;
  /**
   * Whether this request may be signed in as the user. A checkout proves the
   * buyer can pay, not that they own the email, so it signs in only to an
   * account nobody has claimed another way (see mayActivationSignIn).
   */
  signIn: boolean;
};

/**
 * After checkout (spec §2 Auth, session_id): a finished subscription checkout
 * of this product, for one of our users, records the subscription on that
 * user. Anything else is a 400 that changes nothing. Activating again gives
 * the same answer.
 */
export async function activateCheckout(
  context: RequestContext,
  input: unknown,
  fromCheckoutBrowser: (checkoutId: string) => boolean,
): Promise<ActivatedCheckout> {
  await context.rateLimiters.signInPerIp.consume(context.clientIp);
  const { sessionId } = parseInput(activateCheckoutInput, input);
  const observedAt = new Date();
  const checkout = await context.billing.retrieveCheckout(sessionId);
  if (!checkout || !isFinishedCheckout(checkout) || !checkout.clientReferenceId || !UUID_PATTERN.test(checkout.clientReferenceId)) {
    throw invalidCheckout();
  }
  const buyer = await context.db.prisma.user.findUnique({ where: { id: checkout.clientReferenceId } });
  const subscription =
    checkout.subscription ?? (checkout.subscriptionId ? await context.billing.retrieveSubscription(checkout.subscriptionId) : null);
  if (!buyer || !subscription) throw invalidCheckout();

  const signIn = await mayActivationSignIn(context, buyer, checkout, subscription, fromCheckoutBrowser(checkout.id));
  const { user } = await context.db.prisma.$transaction((tx) => applySubscriptionState(tx, buyer.id, subscription, observedAt));
  context.authCache.forgetUser(user.id);
  context.requestLogger.info({ userId: user.id, status: user.subscriptionStatus, signIn }, "checkout activated");
  return { user, signIn };
}

/** A finished subscription checkout that this app started. */
function isFinishedCheckout(checkout: CheckoutSnapshot): boolean {
  return (
    checkout.status === "complete" &&
    (checkout.paymentStatus === "paid" || checkout.paymentStatus === "no_payment_required") &&
    checkout.mode === "subscription" &&
    checkout.product === PRODUCT_TAG
  );
}

/**
 * Anyone can start a checkout with any email, so activation signs in only:
 * the user this request is already signed in as; or, once, in the browser that
 * started the checkout and within two days of it, an account with no other way
 * in (never signed in by email link or OpenID, no API keys) and no subscription
 * other than this checkout's. Otherwise the subscription is still recorded and
 * the owner signs in by email.
 */
async function mayActivationSignIn(
  context: RequestContext,
  user: User,
  checkout: CheckoutSnapshot,
  subscription: SubscriptionSnapshot,
  fromCheckoutBrowser: boolean,
): Promise<boolean> {
  if (context.viewer?.user.id === user.id) return true;
  if (!fromCheckoutBrowser) return false;
  if (Date.now() - checkout.createdAt.getTime() > ACTIVATION_SIGN_IN_WINDOW_MS) return false;
  if (user.oidcSubject || (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id)) return false;
  const [usedSignInLinks, apiKeys] = await Promise.all([
    context.db.prisma.signInToken.count({ where: { userId: user.id, consumedAt: { not: null } } }),
    context.db.prisma.apiKey.count({ where: { userId: user.id } }),
  ]);
  if (usedSignInLinks > 0 || apiKeys > 0) return false;
  // The claim is the last step: of two activations racing, exactly one signs in.
  const claimed = await context.db.prisma.$executeRaw`
    INSERT INTO checkout_sign_ins (checkout_id, user_id) VALUES (${checkout.id}, ${user.id}::uuid) ON CONFLICT DO NOTHING`;
  return claimed === 1;
}

export type AppliedState = { user: User; outcome: "applied" | "unchanged" | "stale" | "superseded" };

/**
 * Writes a subscription snapshot to the user: the one place billing state
 * changes (activation, webhooks, refresh, demo cancel). Run it inside a
 * transaction; it locks the user's row. Callers drop the user from the auth
 * cache once the transaction has committed.
 *
 * `observedAt` is when the snapshot was true (a webhook event's creation time,
 * or when it was retrieved). A snapshot older than the newest one applied is
 * skipped, so events that arrive out of order never roll a subscription back;
 * an ended subscription that is not the user's current one changes nothing.
 */
export async function applySubscriptionState(
  tx: Prisma.TransactionClient,
  userId: string,
  snapshot: SubscriptionSnapshot,
  observedAt: Date,
): Promise<AppliedState> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  if (user.billingUpdatedAt && observedAt < user.billingUpdatedAt) return { user, outcome: "stale" };
  const ended = ENDED_STATUSES.has(snapshot.status);
  if (ended && user.stripeSubscriptionId && user.stripeSubscriptionId !== snapshot.id) return { user, outcome: "superseded" };

  const planType = ended ? "basic" : "pro";
  const grantsPro = hasProAccess({ planType, subscriptionStatus: snapshot.status, trialEndsAt: snapshot.trialEndsAt }, observedAt);
  const state = {
    stripeCustomerId: snapshot.customerId,
    stripeSubscriptionId: snapshot.id,
    subscriptionStatus: snapshot.status,
    subscriptionPriceId: snapshot.priceId,
    planType,
    trialEndsAt: snapshot.trialEndsAt,
    // When the current Pro period began; a past_due spell inside it does not restart it.
    proSince: planType === "basic" ? null : (user.proSince ?? (grantsPro ? observedAt : null)),
  };
  const changed = (Object.keys(state) as (keyof typeof state)[]).some((key) => !sameValue(user[key], state[key]));
  // An unchanged snapshot still moves the freshness mark, so older events stay older.
  const updated = await tx.user.update({
    where: { id: userId },
    data: changed ? { ...state, billingUpdatedAt: observedAt } : { billingUpdatedAt: observedAt },
  });
  return { user: updated, outcome: changed ? "applied" : "unchanged" };
}

const sameValue = (a: string | Date | null, b: string | Date | null) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** 'Refresh from Stripe': re-reads the viewer's subscription from the provider and applies it. */
export async function refreshFromProvider(context: RequestContext): Promise<User> {
  const user = requireSessionUser(context.viewer);
  if (!user.stripeSubscriptionId) return user;
  const observedAt = new Date();
  const snapshot = await context.billing.retrieveSubscription(user.stripeSubscriptionId);
  if (!snapshot) return user;
  const { user: refreshed } = await context.db.prisma.$transaction((tx) => applySubscriptionState(tx, user.id, snapshot, observedAt));
  context.authCache.forgetUser(user.id);
  return refreshed;
}

/** 'Manage billing': a session of the provider's customer portal. */
export async function openBillingPortal(context: RequestContext): Promise<{ url: string }> {
  const user = requireSessionUser(context.viewer);
  if (!user.stripeCustomerId) {
    throw new AppError("BAD_USER_INPUT", "There is no billing account yet. Start the 7-day free trial on the Pricing page.");
  }
  return context.billing.createPortalSession(user.stripeCustomerId);
}

/** The user a billing object belongs to, by subscription, then customer, then our own user id. */
export async function findBillingUser(
  db: Database,
  refs: { subscriptionId?: string | null; customerId?: string | null; userId?: string | null },
): Promise<User | null> {
  if (refs.subscriptionId) {
    const user = await db.prisma.user.findUnique({ where: { stripeSubscriptionId: refs.subscriptionId } });
    if (user) return user;
  }
  if (refs.customerId) {
    const user = await db.prisma.user.findUnique({ where: { stripeCustomerId: refs.customerId } });
    if (user) return user;
  }
  if (refs.userId && UUID_PATTERN.test(refs.userId)) return db.prisma.user.findUnique({ where: { id: refs.userId } });
  return null;
}
