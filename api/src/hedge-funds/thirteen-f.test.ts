import fs from "node:fs";
import path from "node:path";
import { cusipTickers, parseHoldingsCsv, parseInformationTableXml, sec13fDirectory, valuesInThousands } from "./thirteen-f";
import { snapshotFile } from "./hedge-fund-snapshot";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "fixtures", "edgar", name), "utf8");

describe("the bundled 13F CSV", () => {
  const quarters = parseHoldingsCsv(fs.readFileSync(path.join(sec13fDirectory, snapshotFile), "utf8"));
  const byQuarter = new Map(quarters.map((quarter) => [quarter.quarterEnd, quarter]));
  const line = (quarterEnd: string, cusip: string) => byQuarter.get(quarterEnd)!.lines.find((candidate) => candidate.cusip === cusip)!;

  it("has the 16 quarters 2020-06-30 → 2024-03-31, oldest first", () => {
    expect(quarters.map((quarter) => quarter.quarterEnd)).toHaveLength(16);
    expect(quarters[0].quarterEnd).toBe("2020-06-30");
    expect(quarters.at(-1)!.quarterEnd).toBe("2024-03-31");
  });

  it("turns values filed in thousands (to 2022-09-30) into whole USD", () => {
    expect(line("2022-09-30", "037833100")).toMatchObject({ shares: 894_802_319, value: 123_661_679_000 });
    expect(line("2022-12-31", "037833100")).toMatchObject({ shares: 895_136_175, value: 116_305_043_218 });
  });

  it("keeps one row per position for 2023-09-30, the amendment's, and flags the quarter as amended", () => {
    const amended = byQuarter.get("2023-09-30")!;
    expect(amended.amendment).toBe(true);
    // 91 rows: 45 positions in both filings, plus Chubb (the position the amendment disclosed).
    expect(amended.lines).toHaveLength(46);
    expect(line("2023-09-30", "H1467J104")).toMatchObject({ issuerName: "CHUBB LIMITED", shares: 8_143_530 });
    expect(quarters.filter((quarter) => quarter.amendment).map((quarter) => quarter.quarterEnd)).toEqual(["2023-09-30"]);
  });

  it("keeps CUSIPs the symbol map does not know (Liberty tracking stocks, NU, Liberty Latin America)", () => {
    const map = cusipTickers();
    expect(map.get("037833100")).toBe("AAPL");
    const allCusips = new Set(quarters.flatMap((quarter) => quarter.lines.map((candidate) => candidate.cusip)));
    expect(allCusips.size).toBe(84);
    expect([...allCusips].filter((cusip) => !map.has(cusip)).sort()).toEqual(["531229789", "531229813", "G6693N103", "G9001E102"]);
  });

  it("refuses a file that is not in this format, naming what is missing", () => {
    expect(() => parseHoldingsCsv("ticker,shares\nAAPL,1\n")).toThrow(/missing column\(s\) cusip/);
  });
});

describe("EDGAR information table XML", () => {
  it("sums the lines each other manager reports for one CUSIP", () => {
    const lines = parseInformationTableXml(fixture("infotable-2024-06-30.xml"), { thousands: false });
    const apple = lines.filter((line) => line.cusip === "037833100");
    expect(apple).toHaveLength(1);
    expect(apple[0]).toMatchObject({ issuerName: "APPLE INC", shares: 400_000_000, value: 84_248_000_000 });
    expect(lines.map((line) => line.cusip)).toEqual(["037833100", "025816109", "191216100", "H1467J104", "531229789"]);
  });

  it("reads namespace-prefixed tables and multiplies values filed in thousands", () => {
    const xml = fixture("infotable-2024-06-30.xml").replace(/<(\/?)(\w+)/g, "<$1ns1:$2").replace("<ns1:?xml", "<?xml");
    expect(parseInformationTableXml(xml, { thousands: true })[0].value).toBe(84_248_000_000 * 1000);
  });

  it("knows which filings give values in thousands", () => {
    expect(valuesInThousands("2022-09-30")).toBe(true);
    expect(valuesInThousands("2022-12-31")).toBe(false);
    expect(valuesInThousands("2022-09-30", "2023-02-14")).toBe(false);
    expect(valuesInThousands("2022-12-31", "2022-12-30")).toBe(true);
  });
});
