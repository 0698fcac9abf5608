import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { answerPageQueries, pendingOperations, resolveOperation, screenerMocks } from "../../pages/Screener/screenerTestData";
import { clearScreenSession } from "../ScreenForm/screenSession";

beforeEach(clearScreenSession);

const COVERAGE = {
  defaultAsOf: "2020-07-17",
  defaultAsOfReason: "Offline, views open at 2020-07-17: the 7 days to it have news for 64 S&P 500 companies.",
  latestPriceDate: "2021-04-21",
  prices: [{ firstDate: "2018-01-02", lastDate: "2021-04-21", source: "alphavantage-snapshot", bars: 1, tickers: 1 }],
  days: [
    { date: "2020-07-15", tickersWithPrices: 500, tickersWithNews: 40, sp500TickersWithNews: 38, articles: 90 },
    { date: "2020-07-17", tickersWithPrices: 500, tickersWithNews: 52, sp500TickersWithNews: 50, articles: 120 },
    { date: "2021-04-21", tickersWithPrices: 500, tickersWithNews: 1, sp500TickersWithNews: 1, articles: 1 },
  ],
};

async function renderScreener(path: string) {
  const environment = createMockEnvironment();
  const mocks = { ...screenerMocks({ signedIn: false }), DataCoverage: () => COVERAGE };
  const utils = renderApp(path, environment);
  await answerPageQueries(environment, mocks);
  await screen.findByRole("heading", { name: "Basic Screener", level: 1 });
  return { ...utils, environment, mocks };
}

const runs = (environment: ReturnType<typeof createMockEnvironment>) => pendingOperations(environment, "useScreenRunBasicQuery");
const dateInput = () => screen.getByLabelText("As of") as HTMLInputElement;

test("without ?asOf= the control shows the default day and why, and the first visit runs the screen at that day", async () => {
  const { environment } = await renderScreener("/screener");
  expect(dateInput().value).toBe("2020-07-17");
  expect([dateInput().min, dateInput().max]).toEqual(["2018-01-02", "2021-04-21"]);
  expect(screen.getByText(/the 7 days to it have news for 64 S&P 500 companies/)).toBeTruthy();
  expect(screen.getByText("As of Jul 17, 2020")).toBeTruthy();
  const strip = screen.getByRole("slider", { name: /^News coverage/ });
  expect(strip.getAttribute("aria-label")).toMatch(/^News coverage by week: \d+ of \d+ weeks have news/);

  // One run, at the default day (news-driven results without guessing a date).
  await waitFor(() => expect(runs(environment)).toHaveLength(1));
  expect(runs(environment)[0].request.variables.input.asOf).toBe("2020-07-17");
});

test("changing the date writes ?asOf= and re-runs the screen at the new day", async () => {
  const { environment, router, mocks } = await renderScreener("/screener?asOf=2020-03-16");
  expect(dateInput().value).toBe("2020-03-16");
  // A shared link's day opens on results too: the first visit runs the screen at that day.
  await waitFor(() => expect(runs(environment)).toHaveLength(1));
  expect(runs(environment)[0].request.variables.input.asOf).toBe("2020-03-16");
  await resolveOperation(environment, runs(environment)[0], mocks);

  fireEvent.change(dateInput(), { target: { value: "2020-07-15" } });
  expect(router.state.location.search).toBe("?asOf=2020-07-15");
  await waitFor(() => expect(runs(environment)).toHaveLength(1));
  expect(runs(environment)[0].request.variables.input.asOf).toBe("2020-07-15");
  expect(screen.getByText("As of Jul 15, 2020")).toBeTruthy();

  // The latest price day is one click away.
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Latest prices: Apr 21, 2021" })));
  expect(router.state.location.search).toBe("?asOf=2021-04-21");
});

test("an out-of-range or malformed ?asOf= says so and falls back to the default day", async () => {
  await renderScreener("/screener?asOf=2024-01-05");
  expect(screen.getByRole("alert").textContent).toBe(
    "Jan 5, 2024 is outside the stored prices (Jan 2, 2018 – Apr 21, 2021), so it cannot be used. Showing Jul 17, 2020 instead.",
  );
  expect(dateInput().value).toBe("2020-07-17");
});
