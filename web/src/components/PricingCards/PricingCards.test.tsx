import { fireEvent, screen } from "@testing-library/react";
import { findToast, renderWithProviders } from "../../../test/render";
import { PricingCards } from "./PricingCards";

// A visitor's cards (no viewer). The signed-in states are covered through /pricing (PricingPage.test.tsx).

test("choosing Basic shows the 'Current Plan' toast", async () => {
  renderWithProviders(<PricingCards />);
  fireEvent.click(screen.getByRole("button", { name: "Choose Basic" }));
  expect(await findToast("Current Plan")).toBeTruthy();
  expect(await findToast("You're already on the Basic plan.")).toBeTruthy();
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
