import type { User } from "../generated/prisma/client";

export type PlanFields = Pick<User, "planType" | "subscriptionStatus" | "trialEndsAt">;

/** Plans that include Pro features (spec §4: elite is also a paid plan). */
export const PAID_PLANS = ["pro", "elite"] as const;

/**
 * Pro access: an active subscription, or a trial that has not ended, on a paid
 * plan. A trial with no known end date grants nothing.
 */
export function hasProAccess(user: PlanFields, now: Date = new Date()): boolean {
  if (!(PAID_PLANS as readonly string[]).includes(user.planType)) return false;
  if (user.subscriptionStatus === "active") return true;
  if (user.subscriptionStatus === "trialing") return user.trialEndsAt !== null && user.trialEndsAt > now;
  return false;
}

/**
 * Spec §3 gives two shapes for the subscription status; `/api/subscription-status`
 * answers both in one object, plus the trial end.
 */
export function subscriptionStatusOf(user: PlanFields, now: Date = new Date()) {
  const hasAccess = hasProAccess(user, now);
  return {
    status: user.subscriptionStatus,
    planId: user.planType,
    plan_type: (PAID_PLANS as readonly string[]).includes(user.planType) ? user.planType : "basic",
    subscription_status: user.subscriptionStatus,
    has_access_to_pro: hasAccess,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
  };
}
