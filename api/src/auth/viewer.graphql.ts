import type { User } from "../generated/prisma/client";
import { builder } from "../graphql/builder";
import { hasProAccess, PAID_PLANS } from "../billing/pro-access";

/** The plan and subscription state of the signed-in user (both spec §3 shapes in one). */
export const PlanStatusRef = builder.objectRef<User>("PlanStatus").implement({
  description: "The signed-in user's plan and subscription state.",
  fields: (t) => ({
    status: t.exposeString("subscriptionStatus", {
      description: "Subscription status: free, trialing, active, past_due, canceled, unpaid or incomplete.",
    }),
    planId: t.exposeString("planType", { description: "basic, pro or elite." }),
    planType: t.string({
      description: "pro or elite for a paid plan, otherwise basic.",
      resolve: (user) => ((PAID_PLANS as readonly string[]).includes(user.planType) ? user.planType : "basic"),
    }),
    hasProAccess: t.boolean({
      description: "True while the Pro features are unlocked: an active subscription or a running trial on a paid plan.",
      resolve: (user) => hasProAccess(user),
    }),
    trialEndsAt: t.expose("trialEndsAt", { type: "DateTime", nullable: true }),
  }),
});

export const ViewerRef = builder.objectRef<User>("Viewer").implement({
  description: "The signed-in user (by session cookie or API key).",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    firstName: t.exposeString("firstName", { nullable: true }),
    lastName: t.exposeString("lastName", { nullable: true }),
    profileImageUrl: t.exposeString("profileImageUrl", { nullable: true }),
    plan: t.field({ type: PlanStatusRef, resolve: (user) => user }),
    proSince: t.expose("proSince", {
      type: "DateTime",
      nullable: true,
      description: "When the current Pro period (trial included) began. Pro only.",
      authScopes: { pro: true },
    }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerRef,
    nullable: true,
    description: "The signed-in user, or null for an anonymous visitor.",
    resolve: (_root, _args, context) => context.viewer?.user ?? null,
  }),
);
