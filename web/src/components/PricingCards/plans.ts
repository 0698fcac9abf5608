export type PlanId = "basic" | "pro";

/** One line of a plan's feature list. */
export interface PlanFeature {
  name: string;
  /**
   * False until the feature is built: every list shows it as "Coming soon", without the check
   * mark that means "included". Shipping a feature is flipping this flag.
   */
  available: boolean;
}

export interface ProFeature extends PlanFeature {
  id:
    | "combined-screener"
    | "api-access"
    | "ai-stock-picker"
    | "advanced-technical-analysis"
    | "stock-comparison"
    | "news-videos"
    | "hedge-fund-13f"
    | "earnings-predictions"
    | "priority-support"
    | "advanced-screener-filters";
  /** One sentence for the Pricing page's showcase. */
  description: string;
}
export type ProFeatureId = ProFeature["id"];

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  tagline: string;
  features: readonly PlanFeature[];
  highlight?: string;
}

export const CREATE_SUBSCRIPTION_ACTION = "/api/create-subscription";
/** Create Account with the free Basic plan chosen. */
export const CREATE_BASIC_ACCOUNT_PATH = "/auth?plan=basic";

/**
 * What Pro adds (spec §1 and the /subscribe list, plus the combined screener it unlocks): the one
 * list the plan cards, /subscribe and the Pricing showcase read.
 */
export const PRO_FEATURES: readonly ProFeature[] = [
  {
    id: "combined-screener",
    name: "Combined technical + sentiment screener",
    description: "Technical and news-sentiment signals in one graded score (A to D).",
    available: true,
  },
  {
    id: "api-access",
    name: "API access",
    description: "A GraphQL API with your own keys, to screen from your own tools.",
    available: true,
  },
  {
    id: "ai-stock-picker",
    name: "AI Stock Picker (daily refresh)",
    description: "Unlimited AI-ranked picks, refreshed daily, beyond the free top-5 preview.",
    available: true,
  },
  {
    id: "advanced-technical-analysis",
    name: "Advanced technical analysis",
    description: "Technical studies beyond the screener's moving averages and RSI.",
    available: false,
  },
  {
    id: "stock-comparison",
    name: "Stock comparison tools",
    description: "Two to four stocks side by side: performance, every figure we hold, and return correlations.",
    available: true,
  },
  {
    id: "news-videos",
    name: "Real-time news videos",
    description: "Financial news channels' videos, tagged with their tickers and scored for sentiment.",
    available: true,
  },
  {
    id: "hedge-fund-13f",
    name: "SEC 13F hedge fund tracking",
    description: "Institutional holdings from SEC 13F filings.",
    available: true,
  },
  {
    id: "earnings-predictions",
    name: "Earnings predictions",
    description: "Beat probability, consensus EPS and momentum ahead of each report.",
    available: true,
  },
  {
    id: "priority-support",
    name: "Priority support",
    description: "Faster answers from our team.",
    available: false,
  },
  {
    id: "advanced-screener-filters",
    name: "Advanced screener filters",
    description: "AI score, earnings beat probability, 13F fund changes, sectors, returns, volatility, analyst actions and fundamentals as known on the day.",
    available: true,
  },
];

/** Included features first, then those coming soon, each group in its listed order. */
export function availableFirst<T extends PlanFeature>(features: readonly T[]): T[] {
  return [...features.filter((feature) => feature.available), ...features.filter((feature) => !feature.available)];
}

/** The Pro plan's list on its card and on /subscribe. */
export const PRO_PLAN_FEATURES: readonly PlanFeature[] = [{ name: "Everything in Basic Plan", available: true }, ...availableFirst(PRO_FEATURES)];

export const PLANS: readonly Plan[] = [
  {
    id: "basic",
    name: "Basic",
    price: "Free",
    period: "",
    tagline: "Core screening and news sentiment for getting started.",
    features: availableFirst([
      { name: "Basic stock screener", available: true },
      { name: "News sentiment analysis", available: true },
      { name: "AI stock picks preview (top 5)", available: true },
      { name: "Full screen results with CSV export", available: true },
    ]),
  },
  {
    id: "pro",
    name: "Pro",
    price: "$30",
    period: "/month",
    tagline: "7-day free trial. Cancel anytime.",
    features: PRO_PLAN_FEATURES,
    highlight: "Most Popular",
  },
];
