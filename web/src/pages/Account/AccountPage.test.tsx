import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { navigation } from "../../api/rest";
import { errorFromGraphQLErrors } from "../../relay/environment";
import { executeAgainstSchema } from "../../../test/relay";
import { findToast, renderApp } from "../../../test/render";
import { AccountPageQuery } from "./AccountPage";

const PRO_TRIAL = { planId: "pro", planType: "pro", status: "trialing", hasProAccess: true, trialEndsAt: "2026-12-01T12:00:00.000Z" };
const BASIC = { planId: "basic", planType: "basic", status: "free", hasProAccess: false, trialEndsAt: null };
const RESEARCH_KEY = {
  id: "key-1",
  name: "Research",
  prefix: "tsk_Ab3dE6gH",
  createdAt: "2026-11-20T15:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};

interface Account {
  path?: string;
  plan?: object;
  apiKeys?: object[];
  provider?: "DEMO" | "STRIPE";
}

/**
 * /account with the route's query answered from the schema. The header's query and
 * Pro since stay pending unless a test answers them (answerQuery); so do mutations.
 */
function renderAccount({ path = "/account", plan = PRO_TRIAL, apiKeys = [], provider = "DEMO" }: Account = {}) {
  const environment = createMockEnvironment();
  const mocks: IMocks = {
    Viewer: () => ({ id: "user-1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", apiKeys, proSince: "2026-11-24T09:00:00.000Z" }),
    PlanStatus: () => plan,
    BillingInfo: () => ({ provider }),
  };
  environment.mock.queuePendingOperation(AccountPageQuery, {});
  environment.mock.queueOperationResolver((operation) => executeAgainstSchema(operation, mocks));
  renderApp(path, environment);
  return { environment, answerQuery: (name: string) => answerQuery(environment, name, mocks) };
}

async function answerQuery(environment: ReturnType<typeof createMockEnvironment>, name: string, mocks: IMocks) {
  const operation = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === name));
  // Async act: the suspended component resumes on a later tick.
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks)));
}

function answerMutation(environment: ReturnType<typeof createMockEnvironment>, name: string, mocks: IMocks) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.params.name).toBe(name);
  act(() => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks)));
  return operation;
}

const planCard = () => within(screen.getByRole("region", { name: "Plan & billing" }));
const detail = (term: string) => planCard().getByText(term).nextElementSibling?.textContent;

const originalFetch = window.fetch;
afterEach(() => {
  jest.restoreAllMocks();
  window.fetch = originalFetch;
});

test("signed out: a sign-in prompt that opens the Sign In tab", async () => {
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(AccountPageQuery, {});
  environment.mock.queueOperationResolver((operation) => executeAgainstSchema(operation, { Query: () => ({ viewer: null }) }));
  renderApp("/account", environment);
  expect(await screen.findByRole("heading", { name: "Sign in to see your account" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth?tab=signin");
});

test("a Pro user sees plan, status, trial end and Pro since; Manage billing (demo) opens the portal", async () => {
  const assign = jest.spyOn(navigation, "assign").mockImplementation(() => {});
  // jsdom has no fetch: a stand-in with the part of Response that the REST client reads.
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ url: "/demo-billing-portal" }) }));
  window.fetch = fetchMock as unknown as typeof fetch;
  const { answerQuery } = renderAccount();

  expect(await screen.findByText("Signed in as Ada Lovelace (ada@example.com).")).toBeTruthy();
  expect(detail("Plan")).toBe("Pro");
  expect(detail("Status")).toBe("Free trial");
  expect(detail("Trial ends")).toBe("December 1, 2026");
  expect(planCard().getByRole("status", { name: "Loading" })).toBeTruthy();
  await answerQuery("ProSinceQuery");
  await waitFor(() => expect(detail("Pro since")).toBe("November 24, 2026"));

  fireEvent.click(planCard().getByRole("button", { name: "Manage billing (demo)" }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith("/demo-billing-portal"));
  expect(fetchMock).toHaveBeenCalledWith("/api/billing/portal", expect.objectContaining({ method: "POST" }));
});

test("with Stripe the button reads 'Manage billing', and Refresh from Stripe updates the plan", async () => {
  const { environment } = renderAccount({ provider: "STRIPE" });
  await screen.findByRole("button", { name: "Manage billing" });
  fireEvent.click(planCard().getByRole("button", { name: "Refresh from Stripe" }));
  expect(planCard().getByRole("button", { name: "Refreshing..." })).toHaveProperty("disabled", true);

  answerMutation(environment, "PlanCardRefreshMutation", { PlanStatus: () => ({ ...PRO_TRIAL, status: "active", trialEndsAt: null }) });
  expect(await findToast("Status: Active.")).toBeTruthy();
  expect(detail("Status")).toBe("Active");
  expect(detail("Trial ends")).toBe("N/A");
});

test("a Basic user is offered the trial instead of billing buttons, and Pro since stays N/A", async () => {
  renderAccount({ plan: BASIC });
  expect(await screen.findByRole("link", { name: "Start 7-Day Free Trial" })).toBeTruthy();
  expect(detail("Plan")).toBe("Basic");
  expect(detail("Pro since")).toBe("N/A");
  expect(screen.queryByRole("button", { name: /Manage billing/ })).toBeNull();
});

test("a new Basic account, after its first sign-in, is welcomed on its plan card, which offers the Pro trial", async () => {
  renderAccount({ path: "/account?welcome=1", plan: BASIC });
  await screen.findByRole("region", { name: "Plan & billing" });
  const welcome = planCard().getByRole("status");
  expect(welcome.textContent).toContain("Welcome to Tickerscope!");
  expect(welcome.textContent).toContain("Your free Basic account is ready.");
  expect(detail("Plan")).toBe("Basic");
  expect(detail("Status")).toBe("Free");
  expect(planCard().getByRole("link", { name: "Start 7-Day Free Trial" }).getAttribute("href")).toBe("/subscribe");
});

test("the welcome is for new Basic accounts only: a Pro user opening the same address sees none", async () => {
  renderAccount({ path: "/account?welcome=1", plan: PRO_TRIAL });
  expect(await screen.findByRole("button", { name: "Manage billing (demo)" })).toBeTruthy();
  expect(planCard().queryByText("Welcome to Tickerscope!")).toBeNull();
});

test("creating a key shows its secret once, with the warning, and lists the key", async () => {
  const { environment } = renderAccount();
  fireEvent.change(await screen.findByLabelText("Key name"), { target: { value: "  Research notebook " } });
  fireEvent.click(screen.getByRole("button", { name: "Create key" }));
  expect(screen.getByRole("button", { name: "Creating..." })).toHaveProperty("disabled", true);

  const operation = answerMutation(environment, "CreateApiKeyFormMutation", {
    CreateApiKeyPayload: () => ({ secret: "tsk_0123456789abcdefSECRET" }),
    ApiKey: () => ({ ...RESEARCH_KEY, id: "key-2", name: "Research notebook", prefix: "tsk_01234567" }),
  });
  expect(operation.request.variables.input).toEqual({ name: "Research notebook" });

  const secretBox = within(await screen.findByRole("region", { name: "Copy your new key “Research notebook” now" }));
  expect(secretBox.getByLabelText("Your new API key")).toHaveProperty("value", "tsk_0123456789abcdefSECRET");
  expect(secretBox.getByText("You won't see it again.")).toBeTruthy();
  expect(secretBox.getByRole("button", { name: "Copy API key" })).toBeTruthy();

  const listed = within(screen.getByRole("listitem", { name: "Research notebook" }));
  expect(listed.getByText("tsk_01234567…")).toBeTruthy();
  expect(listed.getByText("Active")).toBeTruthy();
  expect(screen.getByLabelText("Key name")).toHaveProperty("value", "");

  fireEvent.click(secretBox.getByRole("button", { name: "I've saved my key" }));
  expect(screen.queryByDisplayValue("tsk_0123456789abcdefSECRET")).toBeNull();
  expect(document.body.textContent).not.toContain("tsk_0123456789abcdefSECRET");
});

test("copying the secret puts it on the clipboard", async () => {
  const writeText = jest.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  const { environment } = renderAccount();
  fireEvent.change(await screen.findByLabelText("Key name"), { target: { value: "CI" } });
  fireEvent.click(screen.getByRole("button", { name: "Create key" }));
  answerMutation(environment, "CreateApiKeyFormMutation", { CreateApiKeyPayload: () => ({ secret: "tsk_clipboard" }) });
  fireEvent.click(await screen.findByRole("button", { name: "Copy API key" }));
  expect(writeText).toHaveBeenCalledWith("tsk_clipboard");
  expect(await screen.findByText("Copied")).toBeTruthy();
});

test("a blank key name is caught before any request; the server's message for a rejected name shows on the field", async () => {
  const { environment } = renderAccount();
  fireEvent.click(await screen.findByRole("button", { name: "Create key" }));
  expect(screen.getByText("Give the key a name, e.g. where you will use it.")).toBeTruthy();
  expect(environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === "mutation")).toHaveLength(0);

  fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "One too many" } });
  fireEvent.click(screen.getByRole("button", { name: "Create key" }));
  const error = errorFromGraphQLErrors([
    { message: "Invalid input", extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "name", message: "At most 20 active keys." }] } },
  ]);
  act(() => environment.mock.reject(environment.mock.getMostRecentOperation(), error));
  expect(await screen.findByRole("alert")).toHaveProperty("textContent", "At most 20 active keys.");
  expect(screen.getByLabelText("Key name").getAttribute("aria-invalid")).toBe("true");
  expect(await findToast("Key Not Created")).toBeTruthy();
});

test("revoking asks first, then marks the key revoked", async () => {
  const { environment } = renderAccount({ apiKeys: [RESEARCH_KEY] });
  const item = within(await screen.findByRole("listitem", { name: "Research" }));
  expect(item.getByText("Never")).toBeTruthy();
  fireEvent.click(item.getByRole("button", { name: "Revoke Research" }));

  const dialog = within(await screen.findByRole("alertdialog", { name: "Revoke “Research”?" }));
  expect(dialog.getByText(/gets 401 Unauthorized from now on/)).toBeTruthy();
  fireEvent.click(dialog.getByRole("button", { name: "Revoke key" }));

  const operation = answerMutation(environment, "ApiKeyItemRevokeMutation", {
    ApiKey: () => ({ id: "key-1", revokedAt: "2026-11-25T10:00:00.000Z" }),
  });
  expect(operation.request.variables).toEqual({ id: "key-1" });
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  const revoked = within(screen.getByRole("listitem", { name: "Research" }));
  expect(revoked.getByText("Revoked", { selector: "h3 + span" })).toBeTruthy();
  expect(revoked.getByText("Nov 25, 2026", { exact: false })).toBeTruthy();
  expect(revoked.queryByRole("button", { name: /Revoke/ })).toBeNull();
  expect(await findToast("“Research” no longer works.")).toBeTruthy();
});

test("cancelling the confirmation keeps the key", async () => {
  const { environment } = renderAccount({ apiKeys: [RESEARCH_KEY] });
  fireEvent.click(await screen.findByRole("button", { name: "Revoke Research" }));
  fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  expect(environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === "mutation")).toHaveLength(0);
  expect(within(screen.getByRole("listitem", { name: "Research" })).getByText("Active")).toBeTruthy();
});

test("without Pro, creating keys is locked behind the upgrade prompt, but existing keys can be revoked", async () => {
  renderAccount({ plan: { ...BASIC, planId: "pro", planType: "pro", status: "canceled" }, apiKeys: [RESEARCH_KEY] });
  const locked = within((await screen.findByRole("heading", { name: "API access is a Pro feature" })).closest("section")!);
  expect(locked.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/subscribe");
  expect(screen.queryByLabelText("Key name")).toBeNull();
  expect(screen.getByRole("button", { name: "Revoke Research" })).toBeTruthy();
  // The plan card says why, and offers a new subscription rather than the portal.
  expect(planCard().getByText("Your subscription has ended, so Pro features are locked.")).toBeTruthy();
  expect(planCard().getByRole("link", { name: "Subscribe to Pro again" }).getAttribute("href")).toBe("/subscribe");
  expect(planCard().queryByRole("button", { name: /Manage billing/ })).toBeNull();
});

test("'Using the API' shows a curl call with a Bearer key against this server, and links GraphiQL", async () => {
  renderAccount();
  const guide = within((await screen.findByRole("heading", { name: "Using the API" })).closest("section")!);
  const example = guide.getByLabelText("Example request").textContent ?? "";
  expect(example).toContain(`curl ${window.location.origin}/graphql`);
  expect(example).toContain('-H "Authorization: Bearer <your API key>"');
  expect(guide.getByRole("link", { name: "Open GraphiQL" }).getAttribute("href")).toBe("/graphql");
});
