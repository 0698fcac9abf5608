import type { PremiumGateProps } from "../../components/PremiumGate/PremiumGate";

export interface GateRoute extends PremiumGateProps {
  path: string;
}

// Spec §2 "Premium Feature gate": one shared screen, five routes.
export const GATE_ROUTES: readonly GateRoute[] = [
  { path: "/pro-screener", title: "Pro Screener", description: "Advanced multi-factor screening with AI analytics." },
  { path: "/hedge-fund-tracker", title: "Hedge Fund Tracker", description: "Follow institutional holdings and 13F filings." },
  { path: "/earnings-predictor", title: "Earnings Predictor", description: "Earnings beat probability and momentum ahead of each report." },
  { path: "/research-compare", title: "Research & Compare", description: "Side-by-side comparison of stocks." },
  { path: "/market-videos", title: "Market Videos", description: "Curated financial news videos." },
];
