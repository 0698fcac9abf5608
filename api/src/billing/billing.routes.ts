import express, { Router } from "express";
import { signInSession } from "../auth/sessions";
import type { AppDeps } from "../context";
import { cachePolicy, NO_STORE } from "../http/cache-headers";
import { requestContext } from "../http/request-context";
import { handleWebhook } from "./billing-webhooks";
import { forgetCheckoutBrowser, isCheckoutBrowser, rememberCheckoutBrowser } from "./checkout-browser";
import { cancelDemoSubscription, completeDemoCheckout, describeDemoCheckout, describeDemoPortal } from "./demo-billing";
import { hasProAccess, subscriptionStatusOf } from "./pro-access";
import { activateCheckout, createSubscriptionCheckout, openBillingPortal, refreshFromProvider, startTrial } from "./subscriptions";

const WEBHOOK_PATH = "/api/stripe/webhook";
const SIGN_IN_BY_EMAIL_MESSAGE =
  "Your subscription is recorded. This email already had an account, so sign in with the emailed link to use it.";

/** Stripe's webhook: reads the raw body (the signature covers its exact bytes), so it is mounted before the JSON parser. */
export function billingWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await handleWebhook(requestContext(deps, req), rawBody, req.get("stripe-signature")));
  });
  return router;
}

/** REST shims of spec §7 for trial, activation and subscriptions, plus the demo provider's pages. */
export function billingRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post("/api/auth/create-trial", async (req, res) => {
    const { checkoutUrl, checkoutId } = await startTrial(requestContext(deps, req), req.body);
    rememberCheckoutBrowser(res, deps, checkoutId);
    res.json({ checkoutUrl });
  });

  router.post("/api/auth/activate", async (req, res) => {
    const { user, signIn } = await activateCheckout(requestContext(deps, req), req.body, (checkoutId) => isCheckoutBrowser(req, deps, checkoutId));
    if (signIn) {
      await signInSession(req, user);
      forgetCheckoutBrowser(res, deps);
    }
    res.json({
      success: true,
      email: user.email,
      status: user.subscriptionStatus,
      trialEnd: user.trialEndsAt?.toISOString() ?? null,
      signedIn: signIn,
      ...(signIn ? {} : { message: SIGN_IN_BY_EMAIL_MESSAGE }),
    });
  });

  // Pricing's plain form post: answered with redirects, as a browser navigation expects. A
  // signed-out visitor goes to Create Account, which starts the trial checkout in one step.
  router.post("/api/create-subscription", async (req, res) => {
    const context = requestContext(deps, req);
    if (!context.viewer) return res.redirect(303, "/auth");
    if (hasProAccess(context.viewer.user)) return res.redirect(303, "/account");
    const { checkoutUrl } = await createSubscriptionCheckout(context);
    res.redirect(303, checkoutUrl);
  });

  router.post("/api/billing/refresh", cachePolicy(NO_STORE), async (req, res) => {
    const user = await refreshFromProvider(requestContext(deps, req));
    res.json(subscriptionStatusOf(user));
  });

  router.post("/api/billing/portal", async (req, res) => {
    res.json(await openBillingPortal(requestContext(deps, req)));
  });

  router.get("/api/billing/demo/checkout/:id", cachePolicy<{ id: string }>(NO_STORE), async (req, res) => {
    res.json(await describeDemoCheckout(requestContext(deps, req), req.params.id));
  });

  router.post("/api/billing/demo/checkout/:id/complete", async (req, res) => {
    res.json(await completeDemoCheckout(requestContext(deps, req), req.params.id));
  });

  router.get("/api/billing/demo/portal", cachePolicy(NO_STORE), (req, res) => {
    res.json(describeDemoPortal(requestContext(deps, req)));
  });

  router.post("/api/billing/demo/portal/cancel", async (req, res) => {
    res.json(await cancelDemoSubscription(requestContext(deps, req)));
  });

  return router;
}
