// The screener form's values (what the inputs hold, as typed), its spec §5/§9 defaults, ranges and
// steps, and the conversion to a ScreenInput with every number parsed and every bound checked.
import { graphql, readInlineData } from "react-relay";
import {
  DEFAULT_NEWS_SOURCES,
  MAX_LISTED_TICKERS,
  parseTickerList,
  SCREEN_FLAG_DEFAULTS,
  SCREEN_NUMBER_RULES,
  SECTOR_KEYWORD_MAX_LENGTH,
  type NewsSourceKey,
  type NumberRule,
  type ParsedTickers,
} from "@shared/screen-rules";
import type { ScreenInput } from "./useScreenRun";
import type { screenFormValues_request$key } from "./__generated__/screenFormValues_request.graphql";

export type ScreenUniverse = ScreenInput["universe"];

export const NEWS_SOURCES = [
  { key: "wsj", label: "WSJ" },
  { key: "yahoo", label: "Yahoo Finance" },
  { key: "reuters", label: "Reuters" },
  { key: "cnbc", label: "CNBC" },
  { key: "ft", label: "Financial Times" },
] as const satisfies readonly { key: NewsSourceKey; label: string }[];

/** Tickers read from an uploaded CSV (or restored from a saved screen, which has no file name). */
export interface UploadedTickers extends ParsedTickers {
  fileName: string | null;
  column: string | null;
}

export interface ScreenFormValues {
  universe: ScreenUniverse;
  manualTickers: string;
  upload: UploadedTickers | null;
  lookbackDays: string;
  newsWindowDays: string;
  minBeta: string;
  maxBeta: string;
  maxEarnDays: string;
  sectorKeyword: string;
  newsSources: Record<NewsSourceKey, boolean>;
  includeEtf: boolean;
  minPrice: string;
  minVolume: string;
  maxSymbols: string;
  // Signal filters: not in the spec form; the presets use them.
  minRsi: string;
  maxRsi: string;
  requireMaCondition: boolean;
  requireCrossover: boolean;
  minSentiment: string;
  // Fundamental filters: rows whose figure is unknown on the day fail them (the server warns).
  minMarketCapBillions: string;
  maxPeRatio: string;
}

/** A form number field: the shared rule (bounds, whole or not, default) with its label and step. */
export interface NumberFieldSpec extends NumberRule {
  label: string;
  step: number;
}

/** Spec §5 bounds and defaults (shared with the server) and §9 steps. A null default means "no filter" (empty). */
export const NUMBER_FIELDS = {
  lookbackDays: { label: "Lookback days", step: 5, ...SCREEN_NUMBER_RULES.lookbackDays },
  newsWindowDays: { label: "News window (days)", step: 1, ...SCREEN_NUMBER_RULES.newsWindowDays },
  minBeta: { label: "Min beta", step: 0.1, ...SCREEN_NUMBER_RULES.minBeta },
  maxBeta: { label: "Max beta", step: 0.1, ...SCREEN_NUMBER_RULES.maxBeta },
  maxEarnDays: { label: "Exclude earnings within (days)", step: 1, ...SCREEN_NUMBER_RULES.maxEarnDays },
  minPrice: { label: "Min price ($)", step: 0.5, ...SCREEN_NUMBER_RULES.minPrice },
  minVolume: { label: "Min avg volume (20d)", step: 10_000, ...SCREEN_NUMBER_RULES.minVolume },
  maxSymbols: { label: "Max symbols", step: 500, ...SCREEN_NUMBER_RULES.maxSymbols },
  minRsi: { label: "Min RSI 14", step: 1, ...SCREEN_NUMBER_RULES.minRsi },
  maxRsi: { label: "Max RSI 14", step: 1, ...SCREEN_NUMBER_RULES.maxRsi },
  minSentiment: { label: "Min news sentiment", step: 0.05, ...SCREEN_NUMBER_RULES.minSentiment },
  minMarketCapBillions: { label: "Min market cap ($ bn)", step: 1, ...SCREEN_NUMBER_RULES.minMarketCapBillions },
  maxPeRatio: { label: "Max P/E", step: 1, ...SCREEN_NUMBER_RULES.maxPeRatio },
} as const satisfies Record<string, NumberFieldSpec>;
export type NumberField = keyof typeof NUMBER_FIELDS;

export { SECTOR_KEYWORD_MAX_LENGTH };
export const DEFAULT_MANUAL_TICKERS = "AAPL, MSFT, NVDA, JPM, AMZN";
const numberText = (value: number | null | undefined) => (value == null ? "" : String(value));
const defaultText = (field: NumberField) => numberText(NUMBER_FIELDS[field].default);

export const DEFAULT_SCREEN_FORM_VALUES: ScreenFormValues = {
  universe: "SP500",
  manualTickers: DEFAULT_MANUAL_TICKERS,
  upload: null,
  lookbackDays: defaultText("lookbackDays"),
  newsWindowDays: defaultText("newsWindowDays"),
  minBeta: defaultText("minBeta"),
  maxBeta: defaultText("maxBeta"),
  maxEarnDays: defaultText("maxEarnDays"),
  sectorKeyword: "",
  newsSources: { ...DEFAULT_NEWS_SOURCES },
  includeEtf: SCREEN_FLAG_DEFAULTS.includeEtf,
  minPrice: defaultText("minPrice"),
  minVolume: defaultText("minVolume"),
  maxSymbols: defaultText("maxSymbols"),
  minRsi: defaultText("minRsi"),
  maxRsi: defaultText("maxRsi"),
  requireMaCondition: SCREEN_FLAG_DEFAULTS.requireMaCondition,
  requireCrossover: SCREEN_FLAG_DEFAULTS.requireCrossover,
  minSentiment: defaultText("minSentiment"),
  minMarketCapBillions: defaultText("minMarketCapBillions"),
  maxPeRatio: defaultText("maxPeRatio"),
};

/** Fields that can carry a message: the number fields and the ticker sources. */
export type ScreenFormField = NumberField | "manualTickers" | "upload" | "sectorKeyword";
export type ScreenFormErrors = Partial<Record<ScreenFormField, string>>;

const count = (value: number) => value.toLocaleString("en-US");

function rangeMessage({ label, min, max }: NumberFieldSpec): string {
  return max === undefined ? `${label} must be at least ${count(min)}.` : `${label} must be between ${count(min)} and ${count(max)}.`;
}

/** The number a field holds, or the message saying why it is not acceptable. */
function parseNumberField(text: string, spec: NumberFieldSpec): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return spec.default === null ? { value: null } : { error: `${spec.label} is required.` };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: `${spec.label} must be a number.` };
  if (spec.integer && !Number.isInteger(value)) return { error: `${spec.label} must be a whole number.` };
  if (value < spec.min || (spec.max !== undefined && value > spec.max)) return { error: rangeMessage(spec) };
  return { value };
}

/** The tickers a ticker-list universe would send, with what was dropped. */
export function tickersOf(values: ScreenFormValues): ParsedTickers | null {
  if (values.universe === "MANUAL") return parseTickerList(values.manualTickers);
  if (values.universe === "UPLOAD") return values.upload;
  return null;
}

export type ScreenFormCheck = { input: ScreenInput; errors: null } | { input: null; errors: ScreenFormErrors };

/**
 * Spec §5 on the client: every number parsed as an integer or a float and checked against its
 * bound, the sector keyword trimmed and omitted if empty, tickers sent only for ticker lists.
 * The server checks the same rules again.
 */
export function checkScreenForm(values: ScreenFormValues): ScreenFormCheck {
  const errors: ScreenFormErrors = {};
  const numbers = {} as Record<NumberField, number | null>;
  for (const field of Object.keys(NUMBER_FIELDS) as NumberField[]) {
    const parsed = parseNumberField(values[field], NUMBER_FIELDS[field]);
    if ("error" in parsed) errors[field] = parsed.error;
    else numbers[field] = parsed.value;
  }
  const inOrder = (low: number | null | undefined, high: number | null | undefined) => low == null || high == null || low <= high;
  if (!errors.minBeta && !errors.maxBeta && !inOrder(numbers.minBeta, numbers.maxBeta)) {
    errors.minBeta = "Min beta must be at most max beta.";
  }
  if (!errors.minRsi && !errors.maxRsi && !inOrder(numbers.minRsi, numbers.maxRsi)) {
    errors.minRsi = "Min RSI 14 must be at most max RSI 14.";
  }

  const tickers = tickersOf(values);
  if (values.universe === "MANUAL" && !tickers?.tickers.length) {
    errors.manualTickers = "Enter at least one ticker of 1 to 5 letters, separated by commas.";
  }
  if (values.universe === "UPLOAD") {
    if (!values.upload) errors.upload = "Choose a .csv file with a ticker or symbol column.";
    else if (values.upload.tickers.length === 0) errors.upload = "The file holds no valid ticker (1 to 5 letters).";
  }
  if (tickers && tickers.tickers.length > MAX_LISTED_TICKERS) {
    errors[values.universe === "UPLOAD" ? "upload" : "manualTickers"] =
      `A list may hold at most ${count(MAX_LISTED_TICKERS)} tickers; this one has ${count(tickers.tickers.length)}.`;
  }
  const sectorKeyword = values.sectorKeyword.trim();
  if (sectorKeyword.length > SECTOR_KEYWORD_MAX_LENGTH) {
    errors.sectorKeyword = `Sector keyword must be at most ${SECTOR_KEYWORD_MAX_LENGTH} characters.`;
  }
  if (Object.keys(errors).length > 0) return { input: null, errors };

  const required = (field: NumberField) => numbers[field] as number;
  const optional = (field: NumberField) => (numbers[field] === null ? {} : { [field]: numbers[field] });
  const input: ScreenInput = {
    universe: values.universe,
    ...(tickers ? { tickers: tickers.tickers } : {}),
    lookbackDays: required("lookbackDays"),
    newsWindowDays: required("newsWindowDays"),
    minBeta: required("minBeta"),
    maxBeta: required("maxBeta"),
    maxEarnDays: required("maxEarnDays"),
    ...(sectorKeyword ? { sectorKeyword } : {}),
    newsSources: { ...values.newsSources },
    includeEtf: values.includeEtf,
    minPrice: required("minPrice"),
    minVolume: required("minVolume"),
    maxSymbols: required("maxSymbols"),
    ...optional("minRsi"),
    ...optional("maxRsi"),
    ...optional("minSentiment"),
    ...optional("minMarketCapBillions"),
    ...optional("maxPeRatio"),
    requireMaCondition: values.requireMaCondition,
    requireCrossover: values.requireCrossover,
  };
  return { input, errors: null };
}

/** A stored request (a saved screen) back as form values; every field is filled, defaults included. */
export function formValuesFromRequest(requestKey: screenFormValues_request$key): ScreenFormValues {
  const request = readInlineData(
    graphql`
      fragment screenFormValues_request on ScreenRequest @inline {
        universe
        tickers
        lookbackDays
        newsWindowDays
        minBeta
        maxBeta
        maxEarnDays
        sectorKeyword
        newsSources {
          wsj
          yahoo
          reuters
          cnbc
          ft
        }
        includeEtf
        minPrice
        minVolume
        maxSymbols
        minRsi
        maxRsi
        requireMaCondition
        requireCrossover
        minSentiment
        minMarketCapBillions
        maxPeRatio
      }
    `,
    requestKey,
  );
  const tickers = request.tickers ?? [];
  return {
    universe: request.universe,
    manualTickers: request.universe === "MANUAL" ? tickers.join(", ") : DEFAULT_MANUAL_TICKERS,
    upload: request.universe === "UPLOAD" ? { fileName: null, column: null, tickers: [...tickers], dropped: [] } : null,
    lookbackDays: numberText(request.lookbackDays),
    newsWindowDays: numberText(request.newsWindowDays),
    minBeta: numberText(request.minBeta),
    maxBeta: numberText(request.maxBeta),
    maxEarnDays: numberText(request.maxEarnDays),
    sectorKeyword: request.sectorKeyword ?? "",
    newsSources: { ...request.newsSources },
    includeEtf: request.includeEtf,
    minPrice: numberText(request.minPrice),
    minVolume: numberText(request.minVolume),
    maxSymbols: numberText(request.maxSymbols),
    minRsi: numberText(request.minRsi),
    maxRsi: numberText(request.maxRsi),
    requireMaCondition: request.requireMaCondition,
    requireCrossover: request.requireCrossover,
    minSentiment: numberText(request.minSentiment),
    minMarketCapBillions: numberText(request.minMarketCapBillions),
    maxPeRatio: numberText(request.maxPeRatio),
  };
}
