import { Suspense, type ComponentType } from "react";
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { AppLayout } from "./components/AppLayout/AppLayout";
import { carryAsOf } from "./components/AsOfControl/useAsOf";
import { PageLoading, RouteErrorBoundary } from "./components/PageStatus/PageStatus";
import { GATE_ROUTES } from "./pages/FeatureGate/gates";

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

/** Gate routes whose feature exists: their own page replaces the shared gate screen. */
const BUILT_GATES = new Set(["/hedge-fund-tracker", "/earnings-predictor"]);

export function buildRoutes(environment: IEnvironment): RouteObject[] {
  const page = (load: () => Promise<PageModule>) => lazyPage(environment, load);
  return [
    {
      path: "/",
      element: <AppLayout />,
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: () => <PageLoading />,
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
        // Built Pro features: the page itself shows the spec's gate to visitors and Basic users.
        { path: "hedge-fund-tracker", ...page(() => import("./pages/HedgeFundTracker/HedgeFundTrackerPage")) },
        { path: "earnings-predictor", ...page(() => import("./pages/EarningsPredictor/EarningsPredictorPage")) },
        ...GATE_ROUTES.filter(({ path }) => !BUILT_GATES.has(path)).map(({ path, title, description }) => ({
          path: path.slice(1),
          ...page(async () => {
            const { default: FeatureGatePage } = await import("./pages/FeatureGate/FeatureGatePage");
            return { default: () => <FeatureGatePage title={title} description={description} /> };
          }),
        })),
        { path: "*", ...page(() => import("./pages/NotFound/NotFoundPage")) },
      ],
    },
  ];
}
