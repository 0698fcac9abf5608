import { loadReferenceData } from "../../shared/symbols/reference-data";
import { buildCompanyAliases } from "./company-names";

const reference = loadReferenceData();

describe("company names", () => {
  const aliases = buildCompanyAliases(reference);
  const aliasFor = (name: string) => aliases.find((alias) => alias.written.join(" ") === name);

  it("drops legal forms and descriptors but keeps what still names the company", () => {
    expect(aliasFor("Target")).toMatchObject({ tickers: ["TGT"], evidence: "any" });
    expect(aliasFor("JPMorgan Chase")).toMatchObject({ tickers: ["JPM"], evidence: "none" });
    expect(aliasFor("Gilead")).toMatchObject({ tickers: ["GILD"], evidence: "none" });
    expect(aliasFor("Zebra")).toBeUndefined();
    expect(aliasFor("Dow")).toBeUndefined();
  });

  it("asks more of names that are people or places, and most of smaller companies named like words", () => {
    expect(aliasFor("Williams")?.evidence).toBe("adjacent");
    expect(aliasFor("Yeti")?.evidence).toBe("strong");
    expect(aliasFor("California")?.evidence).toBe("strong");
  });
});
