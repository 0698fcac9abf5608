import { Suspense, type ComponentType } from "react";
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { AppLayout } from "./components/AppLayout/AppLayout";
import { carryAsOf } from "./components/AsOfControl/useAsOf";
import { DataLoadingNotice } from "./components/DataLoadingNotice/DataLoadingNotice";
import { PageLoading, RouteErrorBoundary } from "./components/PageStatus/PageStatus";

/** What a lazily loaded page module exports: the page, and optionally a loader that starts its query. */
interface PageModule {
  default: ComponentType;
  loader?: (environment: IEnvironment, args: LoaderFunctionArgs) => unknown;
  /** Lets a page skip re-running its loader, e.g. when only a tab in the query string changed. */
  shouldRevalidate?: ShouldRevalidateFunction;
}

/** Route-level code splitting: the page module is fetched on first visit; Suspense covers its query. */
function lazyPage(environment: IEnvironment, load: () => Promise<PageModule>): Pick<RouteObject, "lazy" | "errorElement"> {
  return {
    errorElement: <RouteErrorBoundary />,
    lazy: async () => {
      const module = await load();
      const Page = module.default;
      const pageLoader = module.loader;
      return {
        Component: () => (
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        ),
        // A link into an as-of page without ?asOf= keeps the day chosen before (carryAsOf redirects).
        ...(pageLoader ? { loader: (args: LoaderFunctionArgs) => carryAsOf(environment, args.request) ?? pageLoader(environment, args) } : {}),
        ...(module.shouldRevalidate ? { shouldRevalidate: module.shouldRevalidate } : {}),
      };
    },
  };
}

export function buildRoutes(environment: IEnvironment): RouteObject[] {
  const page = (load: () => Promise<PageModule>) => lazyPage(environment, load);
  return [
    {
      path: "/",
      element: <AppLayout />,
      errorElement: <RouteErrorBoundary />,
      // The first page's query may wait for the bundled data after a first start: say how far it is.
      HydrateFallback: () => (
        <>
          <DataLoadingNotice />
          <PageLoading />
        </>
      ),
      children: [
        { index: true, ...page(() => import("./pages/Home/HomePage")) },
        { path: "screener", ...page(() => import("./pages/Screener/ScreenerPage")) },
        { path: "news-analysis", ...page(() => import("./pages/NewsAnalysis/NewsAnalysisPage")) },
        { path: "combined-screener", ...page(() => import("./pages/CombinedScreener/CombinedScreenerPage")) },
        { path: "ai-features", ...page(() => import("./pages/AiFeatures/AiFeaturesPage")) },
        { path: "pricing", ...page(() => import("./pages/Pricing/PricingPage")) },
        { path: "contact", ...page(() => import("./pages/Contact/ContactPage")) },
        { path: "auth", ...page(() => import("./pages/Auth/AuthPage")) },
        { path: "subscribe", ...page(() => import("./pages/Subscribe/SubscribePage")) },
        { path: "subscription-success", ...page(() => import("./pages/SubscriptionSuccess/SubscriptionSuccessPage")) },
        { path: "direct-stripe", ...page(() => import("./pages/DirectStripe/DirectStripePage")) },
        { path: "account", ...page(() => import("./pages/Account/AccountPage")) },
        { path: "demo-checkout", ...page(() => import("./pages/DemoCheckout/DemoCheckoutPage")) },
        { path: "demo-billing-portal", ...page(() => import("./pages/DemoBillingPortal/DemoBillingPortalPage")) },
        { path: "stocks/:ticker", ...page(() => import("./pages/StockDetail/StockDetailPage")) },
        // The Pro features: each page shows the spec's gate (pages/FeatureGate) to visitors and Basic users.
        { path: "hedge-fund-tracker", ...page(() => import("./pages/HedgeFundTracker/HedgeFundTrackerPage")) },
        { path: "earnings-predictor", ...page(() => import("./pages/EarningsPredictor/EarningsPredictorPage")) },
        { path: "research-compare", ...page(() => import("./pages/ResearchCompare/ResearchComparePage")) },
        { path: "market-videos", ...page(() => import("./pages/MarketVideos/MarketVideosPage")) },
        { path: "pro-screener", ...page(() => import("./pages/ProScreener/ProScreenerPage")) },
        { path: "*", ...page(() => import("./pages/NotFound/NotFoundPage")) },
      ],
    },
  ];
}
