import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { PricingCards } from "./PricingCards";

// A visitor's cards (no viewer). The signed-in states are covered through /pricing (PricingPage.test.tsx).

test("choosing Basic leads a visitor to Create Account with the free Basic plan chosen", () => {
  renderWithProviders(<PricingCards />);
  expect(screen.getByRole("link", { name: "Choose Basic" }).getAttribute("href")).toBe("/auth?plan=basic");
  expect(screen.queryByRole("button", { name: "Choose Basic" })).toBeNull();
});

test("choosing Pro posts a plain form to /api/create-subscription", () => {
  renderWithProviders(<PricingCards />);
  const button = screen.getByRole("button", { name: "Start 7-Day Free Trial" });
  const form = button.closest("form");
  expect(form?.getAttribute("method")).toBe("post");
  expect(form?.getAttribute("action")).toBe("/api/create-subscription");
  expect(form?.querySelectorAll("input")).toHaveLength(0);
  expect(screen.getByText("$30")).toBeTruthy();
  expect(screen.getByText("Full screen results with CSV export")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Current Plan" })).toBeNull();
});
