// SEC XBRL "companyfacts" (data.sec.gov/api/xbrl/companyfacts/CIK##########.json): its shape, and
// what of it was public on a given day. Every filing repeats earlier periods as comparatives, and a
// later filing may restate them (a split, an amendment), so a value is chosen per period from the
// latest filing filed on or before that day: what a reader of EDGAR saw then. Pure: no I/O.
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

const factSchema = z.object({
  /** Only on duration facts (income, cash flow); instants (balance sheet, share counts) have none. */
  start: isoDate.optional(),
  end: isoDate,
  val: z.number(),
  /** The accession number of the filing that reported it. */
  accn: z.string(),
  // fy, fp and form describe the filing, not the fact's period (a 10-K repeats earlier years).
  fy: z.number().nullable(),
  fp: z.string().nullable(),
  form: z.string(),
  filed: isoDate,
  /** SEC's pick of one copy per calendar period. */
  frame: z.string().optional(),
});

const conceptSchema = z.object({
  label: z.string().nullable(),
  description: z.string().nullable(),
  /** Unit (USD, shares, USD/shares, pure, ...) → facts. */
  units: z.record(z.string(), z.array(factSchema)),
});

/** Unknown extra keys are dropped. */
export const companyFactsSchema = z.object({
  cik: z.number().int(),
  entityName: z.string(),
  /** Taxonomy (dei, us-gaap, srt, ...) → concept → its facts. */
  facts: z.record(z.string(), z.record(z.string(), conceptSchema)),
});

export type CompanyFacts = z.infer<typeof companyFactsSchema>;
export type Fact = z.infer<typeof factSchema>;

/** The parsed body; throws an Error naming the first problem's path (facts.us-gaap.Revenues.units.USD.3.val). */
export function parseCompanyFacts(json: unknown): CompanyFacts {
  const parsed = companyFactsSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new Error(`${issue.path.join(".") || "the body"}: ${issue.message}`);
}

/** How many facts the company has, all concepts and units together. */
export function countFacts(companyFacts: CompanyFacts): number {
  let count = 0;
  for (const concepts of Object.values(companyFacts.facts)) {
    for (const { units } of Object.values(concepts)) {
      for (const facts of Object.values(units)) count += facts.length;
    }
  }
  return count;
}

/** A value as the UI cites it: the concept, its unit, its period and the filing it comes from. */
export type CitedValue = {
  value: number;
  unit: string;
  concept: string;
  /** Absent on instants. */
  periodStart?: string;
  periodEnd: string;
  filed: string;
  form: string;
  accn: string;
};
export type MissingValue = { value: null; reason: string };
export type Fundamental = CitedValue | MissingValue;
/** A sum of balance-sheet lines: it cites the latest-filed of its components, listed alongside. */
export type TotalDebt = (CitedValue & { components: CitedValue[] }) | MissingValue;

export type PointInTimeFundamentals = {
  asOf: string;
  /** Latest fiscal year reported in a 10-K or 10-K/A. */
  revenue: Fundamental;
  /** The fiscal year before `revenue`'s, for growth. */
  priorYearRevenue: Fundamental;
  netIncome: Fundamental;
  epsBasic: Fundamental;
  /** Latest balance sheet of a 10-K or 10-Q. */
  stockholdersEquity: Fundamental;
  totalDebt: TotalDebt;
  /** The cover page's count (a later date than the balance sheet's). */
  sharesOutstanding: Fundamental;
};

export type ConceptRef = { taxonomy: string; concept: string; unit: string };

const USD = "USD";
const SHARES = "shares";
const USD_PER_SHARE = "USD/shares";
const usGaap = (unit: string, ...concepts: string[]): ConceptRef[] => concepts.map((concept) => ({ taxonomy: "us-gaap", concept, unit }));

// Candidates in order of preference: a company may switch concepts between years (TSLA reported
// RevenueFromContractWithCustomerExcludingAssessedTax for 2018 only), so the latest period among all
// candidates wins and the order only breaks ties between concepts reporting that same period.
const REVENUE = usGaap(USD, "Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax", "SalesRevenueNet");
const NET_INCOME = usGaap(USD, "NetIncomeLoss");
const EPS_BASIC = usGaap(USD_PER_SHARE, "EarningsPerShareBasic", "EarningsPerShareBasicAndDiluted");
const EQUITY = usGaap(USD, "StockholdersEquity", "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest");
/** Long-term debt including its current maturities (LongTermDebt), else its noncurrent part plus a current part. */
const DEBT_TOTAL_OR_NONCURRENT = usGaap(USD, "LongTermDebt", "LongTermDebtNoncurrent");
const DEBT_CURRENT = usGaap(USD, "LongTermDebtCurrent", "DebtCurrent");
const SHARES_OUTSTANDING: ConceptRef[] = [
  { taxonomy: "dei", concept: "EntityCommonStockSharesOutstanding", unit: SHARES },
  ...usGaap(SHARES, "CommonStockSharesOutstanding"),
];

/** Values come only from these: 8-Ks, registration statements and foreign filers' forms are left out. */
export const PERIODIC_REPORTS: readonly string[] = ["10-K", "10-K/A", "10-Q", "10-Q/A"];
const ANNUAL_REPORTS: readonly string[] = ["10-K", "10-K/A"];
// A fiscal year of 52 or 53 weeks, or a calendar year: 363 to 371 days; quarters and nine-month
// year-to-date figures fall well outside.
const ANNUAL_DAYS = { min: 350, max: 380 };
const DAY_MS = 86_400_000;
/** How far before a fiscal year's start the previous one may end (52/53-week years shift by days). */
const PRIOR_YEAR_GAP_DAYS = 7;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

function isAnnual(value: CitedValue): boolean {
  if (!value.periodStart) return false;
  const days = daysBetween(value.periodStart, value.periodEnd);
  return days >= ANNUAL_DAYS.min && days <= ANNUAL_DAYS.max;
}
const isInstant = (value: CitedValue) => value.periodStart === undefined;

/**
 * One value per period of `ref` in its unit (other units never mix in): the one of the latest filing
 * filed on or before asOf among `forms` (same-day filings: the greater accession number). So a
 * restatement replaces the original only from the day it was filed, and an amendment repeating a
 * value changes nothing but the citation. Sorted by period end, then start.
 */
export function valuesKnownOn(companyFacts: CompanyFacts, ref: ConceptRef, asOf: string, forms: readonly string[] = PERIODIC_REPORTS): CitedValue[] {
  assertIsoDate(asOf);
  const facts = companyFacts.facts[ref.taxonomy]?.[ref.concept]?.units[ref.unit] ?? [];
  const byPeriod = new Map<string, Fact>();
  for (const fact of facts) {
    if (fact.filed > asOf || !forms.includes(fact.form)) continue;
    const period = `${fact.start ?? ""}/${fact.end}`;
    const chosen = byPeriod.get(period);
    if (!chosen || fact.filed > chosen.filed || (fact.filed === chosen.filed && fact.accn > chosen.accn)) byPeriod.set(period, fact);
  }
  return [...byPeriod.values()]
    .map((fact) => cite(fact, ref))
    .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd) || (a.periodStart ?? "").localeCompare(b.periodStart ?? ""));
}

function cite(fact: Fact, ref: ConceptRef): CitedValue {
  return {
    value: fact.val,
    unit: ref.unit,
    concept: ref.concept,
    ...(fact.start !== undefined && { periodStart: fact.start }),
    periodEnd: fact.end,
    filed: fact.filed,
    form: fact.form,
    accn: fact.accn,
  };
}

function assertIsoDate(date: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new RangeError(`"${date}" is not a YYYY-MM-DD date`);
}

type Selection = { forms: readonly string[]; keep: (value: CitedValue) => boolean };
const ANNUAL: Selection = { forms: ANNUAL_REPORTS, keep: isAnnual };
const BALANCE_SHEET: Selection = { forms: PERIODIC_REPORTS, keep: isInstant };

/** The latest period among the candidates; for one period, the earlier candidate in the list. */
function latest(companyFacts: CompanyFacts, refs: ConceptRef[], asOf: string, selection: Selection): CitedValue | undefined {
  let best: CitedValue | undefined;
  for (const ref of refs) {
    for (const value of valuesKnownOn(companyFacts, ref, asOf, selection.forms)) {
      if (selection.keep(value) && (!best || value.periodEnd > best.periodEnd)) best = value;
    }
  }
  return best;
}

/** Why nothing was found: none of the concepts is reported, only in other units, or not yet filed. */
function missing(companyFacts: CompanyFacts, refs: ConceptRef[], what: string, asOf: string): MissingValue {
  const reported = refs.filter((ref) => companyFacts.facts[ref.taxonomy]?.[ref.concept]);
  if (reported.length === 0) return { value: null, reason: `${what}: none of ${refs.map((ref) => ref.concept).join(", ")} is reported` };
  if (reported.every((ref) => !companyFacts.facts[ref.taxonomy][ref.concept].units[ref.unit])) {
    const otherUnits = reported.map((ref) => `${ref.concept} in ${Object.keys(companyFacts.facts[ref.taxonomy][ref.concept].units).join(", ")}`);
    return { value: null, reason: `${what}: reported only as ${otherUnits.join("; ")}, not ${refs[0].unit}` };
  }
  return { value: null, reason: `${what}: nothing filed on or before ${asOf}` };
}

/** What was publicly known on asOf (YYYY-MM-DD): only facts filed on or before it. */
export function pointInTimeFundamentals(companyFacts: CompanyFacts, asOf: string): PointInTimeFundamentals {
  assertIsoDate(asOf);
  const find = (refs: ConceptRef[], what: string, selection: Selection): Fundamental =>
    latest(companyFacts, refs, asOf, selection) ?? missing(companyFacts, refs, what, asOf);
  const revenue = find(REVENUE, "annual revenue (10-K)", ANNUAL);
  return {
    asOf,
    revenue,
    priorYearRevenue: priorYearRevenue(companyFacts, revenue, asOf),
    netIncome: find(NET_INCOME, "annual net income (10-K)", ANNUAL),
    epsBasic: find(EPS_BASIC, "annual basic EPS (10-K)", ANNUAL),
    stockholdersEquity: find(EQUITY, "stockholders' equity (10-K/10-Q)", BALANCE_SHEET),
    totalDebt: totalDebt(companyFacts, asOf),
    sharesOutstanding: find(SHARES_OUTSTANDING, "shares outstanding (10-K/10-Q)", BALANCE_SHEET),
  };
}

/** The fiscal year ending within a week before `revenue`'s starts, preferring `revenue`'s concept. */
function priorYearRevenue(companyFacts: CompanyFacts, revenue: Fundamental, asOf: string): Fundamental {
  if (revenue.value === null) return { value: null, reason: "prior-year revenue: no latest annual revenue to compare with" };
  const yearStart = revenue.periodStart!;
  const endsJustBefore = (value: CitedValue) => {
    const gap = daysBetween(value.periodEnd, yearStart);
    return gap >= 1 && gap <= PRIOR_YEAR_GAP_DAYS;
  };
  const priorYear: Selection = { forms: ANNUAL.forms, keep: (value) => isAnnual(value) && endsJustBefore(value) };
  const sameConceptFirst = [...REVENUE].sort((a, b) => Number(b.concept === revenue.concept) - Number(a.concept === revenue.concept));
  return (
    latest(companyFacts, sameConceptFirst, asOf, priorYear) ?? {
      value: null,
      reason: `prior-year revenue: no fiscal year ending just before ${yearStart} filed on or before ${asOf}`,
    }
  );
}

/**
 * Debt at the latest balance sheet reporting LongTermDebt or LongTermDebtNoncurrent. LongTermDebt
 * includes its current maturities, so it stands alone; LongTermDebtNoncurrent gets the current part
 * of the same date added (LongTermDebtCurrent, else DebtCurrent), or stands alone when none is
 * reported. Short-term borrowings beside LongTermDebt, finance leases and convertible notes tagged
 * only as Convertible* are not counted.
 */
function totalDebt(companyFacts: CompanyFacts, asOf: string): TotalDebt {
  const main = latest(companyFacts, DEBT_TOTAL_OR_NONCURRENT, asOf, BALANCE_SHEET);
  if (!main) return missing(companyFacts, DEBT_TOTAL_OR_NONCURRENT, "total debt (10-K/10-Q)", asOf);
  const currentPart =
    main.concept === "LongTermDebtNoncurrent"
      ? DEBT_CURRENT.map((ref) => valuesKnownOn(companyFacts, ref, asOf).find((value) => isInstant(value) && value.periodEnd === main.periodEnd)).find(Boolean)
      : undefined;
  const components = currentPart ? [main, currentPart] : [main];
  const latestFiled = components.reduce((a, b) => (b.filed > a.filed || (b.filed === a.filed && b.accn > a.accn) ? b : a));
  return {
    ...latestFiled,
    value: components.reduce((sum, component) => sum + component.value, 0),
    concept: components.map((component) => component.concept).join(" + "),
    components,
  };
}
