import { screen } from "@testing-library/react";
import { renderApp } from "../test/render";
import { GATE_ROUTES } from "./pages/FeatureGate/gates";

test("an unknown path shows '404 Page Not Found'", async () => {
  renderApp("/no-such-page");
  expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  // The shell is still there.
  expect(screen.getByRole("navigation", { name: "Main sections" })).toBeTruthy();
});

test.each(GATE_ROUTES.map((g) => [g.path, g.title, g.description]))(
  "%s shows the premium gate for %s",
  async (path, title, description) => {
    renderApp(path);
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
