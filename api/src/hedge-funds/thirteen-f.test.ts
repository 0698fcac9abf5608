import fs from "node:fs";
import path from "node:path";
import { fundHistoryAsOf, knownFromDayOf, type QuarterView } from "./hedge-funds";
import { addDays, dayNumber, isOnOrBefore } from "./quarter-dates";
import {
  cusipTickers,
  parseHoldingsCsv,
  parseInformationTableXml,
  readHoldingsCsv,
  readInformationTable,
  sec13fDirectory,
  THIRTEEN_F_LIMITS,
  valuesInThousands,
} from "./thirteen-f";
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
    const xml = fixture("infotable-2024-06-30.xml")
      // The same table as a pre-2023 filing would give it: values in thousands of USD.
      .replace(/<value>(\d+)<\/value>/g, (_, value: string) => `<value>${Math.round(Number(value) / 1000)}</value>`)
      .replace(/<(\/?)(\w+)/g, "<$1ns1:$2")
      .replace("<ns1:?xml", "<?xml");
    expect(parseInformationTableXml(xml, { thousands: true })[0].value).toBe(84_248_000_000);
  });

  it("knows which filings give values in thousands", () => {
    expect(valuesInThousands("2022-09-30")).toBe(true);
    expect(valuesInThousands("2022-12-31")).toBe(false);
    expect(valuesInThousands("2022-09-30", "2023-02-14")).toBe(false);
    expect(valuesInThousands("2022-12-31", "2022-12-30")).toBe(true);
  });
});

describe("what the importer refuses (every message names the row and the rule)", () => {
  const header = "cusip,nameOfIssuer,titleOfClass,periodOfReport,value,shrs_or_prn_amt";
  const csv = (...rows: string[]) => [header, ...rows].join("\n");
  const row = (period: string, name = "APPLE INC", cusip = "037833100") => `${cusip},${name},COM,${period},1000,10`;
  const today = "2024-05-15";
  const infoTable = (name = "APPLE INC", value = "1000") =>
    `<infoTable><nameOfIssuer>${name}</nameOfIssuer><titleOfClass>COM</titleOfClass><cusip>037833100</cusip><value>${value}</value><shrsOrPrnAmt><sshPrnamt>10</sshPrnamt><sshPrnamtType>SH</sshPrnamtType></shrsOrPrnAmt></infoTable>`;
  const table = (...rows: string[]) => `<?xml version="1.0"?>\n<informationTable>\n${rows.join("\n")}\n</informationTable>`;

  it("a quarter that is no calendar day, no quarter end, or after the import day", () => {
    expect(() => parseHoldingsCsv(csv(row("2020-02-30")), { today })).toThrow("row 2: periodOfReport 2020-02-30 is not a calendar day");
    expect(() => parseHoldingsCsv(csv(row("2020-05-31")), { today })).toThrow("row 2: periodOfReport 2020-05-31 is not a calendar quarter end (03-31, 06-30, 09-30 or 12-31)");
    expect(() => parseHoldingsCsv(csv(row("2024-03-31"), row("9999-12-31")), { today })).toThrow(
      "row 3: periodOfReport 9999-12-31 is after the import day 2024-05-15: a quarter is reported once it has ended",
    );
    expect(() => parseHoldingsCsv(csv(row("2024-06-30")), { today })).toThrow(/row 2: periodOfReport 2024-06-30 is after the import day/);
    expect(() => parseHoldingsCsv(csv(row("20240331")), { today })).toThrow('row 2: periodOfReport "20240331" is not a date written YYYY-MM-DD');
    // The import day itself may be a quarter's last day.
    expect(parseHoldingsCsv(csv(row("2024-03-31")), { today: "2024-03-31" })).toHaveLength(1);
  });

  it("160 quarters from 1990 to 2029: the first one after the import day, by its row", () => {
    const rows: string[] = [];
    for (let year = 1990; year < 2030; year++) for (const end of ["03-31", "06-30", "09-30", "12-31"]) rows.push(row(`${year}-${end}`));
    expect(rows).toHaveLength(160);
    // 1990-03-31 … 2024-03-31 are rows 2 to 138; 2024-06-30 is row 139.
    expect(() => parseHoldingsCsv(csv(...rows), { today })).toThrow(/^row 139: periodOfReport 2024-06-30 is after the import day/);
  });

  it("an issuer name or class over the 13F schema's length, and a 2 MB name, without reading the rest", () => {
    expect(() => parseHoldingsCsv(csv(row("2024-03-31", "N".repeat(201))), { today })).toThrow("row 2: nameOfIssuer is 201 characters long (at most 200)");
    expect(() => parseHoldingsCsv(csv(row("2024-03-31", "N".repeat(2_000_000))), { today })).toThrow("row 2: longer than 8,192 characters (a 13F row has a few hundred)");
    expect(() => parseInformationTableXml(table(infoTable(), infoTable("N".repeat(201))), { thousands: false })).toThrow(
      "infoTable 2 (line 4): nameOfIssuer is 201 characters long (at most 200)",
    );
    expect(() => parseInformationTableXml(table(infoTable("N".repeat(2_000_000))), { thousands: false })).toThrow("infoTable 1 (line 3): nameOfIssuer is longer than 200 characters");
  });

  it("values and shares that are not whole numbers, or larger than the stored columns hold", () => {
    expect(() => parseHoldingsCsv(csv("037833100,APPLE INC,COM,2024-03-31,12.5,10"), { today })).toThrow('row 2: value "12.5" is not a whole number (digits only)');
    expect(() => parseHoldingsCsv(csv("037833100,APPLE INC,COM,2024-03-31,1e9,10"), { today })).toThrow('row 2: value "1e9" is not a whole number (digits only)');
    expect(() => parseHoldingsCsv(csv("037833100,APPLE INC,COM,2024-03-31,10000000000000,10"), { today })).toThrow(
      "row 2: value 10,000,000,000,000 is more than a holding can be (at most 9,999,999,999,999)",
    );
    expect(() => parseHoldingsCsv(csv("03783310,APPLE INC,COM,2024-03-31,1,10"), { today })).toThrow('row 2: cusip "03783310" is not a CUSIP (9 letters or digits)');
    expect(() => parseInformationTableXml(table(infoTable("APPLE INC", "-5")), { thousands: false })).toThrow('infoTable 1 (line 3): value "-5" is not a whole number (digits only)');
    // Filed in thousands: 10 billion thousands is more than a holding can be in USD.
    expect(() => parseInformationTableXml(table(infoTable("APPLE INC", "10000000000")), { thousands: true })).toThrow(/infoTable 1 \(line 3\): value 10,000,000,000 is more than a holding can be \(at most 9,999,999,999\)/);
  });

  it("a billion-laughs XML: no DOCTYPE, so no entity, is read", () => {
    const entities = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index || ""};`.repeat(10)}">`)];
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE informationTable [\n${entities.join("\n")}\n]>\n<informationTable>${infoTable("&lol9;")}</informationTable>`;
    expect(() => parseInformationTableXml(laughs, { thousands: false })).toThrow("line 13: a DOCTYPE is not allowed: 13F information tables have none, and entity declarations are refused");
    // An entity it never declared is not expanded either.
    expect(() => parseInformationTableXml(table(infoTable("&lol9;")), { thousands: false })).toThrow(/not well-formed XML \(line 3\): undefined entity/);
    // The five XML entities and character references are text, as in every 13F.
    expect(parseInformationTableXml(table(infoTable("AT&amp;T INC &#x26; CO")), { thousands: false })[0].issuerName).toBe("AT&T INC & CO");
  });

  it("more information-table rows in a quarter than the limit, at the first row past it", async () => {
    const rows = THIRTEEN_F_LIMITS.rowsPerQuarter + 1;
    const cusipOf = (index: number) => `Z${index.toString(36).toUpperCase().padStart(8, "0")}`;
    function* xml() {
      yield "<informationTable>\n";
      for (let index = 0; index < rows; index++) yield infoTable(`ISSUER ${index}`).replace("037833100", cusipOf(index)) + "\n";
      yield "</informationTable>\n";
    }
    await expect(readInformationTable(xml(), { thousands: false })).rejects.toThrow("infoTable 50,001 (line 50002): more than 50,000 infoTable rows (the limit for one quarter)");
    function* csvRows() {
      yield `${header}\n`;
      for (let index = 0; index < rows; index++) yield `${cusipOf(index)},ISSUER ${index},COM,2024-03-31,1,1\n`;
    }
    await expect(readHoldingsCsv(csvRows(), { today })).rejects.toThrow("row 50002: quarter 2024-03-31 has more than 50,000 rows (the limit for one quarter)");
  });

  it("a file over 64 MB, counted as it streams", async () => {
    const megabyte = " ".repeat(1024 * 1024);
    function* huge() {
      yield "<informationTable>";
      for (let index = 0; index < 65; index++) yield megabyte;
    }
    await expect(readInformationTable(huge(), { thousands: false })).rejects.toThrow("the file is larger than 64 MB (the limit for one 13F file)");
  });

  it("something else than an information table, or not XML at all", () => {
    expect(() => parseInformationTableXml("<edgarSubmission><x/></edgarSubmission>", { thousands: false })).toThrow("line 1: not a 13F information table: the root element is <edgarSubmission>, not <informationTable>");
    expect(() => parseInformationTableXml(table(infoTable()).slice(0, -10), { thousands: false })).toThrow(/not well-formed XML/);
  });
});

describe("known by a day, compared as dates", () => {
  it("adds days across years and refuses days that are not calendar days", () => {
    expect(addDays("2020-12-31", 45)).toBe("2021-02-14");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(() => addDays("9999-12-31", 45)).toThrow(RangeError);
    expect(() => addDays("2020-02-30", 1)).toThrow(RangeError);
    expect(dayNumber("10000-02-14")).toBeNaN();
    expect(isOnOrBefore("2020-06-01", "2020-06-01")).toBe(true);
  });

  it("a far-future quarter is never known by a past day (its deadline once sorted before every day as '+010000-02-14')", () => {
    const quarter = (quarterEnd: string, filedAt: string | null = null) => ({ quarterEnd, filedAt }) as QuarterView;
    const history = { fund: { cik: "0001067983", name: "B", lastAttemptAt: null, lastSuccessAt: null, lastError: null }, quarters: [quarter("9999-12-31"), quarter("2020-03-31")] };
    const asOf = fundHistoryAsOf(history, "2020-06-01");
    expect(asOf.quarters.map((known) => known.quarterEnd)).toEqual(["2020-03-31"]);
    expect(asOf.firstKnownOn).toBe("2020-05-15");
    expect(fundHistoryAsOf(history, "2020-05-14").quarters).toEqual([]);
    expect(knownFromDayOf(quarter("9999-12-31"))).toBeGreaterThan(dayNumber("9999-12-31"));
  });
});
