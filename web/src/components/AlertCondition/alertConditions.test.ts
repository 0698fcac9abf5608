import { conditionsFor, conditionText, paramsComplete, paramsForCondition, paramsFromAlert, paramsInput } from "./alertConditions";

test("each condition in plain English", () => {
  expect(conditionText("PRICE_CROSS", { direction: "above", level: 150 })).toBe("Close crosses above $150.00");
  expect(conditionText("PRICE_CROSS", { direction: "below", level: 1234.5 })).toBe("Close crosses below $1,234.50");
  expect(conditionText("PRICE_MOVE", { direction: "either", percent: 1 })).toBe("Moves at least 1 % in a day, up or down");
  expect(conditionText("PRICE_MOVE", { direction: "down", percent: 2.5 })).toBe("Falls at least 2.5 % in a day");
  expect(conditionText("SMA_CROSS", { direction: "above", fast: 5, slow: 20 })).toBe("SMA 5 crosses above SMA 20");
  expect(conditionText("RSI_LEVEL", { direction: "above", level: 70 })).toBe("RSI 14 rises above 70");
  expect(conditionText("RSI_LEVEL", { direction: "below", level: 30 })).toBe("RSI 14 falls below 30");
  expect(conditionText("SENTIMENT_CROSS", { direction: "below", level: -0.2 })).toBe("7-day news sentiment falls below −0.20");
  expect(conditionText("ARTICLE_JUMP", { minArticles: 20 })).toBe("7-day article count reaches 20");
  expect(conditionText("ANALYST_ACTION", { action: "either" })).toBe("An analyst upgrade or downgrade in the news");
  expect(conditionText("EARNINGS_WITHIN", { days: 1 })).toBe("Next earnings report within 1 day");
  expect(conditionText("FUND_CHANGE", { change: "sold_out", fundCik: "0001067983" })).toBe("Fund CIK 0001067983 sells out of the stock (13F)");
  expect(conditionText("FUND_CHANGE", { change: "any", fundCik: null })).toBe("Any tracked fund changes its position in the stock (13F)");
  expect(conditionText("SCREEN_ENTER", {}, "Momentum")).toBe("Enters saved screen “Momentum”");
  expect(conditionText("SCREEN_LEAVE", {}, null)).toBe("Leaves saved screen “(deleted)”");
});

test("a saved screen allows the screen conditions only; a ticker or a watchlist every other", () => {
  expect(conditionsFor("screen")).toEqual(["SCREEN_ENTER", "SCREEN_LEAVE"]);
  expect(conditionsFor("ticker")).toEqual(conditionsFor("watchlist"));
  expect(conditionsFor("ticker")).not.toContain("SCREEN_ENTER");
  expect(conditionsFor("ticker")).toContain("FUND_CHANGE");
});

test("the settings go to the API as its condition takes them: numbers as numbers, empty ones left for the server to name", () => {
  const sma = paramsForCondition("SMA_CROSS");
  expect(paramsInput("SMA_CROSS", sma)).toEqual({ fast: 5, slow: 20, direction: "above" });
  const price = paramsForCondition("PRICE_CROSS");
  expect(paramsComplete("PRICE_CROSS", price)).toBe(false);
  expect(paramsInput("PRICE_CROSS", price)).toEqual({ direction: "above" });
  expect(paramsComplete("PRICE_CROSS", { ...price, level: "150.5" })).toBe(true);
  expect(paramsInput("PRICE_CROSS", { ...price, level: "150.5", percent: "3" })).toEqual({ direction: "above", level: 150.5 });
  // The fund's CIK is optional.
  expect(paramsComplete("FUND_CHANGE", paramsForCondition("FUND_CHANGE"))).toBe(true);
  expect(paramsInput("FUND_CHANGE", paramsForCondition("FUND_CHANGE"))).toEqual({ change: "any" });
});

test("a saved alert's settings fill the form as typed, and go back unchanged", () => {
  const saved = { direction: "below", level: 0.3, percent: null, fast: null, slow: null, minArticles: null, action: null, days: null, change: null, fundCik: null };
  const typed = paramsFromAlert("SENTIMENT_CROSS", saved);
  expect(typed).toEqual({ ...paramsForCondition("SENTIMENT_CROSS"), direction: "below", level: "0.3" });
  expect(paramsInput("SENTIMENT_CROSS", typed)).toEqual({ direction: "below", level: 0.3 });
  expect(paramsInput("SMA_CROSS", paramsFromAlert("SMA_CROSS", { direction: "above", fast: 20, slow: 50 }))).toEqual({ fast: 20, direction: "above", slow: 50 });
  // An optional setting not saved stays empty; one missing starts as for a new alert.
  expect(paramsFromAlert("FUND_CHANGE", { change: "new", fundCik: null })).toMatchObject({ change: "new", fundCik: "" });
  expect(paramsFromAlert("PRICE_MOVE", {})).toMatchObject({ direction: "either", percent: "5" });
});
