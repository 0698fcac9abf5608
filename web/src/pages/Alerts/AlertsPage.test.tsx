import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderApp } from "../../../test/render";
import { errorFromGraphQLErrors } from "../../relay/environment";
import { answerGraphQL, expectLoadedQueries, signedIn, signedOut } from "../Auth/accountTestKit";
import { AlertsPageQuery } from "./AlertsPage";

const AS_OF = "2020-04-22";
/** Trading days up to the as-of day (weekdays of April 2020 but Good Friday, the 10th). */
const TRADING_DAYS = ["2020-03-27", "2020-03-30", "2020-03-31", "2020-04-01", "2020-04-02", "2020-04-03", "2020-04-06", "2020-04-07", "2020-04-08", "2020-04-09", "2020-04-13", "2020-04-14", "2020-04-15", "2020-04-16", "2020-04-17", "2020-04-20", "2020-04-21", "2020-04-22"];
const COVERAGE = {
  defaultAsOf: AS_OF,
  latestPriceDate: "2021-04-21",
  prices: [{ source: "alphavantage-snapshot", firstDate: "2018-01-02", lastDate: "2021-04-21", bars: 100, tickers: 500 }],
  days: TRADING_DAYS.map((date) => ({ date, articles: 0, tickersWithPrices: 500, tickersWithNews: 0, sp500Members: 0, sp500MembersWithPrices: 0, sp500TickersWithNews: 0 })),
  sp500Months: [],
};

const NO_PARAMS = { direction: null, level: null, percent: null, fast: null, slow: null, minArticles: null, action: null, days: null, change: null, fundCik: null };
const NO_FIRINGS = { edges: [] };

type AlertRecord = Record<string, unknown> & { id: string; name: string; paused: boolean };

function sampleAlerts(): AlertRecord[] {
  return [
    {
      id: "Alert:a1",
      name: "Apple breakout",
      condition: "PRICE_CROSS",
      params: { ...NO_PARAMS, direction: "above", level: 150 },
      ticker: "AAPL",
      watchlist: null,
      savedScreen: null,
      channels: ["EMAIL"],
      emailMode: "IMMEDIATE",
      paused: false,
      webhookUrl: null,
      webhookSecret: null,
      firings: NO_FIRINGS,
    },
    {
      id: "Alert:a2",
      name: "Trend turn",
      condition: "SMA_CROSS",
      params: { ...NO_PARAMS, direction: "above", fast: 5, slow: 20 },
      ticker: null,
      watchlist: { id: "Watchlist:w1", name: "Dividend ideas", tickers: ["KO", "PEP"] },
      savedScreen: null,
      channels: [],
      emailMode: "IMMEDIATE",
      paused: false,
      webhookUrl: null,
      webhookSecret: null,
      firings: NO_FIRINGS,
    },
    {
      id: "Alert:a3",
      name: "Momentum entries",
      condition: "SCREEN_ENTER",
      params: NO_PARAMS,
      ticker: null,
      watchlist: null,
      savedScreen: { id: "SavedScreen:s1", name: "Momentum", kind: "BASIC" },
      channels: ["EMAIL", "WEBHOOK"],
      emailMode: "DIGEST",
      paused: true,
      webhookUrl: "https://example.com/hooks/tickerscope",
      webhookSecret: "whsec_0123456789abcdef",
      firings: NO_FIRINGS,
    },
  ];
}

const FIRING = {
  id: "AlertFiring:f1",
  summary: "AAPL closed at 152.30 on 2020-04-22, above 150.00 (148.10 on 2020-04-21).",
  day: "2020-04-22",
  ticker: "AAPL",
  origin: "replay",
  read: false,
  firedAt: "2025-01-01T12:00:00.000Z",
  level: 150,
  source: "Alpha Vantage daily prices (bundled snapshot)",
  evidenceJson: JSON.stringify({ measure: "close", level: 150, before: { day: "2020-04-21", value: 148.1 }, after: { day: "2020-04-22", value: 152.3 } }),
  before: { day: "2020-04-21", value: 148.1 },
  after: { day: "2020-04-22", value: 152.3 },
  alert: { id: "Alert:a1", name: "Apple breakout" },
  deliveries: [{ id: "d-1", channel: "email", status: "delivered", attempts: 1, nextAttemptAt: "2025-01-01T12:00:00.000Z", deliveredAt: "2025-01-01T12:00:01.000Z", lastStatusCode: null, lastError: null }],
};

const HISTORY = {
  from: "2018-01-02",
  to: "2021-04-21",
  source: "Alpha Vantage daily prices (bundled snapshot)",
  available: true,
  total: 2,
  ms: 42,
  warnings: [],
  horizons: [
    { days: 5, measured: 2, meanStock: 0.02, meanUniverse: 0.005, meanExcess: 0.015, excessLow: -0.01, excessHigh: 0.04, hitRate: 0.5 },
    { days: 21, measured: 1, meanStock: 0.05, meanUniverse: 0.01, meanExcess: 0.04, excessLow: null, excessHigh: null, hitRate: 1 },
  ],
  firings: [
    { ticker: "AAPL", day: "2021-04-12", summary: "AAPL closed at 151.00 on 2021-04-12, above 150.00.", forward: [{ days: 5, stock: 0.01, universe: 0.002, excess: 0.008 }, { days: 21, stock: null, universe: null, excess: null }] },
    { ticker: "AAPL", day: "2020-08-03", summary: "AAPL closed at 152.00 on 2020-08-03, above 150.00.", forward: [{ days: 5, stock: 0.03, universe: 0.008, excess: 0.022 }, { days: 21, stock: 0.05, universe: 0.01, excess: 0.04 }] },
  ],
};

const WATCHLIST = { id: "Watchlist:w1", name: "Dividend ideas", tickers: ["KO", "PEP"] };
const SAVED_SCREEN = { id: "SavedScreen:s1", name: "Momentum", kind: "BASIC" };

/** updateAlert as the server applies it: a null field keeps the stored value, a new target replaces the old one. */
function updateAlert(alert: AlertRecord, input: Record<string, unknown>) {
  const given = (field: string) => input[field] !== null && input[field] !== undefined;
  for (const field of ["name", "condition", "channels", "emailMode"]) if (given(field)) alert[field] = input[field];
  if (given("params")) alert.params = { ...NO_PARAMS, ...(input.params as object) };
  if (given("ticker") || given("watchlistId") || given("savedScreenId")) {
    alert.ticker = input.ticker ?? null;
    alert.watchlist = input.watchlistId === WATCHLIST.id ? WATCHLIST : null;
    alert.savedScreen = input.savedScreenId === SAVED_SCREEN.id ? SAVED_SCREEN : null;
  }
  if (given("webhookUrl")) alert.webhookUrl = input.webhookUrl || null;
  return alert;
}

interface Server {
  alerts: AlertRecord[];
  firings: (typeof FIRING)[];
  unread: number;
  pro: boolean;
  /** Operations by name, with their variables, as the page sent them. */
  asked: { name: string; variables: Record<string, unknown> }[];
}

/**
 * The server as the page meets it: the viewer's alerts, watchlist, saved screen and firings; each
 * mutation changes them. `reply` may answer an operation itself (an error, say).
 */
function renderAlerts(options: { pro?: boolean; alerts?: AlertRecord[]; reply?: (operation: OperationDescriptor) => Error | null } = {}) {
  const server: Server = { alerts: options.alerts ?? sampleAlerts(), firings: [FIRING], unread: 1, pro: options.pro ?? false, asked: [] };
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(AlertsPageQuery, {});
  expectLoadedQueries(environment);
  const mocksFor = (operation: OperationDescriptor): IMocks => {
    const { name } = operation.request.node.params;
    const variables = operation.request.variables;
    server.asked.push({ name, variables });
    if (name === "AlertCardPauseMutation") {
      const alert = server.alerts.find((candidate) => candidate.id === variables.id)!;
      alert.paused = variables.paused as boolean;
    }
    if (name === "AlertNotificationsMarkReadMutation") server.unread = 0;
    const updated = name === "AlertFormUpdateMutation" ? updateAlert(server.alerts.find((alert) => alert.id === variables.id)!, variables.input as Record<string, unknown>) : null;
    const user = signedIn({ hasProAccess: server.pro });
    const viewer = (user.Viewer as () => object)();
    return {
      ...user,
      Viewer: () => ({ ...viewer, unreadAlertCount: server.unread, savedScreens: [SAVED_SCREEN] }),
      AuthOptions: () => ({ mailDelivery: "DEV_OUTBOX", singleSignOn: false }),
      BillingInfo: () => ({ provider: "DEMO", priceCents: 3000, currency: "usd", interval: "month", trialDays: 7, publishableKey: null }),
      DataCoverage: () => COVERAGE,
      AlertLimits: () => (server.pro ? { alerts: 200, webhooks: true } : { alerts: 3, webhooks: false }),
      ViewerAlertsConnection: () => ({ edges: server.alerts.map((node) => ({ node: { ...node } })) }),
      PageInfo: () => ({ hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null }),
      ViewerAlertFiringsConnection: () => ({ edges: server.firings.map((node) => ({ node: { ...node, read: server.unread === 0 } })) }),
      ViewerWatchlistsConnection: () => ({ edges: [{ node: WATCHLIST }] }),
      AlertHistory: () => HISTORY,
      MarkAlertFiringsReadPayload: () => ({ marked: 1, unread: 0 }),
      AlertReplayPayload: () => ({ firings: 3, ms: 1200, days: TRADING_DAYS.slice(2, 12).map((day, index) => ({ day, firings: index === 0 ? 3 : 0 })) }),
      Mutation: () => ({
        setAlertPaused: { alert: server.alerts.find((alert) => alert.id === variables.id) },
        ...(updated ? { updateAlert: { alert: updated } } : {}),
      }),
      // A card's saved history: Alert.history by the alert's id.
      ...(name === "AlertCardHistoryQuery" ? { Query: () => ({ node: { __typename: "Alert", ...server.alerts.find((alert) => alert.id === variables.id) } }) } : {}),
      // No live firings arrive unless a test sends them.
      Subscription: () => ({ alertFired: [] }),
    };
  };
  const resolver = (operation: OperationDescriptor) => {
    // A fresh function each time: the queue drops a used resolver by identity.
    environment.mock.queueOperationResolver(resolver.bind(null));
    return options.reply?.(operation) ?? executeAgainstSchema(operation, mocksFor(operation));
  };
  environment.mock.queueOperationResolver(resolver.bind(null));
  const utils = renderApp(`/alerts?asOf=${AS_OF}`, environment);
  return { ...utils, server };
}

/** An alert's card on the list, by its name. */
const card = (name: string) => within(screen.getByRole("region", { name }));

/** The text an input's aria-describedby points at (its error, or its hint). */
const describedBy = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

afterEach(() => jest.restoreAllMocks());

test("a visitor is asked to sign in", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, AlertsPageQuery, { ...signedOut, DataCoverage: () => COVERAGE });
  renderApp("/alerts", environment);
  expect(await screen.findByRole("link", { name: "Sign In" })).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Alerts" })).toBeNull();
});

test("each alert says its condition in plain English, with its target, channels and state", async () => {
  renderAlerts();
  expect(await screen.findByRole("heading", { name: "Alerts", level: 1 })).toBeTruthy();
  const apple = card("Apple breakout");
  expect(apple.getByText("Close crosses above $150.00")).toBeTruthy();
  expect(apple.getByRole("link", { name: "AAPL" }).getAttribute("href")).toBe("/stocks/AAPL");
  expect(apple.getByText("In the app, email (immediately)")).toBeTruthy();
  expect(apple.getByText("Active")).toBeTruthy();

  const trend = card("Trend turn");
  expect(trend.getByText("SMA 5 crosses above SMA 20")).toBeTruthy();
  expect(trend.getByRole("link", { name: "Dividend ideas" }).getAttribute("href")).toBe("/watchlists");

  const momentum = card("Momentum entries");
  expect(momentum.getByText("Enters saved screen “Momentum”")).toBeTruthy();
  expect(momentum.getByText("Paused")).toBeTruthy();
  expect(momentum.getByText("https://example.com/hooks/tickerscope")).toBeTruthy();
  // The signing secret shows only when asked for.
  expect(momentum.queryByText("whsec_0123456789abcdef")).toBeNull();
  fireEvent.click(momentum.getByRole("button", { name: "Reveal" }));
  expect(momentum.getByText("whsec_0123456789abcdef")).toBeTruthy();
  expect(momentum.getByRole("button", { name: "Copy the signing secret of Momentum entries" })).toBeTruthy();

  // Basic keeps 3: the limit is said where the form would be.
  expect(screen.getByText("3 of 3")).toBeTruthy();
  expect(screen.getByText("Alert limit reached")).toBeTruthy();
  expect(screen.queryByRole("form", { name: "New alert" })).toBeNull();
});

test("pause and resume", async () => {
  const { server } = renderAlerts();
  await screen.findByRole("heading", { name: "Apple breakout" });
  const apple = card("Apple breakout");
  fireEvent.click(apple.getByRole("button", { name: "Pause Apple breakout" }));
  await waitFor(() => expect(apple.getByText("Paused")).toBeTruthy());
  expect(server.alerts[0]!.paused).toBe(true);
  expect(server.asked.find((operation) => operation.name === "AlertCardPauseMutation")?.variables).toEqual({ id: "Alert:a1", paused: true });
  fireEvent.click(apple.getByRole("button", { name: "Resume Apple breakout" }));
  await waitFor(() => expect(apple.getByText("Active")).toBeTruthy());
  expect(server.alerts[0]!.paused).toBe(false);
});

test("creating an alert: the server's field errors show beside their inputs", async () => {
  const sent: Record<string, unknown>[] = [];
  const reply = (operation: OperationDescriptor) => {
    if (operation.request.node.params.name !== "AlertFormCreateMutation") return null;
    sent.push(operation.request.variables.input as Record<string, unknown>);
    return errorFromGraphQLErrors([
      {
        message: "Invalid input: name, params.level, ticker.",
        extensions: {
          code: "BAD_USER_INPUT",
          fieldErrors: [
            { field: "name", message: 'You already have an alert named "Apple breakout".' },
            { field: "params.level", message: "level must be between 0.01 and 1000000" },
            { field: "ticker", message: "Unknown ticker ZZZQ." },
          ],
        },
      },
    ]);
  };
  renderAlerts({ alerts: sampleAlerts().slice(0, 1), reply });
  const form = within(await screen.findByRole("form", { name: "New alert" }));
  fireEvent.change(form.getByRole("textbox", { name: "Name" }), { target: { value: "Apple breakout" } });
  fireEvent.change(form.getByRole("textbox", { name: "Ticker" }), { target: { value: "zzzq" } });
  fireEvent.change(form.getByRole("spinbutton", { name: "Price (USD)" }), { target: { value: "0" } });
  fireEvent.click(form.getByRole("button", { name: "Create alert" }));

  const name = form.getByRole("textbox", { name: "Name" });
  await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
  expect(describedBy(name)).toBe('You already have an alert named "Apple breakout".');
  const level = form.getByRole("spinbutton", { name: "Price (USD)" });
  expect(level.getAttribute("aria-invalid")).toBe("true");
  expect(describedBy(level)).toBe("level must be between 0.01 and 1000000");
  expect(describedBy(form.getByRole("textbox", { name: "Ticker" }))).toBe("Unknown ticker ZZZQ.");
  expect(sent).toEqual([
    { name: "Apple breakout", condition: "PRICE_CROSS", params: { direction: "above", level: 0 }, ticker: "ZZZQ", watchlistId: null, savedScreenId: null, channels: ["EMAIL"], emailMode: "IMMEDIATE", webhookUrl: null },
  ]);
  // Typing again clears that input's error only.
  fireEvent.change(name, { target: { value: "Apple at 150" } });
  expect(name.getAttribute("aria-invalid")).toBeNull();
  expect(level.getAttribute("aria-invalid")).toBe("true");
});

test("editing an alert: the form starts from it with its history; Save changes updates the card", async () => {
  const { server } = renderAlerts();
  await screen.findByRole("heading", { name: "Apple breakout" });
  const apple = card("Apple breakout");
  const savedHistories = () => server.asked.filter((operation) => operation.name === "AlertCardHistoryQuery").length;
  fireEvent.click(apple.getByRole("button", { name: "History" }));
  await apple.findByRole("region", { name: "Apple breakout: history" });
  expect(savedHistories()).toBe(1);
  fireEvent.click(apple.getByRole("button", { name: "Edit Apple breakout" }));
  const form = within(apple.getByRole("form", { name: "Edit Apple breakout" }));
  const name = form.getByRole("textbox", { name: "Name" });
  await waitFor(() => expect(document.activeElement).toBe(name));
  expect(valueOf(name)).toBe("Apple breakout");
  expect(checked(form.getByRole("radio", { name: "A ticker" }))).toBe(true);
  expect(valueOf(form.getByRole("textbox", { name: "Ticker" }))).toBe("AAPL");
  expect(valueOf(form.getByRole("combobox", { name: "Condition" }))).toBe("PRICE_CROSS");
  expect(valueOf(form.getByRole("combobox", { name: "Direction" }))).toBe("above");
  expect(checked(form.getByRole("checkbox", { name: "Email" }))).toBe(true);
  expect(checked(form.getByRole("radio", { name: "Immediately" }))).toBe(true);
  const level = form.getByRole("spinbutton", { name: "Price (USD)" });
  expect(valueOf(level)).toBe("150");

  // The history shows at once, and follows the edits.
  const previews = () => server.asked.filter((operation) => operation.name === "AlertHistoryPreviewQuery").map((operation) => operation.variables.input);
  const preview = (level: number) => ({ name: "Preview", condition: "PRICE_CROSS", params: { direction: "above", level }, ticker: "AAPL", watchlistId: null, savedScreenId: null });
  await screen.findByRole("region", { name: "History of Apple breakout with your changes" });
  expect(previews()).toEqual([preview(150)]);
  fireEvent.change(level, { target: { value: "160" } });
  await waitFor(() => expect(previews()).toEqual([preview(150), preview(160)]), { timeout: 3000 });

  fireEvent.click(form.getByRole("button", { name: "Save changes" }));
  await waitFor(() => expect(apple.getByText("Close crosses above $160.00")).toBeTruthy());
  expect(apple.queryByRole("form")).toBeNull();
  expect(document.activeElement).toBe(apple.getByRole("button", { name: "Edit Apple breakout" }));
  expect(server.asked.filter((operation) => operation.name === "AlertFormUpdateMutation").map((operation) => operation.variables)).toEqual([
    {
      id: "Alert:a1",
      input: { name: "Apple breakout", condition: "PRICE_CROSS", params: { direction: "above", level: 160 }, ticker: "AAPL", watchlistId: null, savedScreenId: null, channels: ["EMAIL"], emailMode: "IMMEDIATE", webhookUrl: "" },
    },
  ]);
  expect(server.alerts[0]!.params).toEqual({ ...NO_PARAMS, direction: "above", level: 160 });
  // The saved history was of the alert as it was: it is asked for again.
  await apple.findByRole("region", { name: "Apple breakout: history" });
  expect(savedHistories()).toBe(2);
});

test("editing an alert: the server's field errors show beside their inputs; Cancel closes without saving", async () => {
  const sent: Record<string, unknown>[] = [];
  const reply = (operation: OperationDescriptor) => {
    if (operation.request.node.params.name !== "AlertFormUpdateMutation") return null;
    sent.push(operation.request.variables);
    return errorFromGraphQLErrors([
      {
        message: "Invalid input: name, params.level.",
        extensions: {
          code: "BAD_USER_INPUT",
          fieldErrors: [
            { field: "name", message: 'You already have an alert named "Trend turn".' },
            { field: "params.level", message: "level must be between 0.01 and 1000000" },
          ],
        },
      },
    ]);
  };
  const { server } = renderAlerts({ reply });
  await screen.findByRole("heading", { name: "Apple breakout" });
  const apple = card("Apple breakout");
  fireEvent.click(apple.getByRole("button", { name: "Edit Apple breakout" }));
  const form = within(apple.getByRole("form", { name: "Edit Apple breakout" }));
  // No target: UpdateAlertInput would keep the stored one, so the form says so itself.
  const ticker = form.getByRole("textbox", { name: "Ticker" });
  fireEvent.change(ticker, { target: { value: " " } });
  fireEvent.click(form.getByRole("button", { name: "Save changes" }));
  expect(describedBy(ticker)).toBe("Choose the ticker this alert watches.");
  expect(sent).toHaveLength(0);
  fireEvent.change(ticker, { target: { value: "AAPL" } });
  expect(ticker.getAttribute("aria-invalid")).toBeNull();

  const name = form.getByRole("textbox", { name: "Name" });
  fireEvent.change(name, { target: { value: "Trend turn" } });
  fireEvent.change(form.getByRole("spinbutton", { name: "Price (USD)" }), { target: { value: "0" } });
  fireEvent.click(form.getByRole("button", { name: "Save changes" }));

  await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
  expect(describedBy(name)).toBe('You already have an alert named "Trend turn".');
  const level = form.getByRole("spinbutton", { name: "Price (USD)" });
  expect(level.getAttribute("aria-invalid")).toBe("true");
  expect(describedBy(level)).toBe("level must be between 0.01 and 1000000");
  expect(sent).toHaveLength(1);
  // Refused: the editor stays open, the card as saved.
  expect(apple.getByRole("heading", { name: "Apple breakout" })).toBeTruthy();

  fireEvent.click(form.getByRole("button", { name: "Cancel" }));
  expect(apple.queryByRole("form")).toBeNull();
  expect(apple.getByText("Close crosses above $150.00")).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(apple.getByRole("button", { name: "Edit Apple breakout" })));
  expect(sent).toHaveLength(1);
  expect(server.alerts[0]!.name).toBe("Apple breakout");
  // Opened again, it starts from the saved alert, not from what was typed.
  fireEvent.click(apple.getByRole("button", { name: "Edit Apple breakout" }));
  expect(valueOf(within(apple.getByRole("form", { name: "Edit Apple breakout" })).getByRole("textbox", { name: "Name" }))).toBe("Apple breakout");
});

test("editing a saved screen's webhook alert: its target and channels fill the form; a webhook unticked is cleared", async () => {
  const { server } = renderAlerts({ pro: true });
  await screen.findByRole("heading", { name: "Momentum entries" });
  const momentum = card("Momentum entries");
  fireEvent.click(momentum.getByRole("button", { name: "Edit Momentum entries" }));
  const form = within(momentum.getByRole("form", { name: "Edit Momentum entries" }));
  expect(checked(form.getByRole("radio", { name: "One of your saved screens" }))).toBe(true);
  expect(valueOf(form.getByRole("combobox", { name: "Saved screen" }))).toBe("SavedScreen:s1");
  expect(valueOf(form.getByRole("combobox", { name: "Condition" }))).toBe("SCREEN_ENTER");
  expect(checked(form.getByRole("radio", { name: "Daily digest" }))).toBe(true);
  expect(valueOf(form.getByRole("textbox", { name: "Webhook URL" }))).toBe("https://example.com/hooks/tickerscope");
  fireEvent.click(form.getByRole("checkbox", { name: /Webhook/ }));
  fireEvent.click(form.getByRole("button", { name: "Save changes" }));
  await waitFor(() => expect(momentum.queryByText("https://example.com/hooks/tickerscope")).toBeNull());
  expect(momentum.getByText("In the app, email (daily digest)")).toBeTruthy();
  expect(server.asked.find((operation) => operation.name === "AlertFormUpdateMutation")?.variables.input).toEqual({
    name: "Momentum entries",
    condition: "SCREEN_ENTER",
    params: {},
    ticker: null,
    watchlistId: null,
    savedScreenId: "SavedScreen:s1",
    channels: ["EMAIL"],
    emailMode: "DIGEST",
    webhookUrl: "",
  });
});

test("a Basic user: screen conditions only for a saved screen, 13F and webhooks marked Pro", async () => {
  renderAlerts({ alerts: [] });
  const form = within(await screen.findByRole("form", { name: "New alert" }));
  const conditions = () => form.getAllByRole("option").filter((option) => option.closest("select")?.id.endsWith("-condition"));
  const fund = conditions().find((option) => option.textContent === "13F: a fund changes its position (Pro)") as HTMLOptionElement;
  expect(fund.disabled).toBe(true);
  expect(conditions().map((option) => option.getAttribute("value"))).not.toContain("SCREEN_ENTER");
  expect((form.getByRole("checkbox", { name: /Webhook/ }) as HTMLInputElement).disabled).toBe(true);
  fireEvent.click(form.getByRole("radio", { name: "One of your saved screens" }));
  expect(conditions().map((option) => option.getAttribute("value"))).toEqual(["SCREEN_ENTER", "SCREEN_LEAVE"]);
  expect((form.getByRole("combobox", { name: "Saved screen" }) as HTMLSelectElement).value).toBe("SavedScreen:s1");
});

test("the form's history: when the alert would have fired, with forward returns against the universe", async () => {
  const { server } = renderAlerts({ alerts: [] });
  const form = within(await screen.findByRole("form", { name: "New alert" }));
  expect(screen.getByText(/Choose what to watch and fill in the condition/)).toBeTruthy();
  fireEvent.change(form.getByRole("textbox", { name: "Ticker" }), { target: { value: "aapl" } });
  fireEvent.change(form.getByRole("spinbutton", { name: "Price (USD)" }), { target: { value: "150" } });
  const history = within(await screen.findByRole("region", { name: "History of the new alert" }, { timeout: 3000 }));
  expect(server.asked.find((operation) => operation.name === "AlertHistoryPreviewQuery")?.variables).toEqual({
    input: { name: "Preview", condition: "PRICE_CROSS", params: { direction: "above", level: 150 }, ticker: "AAPL", watchlistId: null, savedScreenId: null },
  });
  expect(history.getByText(/from 2018-01-02 to 2021-04-21/)).toBeTruthy();
  const horizons = within(history.getByRole("region", { name: "History of the new alert: forward returns (scrolls)" }));
  const five = within(horizons.getByRole("rowheader", { name: "+5 trading days" }).closest("tr")!);
  expect(five.getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["2 of 2", "+2.00 %", "+0.50 %", "+1.50 %", "−1.00 % to +4.00 %", "50 %"]);
  const firings = within(history.getByRole("region", { name: "History of the new alert: firings (scrolls)" }));
  expect(firings.getAllByRole("row")).toHaveLength(3);
  expect(firings.getByText("not measurable yet")).toBeTruthy();
});

test("notifications: the evidence and deliveries; Mark all read; a replay from 15 trading days before the as-of day", async () => {
  const { server } = renderAlerts();
  const list = within(await screen.findByRole("list", { name: "Notifications, newest first" }));
  const item = within(list.getByRole("article"));
  expect(item.getByText(FIRING.summary)).toBeTruthy();
  expect(item.getByText("replay")).toBeTruthy();
  expect(item.getByText("New")).toBeTruthy();
  const evidence = within(item.getByLabelText("Evidence"));
  expect(evidence.getByText(/148\.10/).textContent).toBe("148.10 (2020-04-21) → 152.30 (2020-04-22)");
  expect(evidence.getByText(FIRING.source)).toBeTruthy();
  expect(within(item.getByRole("list", { name: "Deliveries" })).getByText("delivered")).toBeTruthy();

  // Opening the page marks nothing read; the button does.
  expect(server.asked.map((operation) => operation.name)).not.toContain("AlertNotificationsMarkReadMutation");
  fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
  await waitFor(() => expect(item.queryByText("New")).toBeNull());
  expect(screen.getByText(/Nothing unread\./)).toBeTruthy();

  const replay = within(screen.getByRole("form", { name: "Replay the stored history" }));
  // 2020-04-22 less 15 trading days.
  expect((replay.getByLabelText("From") as HTMLInputElement).value).toBe("2020-03-31");
  expect((replay.getByRole("spinbutton", { name: /Trading days/ }) as HTMLInputElement).value).toBe("10");
  const before = server.asked.length;
  fireEvent.click(replay.getByRole("button", { name: "Replay" }));
  const result = within(await screen.findByRole("status", { name: "Replay result" }));
  expect(result.getByText("3 firings over 10 trading days")).toBeTruthy();
  expect(result.getAllByRole("listitem")).toHaveLength(10);
  expect(server.asked.slice(before).find((operation) => operation.name === "ReplayPanelMutation")?.variables).toEqual({ from: "2020-03-31", days: 10 });
  // Afterwards the lists are asked for again.
  await waitFor(() => expect(server.asked.slice(before).map((operation) => operation.name)).toContain("AlertsPageQuery"));
  expect(screen.getByRole("link", { name: "/dev/outbox" }).getAttribute("href")).toBe("/dev/outbox");
});

test("the bell's link scrolls to the notifications", async () => {
  const scrolled: string[] = [];
  Object.defineProperty(HTMLElement.prototype, "scrollIntoView", {
    configurable: true,
    value(this: HTMLElement) {
      scrolled.push(this.id);
    },
  });
  const { router } = renderAlerts();
  await screen.findByRole("heading", { name: "Alerts", level: 1 });
  const bell = await screen.findByRole("link", { name: "Notifications, 1 unread" });
  // It carries the page's day: a redirect adding it would drop the #fragment.
  expect(bell.getAttribute("href")).toBe(`/alerts?asOf=${AS_OF}#notifications`);
  await act(async () => fireEvent.click(bell));
  await waitFor(() => expect(router.state.location.hash).toBe("#notifications"));
  await waitFor(() => expect(scrolled).toContain("notifications"));
  delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});
