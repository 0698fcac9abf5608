import { hasProAccess, subscriptionStatusOf } from "./pro-access";

const now = new Date("2026-11-23T12:00:00Z");
const tomorrow = new Date("2026-11-24T12:00:00Z");
const yesterday = new Date("2026-11-22T12:00:00Z");

it.each([
  ["active pro", { planType: "pro", subscriptionStatus: "active", trialEndsAt: null }, true],
  ["active elite", { planType: "elite", subscriptionStatus: "active", trialEndsAt: null }, true],
  ["trialing pro before the trial ends", { planType: "pro", subscriptionStatus: "trialing", trialEndsAt: tomorrow }, true],
  ["trialing pro after the trial ended", { planType: "pro", subscriptionStatus: "trialing", trialEndsAt: yesterday }, false],
  ["trialing with no known end", { planType: "pro", subscriptionStatus: "trialing", trialEndsAt: null }, false],
  ["past_due pro", { planType: "pro", subscriptionStatus: "past_due", trialEndsAt: null }, false],
  ["canceled pro", { planType: "pro", subscriptionStatus: "canceled", trialEndsAt: null }, false],
  ["basic, free", { planType: "basic", subscriptionStatus: "free", trialEndsAt: null }, false],
  ["active but on the basic plan", { planType: "basic", subscriptionStatus: "active", trialEndsAt: null }, false],
])("%s → Pro access %s", (_name, user, expected) => {
  expect(hasProAccess(user, now)).toBe(expected);
});

it("answers both spec shapes of the subscription status", () => {
  expect(subscriptionStatusOf({ planType: "pro", subscriptionStatus: "trialing", trialEndsAt: tomorrow }, now)).toEqual({
    status: "trialing",
    planId: "pro",
    plan_type: "pro",
    subscription_status: "trialing",
    has_access_to_pro: true,
    trialEndsAt: "2026-11-24T12:00:00.000Z",
  });
  expect(subscriptionStatusOf({ planType: "basic", subscriptionStatus: "free", trialEndsAt: null }, now)).toMatchObject({
    plan_type: "basic",
    has_access_to_pro: false,
    trialEndsAt: null,
  });
});
