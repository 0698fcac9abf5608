import { PlanStatusRef } from "../auth/viewer.graphql";
import { builder } from "../graphql/builder";
import { PRO_PLAN } from "./pro-plan";
import { refreshFromProvider } from "./subscriptions";

const BillingProviderKind = builder.enumType("BillingProviderKind", {
  description: "Who takes payments on this server.",
  values: {
    STRIPE: { value: "stripe", description: "Stripe Checkout and the Stripe customer portal." },
    DEMO: {
      value: "demo",
      description: "The built-in demo provider (no Stripe keys configured): local checkout and portal pages; no card, no charge.",
    },
  },
});

type BillingInfo = { provider: "stripe" | "demo"; publishableKey: string | null };

const BillingInfoRef = builder.objectRef<BillingInfo>("BillingInfo").implement({
  description: "The Pro plan's price and trial, and how this server takes payments.",
  fields: (t) => ({
    provider: t.field({ type: BillingProviderKind, resolve: (info) => info.provider }),
    priceCents: t.int({ description: "Price per interval, in cents (3000 = $30.00).", resolve: () => PRO_PLAN.amountCents }),
    currency: t.string({ description: "ISO currency code, lower-case.", resolve: () => PRO_PLAN.currency }),
    interval: t.string({ description: "Billing interval: month.", resolve: () => PRO_PLAN.interval }),
    trialDays: t.int({ resolve: () => PRO_PLAN.trialDays }),
    publishableKey: t.string({
      nullable: true,
      description: "Stripe's publishable key for the browser; null for the demo provider.",
      resolve: (info) => info.publishableKey,
    }),
  }),
});

builder.queryField("billing", (t) =>
  t.field({
    type: BillingInfoRef,
    resolve: (_root, _args, context) => ({ provider: context.billing.kind, publishableKey: context.billing.publishableKey }),
  }),
);

builder.mutationField("refreshSubscription", (t) =>
  t.field({
    type: PlanStatusRef,
    description: "Re-reads the signed-in user's subscription from the billing provider ('Refresh from Stripe') and returns the plan.",
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) => refreshFromProvider(context),
  }),
);
