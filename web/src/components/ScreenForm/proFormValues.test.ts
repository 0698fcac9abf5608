import { buildProResultsCsv, fundHoldingText, PRO_CSV_COLUMNS } from "../ScreenResults/proColumns";
import { checkProForm, DEFAULT_PRO_FORM_VALUES, proFormValuesFrom } from "./proFormValues";

const form = (values: Partial<typeof DEFAULT_PRO_FORM_VALUES>) => ({ ...DEFAULT_PRO_FORM_VALUES, sectors: [], ...values });

test("empty advanced filters send nothing", () => {
  expect(checkProForm(form({}))).toEqual({ advanced: {}, errors: null });
});

test("numbers are parsed, sectors and the fund change sent as the API takes them", () => {
  expect(checkProForm(form({ maxAiRank: "50", minBeatProbability: "60", minReturn3m: "-12.3", sectors: ["Energy"], fundChange: "sold_out" }))).toEqual({
    advanced: { maxAiRank: 50, minBeatProbability: 0.6, minReturn3m: -0.123, sectors: ["Energy"], fundChange: "SOLD_OUT" },
    errors: null,
  });
});

test("the shared rules' bounds and pairs, worded with the form's labels", () => {
  expect(checkProForm(form({ minAiScore: "150", maxAiRank: "2.5", minVolatility: "50", maxVolatility: "20", maxSentiment: "0.1" }), "0.4").errors).toEqual({
    minAiScore: "Min AI score (%) must be between 0 and 100.",
    maxAiRank: "Max AI rank must be a whole number.",
    minVolatility: "Min volatility (%, 60d annualised) must be at most max volatility (%, 60d annualised).",
    maxSentiment: "Max news sentiment must be at least min news sentiment.",
  });
});

test("a saved screen's filters come back as form values", () => {
  expect(proFormValuesFrom({ maxAiRank: 50, minReturn12m: 0.2, sectors: ["Energy", "Tech"], fundChange: "ADDED" })).toMatchObject({
    maxAiRank: "50",
    minReturn12m: "20",
    minAiScore: "",
    sectors: ["Energy"],
    fundChange: "added",
  });
  expect(proFormValuesFrom(null)).toEqual(DEFAULT_PRO_FORM_VALUES);
});

test("the CSV keeps unknown figures empty, never 0, and names each fund's change", () => {
  const csv = buildProResultsCsv([
    {
      ticker: "XYZ", name: "X, Y & Z", sector: null, price: 10, grade: "C", combinedScore: 50, technicalScore: 40, sentimentScore: null, newsCount: 0,
      analystUpgrades: 0, analystDowngrades: 0, beta: null, peRatio: null, marketCap: null, aiScore: null, aiRank: null, aiRankedOf: null, return1m: null, return3m: null, return12m: null,
      volatility60: null, beatProbability: null, nextReportDate: null, daysToReport: null,
      fundHoldings: [{ fundName: "BERKSHIRE HATHAWAY INC", quarterEnd: "2020-06-30", changeKind: null }], asOf: "2021-04-21",
    },
  ]);
  const [header, row] = csv.split("\r\n");
  expect(header).toBe(PRO_CSV_COLUMNS.join(","));
  expect(row).toBe('XYZ,"X, Y & Z",,10,C,50,40,,0,0,0,,,,,,,,,,,,,,"BERKSHIRE HATHAWAY INC: held, change unknown (quarter 2020-06-30)",2021-04-21');
  expect(fundHoldingText({ fundName: "F", quarterEnd: "2020-12-31", changeKind: "SOLD_OUT" })).toBe("F: SOLD OUT (quarter 2020-12-31)");
});
