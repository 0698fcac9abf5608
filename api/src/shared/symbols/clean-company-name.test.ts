import { cleanCompanyName } from "./clean-company-name";

describe("cleanCompanyName", () => {
  it.each([
    ["Lilly (Eli)", "Eli Lilly"],
    ["Coca-Cola Company (The)", "Coca-Cola Company"],
    ["Alphabet Inc. (Class A)", "Alphabet Inc."],
    ["Estée Lauder Companies (The)", "Estee Lauder Companies"],
    ["Agilent Technologies, Inc. Common Stock", "Agilent Technologies Inc."],
  ])("cleans %s to %s", (name, cleaned) => {
    expect(cleanCompanyName(name)).toBe(cleaned);
  });
});
