import type { IMocks } from "@graphql-tools/mock";
import { screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { HomePageQuery } from "./HomePage";

function renderHome(mocks: IMocks) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, HomePageQuery, mocks);
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
