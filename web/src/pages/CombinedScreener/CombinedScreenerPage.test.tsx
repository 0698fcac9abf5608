import { fireEvent, screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { clearScreenSession } from "../../components/ScreenForm/screenSession";
import { mockTableViewport } from "../../components/ScreenResults/resultsTableTesting";
import { answerPageQueries, pendingOperation, pendingOperations, resolveOperation, screenerMocks, type ViewerFixture } from "../Screener/screenerTestData";

beforeEach(() => {
  clearScreenSession();
  mockTableViewport();
});
afterEach(() => jest.restoreAllMocks());

async function renderPage(fixture: ViewerFixture) {
  const environment = createMockEnvironment();
  const mocks = screenerMocks(fixture);
  renderApp("/combined-screener", environment);
  await answerPageQueries(environment, mocks);
  await screen.findByRole("heading", { name: "Combined Screener", level: 1 });
  return { environment, mocks };
}

async function expectBlurredForm() {
  const overlay = (await screen.findByRole("heading", { name: "Unlock the Combined Screener" })).closest("section")!;
  expect(within(overlay).getByText("Pro Feature")).toBeTruthy();
  expect(within(overlay).getByRole("link", { name: "Start 7-Day Free Trial" }).getAttribute("href")).toBe("/subscribe");
  expect(within(overlay).getByRole("link", { name: "Compare plans" }).getAttribute("href")).toBe("/pricing");

  // The real form, blurred: hidden from assistive technology and out of reach (inert), never sent.
  const preview = overlay.querySelector("[inert]") as HTMLElement;
  expect(preview.getAttribute("aria-hidden")).toBe("true");
  expect((within(preview).getByLabelText("Lookback days") as HTMLInputElement).value).toBe("120");
  expect(within(preview).getByLabelText("Universe")).toBeTruthy();
  expect(screen.queryByRole("form", { name: "Combined analysis parameters" })).toBeNull();
}

async function expectRunRefused(environment: ReturnType<typeof createMockEnvironment>) {
  fireEvent.click(screen.getByRole("button", { name: "Run Combined Analysis" }));
  const refused = (await screen.findByText("Pro Feature Required")).closest("li") as HTMLElement;
  expect(within(refused).getByText("Upgrade to Pro to access combined technical + sentiment analysis.")).toBeTruthy();
  expect(pendingOperations(environment, "useScreenRunCombinedQuery")).toHaveLength(0);
}

test("a visitor sees the form blurred under the Pro overlay, is refused with a toast on running, and sees the plans", async () => {
  const { environment } = await renderPage({ signedIn: false });
  await expectBlurredForm();
  await expectRunRefused(environment);
  expect(screen.getByRole("heading", { name: "Choose your plan" })).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Pro" })).getByRole("button", { name: "Start 7-Day Free Trial" })).toBeTruthy();
});

test("a Basic user sees the overlay too, and Basic marked as the current plan", async () => {
  const { environment } = await renderPage({ signedIn: true, pro: false });
  await expectBlurredForm();
  await expectRunRefused(environment);
  expect(within(screen.getByRole("region", { name: "Basic" })).getByRole("button", { name: "Current Plan" })).toHaveProperty("disabled", true);
});

test("a Pro user gets the form and graded results, with no overlay", async () => {
  const { environment, mocks } = await renderPage({ signedIn: true, pro: true });
  expect(screen.queryByText("Pro Feature")).toBeNull();
  expect(document.querySelector("[inert]")).toBeNull();
  const form = within(screen.getByRole("form", { name: "Combined analysis parameters" }));
  fireEvent.change(form.getByLabelText("Universe"), { target: { value: "MANUAL" } });
  fireEvent.click(form.getByRole("button", { name: "Run Combined Analysis" }));

  const run = await pendingOperation(environment, "useScreenRunCombinedQuery");
  expect(run.request.variables.input).toMatchObject({ universe: "MANUAL", tickers: ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"] });
  expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);
  await resolveOperation(environment, run, mocks);
  expect(await screen.findByText("Combined Analysis Complete")).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Combined analysis results" })).getByText("NVDA")).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Saved screens" })).getByLabelText("Name")).toBeTruthy();
});
