import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { errorFromGraphQLErrors, GraphQLRequestError } from "../../relay/environment";
import { renderApp } from "../../../test/render";
import { clearScreenSession } from "../../components/ScreenForm/screenSession";
import { mockTableViewport } from "../../components/ScreenResults/resultsTableTesting";
import { answerLists, answerMutation, DIVIDEND_IDEAS, listsAsked, openWatchlistMenu, pendingMutation } from "../../components/Watchlist/watchlistMenuTesting";
import { answerPageQueries, basicResult, pendingOperation, pendingOperations, resolveOperation, screenerMocks, type ViewerFixture } from "./screenerTestData";

beforeEach(() => {
  clearScreenSession();
  mockTableViewport();
});
afterEach(() => jest.restoreAllMocks());

async function renderScreener(fixture: ViewerFixture = { signedIn: false }, path = "/screener") {
  const environment = createMockEnvironment();
  const mocks = screenerMocks(fixture);
  const utils = renderApp(path, environment);
  await answerPageQueries(environment, mocks);
  await screen.findByRole("heading", { name: "Basic Screener", level: 1 });
  return { ...utils, environment, mocks };
}

const form = () => within(screen.getByRole("form", { name: "Basic screen parameters" }));
const input = (label: string) => form().getByLabelText(label) as HTMLInputElement;
const checkbox = (name: string) => form().getByRole("checkbox", { name }) as HTMLInputElement;
const runButton = () => form().getByRole("button", { name: /Run Screen|Running\.\.\./ }) as HTMLButtonElement;
const chooseUniverse = (value: string) => fireEvent.change(form().getByLabelText("Universe"), { target: { value } });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const toast = async (title: string) => (await screen.findByText(title)).closest("li") as HTMLElement;

test("the form opens with the spec's defaults, ranges and steps, and the universes' real labels", async () => {
  await renderScreener();
  const universe = form().getByLabelText("Universe") as HTMLSelectElement;
  expect([...universe.options].map((option) => option.textContent)).toEqual([
    "S&P 500 (503 stocks)",
    "Bloomberg Pro: S&P 500/400/600 + NASDAQ-100 (1,606 stocks)",
    "All US-listed common stocks (5,321)",
    "Upload CSV",
    "My tickers",
  ]);
  expect(universe.value).toBe("SP500");

  const lookback = input("Lookback days");
  expect([lookback.type, lookback.min, lookback.max, lookback.step, lookback.value]).toEqual(["range", "45", "365", "5", "120"]);
  expect(form().getByText("120 days")).toBeTruthy();
  const expectNumber = (label: string, [min, max, step, value]: string[]) => {
    const field = input(label);
    expect(field.type).toBe("number");
    expect([field.min, field.max, field.step, field.value]).toEqual([min, max, step, value]);
  };
  expectNumber("News window (days)", ["1", "14", "1", "7"]);
  expectNumber("Min beta", ["-10", "10", "0.1", "-10"]);
  expectNumber("Max beta", ["-10", "10", "0.1", "10"]);
  expectNumber("Exclude earnings within (days)", ["0", "", "1", "0"]);
  // No control that does nothing: the data has no options, and the batch size changes no result.
  expect(form().queryByText(/options/i)).toBeNull();
  expect(form().queryByLabelText("Batch size")).toBeNull();
  expect(input("Sector keyword").value).toBe("");
  expect(["WSJ", "Yahoo Finance", "Reuters", "CNBC", "Financial Times"].map((name) => checkbox(name).checked)).toEqual([
    true,
    true,
    true,
    false,
    false,
  ]);
  expect(runButton().textContent).toBe("Run Screen");
});

test("each universe shows its own inputs: a .csv file input, a tickers box, or the market filters", async () => {
  await renderScreener();
  // S&P 500: no ticker inputs; the market filters in force are summarised.
  expect(form().queryByLabelText("Tickers")).toBeNull();
  expect(form().queryByLabelText("Tickers CSV file")).toBeNull();
  expect(form().queryByLabelText("Min price ($)")).toBeNull();
  expect(form().getByText("Market filters: price ≥ $3 · avg volume ≥ 100,000")).toBeTruthy();

  chooseUniverse("MANUAL");
  const tickers = form().getByLabelText("Tickers") as HTMLTextAreaElement;
  expect(tickers.value).toBe("AAPL, MSFT, NVDA, JPM, AMZN");
  expect(form().getByText("5 tickers (comma-separated, 1 to 5 letters)")).toBeTruthy();
  fireEvent.change(tickers, { target: { value: "aapl, msft, TOOLONG, brk.b, , aapl" } });
  expect(form().getByText("2 tickers, dropped: TOOLONG, brk.b (comma-separated, 1 to 5 letters)")).toBeTruthy();

  chooseUniverse("UPLOAD");
  expect(form().queryByLabelText("Tickers")).toBeNull();
  const file = form().getByLabelText("Tickers CSV file") as HTMLInputElement;
  expect([file.type, file.accept]).toEqual(["file", ".csv"]);

  chooseUniverse("ALL_MARKET");
  expect(checkbox("Include ETFs").checked).toBe(false);
  const market = (label: string) => [input(label).step, input(label).value];
  expect(market("Min price ($)")).toEqual(["0.5", "3"]);
  expect(market("Min avg volume (20d)")).toEqual(["10000", "100000"]);
  expect(market("Max symbols")).toEqual(["500", "4000"]);
});

test("an uploaded CSV is parsed on the spot: the ticker column's valid, de-duplicated tickers and what was dropped", async () => {
  const { environment } = await renderScreener();
  chooseUniverse("UPLOAD");
  const fileInput = form().getByLabelText("Tickers CSV file");

  fireEvent.change(fileInput, { target: { files: [new File(["AAPL\n"], "notes.txt", { type: "text/plain" })] } });
  expect(await form().findByText("notes.txt is not a .csv file.")).toBeTruthy();

  fireEvent.change(fileInput, { target: { files: [new File(['Company,Symbol\n"Apple, Inc.,AAPL\n'], "broken.csv", { type: "text/csv" })] } });
  expect(await form().findByText("broken.csv is not valid CSV: check the quotes on line 2.")).toBeTruthy();

  // A spreadsheet export: byte-order mark, quoted header, a company name with a comma, CRLF lines.
  const csv = '\uFEFF"Company","Symbol","Weight"\r\n"Apple, Inc.",aapl,6.1\r\nJunk row,12345,0\r\n"Microsoft Corp",MSFT,5.8\r\nApple again,AAPL,0.1\r\n';
  fireEvent.change(fileInput, { target: { files: [new File([csv], "holdings.csv", { type: "text/csv" })] } });
  expect(await form().findByText("holdings.csv: 2 tickers, dropped: 12345 (column “Symbol”)")).toBeTruthy();

  fireEvent.click(runButton());
  const run = await pendingOperation(environment, "useScreenRunBasicQuery");
  expect(run.request.variables.input).toMatchObject({ universe: "UPLOAD", tickers: ["AAPL", "MSFT"] });
});

test("runs with every number parsed, shows 'Running...' disabled while pending, then the results and the success toast", async () => {
  const { environment, mocks } = await renderScreener();
  expect(screen.getByText("No results yet")).toBeTruthy();
  fireEvent.change(input("Lookback days"), { target: { value: "200" } });
  type("News window (days)", "3");
  type("Min beta", "0.5");
  type("Max beta", "2.5");
  type("Exclude earnings within (days)", "5");
  type("Sector keyword", "  Software  ");
  fireEvent.click(checkbox("CNBC"));

  fireEvent.click(runButton());
  const run = await pendingOperation(environment, "useScreenRunBasicQuery");
  expect(run.request.variables.input).toEqual({
    universe: "SP500",
    lookbackDays: 200,
    newsWindowDays: 3,
    minBeta: 0.5,
    maxBeta: 2.5,
    maxEarnDays: 5,
    sectorKeyword: "Software",
    newsSources: { wsj: true, yahoo: true, reuters: true, cnbc: true, ft: false },
    includeEtf: false,
    minPrice: 3,
    minVolume: 100000,
    maxSymbols: 4000,
    requireMaCondition: false,
    requireCrossover: false,
  });
  expect(runButton().textContent).toBe("Running...");
  expect(runButton().disabled).toBe(true);
  fireEvent.click(runButton());
  expect(pendingOperations(environment, "useScreenRunBasicQuery")).toHaveLength(1);

  await resolveOperation(environment, run, mocks);
  const done = await toast("Screening Complete");
  expect(within(done).getByText("Stock screening with sentiment analysis completed successfully.")).toBeTruthy();
  expect(runButton().textContent).toBe("Run Screen");
  expect(runButton().disabled).toBe(false);
  const tiles = within(screen.getByRole("region", { name: "Basic screen results" }));
  expect(tiles.getByText("Symbols Screened").nextElementSibling?.textContent).toBe("503");
  expect(tiles.getByText("MA Pass 5 over 20").nextElementSibling?.textContent).toBe("281");
  expect(screen.queryByText("No results yet")).toBeNull();
  // Focus moves to the run's summary, which is read out.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("results-summary")));
  expect(document.activeElement?.textContent).toBe("1 match as of Apr 21, 2021");
});

test("a signed-in user adds a result's stock to a watchlist from its row: the lists load only when its menu opens", async () => {
  const { environment, mocks } = await renderScreener({ signedIn: true });
  fireEvent.click(runButton());
  await resolveOperation(environment, await pendingOperation(environment, "useScreenRunBasicQuery"), mocks);
  const row = (await screen.findByRole("link", { name: "AAPL" })).closest("tr")!;
  // The row's "+" sits in its ticker cell, which stays in view as the table scrolls sideways.
  expect(within(row).getByRole("rowheader").contains(within(row).getByRole("button", { name: "Add AAPL to a watchlist" }))).toBe(true);
  expect(listsAsked(environment)).toBe(false);

  const menu = await openWatchlistMenu("AAPL");
  await answerLists(environment, [DIVIDEND_IDEAS]);
  fireEvent.click(await within(menu).findByRole("menuitem", { name: "Dividend ideas" }));
  const add = await pendingMutation(environment, "Add");
  expect(add.request.variables).toEqual({ id: DIVIDEND_IDEAS.id, tickers: ["AAPL"] });
  await answerMutation(environment, add, { ...DIVIDEND_IDEAS, tickers: [...DIVIDEND_IDEAS.tickers, "AAPL"] });
  const added = await toast("Added to Dividend ideas");
  expect(within(added).getByRole("link", { name: "Open Watchlists" }).getAttribute("href")).toBe(`/watchlists?list=${encodeURIComponent(DIVIDEND_IDEAS.id)}`);
});

test("a visitor's result rows offer no watchlist", async () => {
  const { environment, mocks } = await renderScreener();
  fireEvent.click(runButton());
  await resolveOperation(environment, await pendingOperation(environment, "useScreenRunBasicQuery"), mocks);
  expect(await screen.findByRole("link", { name: "AAPL" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /to a watchlist$/ })).toBeNull();
});

test("Back from a stock page, or a reload, finds a visitor's form, last results and sort as they were left", async () => {
  // The table renders the rows that fit its scroll area, whose height jsdom leaves at 0.
  const clientHeight = jest.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(480);
  const { environment, mocks, router, unmount } = await renderScreener();
  chooseUniverse("MANUAL");
  fireEvent.change(form().getByLabelText("Tickers"), { target: { value: "AAPL, NVDA" } });
  fireEvent.click(runButton());
  await resolveOperation(environment, await pendingOperation(environment, "useScreenRunBasicQuery"), mocks);
  expect(await screen.findByRole("link", { name: "AAPL" })).toBeTruthy();
  const rsiHeader = () => screen.getByRole("columnheader", { name: /^RSI/ });
  fireEvent.click(within(rsiHeader()).getByRole("button"));
  expect(rsiHeader().getAttribute("aria-sort")).toBe("descending");

  const expectAsLeft = async () => {
    expect(await screen.findByRole("link", { name: "AAPL" })).toBeTruthy();
    expect(screen.queryByText("No results yet")).toBeNull();
    expect((form().getByLabelText("Universe") as HTMLSelectElement).value).toBe("MANUAL");
    expect((form().getByLabelText("Tickers") as HTMLTextAreaElement).value).toBe("AAPL, NVDA");
    expect(rsiHeader().getAttribute("aria-sort")).toBe("descending");
  };

  await act(() => router.navigate("/stocks/AAPL"));
  await act(() => router.navigate(-1));
  await expectAsLeft();
  expect(pendingOperations(environment, "useScreenRunBasicQuery")).toHaveLength(0); // restored, not run again

  // A reload: a new page with an empty store puts the kept answer back.
  unmount();
  const reloaded = await renderScreener();
  await expectAsLeft();
  expect(pendingOperations(reloaded.environment, "useScreenRunBasicQuery")).toHaveLength(0);
  clientHeight.mockRestore();
});

test("a Pro user's combined results are still there after a visit to a stock page", async () => {
  const { environment, mocks, router } = await renderScreener({ signedIn: true, pro: true }, "/screener?tab=combined");
  const combinedForm = () => within(screen.getByRole("form", { name: "Combined analysis parameters" }));
  fireEvent.change(combinedForm().getByLabelText("Lookback days"), { target: { value: "200" } });
  fireEvent.click(combinedForm().getByRole("button", { name: "Run Combined Analysis" }));
  await resolveOperation(environment, await pendingOperation(environment, "useScreenRunCombinedQuery"), mocks);
  expect(await screen.findByRole("region", { name: "Combined analysis results" })).toBeTruthy();

  await act(() => router.navigate("/stocks/NVDA"));
  await act(() => router.navigate(-1));
  const results = await screen.findByRole("region", { name: "Combined analysis results" });
  expect(within(results).getByText("NVDA")).toBeTruthy();
  expect((combinedForm().getByLabelText("Lookback days") as HTMLInputElement).value).toBe("200");
  expect(pendingOperations(environment, "useScreenRunCombinedQuery")).toHaveLength(0);
});

test("an empty sector keyword is left out, and manual tickers are sent cleaned", async () => {
  const { environment } = await renderScreener();
  chooseUniverse("MANUAL");
  fireEvent.change(form().getByLabelText("Tickers"), { target: { value: "nvda, jpm, 123" } });
  type("Sector keyword", "   ");
  fireEvent.click(runButton());
  const { input: sent } = (await pendingOperation(environment, "useScreenRunBasicQuery")).request.variables;
  expect(sent.tickers).toEqual(["NVDA", "JPM"]);
  expect(sent).not.toHaveProperty("sectorKeyword");
});

test("a failed run shows 'Screening Failed' with the server's message, or the spec's fallback", async () => {
  const { environment } = await renderScreener();
  fireEvent.click(runButton());
  const invalid = errorFromGraphQLErrors([
    {
      message: "Invalid screening request: lookbackDays must be between 45 and 365.",
      extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "input.lookbackDays", message: "lookbackDays must be between 45 and 365" }] },
    },
  ]);
  await act(async () => environment.mock.reject(await pendingOperation(environment, "useScreenRunBasicQuery"), invalid));
  const failed = await toast("Screening Failed");
  expect(within(failed).getByText("lookbackDays must be between 45 and 365")).toBeTruthy();
  expect(runButton().disabled).toBe(false);

  fireEvent.click(runButton());
  const crash = new GraphQLRequestError("Something went wrong. Please try again.", "INTERNAL_SERVER_ERROR");
  await act(async () => environment.mock.reject(await pendingOperation(environment, "useScreenRunBasicQuery"), crash));
  await waitFor(() => expect(screen.getByText("Failed to run screening")).toBeTruthy());
  expect(document.body.textContent).not.toMatch(/at Object|stack/i);
});

test("client-side checks name the field and its bound, and nothing is sent until they pass", async () => {
  const { environment } = await renderScreener();
  type("News window (days)", "20");
  type("Min beta", "3");
  type("Max beta", "1");
  type("Exclude earnings within (days)", "");
  fireEvent.click(runButton());

  expect(await form().findByText("News window (days) must be between 1 and 14.", { selector: "[id]" })).toBeTruthy();
  expect(form().getByText("Min beta must be at most max beta.", { selector: "[id]" })).toBeTruthy();
  expect(form().getByText("Exclude earnings within (days) is required.", { selector: "[id]" })).toBeTruthy();
  expect(input("News window (days)").getAttribute("aria-invalid")).toBe("true");
  await waitFor(() => expect(document.activeElement).toBe(input("News window (days)")));
  expect(pendingOperations(environment, "useScreenRunBasicQuery")).toHaveLength(0);

  chooseUniverse("MANUAL");
  fireEvent.change(form().getByLabelText("Tickers"), { target: { value: "123, toolong" } });
  expect(form().getByText("Enter at least one ticker of 1 to 5 letters, separated by commas.", { selector: "[id]" })).toBeTruthy();
});

test("presets fill the form and replace each other's filters", async () => {
  const { environment } = await renderScreener();
  chooseUniverse("BROAD");
  fireEvent.click(screen.getByRole("button", { name: "Oversold large caps" }));
  expect((form().getByLabelText("Universe") as HTMLSelectElement).value).toBe("SP500");
  expect(input("Max RSI 14").value).toBe("30");
  expect(form().getByText("Market filters: price ≥ $3 · avg volume ≥ 1,000,000")).toBeTruthy();
  expect(screen.getByText(/RSI 14 at or below 30 and an average volume of at least 1,000,000 shares/)).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Golden cross (SMA 5 over 20)" }));
  expect(checkbox("SMA 5 above SMA 20").checked).toBe(true);
  expect(checkbox("SMA 5 crossed above SMA 20 in the lookback window").checked).toBe(true);
  expect(input("Max RSI 14").value).toBe("");
  expect(form().getByText("Market filters: price ≥ $3 · avg volume ≥ 100,000")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Momentum with positive news" }));
  fireEvent.click(runButton());
  expect((await pendingOperation(environment, "useScreenRunBasicQuery")).request.variables.input).toMatchObject({
    universe: "SP500",
    requireMaCondition: true,
    requireCrossover: false,
    minRsi: 55,
    minSentiment: 0.2,
    minVolume: 100000,
  });
});

test("a visitor is asked to sign in to save screens", async () => {
  await renderScreener({ signedIn: false });
  const saved = within(screen.getByRole("region", { name: "Saved screens" }));
  expect(saved.getByRole("link", { name: "Sign in to save screens" }).getAttribute("href")).toBe("/auth");
  expect(saved.queryByRole("button", { name: "Save" })).toBeNull();
});

const SAVED_REQUEST = {
  universe: "MANUAL",
  tickers: ["NVDA", "AMD"],
  lookbackDays: 200,
  newsWindowDays: 3,
  minBeta: -1,
  maxBeta: 2,
  maxEarnDays: 0,
  sectorKeyword: "Semiconductors",
  newsSources: { wsj: true, yahoo: false, reuters: true, cnbc: false, ft: true },
  includeEtf: false,
  minPrice: 3,
  minVolume: 100000,
  maxSymbols: 4000,
  minRsi: null,
  maxRsi: null,
  requireMaCondition: true,
  requireCrossover: false,
  minSentiment: null,
  minMarketCapBillions: null,
  maxPeRatio: null,
};

test("a signed-in user applies, saves and deletes screens", async () => {
  const saved = { id: "saved-1", name: "Chip momentum", kind: "BASIC", updatedAt: "2021-04-20T10:00:00.000Z", request: SAVED_REQUEST };
  const { environment, mocks } = await renderScreener({ signedIn: true, savedScreens: [saved] });
  const section = within(screen.getByRole("region", { name: "Saved screens" }));

  fireEvent.click(section.getByRole("button", { name: "Apply Chip momentum" }));
  expect((form().getByLabelText("Universe") as HTMLSelectElement).value).toBe("MANUAL");
  expect((form().getByLabelText("Tickers") as HTMLTextAreaElement).value).toBe("NVDA, AMD");
  expect(input("Lookback days").value).toBe("200");
  expect(input("Sector keyword").value).toBe("Semiconductors");
  expect(checkbox("Yahoo Finance").checked).toBe(false);
  expect(checkbox("SMA 5 above SMA 20").checked).toBe(true);

  fireEvent.change(section.getByLabelText("Name"), { target: { value: "  Chips, shorter window  " } });
  type("News window (days)", "2");
  fireEvent.click(section.getByRole("button", { name: "Save" }));
  const save = await pendingOperation(environment, "SavedScreensSaveMutation");
  expect(save.request.variables.input).toMatchObject({
    name: "Chips, shorter window",
    kind: "BASIC",
    request: { universe: "MANUAL", tickers: ["NVDA", "AMD"], lookbackDays: 200, newsWindowDays: 2, sectorKeyword: "Semiconductors" },
  });
  expect(section.getByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
  await resolveOperation(environment, save, {
    ...mocks,
    SavedScreen: () => ({ id: "saved-2", name: "Chips, shorter window", kind: "BASIC", request: { ...SAVED_REQUEST, newsWindowDays: 2 } }),
  });
  expect(await toast("Screen Saved")).toBeTruthy();
  expect(section.getAllByRole("listitem").map((item) => item.querySelector("strong")?.textContent)).toEqual(["Chips, shorter window", "Chip momentum"]);

  fireEvent.click(section.getByRole("button", { name: "Delete Chip momentum" }));
  const remove = await pendingOperation(environment, "SavedScreensDeleteMutation");
  expect(remove.request.variables).toEqual({ id: "saved-1" });
  await resolveOperation(environment, remove, { DeleteSavedScreenPayload: () => ({ deletedId: "saved-1" }) });
  await waitFor(() => expect(section.queryByText("Chip momentum")).toBeNull());
  expect(section.getByText("Chips, shorter window")).toBeTruthy();
});

test("before the first run, the viewer's last stored screen is shown", async () => {
  await renderScreener({ signedIn: true, latestScreen: basicResult() });
  expect(await screen.findByText(/^Your last screen, run /)).toBeTruthy();
  expect(screen.getByRole("region", { name: "Basic screen results" })).toBeTruthy();
});

test("the tab is in the URL; a non-Pro user's Combined Analysis is blurred and running it is refused with a toast", async () => {
  const { router } = await renderScreener({ signedIn: true, pro: false }, "/screener?tab=combined");
  expect(screen.getByRole("tab", { name: "Combined Analysis" }).getAttribute("aria-selected")).toBe("true");
  const overlay = screen.getByRole("heading", { name: "Unlock the Combined Screener" }).closest("section")!;
  const preview = overlay.querySelector("[inert]")!;
  expect(preview.getAttribute("aria-hidden")).toBe("true");
  expect(within(preview as HTMLElement).getByLabelText("Lookback days")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Run Combined Analysis" }));
  const refused = await toast("Pro Feature Required");
  expect(within(refused).getByText("Upgrade to Pro to access combined technical + sentiment analysis.")).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Choose your plan" })).toBeTruthy();

  fireEvent.click(screen.getByRole("tab", { name: "Upgrade to Pro" }));
  expect(await screen.findByRole("region", { name: "Pro" })).toBeTruthy();
  expect(router.state.location.search).toBe("?tab=upgrade");
  fireEvent.click(screen.getByRole("tab", { name: "Basic Screener" }));
  expect(await screen.findByRole("form", { name: "Basic screen parameters" })).toBeTruthy();
  expect(router.state.location.search).toBe("");
});

test("a Pro user's combined run: five skeleton rows while pending, then the graded rows and the toast", async () => {
  const { environment, mocks } = await renderScreener({ signedIn: true, pro: true }, "/screener?tab=combined");
  const combinedForm = within(screen.getByRole("form", { name: "Combined analysis parameters" }));
  fireEvent.click(combinedForm.getByRole("button", { name: "Run Combined Analysis" }));
  const run = await pendingOperation(environment, "useScreenRunCombinedQuery");
  expect(run.request.variables.input).toMatchObject({ universe: "SP500", lookbackDays: 120 });
  expect(combinedForm.getByRole("button", { name: "Running..." })).toHaveProperty("disabled", true);
  expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);

  await resolveOperation(environment, run, mocks);
  expect(await toast("Combined Analysis Complete")).toBeTruthy();
  expect(screen.queryAllByTestId("skeleton-row")).toHaveLength(0);
  expect(within(screen.getByRole("region", { name: "Combined analysis results" })).getByText("NVDA")).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Combined analysis results" })).getByRole("button", { name: "Add NVDA to a watchlist" })).toBeTruthy();

  fireEvent.click(combinedForm.getByRole("button", { name: "Run Combined Analysis" }));
  const lapsed = errorFromGraphQLErrors([{ message: "Pro required", extensions: { code: "PRO_REQUIRED" } }]);
  await act(async () => environment.mock.reject(await pendingOperation(environment, "useScreenRunCombinedQuery"), lapsed));
  expect(await toast("Pro Feature Required")).toBeTruthy();

  fireEvent.click(combinedForm.getByRole("button", { name: "Run Combined Analysis" }));
  const limited = errorFromGraphQLErrors([{ message: "slow down", extensions: { code: "RATE_LIMITED", retryAfterSeconds: 30 } }]);
  await act(async () => environment.mock.reject(await pendingOperation(environment, "useScreenRunCombinedQuery"), limited));
  const failed = await toast("Analysis Failed");
  expect(within(failed).getByText("Too many requests. Please try again in 30 seconds.")).toBeTruthy();
});

test("a Pro user never sees the Upgrade to Pro tab, even when the URL names it", async () => {
  await renderScreener({ signedIn: true, pro: true }, "/screener?tab=upgrade");
  expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Basic Screener", "Combined Analysis"]);
  expect(screen.getByRole("tab", { name: "Basic Screener" }).getAttribute("aria-selected")).toBe("true");
  expect(screen.queryByText(/Upgrade to Pro/)).toBeNull();
});
