import { projectRoot } from "../../config/project-root";
import { loadReferenceData, referenceDataDirectory } from "./reference-data";

const reference = loadReferenceData();

describe("reference data", () => {
  it("loads the bundled lists from the repository, never from the shared folder", () => {
    expect(referenceDataDirectory).toBe(`${projectRoot}/data/reference`);
    const indices = new Set(reference.constituents.map((row) => row.index));
    expect(indices).toEqual(new Set(["sp500", "nasdaq100", "sp400", "sp600"]));
    expect(reference.constituents).toContainEqual(
      expect.objectContaining({ ticker: "BRK.B", name: "Berkshire Hathaway", index: "sp500", sector: "Financials" }),
    );
  });

  it("knows ETFs and share classes as listed symbols, but not preferred shares", () => {
    const symbols = new Map(reference.listedSymbols.map((row) => [row.symbol, row]));
    expect(symbols.get("SPY")?.isEtf).toBe(true);
    expect(symbols.get("BRK.B")?.isEtf).toBe(false);
    expect([...symbols.keys()].some((symbol) => symbol.includes("$"))).toBe(false);
  });

  it("has ordinary English words to tell names that are also words", () => {
    expect(reference.commonWords.has("apple")).toBe(true);
    expect(reference.commonWords.has("target")).toBe(true);
    expect(reference.commonWords.has("microsoft")).toBe(false);
  });
});
