/** The one plan Tickerscope sells (spec §1, §9). */
export const PRO_PLAN = {
  name: "Pro",
  productName: "Tickerscope Pro",
  amountCents: 3000,
  currency: "usd",
  interval: "month",
  trialDays: 7,
  /** Finds (or names) the Stripe price when STRIPE_PRICE_ID is not set. */
  lookupKey: "tickerscope_pro_monthly",
} as const;

/**
 * Stamped on every checkout this app starts (metadata.product), so a session
 * of another product sold from the same Stripe account never activates here.
 */
export const PRODUCT_TAG = "tickerscope";
