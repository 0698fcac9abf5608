import type { IMocks } from "@graphql-tools/mock";
import { screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderApp } from "../../../test/render";
import { AiFeaturesPageQuery } from "./AiFeaturesPage";

function renderPage(mocks: IMocks) {
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(AiFeaturesPageQuery, {});
  environment.mock.queueOperationResolver((operation) => executeAgainstSchema(operation, mocks));
  return renderApp("/ai-features", environment);
}

test("a Basic user sees the AI picks section, and the Pro sections blurred under the upgrade prompt", async () => {
  renderPage({ PlanStatus: () => ({ hasProAccess: false }) });
  expect(await screen.findByRole("heading", { name: "AI Stock Picks" })).toBeTruthy();
  const overlay = screen.getByRole("heading", { name: "Unlock hedge fund holdings and earnings predictions" }).closest("section")!;
  expect(within(overlay).getByText("Pro Feature")).toBeTruthy();
  const preview = overlay.querySelector("[inert]")!;
  expect(preview.getAttribute("aria-hidden")).toBe("true");
  expect(preview.textContent).toContain("Hedge Fund 13F Holdings");
  expect(preview.textContent).toContain("Earnings Predictions");
});

test("a Pro user sees no overlay", async () => {
  renderPage({ PlanStatus: () => ({ hasProAccess: true }) });
  expect(await screen.findByRole("heading", { name: "AI Intelligence", level: 1 })).toBeTruthy();
  expect(screen.getByText(/is being built/)).toBeTruthy();
  expect(screen.queryByText("Pro Feature")).toBeNull();
});
