import type { IMocks } from "@graphql-tools/mock";
import { screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderApp } from "../../../test/render";
import { CombinedScreenerPageQuery } from "./CombinedScreenerPage";

function renderPage(mocks: IMocks) {
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(CombinedScreenerPageQuery, {});
  environment.mock.queueOperationResolver((operation) => executeAgainstSchema(operation, mocks));
  return renderApp("/combined-screener", environment);
}

const plan = (hasProAccess: boolean) => ({ PlanStatus: () => ({ hasProAccess, planId: hasProAccess ? "pro" : "basic" }) });

async function expectProOverlay() {
  const overlay = (await screen.findByRole("heading", { name: "Unlock the Combined Screener" })).closest("section")!;
  expect(within(overlay).getByText("Pro Feature")).toBeTruthy();
  expect(within(overlay).getByRole("link", { name: "Start 7-Day Free Trial" }).getAttribute("href")).toBe("/subscribe");
  expect(within(overlay).getByRole("link", { name: "Compare plans" }).getAttribute("href")).toBe("/pricing");

  // The blurred form is a picture: hidden from assistive technology, out of the tab order, no controls.
  const preview = overlay.querySelector("[inert]")!;
  expect(preview.getAttribute("aria-hidden")).toBe("true");
  expect(preview.textContent).toContain("Lookback days");
  expect(preview.querySelectorAll("input, select, button, a")).toHaveLength(0);
  expect(screen.queryByText("Run Combined Analysis", { ignore: "[aria-hidden] *" })).toBeNull();
}

test("a visitor sees the screener blurred under the Pro overlay, with the plans below", async () => {
  renderPage({ Query: () => ({ viewer: null }) });
  await expectProOverlay();
  expect(screen.getByRole("heading", { name: "Choose your plan" })).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Pro" })).getByRole("button", { name: "Start 7-Day Free Trial" })).toBeTruthy();
});

test("a Basic user sees the overlay too, and Basic marked as the current plan", async () => {
  renderPage(plan(false));
  await expectProOverlay();
  expect(within(screen.getByRole("region", { name: "Basic" })).getByRole("button", { name: "Current Plan" })).toHaveProperty("disabled", true);
});

test("a Pro user gets the screen itself (still being built), no overlay", async () => {
  renderPage(plan(true));
  expect(await screen.findByRole("heading", { name: "Combined Screener", level: 1 })).toBeTruthy();
  expect(screen.getByText(/is being built/)).toBeTruthy();
  expect(screen.queryByText("Pro Feature")).toBeNull();
  expect(document.querySelector("[inert]")).toBeNull();
});
