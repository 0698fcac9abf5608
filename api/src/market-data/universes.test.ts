import { loadReferenceData } from "../shared/symbols/reference-data";
import { nonCommonKind, securityInfo, universeInfo, universeTickers } from "./universes";

const sp500 = universeTickers("sp500", { includeEtf: false });
const broad = universeTickers("broad", { includeEtf: false });
const allMarket = universeTickers("all_market", { includeEtf: false });

describe("universes", () => {
  it("S&P 500 is the whole index, one row per share class, labelled with its real size", () => {
    expect(sp500).toHaveLength(503);
    expect(sp500).toEqual(expect.arrayContaining(["AAPL", "GOOGL", "GOOG", "BRK.B", "BF.B"]));
    expect(universeInfo().find((info) => info.universe === "sp500")).toMatchObject({ label: "S&P 500 (503 stocks)", size: 503 });
    // On a day: that day's members (point in time, security-master.test.ts).
    const onDay = universeInfo({ byTicker: new Map(), isSnapshot: true, asOf: "2015-06-01" }).find((info) => info.universe === "sp500")!;
    expect(onDay.label).toBe(`S&P 500 members of the day (${onDay.size} on 2015-06-01)`);
  });

  it("broad adds the S&P 400/600 and NASDAQ-100 members the Nasdaq directory confirms, without duplicates", () => {
    const listed = new Set(loadReferenceData().listedSymbols.map((row) => row.symbol));
    expect(new Set(broad).size).toBe(broad.length);
    expect(broad.slice(0, 503)).toEqual(sp500);
    expect(broad.slice(503).every((ticker) => listed.has(ticker))).toBe(true);
    expect(broad.length).toBeGreaterThan(1400);
  });

  it("all_market holds the US-listed common stocks, index members first, ETFs only when asked", () => {
    expect(allMarket.length).toBeGreaterThan(5000);
    expect(new Set(allMarket).size).toBe(allMarket.length);
    expect(allMarket.slice(0, broad.length)).toEqual(broad);
    // An ADR and an MLP are in; an ETF is in only with includeEtf.
    expect(allMarket).toEqual(expect.arrayContaining(["TSM", "BABA", "EPD"]));
    expect(allMarket).not.toContain("SPY");
    expect(universeTickers("all_market", { includeEtf: true })).toContain("SPY");
    // Preferred shares ($), warrants and units never are.
    expect(allMarket.some((ticker) => !/^[A-Z]{1,5}(\.[A-Z])?$/.test(ticker))).toBe(false);
  });

  it("the all-market label says how many are listed and how many of them have prices, counted from the data", () => {
    const listed = allMarket.length.toLocaleString("en-US");
    // SPY has prices but is an ETF, so it is not one of the universe's priced stocks.
    const byTicker = new Map([["AAPL", {}], ["MSFT", {}], ["SPY", {}]]);
    const label = (isSnapshot: boolean) => universeInfo({ byTicker, isSnapshot, asOf: null }).find((info) => info.universe === "all_market")!.label;
    expect(label(true)).toBe(`All US-listed common stocks: ${listed} listed · 2 priced in the bundled snapshot`);
    expect(label(false)).toBe(`All US-listed common stocks: ${listed} listed · 2 priced`);
    expect(universeInfo().find((info) => info.universe === "all_market")).toMatchObject({ label: `All US-listed common stocks: ${listed} listed`, size: allMarket.length });
  });

  it("tells common stock from warrants, rights, units, preferred shares and notes by the directory's security name", () => {
    const kind = (securityName: string) => nonCommonKind({ securityName });
    expect(kind("Apple Inc. - Common Stock")).toBeNull();
    expect(kind("Alibaba Group Holding Limited American Depositary Shares each representing eight Ordinary share")).toBeNull();
    expect(kind("RLX Technology Inc. American Depositary Shares, each representing the right to receive one (1) Class A ordinary share")).toBeNull();
    expect(kind("Plains All American Pipeline, L.P. - Common Units representing Limited Partner Interests")).toBeNull();
    expect(kind("IQM Quantum Computers Oyj - Warrants to purchase American Depositary Shares")).toBe("warrant");
    expect(kind("EGH Acquisition Corp. - rights")).toBe("right");
    expect(kind("Archimedes Tech SPAC Partners III Co. - Unit")).toBe("unit");
    expect(kind("Liberty Latin America Ltd. - 9.0% Fixed Rate Cumulative Perpetual Redeemable Series A Preference Shares")).toBe("preferred");
    expect(kind("T-Mobile US, Inc. - 5.500% Senior Notes due June 2070")).toBe("debt");
    expect(kind("iPath Series B Carbon Exchange-Traded Notes")).toBe("debt");
  });

  it("gives name, GICS sector, CIK and exchange from the lists", () => {
    expect(securityInfo("BRK.B")).toEqual({
      ticker: "BRK.B",
      name: "Berkshire Hathaway",
      sector: "Financials",
      subIndustry: "Multi-Sector Holdings",
      cik: "0001067983",
      isEtf: false,
      exchange: "NYSE",
    });
    // Outside the S&P 500 the lists have no sector; the directory's name is cleaned of its security type.
    expect(securityInfo("TSM")).toMatchObject({ name: "Taiwan Semiconductor Manufacturing Company Ltd.", sector: null, exchange: "NYSE" });
    expect(securityInfo("SPY")).toMatchObject({ isEtf: true, exchange: "NYSE Arca" });
    expect(securityInfo("ZZZZZ")).toBeNull();
  });
});
