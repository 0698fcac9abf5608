// The app's routes, one definition each: the page, the queries its loader starts (and their
// variables, from the URL and the resolved as-of day), its gate, whether the date control belongs
// to it, and its place in the navigation. routes.tsx builds the router from this table, the
// header's menus and the as-of rules read it, and @shared/route-paths (the server's list) names the
// same paths. Plain data and lazy imports: the pages' code and query artifacts load on first visit.
import type { ComponentType } from "react";
import { matchPath, type ShouldRevalidateFunction } from "react-router-dom";
import type { PremiumGateProps } from "../components/PremiumGate/PremiumGate";
import { DEFAULT_FUND_CIK } from "../components/HedgeFundHoldings/funds";
import { compareRangeOf, tickersFromParam } from "../pages/ResearchCompare/compareParams";
import { earningsTickerOf } from "../pages/EarningsPredictor/earningsParams";
import { videoFiltersOf } from "../pages/MarketVideos/videoParams";
import { selectionFromParams } from "../pages/NewsAnalysis/newsParams";
import { CHART_DAYS, stockTickerOf } from "../pages/StockDetail/stockParams";
import type { AppRoutePath } from "@shared/route-paths";
import type { RouteQuery } from "./routeQueries";

/** Who may see a route's page: everyone, signed-in users (others get a sign-in prompt) or Pro users (others get the spec's gate). */
export type RouteGate = { kind: "signed-in" } | ({ kind: "pro" } & PremiumGateProps);

export type NavGroupLabel = "Screeners" | "Research" | "AI & Pro";

export interface RouteNav {
  label: string;
  /** The header menu it sits in; none: a top-level link. */
  group?: NavGroupLabel;
  /** Marked as a Pro page for visitors and Basic users (its gate, or a locked preview). */
  pro?: boolean;
}

export interface AppRoute {
  path: AppRoutePath;
  page: () => Promise<{ default: ComponentType }>;
  /** The queries the loader starts before the page renders, by name ("page" for the main one). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queries?: Readonly<Record<string, RouteQuery<any>>>;
  gate?: RouteGate;
  /** Its figures depend on the app's as-of day: the date control shows, and ?asOf= is carried in. */
  asOf?: boolean;
  /** Search parameters that belong to the day they were picked on: dropped when the day changes. */
  dayBoundParams?: readonly string[];
  nav?: RouteNav;
  /** When a URL change within the page need not re-run the loader (the page loads what changed itself). */
  shouldRevalidate?: ShouldRevalidateFunction;
}

/** Re-runs the loader only when the path changes: for pages that load later choices themselves. */
const samePathKeepsQueries: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const proGate = (title: string, description: string): RouteGate => ({ kind: "pro", title, description });

// In navigation order: the header lists the routes with `nav` in this order, grouped.
const table: { [Path in AppRoutePath]: Omit<AppRoute, "path"> } = {
  "/": {
    page: () => import("../pages/Home/HomePage"),
    queries: {
      // The header asks for the viewer too: once either answer is in the store, the other needs no request.
      page: { artifact: () => import("../pages/Home/__generated__/HomePageQuery.graphql"), fetchPolicy: "store-or-network" },
      trackRecord: { artifact: () => import("../pages/Home/__generated__/HomePageTrackRecordQuery.graphql"), fetchPolicy: "store-or-network" },
    },
    nav: { label: "Home" },
  },
  "/screener": {
    page: () => import("../pages/Screener/ScreenerPage"),
    queries: { page: { artifact: () => import("../pages/Screener/__generated__/ScreenerPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    asOf: true,
    // Switching tabs changes only ?tab=: the page's data stays.
    shouldRevalidate: samePathKeepsQueries,
    nav: { label: "Basic Screener", group: "Screeners" },
  },
  "/combined-screener": {
    page: () => import("../pages/CombinedScreener/CombinedScreenerPage"),
    queries: { page: { artifact: () => import("../pages/CombinedScreener/__generated__/CombinedScreenerPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    asOf: true,
    nav: { label: "Combined Screener", group: "Screeners", pro: true },
  },
  "/pro-screener": {
    page: () => import("../pages/ProScreener/ProScreenerPage"),
    queries: { page: { artifact: () => import("../pages/ProScreener/__generated__/ProScreenerPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    gate: proGate("Pro Screener", "Advanced multi-factor screening with AI analytics."),
    asOf: true,
    nav: { label: "Pro Screener", group: "Screeners", pro: true },
  },
  "/news-analysis": {
    page: () => import("../pages/NewsAnalysis/NewsAnalysisPage"),
    queries: {
      page: {
        artifact: () => import("../pages/NewsAnalysis/__generated__/NewsAnalysisPageQuery.graphql"),
        variables: ({ url, asOf }) => {
          const { ticker, timeframe } = selectionFromParams(url.searchParams);
          return { ticker, timeframe: timeframe.value, asOf };
        },
      },
    },
    asOf: true,
    // Later choices are loaded by the page itself, keeping the old answer on screen meanwhile.
    shouldRevalidate: samePathKeepsQueries,
    nav: { label: "News Analysis", group: "Research" },
  },
  "/research-compare": {
    page: () => import("../pages/ResearchCompare/ResearchComparePage"),
    queries: {
      page: {
        artifact: () => import("../pages/ResearchCompare/__generated__/ResearchComparePageQuery.graphql"),
        variables: ({ url, asOf }) => ({ tickers: tickersFromParam(url.searchParams.get("tickers")), range: compareRangeOf(url.searchParams).value, asOf }),
      },
    },
    gate: proGate("Research & Compare", "Side-by-side comparison of stocks."),
    asOf: true,
    nav: { label: "Research & Compare", group: "Research", pro: true },
  },
  "/earnings-predictor": {
    page: () => import("../pages/EarningsPredictor/EarningsPredictorPage"),
    queries: {
      page: {
        artifact: () => import("../pages/EarningsPredictor/__generated__/EarningsPredictorPageQuery.graphql"),
        variables: ({ url, asOf }) => ({ ticker: earningsTickerOf(url.searchParams), asOf }),
      },
    },
    gate: proGate("Earnings Predictor", "Earnings beat probability and momentum ahead of each report."),
    asOf: true,
    nav: { label: "Earnings Predictor", group: "Research", pro: true },
  },
  "/hedge-fund-tracker": {
    page: () => import("../pages/HedgeFundTracker/HedgeFundTrackerPage"),
    queries: {
      page: {
        artifact: () => import("../pages/HedgeFundTracker/__generated__/HedgeFundTrackerPageQuery.graphql"),
        variables: ({ url, asOf }) => ({ cik: DEFAULT_FUND_CIK, quarter: url.searchParams.get("quarter"), asOf }),
      },
    },
    gate: proGate("Hedge Fund Tracker", "Follow institutional holdings and 13F filings."),
    asOf: true,
    // A quarter picked on one day may not be filed yet on an earlier one.
    dayBoundParams: ["quarter"],
    nav: { label: "Hedge Fund Tracker", group: "Research", pro: true },
  },
  "/market-videos": {
    page: () => import("../pages/MarketVideos/MarketVideosPage"),
    queries: {
      page: {
        artifact: () => import("../pages/MarketVideos/__generated__/MarketVideosPageQuery.graphql"),
        variables: ({ url, asOf }) => ({ ...videoFiltersOf(url.searchParams), asOf }),
      },
    },
    gate: proGate("Market Videos", "Curated financial news videos."),
    asOf: true,
    nav: { label: "Market Videos", group: "Research", pro: true },
  },
  "/watchlists": {
    page: () => import("../pages/Watchlists/WatchlistsPage"),
    // Lists change on this page and on stock pages: the store's answer, then the server's.
    queries: { page: { artifact: () => import("../pages/Watchlists/__generated__/WatchlistsPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    gate: { kind: "signed-in" },
    asOf: true,
    nav: { label: "Watchlists", group: "Research" },
  },
  "/alerts": {
    page: () => import("../pages/Alerts/AlertsPage"),
    // Alerts fire in the background (and from a replay): the store's answer, then the server's.
    queries: { page: { artifact: () => import("../pages/Alerts/__generated__/AlertsPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    gate: { kind: "signed-in" },
    // The replay starts from a day before the app's as-of day.
    asOf: true,
    nav: { label: "Alerts", group: "Research" },
  },
  "/ai-features": {
    page: () => import("../pages/AiFeatures/AiFeaturesPage"),
    queries: {
      page: {
        artifact: () => import("../pages/AiFeatures/__generated__/AiFeaturesPageQuery.graphql"),
        variables: ({ asOf }) => ({ asOf }),
        fetchPolicy: "store-and-network",
      },
    },
    asOf: true,
    // Another day's picks are loaded by the page itself, keeping the old ones on screen meanwhile.
    shouldRevalidate: samePathKeepsQueries,
    nav: { label: "AI Intelligence", group: "AI & Pro", pro: true },
  },
  "/pricing": {
    page: () => import("../pages/Pricing/PricingPage"),
    // Plans change outside this page (checkout, billing portal): the store's answer, then the server's.
    queries: { page: { artifact: () => import("../pages/Pricing/__generated__/PricingPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    nav: { label: "Pricing", group: "AI & Pro" },
  },
  "/contact": {
    page: () => import("../pages/Contact/ContactPage"),
    queries: { page: { artifact: () => import("../pages/Contact/__generated__/ContactPageQuery.graphql") } },
    nav: { label: "Contact" },
  },
  "/stocks/:ticker": {
    page: () => import("../pages/StockDetail/StockDetailPage"),
    queries: {
      page: {
        artifact: () => import("../pages/StockDetail/__generated__/StockDetailPageQuery.graphql"),
        variables: ({ params, asOf }) => ({ ticker: stockTickerOf(params), days: CHART_DAYS, asOf }),
      },
    },
    asOf: true,
  },
  "/auth": {
    page: () => import("../pages/Auth/AuthPage"),
    queries: { page: { artifact: () => import("../pages/Auth/__generated__/AuthPageQuery.graphql") } },
  },
  "/account": {
    page: () => import("../pages/Account/AccountPage"),
    // The plan changes in the billing portal and keys get used elsewhere: the store's answer, then the server's.
    queries: { page: { artifact: () => import("../pages/Account/__generated__/AccountPageQuery.graphql"), fetchPolicy: "store-and-network" } },
    gate: { kind: "signed-in" },
  },
  "/subscribe": {
    page: () => import("../pages/Subscribe/SubscribePage"),
    // Plans change outside this page (checkout, billing portal): the store's answer, then the server's.
    queries: { page: { artifact: () => import("../pages/Subscribe/__generated__/SubscribePageQuery.graphql"), fetchPolicy: "store-and-network" } },
  },
  "/subscription-success": {
    page: () => import("../pages/SubscriptionSuccess/SubscriptionSuccessPage"),
    queries: { page: { artifact: () => import("../pages/SubscriptionSuccess/__generated__/SubscriptionSuccessPageQuery.graphql"), fetchPolicy: "store-and-network" } },
  },
  "/direct-stripe": {
    page: () => import("../pages/DirectStripe/DirectStripePage"),
    // Always the server's answer: this page acts on it at once (it submits the checkout form).
    queries: { page: { artifact: () => import("../pages/DirectStripe/__generated__/DirectStripePageQuery.graphql"), fetchPolicy: "network-only" } },
  },
  "/demo-checkout": {
    page: () => import("../pages/DemoCheckout/DemoCheckoutPage"),
    queries: { page: { artifact: () => import("../pages/DemoCheckout/__generated__/DemoCheckoutPageQuery.graphql") } },
  },
  "/demo-billing-portal": {
    page: () => import("../pages/DemoBillingPortal/DemoBillingPortalPage"),
    queries: { page: { artifact: () => import("../pages/DemoBillingPortal/__generated__/DemoBillingPortalPageQuery.graphql") } },
  },
};

/** Every route, in navigation order. */
export const APP_ROUTES: readonly AppRoute[] = (Object.keys(table) as AppRoutePath[]).map((path) => ({ path, ...table[path] }));

/** The page for any address no route matches (the server answers those with HTTP 404). */
export const NOT_FOUND_ROUTE = { page: () => import("../pages/NotFound/NotFoundPage") };

/** The route rendering `pathname`, if any. */
export function routeForPath(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => matchPath(route.path, pathname));
}

/** Whether the page at `pathname` shows figures as of the app's day (the date control shows there). */
export function isAsOfPath(pathname: string): boolean {
  return routeForPath(pathname)?.asOf === true;
}
