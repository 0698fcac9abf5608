import { Suspense, useEffect, type ComponentType } from "react";
import { useRelayEnvironment } from "react-relay";
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { AppLayout } from "./components/AppLayout/AppLayout";
import { asOfForRequest, carryAsOf } from "./components/AsOfControl/useAsOf";
import { DataLoadingNotice } from "./components/DataLoadingNotice/DataLoadingNotice";
import { PageLoading, RouteErrorBoundary } from "./components/PageStatus/PageStatus";
import { RouteGate, RouteGateQuery, storedProAccess } from "./routing/RouteGate";
import { loadRouteQuery, releaseRouteQueriesExcept, startRouteQueryRun, type RouteQueryReferences } from "./routing/routeQueries";
import { APP_ROUTES, NOT_FOUND_ROUTE, type AppRoute } from "./routing/routeTable";

/**
 * The one loader of every route: the gate's viewer query and the page's queries start together,
 * before the page's code has arrived (their artifacts load beside it).
 */
async function loadRoute(environment: IEnvironment, route: AppRoute, { request, params }: LoaderFunctionArgs): Promise<RouteQueryReferences | Response> {
  // A link into an as-of page without ?asOf= keeps the day chosen before (carryAsOf redirects).
  const redirect = route.asOf ? carryAsOf(environment, request) : null;
  if (redirect) return redirect;
  const run = startRouteQueryRun(environment);
  const viewer = route.gate ? loadRouteQuery(environment, run, RouteGateQuery, {}, "store-and-network") : null;
  // A viewer known to lack Pro sees only the gate: the Pro query would be refused anyway.
  if (route.gate?.kind === "pro" && storedProAccess(environment) === false) return { viewer, queries: {}, run };
  const routeRequest = { url: new URL(request.url), params, asOf: route.asOf ? asOfForRequest(environment, request) : null };
  const queries = await Promise.all(
    Object.entries(route.queries ?? {}).map(async ([name, query]) => {
      const { default: artifact } = await query.artifact();
      return [name, loadRouteQuery(environment, run, artifact, query.variables?.(routeRequest) ?? {}, query.fetchPolicy)] as const;
    }),
  );
  return { viewer, queries: Object.fromEntries(queries), run };
}

/** A route's page under its gate; once it is on screen, the queries of routes left behind are let go. */
function RoutePage({ route, Page }: { route: Pick<AppRoute, "gate">; Page: ComponentType }) {
  const environment = useRelayEnvironment();
  const references = useLoaderData() as RouteQueryReferences;
  useEffect(() => releaseRouteQueriesExcept(environment, references), [environment, references]);
  return (
    <Suspense fallback={<PageLoading />}>
      {route.gate && references.viewer ? (
        <RouteGate rule={route.gate} viewerRef={references.viewer}>
          <Page />
        </RouteGate>
      ) : (
        <Page />
      )}
    </Suspense>
  );
}

/** Route-level code splitting: a page's module is fetched on its first visit, while its loader starts the queries. */
function routeObject(environment: IEnvironment, route: AppRoute | typeof NOT_FOUND_ROUTE): Pick<RouteObject, "lazy" | "loader" | "errorElement" | "shouldRevalidate"> {
  const appRoute = "path" in route ? route : null;
  return {
    errorElement: <RouteErrorBoundary />,
    loader: appRoute ? (args) => loadRoute(environment, appRoute, args) : () => ({ viewer: null, queries: {}, run: startRouteQueryRun(environment) }),
    ...(appRoute?.shouldRevalidate ? { shouldRevalidate: appRoute.shouldRevalidate } : {}),
    lazy: async () => {
      const { default: Page } = await route.page();
      return { Component: () => <RoutePage route={appRoute ?? {}} Page={Page} /> };
    },
  };
}

export function buildRoutes(environment: IEnvironment): RouteObject[] {
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
        ...APP_ROUTES.map((route) =>
          route.path === "/" ? { index: true, ...routeObject(environment, route) } : { path: route.path.slice(1), ...routeObject(environment, route) },
        ),
        // Any other path: the 404 page (the server answers those with HTTP 404, api/src/http/web-app.ts).
        { path: "*", ...routeObject(environment, NOT_FOUND_ROUTE) },
      ],
    },
  ];
}
