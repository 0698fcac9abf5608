import { Suspense, type ComponentType } from "react";
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { AppLayout } from "./components/AppLayout/AppLayout";
import { carryAsOf } from "./components/AsOfControl/useAsOf";
import { DataLoadingNotice } from "./components/DataLoadingNotice/DataLoadingNotice";
import { PageLoading, RouteErrorBoundary } from "./components/PageStatus/PageStatus";
import { appRoutePaths, type AppRoutePath } from "./routePaths";

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

/** The page behind each path of routePaths.ts: the Record type makes the two lists match exactly. */
const pageModules: Record<AppRoutePath, () => Promise<PageModule>> = {
  "/": () => import("./pages/Home/HomePage"),
  "/screener": () => import("./pages/Screener/ScreenerPage"),
  "/news-analysis": () => import("./pages/NewsAnalysis/NewsAnalysisPage"),
  "/combined-screener": () => import("./pages/CombinedScreener/CombinedScreenerPage"),
  "/ai-features": () => import("./pages/AiFeatures/AiFeaturesPage"),
  "/pricing": () => import("./pages/Pricing/PricingPage"),
  "/contact": () => import("./pages/Contact/ContactPage"),
  "/auth": () => import("./pages/Auth/AuthPage"),
  "/subscribe": () => import("./pages/Subscribe/SubscribePage"),
  "/subscription-success": () => import("./pages/SubscriptionSuccess/SubscriptionSuccessPage"),
  "/direct-stripe": () => import("./pages/DirectStripe/DirectStripePage"),
  "/account": () => import("./pages/Account/AccountPage"),
  "/demo-checkout": () => import("./pages/DemoCheckout/DemoCheckoutPage"),
  "/demo-billing-portal": () => import("./pages/DemoBillingPortal/DemoBillingPortalPage"),
  "/stocks/:ticker": () => import("./pages/StockDetail/StockDetailPage"),
  // The Pro features: each page shows the spec's gate (pages/FeatureGate) to visitors and Basic users.
  "/hedge-fund-tracker": () => import("./pages/HedgeFundTracker/HedgeFundTrackerPage"),
  "/earnings-predictor": () => import("./pages/EarningsPredictor/EarningsPredictorPage"),
  "/research-compare": () => import("./pages/ResearchCompare/ResearchComparePage"),
  "/market-videos": () => import("./pages/MarketVideos/MarketVideosPage"),
  "/pro-screener": () => import("./pages/ProScreener/ProScreenerPage"),
};

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
        ...appRoutePaths.map((path) =>
          path === "/" ? { index: true, ...page(pageModules[path]) } : { path: path.slice(1), ...page(pageModules[path]) },
        ),
        // Any other path: the 404 page (the server answers those with HTTP 404, api/src/http/web-app.ts).
        { path: "*", ...page(() => import("./pages/NotFound/NotFoundPage")) },
      ],
    },
  ];
}
