import { screen, within } from "@testing-library/react";
import { renderApp } from "../../../test/render";

test("marks the tab for the current path as active", async () => {
  renderApp("/pricing");
  await screen.findByRole("heading", { name: "Simple, transparent pricing" });
  const nav = screen.getByRole("navigation", { name: "Main sections" });
  expect(within(nav).getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
  expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  expect(within(nav).getAllByRole("link").filter((l) => l.getAttribute("aria-current") === "page")).toHaveLength(1);
});

test("Home is active only on /", async () => {
  renderApp("/");
  const nav = await screen.findByRole("navigation", { name: "Main sections" });
  expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
});

test("shows the premium icon on Combined Screener and AI Intelligence only", async () => {
  renderApp("/");
  const nav = await screen.findByRole("navigation", { name: "Main sections" });
  const links = within(nav).getAllByRole("link");
  expect(links.map((l) => l.textContent)).toEqual([
    "Home",
    "Basic Screener",
    "News Analysis",
    "Combined Screener",
    "AI Intelligence",
    "Pricing",
    "Contact",
  ]);
  const premium = links.filter((l) => within(l).queryByRole("img", { name: "Pro feature" }));
  expect(premium.map((l) => l.getAttribute("href"))).toEqual(["/combined-screener", "/ai-features"]);
});
