/**
 * Every path the web app renders a page for. The route table (web/src/routing/routeTable.ts) must
 * define each one (its type says so), and the server (api/src/http/web-app.ts) answers 200 for
 * these and 404 for any other page address, so the two cannot drift apart. Plain data with no React, so the server bundle can import it.
 * Patterns use the syntax both react-router and Express understand (`:param` segments).
 */
export const appRoutePaths = [
  "/",
  "/screener",
  "/news-analysis",
  "/combined-screener",
  "/ai-features",
  "/pricing",
  "/contact",
  "/auth",
  "/subscribe",
  "/subscription-success",
  "/direct-stripe",
  "/account",
  "/demo-checkout",
  "/demo-billing-portal",
  "/stocks/:ticker",
  "/hedge-fund-tracker",
  "/earnings-predictor",
  "/research-compare",
  "/market-videos",
  "/pro-screener",
  "/watchlists",
  "/alerts",
] as const;

export type AppRoutePath = (typeof appRoutePaths)[number];
