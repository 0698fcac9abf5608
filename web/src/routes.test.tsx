import { screen } from "@testing-library/react";
import { renderApp } from "../test/render";
import { createMockEnvironment } from "relay-test-utils";
import { answerGraphQL, signedIn } from "./pages/Auth/accountTestKit";
import { EarningsPredictorPageQuery } from "./pages/EarningsPredictor/EarningsPredictorPage";
import { GATE_ROUTES } from "./pages/FeatureGate/gates";
import { HedgeFundTrackerPageQuery } from "./pages/HedgeFundTracker/HedgeFundTrackerPage";
import { MarketVideosPageQuery } from "./pages/MarketVideos/MarketVideosPage";
import { ProScreenerPageQuery } from "./pages/ProScreener/ProScreenerPage";
import { ResearchComparePageQuery } from "./pages/ResearchCompare/ResearchComparePage";

test("an unknown path shows '404 Page Not Found'", async () => {
  renderApp("/no-such-page");
  expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  // The shell is still there.
  expect(screen.getByRole("navigation", { name: "Main sections" })).toBeTruthy();
});

test.each(GATE_ROUTES.map((g) => [g.path, g.title, g.description]))(
  "%s shows the premium gate for %s to a Basic user",
  async (path, title, description) => {
    // Each feature's page asks who is signed in before showing the gate.
    const environment = createMockEnvironment();
    const pageQueries = [HedgeFundTrackerPageQuery, EarningsPredictorPageQuery, ResearchComparePageQuery, MarketVideosPageQuery, ProScreenerPageQuery];
    answerGraphQL(environment, pageQueries, signedIn({ hasProAccess: false }));
    renderApp(path, environment);
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Pro plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.getByRole("link", { name: "Try the free screener" }).getAttribute("href")).toBe("/screener");
  },
);

test("the footer carries the disclaimer", async () => {
  renderApp("/");
  expect(await screen.findByText("For educational use only. Not investment advice.")).toBeTruthy();
});
