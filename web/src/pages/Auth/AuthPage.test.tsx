import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { holdTimers } from "../../../test/held-timers";
import { findToast, renderApp } from "../../../test/render";
import { answerGraphQL, jsonResponse, mockRest, notifications, signedIn, signedOut, stubNavigation } from "./accountTestKit";
import { REDIRECT_AFTER_SIGN_IN_MS } from "./afterSignIn";
import { AuthPageQuery } from "./AuthPage";
import type { IMocks } from "@graphql-tools/mock";

function renderAuth(path: string, mocks: IMocks = signedOut) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, AuthPageQuery, mocks);
  return renderApp(path, environment);
}

const selectedTab = () => screen.getByRole("tab", { selected: true });
/** The selected tab's content (the header has a Sign In button too). */
const panel = () => within(screen.getByRole("tabpanel"));

async function fillCreateAccount(email: string, name: string) {
  await screen.findByRole("heading", { name: "Your Tickerscope account" });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Full Name"), { target: { value: name } });
  fireEvent.click(screen.getByRole("button", { name: "Start Free Trial" }));
}

afterEach(() => jest.restoreAllMocks());

describe("Create Account", () => {
  test("is the default tab; empty fields give 'Missing Information' and send nothing", async () => {
    const calls = mockRest({});
    renderAuth("/auth");
    await fillCreateAccount("  ", "Ada");
    expect(selectedTab().textContent).toBe("Create Account");
    expect(await findToast("Missing Information")).toBeTruthy();
    expect(notifications().getByText("Please enter both email and name to start your trial.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test("starts the trial, says 'Redirecting to Checkout' and opens the checkout URL", async () => {
    const assign = stubNavigation();
    let answer: (response: Response) => void = () => {};
    const calls = mockRest({ "POST /api/auth/create-trial": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAuth("/auth");
    await fillCreateAccount(" Ada@Example.COM ", " Ada Lovelace ");

    const busy = await screen.findByRole("button", { name: "Processing..." });
    expect(busy).toHaveProperty("disabled", true);
    expect(calls[0].body).toEqual({ email: "ada@example.com", name: "Ada Lovelace" });

    act(() => answer(jsonResponse(200, { checkoutUrl: "/demo-checkout?session_id=demo_cs_1" })));
    expect(await findToast("Redirecting to Checkout")).toBeTruthy();
    expect(notifications().getByText("Opening secure payment setup...")).toBeTruthy();
    expect(assign).toHaveBeenCalledWith("/demo-checkout?session_id=demo_cs_1");
  });

  test("an answer without a checkout URL fails with 'No checkout URL received'", async () => {
    const assign = stubNavigation();
    mockRest({ "POST /api/auth/create-trial": () => jsonResponse(200, {}) });
    renderAuth("/auth");
    await fillCreateAccount("ada@example.com", "Ada");
    expect(await findToast("Trial Setup Failed")).toBeTruthy();
    expect(notifications().getByText("No checkout URL received")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Start Free Trial" })).toHaveProperty("disabled", false);
  });

  test("shows the server's field errors next to the fields", async () => {
    mockRest({
      "POST /api/auth/create-trial": () =>
        jsonResponse(400, {
          message: "Invalid input: email",
          code: "BAD_USER_INPUT",
          errors: [{ field: "email", message: "Email must be a valid email address." }],
        }),
    });
    renderAuth("/auth");
    await fillCreateAccount("ada@", "Ada");
    expect(await findToast("Trial Setup Failed")).toBeTruthy();
    expect(notifications().getByText("Email must be a valid email address.")).toBeTruthy();
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Email must be a valid email address.");
  });

  test("a server error without a message falls back to 'Unable to start trial. Please try again.'", async () => {
    mockRest({ "POST /api/auth/create-trial": () => jsonResponse(500, "oops") });
    renderAuth("/auth");
    await fillCreateAccount("ada@example.com", "Ada");
    expect(await findToast("Unable to start trial. Please try again.")).toBeTruthy();
  });
});

describe("Create Account: Basic or the Pro trial", () => {
  test("offers both plans side by side, the Pro trial chosen by default; choosing Basic asks only for the email", async () => {
    mockRest({});
    renderAuth("/auth");
    const basic = await screen.findByRole("radio", { name: "Basic" });
    const pro = screen.getByRole("radio", { name: "Pro" });
    expect(within(screen.getByRole("group", { name: "Choose your plan" })).getAllByRole("radio")).toEqual([basic, pro]);
    expect(pro).toHaveProperty("checked", true);
    expect(document.getElementById(basic.getAttribute("aria-describedby")!)?.textContent).toMatch(/No card, no checkout/);
    expect(document.getElementById(pro.getAttribute("aria-describedby")!)?.textContent).toBe("Everything in Basic plus every Pro feature. Cancel anytime.");
    expect(screen.getByText("7-day free trial, then $30/month")).toBeTruthy();
    expect(screen.getByLabelText("Full Name")).toBeTruthy();

    fireEvent.click(basic);
    expect(basic).toHaveProperty("checked", true);
    expect(screen.queryByLabelText("Full Name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Start Free Trial" })).toBeNull();
    expect(screen.getByRole("button", { name: "Create Free Account" })).toBeTruthy();

    fireEvent.click(pro);
    expect(screen.getByRole("button", { name: "Start Free Trial" })).toBeTruthy();
  });

  test("?plan=basic chooses Basic: the email gets a link that creates the account, and the page says to check the inbox", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = mockRest({ "POST /api/auth/signin": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAuth("/auth?plan=basic");
    expect(await screen.findByRole("radio", { name: "Basic" })).toHaveProperty("checked", true);
    expect(selectedTab().textContent).toBe("Create Account");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: " New@Example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Create Free Account" }));

    expect(screen.getByRole("button", { name: "Sending Link..." })).toHaveProperty("disabled", true);
    // The same request as Sign In: the answer never says whether the email had an account.
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/signin", body: { email: "new@example.com" } }]);
    act(() => answer(jsonResponse(200, { ok: true, message: "We have sent a sign-in link to that email." })));
    expect(await panel().findByText("Check your inbox")).toBeTruthy();
    expect(panel().getByText("new@example.com")).toBeTruthy();
    expect(panel().getByRole("link", { name: /development outbox/ })).toBeTruthy();
  });

  test("a refused Basic sign-up shows 'Sign Up Failed' with the server's message (429)", async () => {
    mockRest({
      "POST /api/auth/signin": () =>
        jsonResponse(429, { message: "Too many requests. Try again in 60 seconds.", code: "RATE_LIMITED" }, { "Retry-After": "60" }),
    });
    renderAuth("/auth?plan=basic");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Free Account" }));
    expect(await findToast("Sign Up Failed")).toBeTruthy();
    expect(notifications().getByText("Too many requests. Try again in 60 seconds.")).toBeTruthy();
  });
});

describe("Sign In", () => {
  test("?tab=signin selects it; an empty email gives 'Email Required'", async () => {
    const calls = mockRest({});
    renderAuth("/auth?tab=signin");
    await screen.findByRole("heading", { name: "Your Tickerscope account" });
    expect(selectedTab().textContent).toBe("Sign In");
    expect(screen.getByText(/Use the same email you entered at checkout/)).toBeTruthy();
    fireEvent.click(panel().getByRole("button", { name: "Sign In" }));
    expect(await findToast("Email Required")).toBeTruthy();
    expect(notifications().getByText("Please enter your email address.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test("emails a link: 'Check your inbox', and the development outbox when mail is not delivered", async () => {
    const message = "We have sent a sign-in link to that email. Check your inbox; the link works once, for 15 minutes.";
    let answer: (response: Response) => void = () => {};
    const calls = mockRest({ "POST /api/auth/signin": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAuth("/auth?tab=signin");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: " Ada@Example.com" } });
    fireEvent.click(panel().getByRole("button", { name: "Sign In" }));

    expect(screen.getByRole("button", { name: "Signing In..." })).toHaveProperty("disabled", true);
    expect(calls[0].body).toEqual({ email: "ada@example.com" });
    act(() => answer(jsonResponse(200, { ok: true, message })));

    expect(await screen.findByText("Check your inbox")).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: /development outbox/ }).getAttribute("href")).toBe("/dev/outbox");
    fireEvent.click(screen.getByRole("button", { name: "Use a different email" }));
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });

  test("says nothing about an outbox when the server delivers mail", async () => {
    mockRest({ "POST /api/auth/signin": () => jsonResponse(200, { ok: true, message: "Sent." }) });
    renderAuth("/auth?tab=signin", { ...signedOut, AuthOptions: () => ({ mailDelivery: "SMTP", singleSignOn: false }) });
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(panel().getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Check your inbox")).toBeTruthy();
    expect(screen.queryByText(/development outbox/)).toBeNull();
  });

  test("a refused request shows 'Sign In Failed' with the server's message (429)", async () => {
    mockRest({
      "POST /api/auth/signin": () =>
        jsonResponse(429, { message: "Too many requests. Try again in 60 seconds.", code: "RATE_LIMITED" }, { "Retry-After": "60" }),
    });
    renderAuth("/auth?tab=signin");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(panel().getByRole("button", { name: "Sign In" }));
    expect(await findToast("Sign In Failed")).toBeTruthy();
    expect(notifications().getByText("Too many requests. Try again in 60 seconds.")).toBeTruthy();
  });

  test("a failure without a message says 'Account not found or trial expired.'; a network error 'Sign In Error'", async () => {
    let failure: () => Response = () => jsonResponse(404, "");
    mockRest({ "POST /api/auth/signin": () => failure() });
    renderAuth("/auth?tab=signin");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(panel().getByRole("button", { name: "Sign In" }));
    expect(await findToast("Account not found or trial expired.")).toBeTruthy();

    failure = () => {
      throw new TypeError("Failed to fetch");
    };
    fireEvent.click(panel().getByRole("button", { name: "Sign In" }));
    expect(await findToast("Sign In Error")).toBeTruthy();
    expect(notifications().getByText("Unable to sign in. Please try again.")).toBeTruthy();
  });

  test("an emailed link signs in on load, welcomes the user, shows the account in the header and opens / after 2 s", async () => {
    const assign = stubNavigation();
    const redirect = holdTimers(REDIRECT_AFTER_SIGN_IN_MS);
    let verified = false;
    const calls = mockRest({
      "POST /api/auth/verify-link": () => {
        verified = true;
        return jsonResponse(200, { success: true, email: "ada@example.com" });
      },
    });
    const environment = createMockEnvironment();
    answerGraphQL(environment, AuthPageQuery, () => (verified ? signedIn({ hasProAccess: true }) : signedOut));
    renderApp("/auth?signin_token=tok_123", environment);
    expect(await within(await screen.findByRole("banner")).findByRole("button", { name: "Account menu for Ada Lovelace" })).toBeTruthy();
    expect(await findToast("Sign In Successful")).toBeTruthy();
    expect(notifications().getByText("Welcome back, ada@example.com!")).toBeTruthy();
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/verify-link", body: { token: "tok_123" } }]);
    expect(selectedTab().textContent).toBe("Sign In");
    // The redirect's timer is held (not raced by the checks above, however long they take): one is set, for REDIRECT_AFTER_SIGN_IN_MS.
    expect(assign).not.toHaveBeenCalled();
    expect(redirect.pending()).toBe(1);
    act(() => redirect.fire());
    expect(assign).toHaveBeenCalledWith("/");
  });

  test("a link that created a new Basic account says so and opens its account page after 2 s", async () => {
    const assign = stubNavigation();
    const redirect = holdTimers(REDIRECT_AFTER_SIGN_IN_MS);
    let verified = false;
    mockRest({
      "POST /api/auth/verify-link": () => {
        verified = true;
        return jsonResponse(200, { success: true, email: "new@example.com", newAccount: true });
      },
    });
    const environment = createMockEnvironment();
    answerGraphQL(environment, AuthPageQuery, () => (verified ? signedIn({ hasProAccess: false }) : signedOut));
    renderApp("/auth?signin_token=tok_new", environment);
    expect(await findToast("Account Created")).toBeTruthy();
    expect(notifications().getByText("Welcome to Tickerscope, new@example.com! Your free Basic account is ready.")).toBeTruthy();
    expect(panel().getByText(/Your free Basic account is ready. Taking you to your account/)).toBeTruthy();
    expect(redirect.pending()).toBe(1);
    act(() => redirect.fire());
    expect(assign).toHaveBeenCalledWith("/account?welcome=1");
  });

  test("a used or expired link shows the server's message on the Sign In tab", async () => {
    const assign = stubNavigation();
    const message = "This sign-in link is invalid, has expired or was already used. Request a new one.";
    mockRest({
      "POST /api/auth/verify-link": () => jsonResponse(400, { message, code: "BAD_USER_INPUT", errors: [{ field: "token", message }] }),
    });
    renderAuth("/auth?signin_token=used");
    expect(await findToast("Sign In Failed")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(message);
    expect(selectedTab().textContent).toBe("Sign In");
    // The form is there to ask for a new link.
    expect(panel().getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("Status (back from checkout)", () => {
  const trialEnd = "2026-12-08T12:00:00.000Z";

  test("?session_id= activates on load: Account Activated card, toast, the header signed in, then / after 2000 ms", async () => {
    const assign = stubNavigation();
    const redirect = holdTimers(REDIRECT_AFTER_SIGN_IN_MS);
    let activated = false;
    const calls = mockRest({
      "POST /api/auth/activate": () => {
        activated = true;
        return jsonResponse(200, { success: true, email: "ada@example.com", status: "trialing", trialEnd, signedIn: true });
      },
      "POST /api/billing/refresh": () =>
        jsonResponse(200, { status: "active", planId: "pro", plan_type: "pro", subscription_status: "active", has_access_to_pro: true, trialEndsAt: null }),
    });
    // The server answers as the session stands: signed out until the activation signs this browser in.
    const environment = createMockEnvironment();
    answerGraphQL(environment, AuthPageQuery, () => (activated ? signedIn({ hasProAccess: true }) : signedOut));
    renderApp("/auth?session_id=demo_cs_abc", environment);
    const header = within(await screen.findByRole("banner"));

    expect(await screen.findByRole("heading", { name: "Account Activated" })).toBeTruthy();
    expect(selectedTab().textContent).toBe("Status");
    expect(calls[0]).toEqual({ method: "POST", path: "/api/auth/activate", body: { sessionId: "demo_cs_abc" } });
    expect(panel().getByText("ada@example.com")).toBeTruthy();
    expect(panel().getByText("Free trial")).toBeTruthy();
    expect(panel().getByText(new Date(trialEnd).toLocaleDateString("en-US", { dateStyle: "long" }))).toBeTruthy();
    expect(screen.getByRole("link", { name: "Access Screener" }).getAttribute("href")).toBe("/screener");
    expect(await findToast("Account Activated!")).toBeTruthy();
    expect(notifications().getByText("Your 7-day free trial has started.")).toBeTruthy();
    // "You're signed in" is true of the header too, before the page opens /.
    expect(panel().getByText(/You're signed in/)).toBeTruthy();
    expect(await header.findByRole("button", { name: "Account menu for Ada Lovelace" })).toBeTruthy();
    expect(header.queryByRole("button", { name: "Sign In" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Refresh from demo billing" }));
    expect(await findToast("Subscription Refreshed")).toBeTruthy();
    expect(panel().getByText("Active")).toBeTruthy();
    expect(panel().getByText("N/A")).toBeTruthy();

    // The redirect's timer is held (not raced by the checks above, however long they take): one is set, for REDIRECT_AFTER_SIGN_IN_MS.
    expect(assign).not.toHaveBeenCalled();
    expect(redirect.pending()).toBe(1);
    act(() => redirect.fire());
    expect(assign).toHaveBeenCalledWith("/");
  });

  test("names Stripe on the refresh button when Stripe takes the payments", async () => {
    stubNavigation();
    mockRest({
      "POST /api/auth/activate": () => jsonResponse(200, { success: true, email: "ada@example.com", status: "trialing", trialEnd: null }),
    });
    renderAuth("/auth?session_id=cs_test_1", { ...signedOut, BillingInfo: () => ({ provider: "STRIPE" }) });
    expect(await screen.findByRole("button", { name: "Refresh from Stripe" })).toBeTruthy();
    expect(screen.getByText("N/A")).toBeTruthy();
  });

  test("an account that must sign in by email stays here with the server's explanation", async () => {
    const assign = stubNavigation();
    const redirect = holdTimers(REDIRECT_AFTER_SIGN_IN_MS);
    const message = "Your subscription is recorded. This email already had an account, so sign in with the emailed link to use it.";
    mockRest({
      "POST /api/auth/activate": () =>
        jsonResponse(200, { success: true, email: "ada@example.com", status: "trialing", trialEnd, signedIn: false, message }),
    });
    renderAuth("/auth?session_id=demo_cs_abc");
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in by email" }));
    expect(selectedTab().textContent).toBe("Sign In");
    // No redirect was set up at all (rather than none having fired yet).
    expect(redirect.pending()).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  test("a failed activation says 'Activation Error' - 'Unable to activate account.' and shows why", async () => {
    const assign = stubNavigation();
    mockRest({
      "POST /api/auth/activate": () =>
        jsonResponse(400, { message: "This checkout session is not a finished Tickerscope checkout.", code: "BAD_USER_INPUT" }),
    });
    renderAuth("/auth?session_id=forged");
    expect(await findToast("Activation Error")).toBeTruthy();
    expect(notifications().getByText("Unable to activate account.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("This checkout session is not a finished Tickerscope checkout.");
    expect(assign).not.toHaveBeenCalled();
  });
});

test("a signed-in visitor is sent to /", async () => {
  mockRest({});
  const { router } = renderAuth("/auth", signedIn({ hasProAccess: false }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/"));
});

test("explains a failed single sign-on and opens the Sign In tab", async () => {
  mockRest({});
  renderAuth("/auth?error=sso_failed");
  expect(await screen.findByText("Single sign-on failed")).toBeTruthy();
  expect(selectedTab().textContent).toBe("Sign In");
});

test("the footer states the offer, not unverified usage figures; tabs follow the arrow keys", async () => {
  mockRest({});
  renderAuth("/auth");
  await screen.findByRole("heading", { name: "Your Tickerscope account" });
  const stats = screen.getByRole("list", { name: "The Pro plan" });
  expect(stats.textContent).toContain("Free trial");
  expect(stats.textContent).toContain("Cancel online");
  expect(document.body.textContent).not.toMatch(/500\+|99\.9%/);

  fireEvent.keyDown(selectedTab(), { key: "ArrowRight" });
  expect(selectedTab().textContent).toBe("Sign In");
  fireEvent.keyDown(selectedTab(), { key: "End" });
  expect(selectedTab().textContent).toBe("Status");
  expect(screen.getByText(/Your account status appears here/)).toBeTruthy();
});
