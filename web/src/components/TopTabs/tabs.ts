export interface TabDefinition {
  label: string;
  to: string;
  premium?: boolean;
}

// Spec §2 "Navigation and shell".
export const TABS: readonly TabDefinition[] = [
  { label: "Home", to: "/" },
  { label: "Basic Screener", to: "/screener" },
  { label: "News Analysis", to: "/news-analysis" },
  { label: "Combined Screener", to: "/combined-screener", premium: true },
  { label: "AI Intelligence", to: "/ai-features", premium: true },
  { label: "Pricing", to: "/pricing" },
  { label: "Contact", to: "/contact" },
];
