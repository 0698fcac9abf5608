// The Pro Screener's advanced filters in the form: what the inputs hold (as typed), their labels and
// steps, and the check against the shared rules (shared/screen-rules.ts, which the API
// applies again) into a ProFiltersInput. Returns, volatility, AI score and beat probability are typed
// in percent, as people read them, and sent as the fractions the API takes (10 % → 0.1).
import { graphql, readInlineData } from "react-relay";
import {
  FUND_CHANGE_FILTERS,
  GICS_SECTORS,
  numberRuleProblem,
  PRO_NUMBER_RULES,
  PRO_RANGE_PAIRS,
  type FundChangeFilter,
  type GicsSector,
  type ProNumberField,
} from "@shared/screen-rules";
import type { ProFiltersInput } from "./__generated__/useScreenRunProQuery.graphql";
import type { proFormValues_advanced$key } from "./__generated__/proFormValues_advanced.graphql";

export { FUND_CHANGE_FILTERS, GICS_SECTORS };
export type { ProFiltersInput };

export type ProFormValues = Record<ProNumberField, string> & {
  sectors: GicsSector[];
  /** "" = no fund filter. */
  fundChange: FundChangeFilter | "";
};

/** The fields typed in percent (the API takes them as fractions). */
const PERCENT_FIELDS = new Set<ProNumberField>([
  "minAiScore",
  "maxAiScore",
  "minBeatProbability",
  "maxBeatProbability",
  "minReturn1m",
  "maxReturn1m",
  "minReturn3m",
  "maxReturn3m",
  "minReturn12m",
  "maxReturn12m",
  "minVolatility",
  "maxVolatility",
  "minEarningsYield",
  "minRevenueGrowth",
  "minNetMargin",
  "minReturnOnEquity",
]);
export const isPercentField = (field: ProNumberField) => PERCENT_FIELDS.has(field);

export const PRO_FIELD_LABELS: Record<ProNumberField, { label: string; step: number }> = {
  minAiScore: { label: "Min AI score (%)", step: 5 },
  maxAiScore: { label: "Max AI score (%)", step: 5 },
  maxAiRank: { label: "Max AI rank", step: 1 },
  minBeatProbability: { label: "Min beat probability (%)", step: 5 },
  maxBeatProbability: { label: "Max beat probability (%)", step: 5 },
  maxDaysToReport: { label: "Next report within (days)", step: 1 },
  minReturn1m: { label: "Min 1m return (%)", step: 1 },
  maxReturn1m: { label: "Max 1m return (%)", step: 1 },
  minReturn3m: { label: "Min 3m return (%)", step: 1 },
  maxReturn3m: { label: "Max 3m return (%)", step: 1 },
  minReturn12m: { label: "Min 12m return (%)", step: 5 },
  maxReturn12m: { label: "Max 12m return (%)", step: 5 },
  minVolatility: { label: "Min volatility (%, 60d annualised)", step: 5 },
  maxVolatility: { label: "Max volatility (%, 60d annualised)", step: 5 },
  maxSentiment: { label: "Max news sentiment", step: 0.05 },
  minArticles: { label: "Min articles", step: 1 },
  minUpgrades: { label: "Min analyst upgrades", step: 1 },
  maxDowngrades: { label: "Max analyst downgrades", step: 1 },
  minNetUpgrades: { label: "Net upgrades at least", step: 1 },
  minEarningsYield: { label: "Min earnings yield (%)", step: 1 },
  maxPriceToBook: { label: "Max price / book", step: 0.5 },
  maxPriceToSales: { label: "Max price / sales", step: 0.5 },
  minRevenueGrowth: { label: "Min revenue growth (%, year)", step: 5 },
  minNetMargin: { label: "Min net margin (%)", step: 5 },
  minReturnOnEquity: { label: "Min return on equity (%)", step: 5 },
  maxDebtToEquity: { label: "Max debt / equity", step: 0.5 },
};

export const FUND_CHANGE_LABELS: Record<FundChangeFilter, string> = {
  any: "Held (any change)",
  new: "New position",
  added: "Added to",
  reduced: "Reduced",
  sold_out: "Sold out",
  unchanged: "Unchanged",
};

const PRO_FIELDS = Object.keys(PRO_NUMBER_RULES) as ProNumberField[];

export const DEFAULT_PRO_FORM_VALUES: ProFormValues = {
  ...(Object.fromEntries(PRO_FIELDS.map((field) => [field, ""])) as Record<ProNumberField, string>),
  sectors: [],
  fundChange: "",
};

export type ProFormErrors = Partial<Record<ProNumberField | "sectors" | "fundChange" | "minSentiment", string>>;
export type ProFormCheck = { advanced: ProFiltersInput; errors: null } | { advanced: null; errors: ProFormErrors };

/** The shared rule's words with the form's label in place of the API name ("Min AI score (%) must be between 0 and 100."). */
function labelled(field: ProNumberField, message: string): string {
  const rule = PRO_NUMBER_RULES[field];
  const words = isPercentField(field) ? message.replace(`between ${rule.min} and ${rule.max}`, `between ${percentOf(rule.min)} and ${percentOf(rule.max)}`) : message;
  return `${words.replace(field, PRO_FIELD_LABELS[field].label)}.`;
}

/** Percent ↔ fraction without binary noise (12.3 % → 0.123, not 0.12300000000000001). */
const fractionOf = (percent: number) => Number((percent / 100).toPrecision(12));
const percentOf = (fraction: number) => Number((fraction * 100).toPrecision(12));

/**
 * The advanced filters checked with the shared rules: every number's bound (whole where required),
 * each min ≤ max pair, and the Basic sentiment floor against the Pro ceiling. Empty: no filter.
 */
export function checkProForm(values: ProFormValues, minSentimentText = ""): ProFormCheck {
  const errors: ProFormErrors = {};
  const numbers: Partial<Record<ProNumberField, number>> = {};
  for (const field of PRO_FIELDS) {
    const text = values[field].trim();
    if (!text) continue;
    const typed = Number(text);
    const value = isPercentField(field) ? fractionOf(typed) : typed;
    const problem = Number.isFinite(typed) ? numberRuleProblem(field, PRO_NUMBER_RULES[field], value) : `${field} must be a number`;
    if (problem) errors[field] = labelled(field, problem);
    else numbers[field] = value;
  }
  for (const [low, high] of PRO_RANGE_PAIRS as readonly (readonly [ProNumberField, ProNumberField])[]) {
    const lowValue = numbers[low];
    const highValue = numbers[high];
    if (lowValue !== undefined && highValue !== undefined && lowValue > highValue) {
      errors[low] = `${PRO_FIELD_LABELS[low].label} must be at most ${PRO_FIELD_LABELS[high].label.toLowerCase()}.`;
    }
  }
  const floor = Number(minSentimentText.trim());
  if (minSentimentText.trim() && numbers.maxSentiment !== undefined && Number.isFinite(floor) && floor > numbers.maxSentiment) {
    errors.maxSentiment = "Max news sentiment must be at least min news sentiment.";
  }
  if (values.sectors.some((sector) => !(GICS_SECTORS as readonly string[]).includes(sector))) {
    errors.sectors = "Choose sectors from the GICS list.";
  }
  if (Object.keys(errors).length > 0) return { advanced: null, errors };
  const advanced: ProFiltersInput = { ...numbers };
  if (values.sectors.length > 0) advanced.sectors = [...values.sectors];
  if (values.fundChange) advanced.fundChange = values.fundChange.toUpperCase() as ProFiltersInput["fundChange"];
  return { advanced, errors: null };
}

/** A stored request's advanced filters back as form values. */
export function proFormValuesFrom(advanced: Partial<Record<ProNumberField, number | null>> & { sectors?: readonly string[] | null; fundChange?: string | null } | null | undefined): ProFormValues {
  if (!advanced) return { ...DEFAULT_PRO_FORM_VALUES, sectors: [] };
  const typed = (field: ProNumberField, value: number) => String(isPercentField(field) ? percentOf(value) : value);
  const numbers = Object.fromEntries(PRO_FIELDS.map((field) => [field, advanced[field] == null ? "" : typed(field, advanced[field])])) as Record<ProNumberField, string>;
  const change = advanced.fundChange ? (advanced.fundChange.toLowerCase() as FundChangeFilter) : "";
  return {
    ...numbers,
    sectors: (advanced.sectors ?? []).filter((sector): sector is GicsSector => (GICS_SECTORS as readonly string[]).includes(sector)),
    fundChange: (FUND_CHANGE_FILTERS as readonly string[]).includes(change) ? change : "",
  };
}

/** A saved screen's advanced filters (null for a Basic or Combined screen) back as form values. */
export function proFormValuesFromRequest(advancedKey: proFormValues_advanced$key | null | undefined): ProFormValues {
  const advanced = readInlineData(
    graphql`
      fragment proFormValues_advanced on ProFilters @inline {
        minAiScore
        maxAiScore
        maxAiRank
        minBeatProbability
        maxBeatProbability
        maxDaysToReport
        minReturn1m
        maxReturn1m
        minReturn3m
        maxReturn3m
        minReturn12m
        maxReturn12m
        minVolatility
        maxVolatility
        maxSentiment
        minArticles
        minUpgrades
        maxDowngrades
        minNetUpgrades
        minEarningsYield
        maxPriceToBook
        maxPriceToSales
        minRevenueGrowth
        minNetMargin
        minReturnOnEquity
        maxDebtToEquity
        sectors
        fundChange
      }
    `,
    advancedKey ?? null,
  );
  return proFormValuesFrom(advanced);
}
