import { act, screen, waitFor } from "@testing-library/react";
import type { PreloadedQuery } from "react-relay";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { appRoutePaths } from "@shared/route-paths";
import { renderApp } from "../test/render";
import { answerGraphQL, signedIn, signedOut } from "./pages/Auth/accountTestKit";
import { buildRoutes } from "./routes";
import { liveRouteQueries, type RouteQueryReferences } from "./routing/routeQueries";
import { APP_ROUTES, isAsOfPath, type RouteGate } from "./routing/routeTable";

jest.mock("lightweight-charts", () => jest.requireActual("../test/chart-lines").lightweightChartsStandIn, { virtual: true });

test("an unknown path shows '404 Page Not Found'", async () => {
  renderApp("/no-such-page");
  expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  // The shell is still there.
  expect(screen.getByRole("navigation", { name: "Main sections" })).toBeTruthy();
});

const PRO_ROUTES = APP_ROUTES.flatMap(({ path, gate }) => (gate?.kind === "pro" ? [{ path, ...(gate as Extract<RouteGate, { kind: "pro" }>) }] : []));

test("the five Pro pages are gated", () => {
  expect(PRO_ROUTES.map((route) => route.path).sort()).toEqual(["/earnings-predictor", "/hedge-fund-tracker", "/market-videos", "/pro-screener", "/research-compare"]);
});

test.each(PRO_ROUTES.map((route) => [route.path, route] as const))("%s shows the premium gate to a Basic user, and asks for no Pro data once the plan is known", async (path, gate) => {
  const environment = createMockEnvironment();
  const asked: string[] = [];
  answerGraphQL(environment, [], (operation: OperationDescriptor) => {
    asked.push(operation.request.node.params.name);
    return signedIn({ hasProAccess: false });
  });
  const { router } = renderApp("/", environment);
  // The header has learnt the plan: the gated route need not ask for what it will not show.
  await screen.findByRole("button", { name: /account menu/i });
  asked.length = 0;
  await act(() => router.navigate(path));
  expect(await screen.findByRole("heading", { name: gate.title })).toBeTruthy();
  expect(screen.getByText(gate.description)).toBeTruthy();
  expect(screen.getByRole("link", { name: "View Pro plans" }).getAttribute("href")).toBe("/pricing");
  expect(screen.getByRole("link", { name: "Try the free screener" }).getAttribute("href")).toBe("/screener");
  expect(asked.filter((name) => name.endsWith("PageQuery"))).toEqual([]);
});

test("a visitor opening a Pro page first gets the gate, not an error, while both queries start together", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, [], signedOut);
  renderApp("/hedge-fund-tracker", environment);
  expect(await screen.findByRole("heading", { name: "Hedge Fund Tracker" })).toBeTruthy();
  expect(screen.getByText("Premium Feature")).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
});

test("the account page asks a visitor to sign in", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, [], signedOut);
  renderApp("/account", environment);
  expect(await screen.findByRole("heading", { name: "Sign in to see your account" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth?tab=signin");
});

test("no query reference outlives its route: leaving a route, or loading it again, lets its queries go", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, [], signedIn({ hasProAccess: true }));
  const { router } = renderApp("/", environment);
  const referencesOnScreen = () => {
    const leaf = router.state.matches.at(-1)!;
    const { viewer, queries } = router.state.loaderData[leaf.route.id] as RouteQueryReferences;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return [viewer, ...Object.values(queries)].filter((reference): reference is PreloadedQuery<any> => reference !== null);
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const earlier = new Set<PreloadedQuery<any>>();
  const visits = [
    ...APP_ROUTES.map((route) => route.path.replace(":ticker", "AAPL")),
    // The same route again with other variables, then an address no route matches.
    "/hedge-fund-tracker?quarter=2020-12-31",
    "/stocks/MSFT",
    "/no-such-page",
  ];
  for (const path of visits) {
    await act(() => router.navigate(path));
    await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    const current = referencesOnScreen();
    await waitFor(() => expect(liveRouteQueries(environment)).toEqual(current));
    for (const reference of earlier) if (!current.includes(reference)) expect([path, reference.name, reference.isDisposed]).toEqual([path, reference.name, true]);
    for (const reference of current) earlier.add(reference);
  }
  expect(earlier.size).toBeGreaterThan(APP_ROUTES.length);
});

test("the date control belongs to the pages whose figures depend on the day, and to no other", () => {
  for (const path of ["/screener", "/combined-screener", "/pro-screener", "/research-compare", "/news-analysis", "/ai-features", "/earnings-predictor", "/hedge-fund-tracker", "/market-videos", "/stocks/AAPL"]) {
    expect([path, isAsOfPath(path)]).toEqual([path, true]);
  }
  for (const path of ["/", "/pricing", "/account", "/contact", "/no-such-page"]) {
    expect([path, isAsOfPath(path)]).toEqual([path, false]);
  }
});

test("the footer carries the disclaimer", async () => {
  renderApp("/");
  expect(await screen.findByText("For educational use only. Not investment advice.")).toBeTruthy();
});

// The server answers 200 for exactly appRoutePaths (api/src/http/web-app.ts): the router must
// render a page for each, and send every other address to the Not Found page.
it("routes every shared path to a page, and everything else to Not Found", () => {
  const [layout] = buildRoutes(createMockEnvironment());
  const children = layout.children ?? [];
  const routed = children.filter((route) => route.path !== "*").map((route) => (route.index ? "/" : `/${route.path}`));
  expect(routed.sort()).toEqual([...appRoutePaths].sort());
  expect(children.at(-1)?.path).toBe("*");
});
