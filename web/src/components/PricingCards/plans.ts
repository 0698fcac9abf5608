export type PlanId = "basic" | "pro";

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  tagline: string;
  features: string[];
  highlight?: string;
}

export const CREATE_SUBSCRIPTION_ACTION = "/api/create-subscription";

export const PRO_FEATURES = [
  "Everything in Basic Plan",
  "AI Stock Picker (daily refresh)",
  "Advanced technical analysis",
  "Stock comparison tools",
  "Real-time news videos",
  "SEC 13F hedge fund tracking",
  "Priority support",
  "Advanced screener filters",
  "API access",
];

export const PLANS: readonly Plan[] = [
  {
    id: "basic",
    name: "Basic",
    price: "Free",
    period: "",
    tagline: "Core screening and news sentiment for getting started.",
    features: ["Basic stock screener", "News sentiment analysis", "AI stock picks preview (top 5)", "Full screen results with CSV export"],
  },
  {
    id: "pro",
    name: "Pro",
    price: "$30",
    period: "/month",
    tagline: "7-day free trial. Cancel anytime.",
    features: PRO_FEATURES,
    highlight: "Most Popular",
  },
];
