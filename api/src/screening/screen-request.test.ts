import { AppError } from "../errors/app-error";
import { parseScreenRequest } from "./screen-request";

function fieldErrorsOf(input: unknown) {
  try {
    parseScreenRequest(input);
  } catch (error) {
    if (error instanceof AppError && error.code === "BAD_USER_INPUT") return { message: error.message, errors: error.fieldErrors };
    throw error;
  }
  throw new Error("expected BAD_USER_INPUT");
}

describe("parseScreenRequest (spec §5)", () => {
  it("fills every spec default", () => {
    const { request, warnings } = parseScreenRequest({ universe: "sp500" });
    expect(request).toEqual({
      universe: "sp500",
      asOf: null,
      tickers: null,
      lookbackDays: 120,
      newsWindowDays: 7,
      // Kept for older clients, never applied: off unless a client sets them (screen.ts warns then).
      requireOptions: false,
      minOptionsOi: 0,
      minBeta: -10,
      maxBeta: 10,
      maxEarnDays: 0,
      sectorKeyword: null,
      newsSources: { wsj: true, yahoo: true, reuters: true, cnbc: false, ft: false },
      includeEtf: false,
      minPrice: 3,
      minVolume: 100_000,
      maxSymbols: 4000,
      batchSize: null,
      minRsi: null,
      maxRsi: null,
      requireMaCondition: false,
      requireCrossover: false,
      minSentiment: null,
      minMarketCapBillions: null,
      maxPeRatio: null,
    });
    expect(warnings).toEqual([]);
  });

  it("names each bad field with its bound, all at once", () => {
    const { message, errors } = fieldErrorsOf({
      universe: "sp500",
      lookbackDays: 10,
      newsWindowDays: 15,
      batchSize: 20,
      minPrice: -1,
      minBeta: -11,
      maxSymbols: 1.5,
      minRsi: 101,
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "lookbackDays", message: "lookbackDays must be between 45 and 365" },
        { field: "newsWindowDays", message: "newsWindowDays must be between 1 and 14" },
        { field: "batchSize", message: "batchSize must be between 50 and 300" },
        { field: "minPrice", message: "minPrice must be at least 0" },
        { field: "minBeta", message: "minBeta must be between -10 and 10" },
        { field: "maxSymbols", message: "maxSymbols must be a whole number" },
        { field: "minRsi", message: "minRsi must be between 0 and 100" },
      ]),
    );
    expect(message).toContain("lookbackDays must be between 45 and 365");
  });

  it("keeps integers and floats apart, and rejects numbers sent as text", () => {
    expect(parseScreenRequest({ universe: "sp500", minPrice: 2.5, minBeta: -0.5 }).request).toMatchObject({ minPrice: 2.5, minBeta: -0.5 });
    expect(fieldErrorsOf({ universe: "sp500", lookbackDays: 120.5 }).errors).toEqual([{ field: "lookbackDays", message: "lookbackDays must be a whole number" }]);
    expect(fieldErrorsOf({ universe: "sp500", minVolume: "100000" }).errors).toEqual([{ field: "minVolume", message: "minVolume must be a number" }]);
  });

  it("checks ranges that depend on two fields", () => {
    expect(fieldErrorsOf({ universe: "sp500", minBeta: 2, maxBeta: 1 }).errors).toEqual([{ field: "minBeta", message: "minBeta must be at most maxBeta" }]);
    expect(fieldErrorsOf({ universe: "sp500", minRsi: 70, maxRsi: 30 }).errors).toEqual([{ field: "minRsi", message: "minRsi must be at most maxRsi" }]);
  });

  it("trims the sector keyword and omits it when empty", () => {
    expect(parseScreenRequest({ universe: "sp500", sectorKeyword: "  Information Technology " }).request.sectorKeyword).toBe("Information Technology");
    expect(parseScreenRequest({ universe: "sp500", sectorKeyword: "   " }).request.sectorKeyword).toBeNull();
  });

  it("takes news source flags one by one, the rest at their defaults; null means omitted", () => {
    const { request } = parseScreenRequest({ universe: "sp500", newsSources: { cnbc: true, wsj: null }, lookbackDays: null });
    expect(request.newsSources).toEqual({ wsj: true, yahoo: true, reuters: true, cnbc: true, ft: false });
    expect(request.lookbackDays).toBe(120);
  });

  it("rejects an unknown universe and unknown fields", () => {
    expect(fieldErrorsOf({ universe: "nasdaq" }).errors).toEqual([
      { field: "universe", message: "universe must be one of sp500, sp500_current, broad, all_market, upload, manual" },
    ]);
    expect(fieldErrorsOf({ universe: "sp500", lookback: 50 }).errors).toEqual([{ field: "input", message: "Unknown screening request field: lookback" }]);
  });

  it("cleans manual and uploaded tickers like the form, warning about dropped entries", () => {
    const { request, warnings } = parseScreenRequest({ universe: "upload", tickers: [" aapl", "MSFT", "msft", "123", "", "BRK.B"] });
    expect(request.tickers).toEqual(["AAPL", "MSFT"]);
    expect(warnings).toEqual([
      { code: "INVALID_TICKERS_DROPPED", field: "tickers", message: "Dropped 2 entries that are not a 1 to 5 letter ticker: 123, BRK.B." },
    ]);
  });

  it("needs at least one valid ticker for upload and manual, naming the bad entries", () => {
    expect(fieldErrorsOf({ universe: "manual" }).errors).toEqual([
      { field: "tickers", message: "tickers must list at least one ticker for the manual universe" },
    ]);
    expect(fieldErrorsOf({ universe: "manual", tickers: ["12", "TOOLONG"] }).errors).toEqual([
      { field: "tickers", message: "tickers holds no valid ticker (1 to 5 letters): 12, TOOLONG" },
    ]);
  });

  it("ignores tickers sent with an index universe, and says so", () => {
    const { request, warnings } = parseScreenRequest({ universe: "all_market", tickers: ["AAPL"] });
    expect(request.tickers).toBeNull();
    expect(warnings.map((warning) => warning.code)).toEqual(["TICKERS_IGNORED"]);
  });
});

describe("the Pro request (advanced filters)", () => {
  it("fills every advanced filter with null (no filter) and keeps the Basic defaults", () => {
    const { request } = parseScreenRequest({ universe: "sp500" }, true);
    expect(request.advanced).toMatchObject({ minAiScore: null, maxAiRank: null, sectors: [], fundChange: null, fundCik: null });
    expect(request.lookbackDays).toBe(120);
  });

  it("de-duplicates sectors and takes the fund change", () => {
    const { request } = parseScreenRequest({ universe: "sp500", advanced: { sectors: ["Energy", "Energy"], fundChange: "added", maxAiRank: 50 } }, true);
    expect(request.advanced).toMatchObject({ sectors: ["Energy"], fundChange: "added", maxAiRank: 50 });
  });

  it("names every bad advanced field at once, bounds and pairs alike", () => {
    expect(() => parseScreenRequest({ universe: "sp500", minSentiment: 0.5, advanced: { maxSentiment: 0.1, minVolatility: 0.9, maxVolatility: 0.2, maxDaysToReport: 0 } }, true)).toThrow(
      expect.objectContaining({
        code: "BAD_USER_INPUT",
        fieldErrors: expect.arrayContaining([
          { field: "advanced.maxDaysToReport", message: "maxDaysToReport must be between 1 and 365" },
          { field: "advanced.minVolatility", message: "minVolatility must be at most maxVolatility" },
          { field: "minSentiment", message: "minSentiment must be at most maxSentiment" },
        ]),
      }),
    );
  });

  it("is refused by the Basic and Combined requests by name", () => {
    expect(() => parseScreenRequest({ universe: "sp500", advanced: {} })).toThrow(/Unknown screening request field: advanced/);
  });
});
