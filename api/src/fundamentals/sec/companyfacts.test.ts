import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { countFacts, parseCompanyFacts, pointInTimeFundamentals, valuesKnownOn, type CompanyFacts, type Fact } from "./companyfacts";

const readFixture = (name: string): unknown => JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(__dirname, "fixtures", name))).toString("utf8"));
const tsla = parseCompanyFacts(readFixture("companyfacts_CIK0001318605_TSLA_derived.json.gz"));
const snow = parseCompanyFacts(readFixture("companyfacts_CIK0001640147_SNOW_derived.json.gz"));

const TSLA_FY2020_10K = { accn: "0001564590-21-004599", form: "10-K", filed: "2021-02-08" };

/** A small company with the given us-gaap concepts (concept → unit → facts). */
function companyWith(usGaap: Record<string, Record<string, Fact[]>>): CompanyFacts {
  const concepts = Object.fromEntries(Object.entries(usGaap).map(([concept, units]) => [concept, { label: concept, description: null, units }]));
  return { cik: 42, entityName: "Example Corp", facts: { "us-gaap": concepts } };
}
const annualFact = (val: number, filed: string, form = "10-K"): Fact => ({
  start: "2020-01-01",
  end: "2020-12-31",
  val,
  accn: `0000000042-${filed}`,
  fy: 2020,
  fp: "FY",
  form,
  filed,
});

describe("parseCompanyFacts", () => {
  it("reads the recorded responses: taxonomies, concepts, units and every fact", () => {
    expect(tsla).toMatchObject({ cik: 1318605, entityName: "Tesla, Inc." });
    expect(Object.keys(tsla.facts).sort()).toEqual(["dei", "us-gaap"]);
    expect(countFacts(tsla)).toBe(17_718);
    expect(snow).toMatchObject({ cik: 1640147, entityName: "SNOWFLAKE INC." });
    expect(Object.keys(snow.facts).sort()).toEqual(["dei", "srt", "us-gaap"]);
    expect(countFacts(snow)).toBe(8_163);
    // Instants have no start; one copy of a period carries SEC's frame.
    const shares = tsla.facts.dei.EntityCommonStockSharesOutstanding.units.shares;
    expect(shares.find((fact) => fact.end === "2020-10-20")).toEqual({
      end: "2020-10-20",
      val: 947_900_733,
      accn: "0001564590-20-047486",
      fy: 2020,
      fp: "Q3",
      form: "10-Q",
      filed: "2020-10-26",
      frame: "CY2020Q3I",
    });
  });

  it("ignores unknown keys and names the path of the first malformed value", () => {
    const body = companyWith({ Revenues: { USD: [annualFact(100, "2021-02-01")] } });
    const withExtras = { ...body, addedLater: true, facts: { "us-gaap": { Revenues: { ...body.facts["us-gaap"].Revenues, extra: 1 } } } };
    expect(parseCompanyFacts(withExtras)).toEqual(body);

    const badValue = structuredClone(body) as unknown as { facts: { "us-gaap": { Revenues: { units: { USD: Record<string, unknown>[] } } } } };
    badValue.facts["us-gaap"].Revenues.units.USD[0].val = "100";
    expect(() => parseCompanyFacts(badValue)).toThrow(/^facts\.us-gaap\.Revenues\.units\.USD\.0\.val: /);
    expect(() => parseCompanyFacts({ ...body, cik: "0000000042" })).toThrow(/^cik: /);
    expect(() => parseCompanyFacts([])).toThrow(/^the body: /);
  });
});

describe("valuesKnownOn", () => {
  const eps2019 = (asOf: string) =>
    valuesKnownOn(tsla, { taxonomy: "us-gaap", concept: "EarningsPerShareBasic", unit: "USD/shares" }, asOf).find(
      (value) => value.periodStart === "2019-01-01" && value.periodEnd === "2019-12-31",
    );

  it("keeps the first-reported value until a restatement is filed (TSLA's 2019 EPS, split-adjusted in 2021)", () => {
    expect(eps2019("2020-02-12")).toBeUndefined();
    expect(eps2019("2020-06-01")).toMatchObject({ value: -4.92, filed: "2020-02-13", accn: "0001564590-20-004475" });
    expect(eps2019("2021-02-07")).toMatchObject({ value: -4.92, filed: "2020-02-13" });
    expect(eps2019("2021-06-01")).toMatchObject({ value: -0.98, ...TSLA_FY2020_10K });
  });

  it("gives one value per period however many filings repeat it", () => {
    const revenues = valuesKnownOn(tsla, { taxonomy: "us-gaap", concept: "Revenues", unit: "USD" }, "2022-12-31");
    const periods = revenues.map((value) => `${value.periodStart}/${value.periodEnd}`);
    expect(new Set(periods).size).toBe(periods.length);
    expect(revenues.find((value) => value.periodStart === "2020-01-01" && value.periodEnd === "2020-12-31")).toMatchObject({
      value: 31_536_000_000,
      filed: "2022-02-07",
      form: "10-K",
    });
  });

  it("reads only the unit asked for", () => {
    expect(valuesKnownOn(tsla, { taxonomy: "us-gaap", concept: "Revenues", unit: "EUR" }, "2022-12-31")).toEqual([]);
  });

  it("refuses a date that is not YYYY-MM-DD", () => {
    expect(() => valuesKnownOn(tsla, { taxonomy: "us-gaap", concept: "Revenues", unit: "USD" }, "2021-2-8")).toThrow(RangeError);
  });
});

describe("pointInTimeFundamentals", () => {
  it("knows TSLA's FY2020 revenue from the day its 10-K was filed, not the day before", () => {
    const fy2020 = pointInTimeFundamentals(tsla, "2021-02-08");
    expect(fy2020.revenue).toEqual({
      value: 31_536_000_000,
      unit: "USD",
      concept: "Revenues",
      periodStart: "2020-01-01",
      periodEnd: "2020-12-31",
      ...TSLA_FY2020_10K,
    });
    expect(fy2020.priorYearRevenue).toMatchObject({ value: 24_578_000_000, periodStart: "2019-01-01", periodEnd: "2019-12-31", ...TSLA_FY2020_10K });
    expect(fy2020.netIncome).toMatchObject({ value: 721_000_000, concept: "NetIncomeLoss", periodEnd: "2020-12-31", ...TSLA_FY2020_10K });
    expect(fy2020.epsBasic).toMatchObject({ value: 0.74, unit: "USD/shares", periodEnd: "2020-12-31", ...TSLA_FY2020_10K });
    expect(fy2020.stockholdersEquity).toEqual({
      value: 22_225_000_000,
      unit: "USD",
      concept: "StockholdersEquity",
      periodEnd: "2020-12-31",
      ...TSLA_FY2020_10K,
    });

    const dayBefore = pointInTimeFundamentals(tsla, "2021-02-07");
    expect(dayBefore.revenue).toMatchObject({ value: 24_578_000_000, periodEnd: "2019-12-31", filed: "2020-02-13" });
    expect(dayBefore.stockholdersEquity).toMatchObject({ value: 16_031_000_000, periodEnd: "2020-09-30", form: "10-Q", filed: "2020-10-26" });
  });

  it("shows TSLA's 5:1 split in the cover page's share count from the 10-Q filed after it", () => {
    expect(pointInTimeFundamentals(tsla, "2020-10-25").sharesOutstanding).toEqual({
      value: 186_361_726,
      unit: "shares",
      concept: "EntityCommonStockSharesOutstanding",
      periodEnd: "2020-07-20",
      filed: "2020-07-28",
      form: "10-Q",
      accn: "0001564590-20-033670",
    });
    expect(pointInTimeFundamentals(tsla, "2020-10-26").sharesOutstanding).toMatchObject({
      value: 947_900_733,
      periodEnd: "2020-10-20",
      filed: "2020-10-26",
      accn: "0001564590-20-047486",
    });
  });

  it("takes the latest annual EPS, and the value first reported for it", () => {
    expect(pointInTimeFundamentals(tsla, "2020-06-01").epsBasic).toMatchObject({ value: -4.92, periodEnd: "2019-12-31", filed: "2020-02-13" });
  });

  it("reads SNOW's fiscal year ending 31 January from RevenueFromContractWithCustomerExcludingAssessedTax", () => {
    const fy2021 = pointInTimeFundamentals(snow, "2021-03-31");
    expect(fy2021.revenue).toEqual({
      value: 592_049_000,
      unit: "USD",
      concept: "RevenueFromContractWithCustomerExcludingAssessedTax",
      periodStart: "2020-02-01",
      periodEnd: "2021-01-31",
      filed: "2021-03-31",
      form: "10-K",
      accn: "0001640147-21-000073",
    });
    expect(fy2021.priorYearRevenue).toMatchObject({ value: 264_748_000, periodStart: "2019-02-01", periodEnd: "2020-01-31" });
    expect(fy2021.sharesOutstanding).toMatchObject({ value: 288_700_000, periodEnd: "2021-03-01" });
    // Before its first 10-K only quarters were filed: no fiscal year yet.
    expect(pointInTimeFundamentals(snow, "2021-03-30").revenue).toEqual({
      value: null,
      reason: "annual revenue (10-K): nothing filed on or before 2021-03-30",
    });
    expect(pointInTimeFundamentals(snow, "2025-03-21").revenue).toMatchObject({ value: 3_626_396_000, periodStart: "2024-02-01", periodEnd: "2025-01-31" });
  });

  it("is unchanged by a 10-K/A that repeats values, apart from citing the later filing", () => {
    // TSLA's 10-K/A of 2020-04-28 repeats the cover page's share count of its 10-K of 2020-02-13.
    const before = pointInTimeFundamentals(tsla, "2020-04-27");
    const after = pointInTimeFundamentals(tsla, "2020-04-28");
    expect(before.sharesOutstanding).toMatchObject({ value: 181_341_586, periodEnd: "2020-02-07", form: "10-K", filed: "2020-02-13" });
    expect(after.sharesOutstanding).toMatchObject({ value: 181_341_586, periodEnd: "2020-02-07", form: "10-K/A", filed: "2020-04-28" });
    const { sharesOutstanding: _before, asOf: _beforeDay, ...restBefore } = before;
    const { sharesOutstanding: _after, asOf: _afterDay, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);

    // The 10-K/A of 2012-03-28 re-reports all of FY2011.
    const original = pointInTimeFundamentals(tsla, "2012-03-27");
    const amended = pointInTimeFundamentals(tsla, "2012-03-28");
    expect(original.revenue).toMatchObject({ value: 204_242_000, form: "10-K", filed: "2012-02-27" });
    expect(amended.revenue).toMatchObject({ value: 204_242_000, form: "10-K/A", filed: "2012-03-28" });
    expect(amended.netIncome.value).toBe(original.netIncome.value);
    expect(amended.stockholdersEquity.value).toBe(original.stockholdersEquity.value);
  });

  it("lets an amendment that changes a value count from its filing day", () => {
    const company = companyWith({ Revenues: { USD: [annualFact(100, "2021-02-01"), annualFact(90, "2021-05-01", "10-K/A")] } });
    expect(pointInTimeFundamentals(company, "2021-04-30").revenue).toMatchObject({ value: 100, form: "10-K" });
    expect(pointInTimeFundamentals(company, "2021-05-01").revenue).toMatchObject({ value: 90, form: "10-K/A", filed: "2021-05-01" });
  });

  it("sums total debt from the noncurrent and current parts, or takes LongTermDebt, at one balance-sheet date", () => {
    // TSLA's 10-K of 2012-02-27 splits FY2011's debt in two; its 10-K/A of 2012-03-28 adds LongTermDebt, their sum.
    const split = pointInTimeFundamentals(tsla, "2012-03-27").totalDebt;
    expect(split).toMatchObject({
      value: 276_251_000,
      concept: "LongTermDebtNoncurrent + LongTermDebtCurrent",
      periodEnd: "2011-12-31",
      filed: "2012-02-27",
      components: [
        { concept: "LongTermDebtNoncurrent", value: 268_335_000 },
        { concept: "LongTermDebtCurrent", value: 7_916_000 },
      ],
    });
    const single = pointInTimeFundamentals(tsla, "2012-03-28").totalDebt;
    expect(single).toMatchObject({ value: 276_251_000, concept: "LongTermDebt", form: "10-K/A", components: [{ concept: "LongTermDebt" }] });
    expect(pointInTimeFundamentals(tsla, "2021-02-08").totalDebt).toMatchObject({ value: 8_462_000_000, concept: "LongTermDebt", periodEnd: "2020-12-31" });
    // Snowflake reports no LongTermDebt or LongTermDebtNoncurrent (its convertible notes are tagged otherwise).
    expect(pointInTimeFundamentals(snow, "2025-06-01").totalDebt).toEqual({
      value: null,
      reason: "total debt (10-K/10-Q): none of LongTermDebt, LongTermDebtNoncurrent is reported",
    });
  });

  it("treats a concept reported only in another unit as unknown, never mixing units", () => {
    const euros = companyWith({
      Revenues: { EUR: [annualFact(100, "2021-02-01")] },
      NetIncomeLoss: { EUR: [annualFact(10, "2021-02-01")], USD: [annualFact(12, "2021-02-01")] },
      StockholdersEquity: { shares: [{ ...annualFact(5, "2021-02-01"), start: undefined }] },
    });
    const fundamentals = pointInTimeFundamentals(euros, "2021-06-01");
    expect(fundamentals.revenue).toEqual({ value: null, reason: "annual revenue (10-K): reported only as Revenues in EUR, not USD" });
    expect(fundamentals.netIncome).toMatchObject({ value: 12, unit: "USD" });
    expect(fundamentals.stockholdersEquity).toEqual({
      value: null,
      reason: "stockholders' equity (10-K/10-Q): reported only as StockholdersEquity in shares, not USD",
    });
  });

  it("knows nothing before the first filing, and says why for each value", () => {
    const fundamentals = pointInTimeFundamentals(tsla, "2011-08-11");
    expect(fundamentals).toEqual({
      asOf: "2011-08-11",
      revenue: { value: null, reason: "annual revenue (10-K): nothing filed on or before 2011-08-11" },
      priorYearRevenue: { value: null, reason: "prior-year revenue: no latest annual revenue to compare with" },
      netIncome: { value: null, reason: "annual net income (10-K): nothing filed on or before 2011-08-11" },
      epsBasic: { value: null, reason: "annual basic EPS (10-K): nothing filed on or before 2011-08-11" },
      stockholdersEquity: { value: null, reason: "stockholders' equity (10-K/10-Q): nothing filed on or before 2011-08-11" },
      totalDebt: { value: null, reason: "total debt (10-K/10-Q): nothing filed on or before 2011-08-11" },
      sharesOutstanding: { value: null, reason: "shares outstanding (10-K/10-Q): nothing filed on or before 2011-08-11" },
    });
    // The first filing, a 10-Q, brings a balance sheet but no fiscal year.
    const firstDay = pointInTimeFundamentals(tsla, "2011-08-12");
    expect(firstDay.stockholdersEquity).toMatchObject({ periodEnd: "2011-06-30", form: "10-Q" });
    expect(firstDay.revenue.value).toBeNull();
  });
});
