import type { IMocks } from "@graphql-tools/mock";
import { screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { TRACK_RECORD } from "../AiFeatures/aiPicksTestData";
import { HomePageQuery, HomePageTrackRecordQuery } from "./HomePage";

function renderHome(mocks: IMocks, trackRecord: object = TRACK_RECORD) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, [HomePageQuery, HomePageTrackRecordQuery], { AiTrackRecord: () => trackRecord, ...mocks });
  return renderApp("/", environment);
}

/** The hero, once the lazily loaded page is in (the header has its own Sign In). */
async function hero() {
  return within((await screen.findByRole("heading", { level: 1 })).parentElement!);
}

test("a visitor is offered the free trial and sign-in, both on /auth", async () => {
  renderHome(signedOut);
  const buttons = await hero();
  expect((await buttons.findByRole("link", { name: "Start Free Trial (7 Days)" })).getAttribute("href")).toBe("/auth");
  expect(buttons.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth?tab=signin");
  expect(buttons.queryByRole("link", { name: "Access Screener" })).toBeNull();
});

test("a signed-in user goes straight to the screener", async () => {
  renderHome(signedIn({ hasProAccess: false }));
  const buttons = await hero();
  expect((await buttons.findByRole("link", { name: "Access Screener" })).getAttribute("href")).toBe("/screener");
  expect(buttons.queryByRole("link", { name: "Start Free Trial (7 Days)" })).toBeNull();
  expect(buttons.queryByRole("link", { name: "Sign In" })).toBeNull();
});

test("the AI picks' measured track record, never the spec's marketing claims", async () => {
  renderHome(signedOut);
  const card = within((await screen.findByRole("heading", { name: "AI picks with a published track record" })).closest("article")!);
  // The IC and the excess return each with its interval, "not significant" when it includes zero.
  expect(card.getByText(/^Walk-forward/).textContent).toBe(
    "Walk-forward, Mar 2019 – May 2019 (2 monthly rebalances, 10 bps costs): mean IC 0.031 (95 % interval −0.012 to 0.074, not significant); " +
      "the AI top 5 against the equal-weight members +0.50 % (95 % interval −0.50 % to +1.50 %, not significant) a month. Best simple rule: 1-month reversal, mean IC 0.041.",
  );
  // No edge over the best simple rule: the verdict says so.
  expect(card.getByText("No edge shown.").closest("p")!.textContent).toBe(
    "No edge shown. The model's IC is not above 1-month reversal's: read its picks as a ranking, not a demonstrated forecast.",
  );
  expect(card.getByRole("link", { name: "See every month's picks and how it is measured" }).getAttribute("href")).toBe("/ai-features#track-record");
  expect(document.body.textContent).not.toMatch(/73 ?%|23 ?% alpha/);
});

test("no track-record card until the record is computed", async () => {
  renderHome(signedOut, { ...TRACK_RECORD, status: "COMPUTING", strategies: [], rebalances: [], curve: [] });
  await screen.findByRole("heading", { name: /Why professionals choose Tickerscope/ });
  await screen.findByRole("link", { name: "Start Free Trial (7 Days)" });
  expect(screen.queryByRole("heading", { name: "AI picks with a published track record" })).toBeNull();
  expect(screen.queryByText(/Walk-forward/)).toBeNull();
});

test("claims only what the data backs: no options claim, since there is no options data", async () => {
  renderHome(signedOut);
  const signals = await screen.findByRole("list", { name: "Screening signals" });
  expect(within(signals).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "5-over-20 moving average",
    "News sentiment",
    "Earnings-date filter",
    "Beta analysis",
    "Volume momentum",
  ]);
  expect(document.body.textContent).not.toMatch(/options/i);
});
