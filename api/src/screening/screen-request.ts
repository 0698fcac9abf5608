// The screening request (spec §3 fields, §5 bounds and defaults, §9 constants), validated the
// same way for REST (spec names, universe strings) and GraphQL (enum values mapped to the same
// strings before parsing). One BAD_USER_INPUT names every bad field and its bound.
import { z } from "zod";
import { asOfDaySchema } from "@shared/as-of-schema";
import {
  cleanTickerList,
  DEFAULT_NEWS_SOURCES,
  EMPTY_PRO_FILTERS,
  FUND_CHANGE_FILTERS,
  FUND_CIK_PATTERN,
  GICS_SECTORS,
  MAX_LISTED_TICKERS,
  NEWS_SOURCE_KEYS,
  PRO_NUMBER_RULES,
  proFilterProblems,
  SCREEN_FLAG_DEFAULTS,
  SCREEN_NUMBER_RULES,
  SECTOR_KEYWORD_MAX_LENGTH,
  TICKER_LIST_UNIVERSES,
  type NewsSourceKey,
  type NumberRule,
  type ProFilters,
  type ProNumberField,
  type ScreenNumberField,
} from "@shared/screen-rules";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";

export const screenUniverses = ["sp500", "sp500_current", "broad", "all_market", "upload", "manual"] as const;
export type ScreenUniverseKey = (typeof screenUniverses)[number];

/** Universes whose symbols the caller sends in `tickers`. */
export const tickerListUniverses: readonly ScreenUniverseKey[] = TICKER_LIST_UNIVERSES;

export type ScreenWarning = {
  /** A stable code, e.g. OPTIONS_DATA_UNAVAILABLE. */
  code: string;
  /** The request field it is about, if any. */
  field: string | null;
  message: string;
};

const numberMessage = (field: string) => `${field} must be a number`;
const wholeMessage = (field: string) => `${field} must be a whole number`;
const rangeMessage = (field: string, min: number, max?: number) =>
  max === undefined ? `${field} must be at least ${min}` : `${field} must be between ${min} and ${max}`;

/** A number in [min, max] (max omitted: no upper bound). */
const decimal = (field: string, min: number, max?: number) => {
  const atLeast = z.number({ error: numberMessage(field) }).min(min, { error: rangeMessage(field, min, max) });
  return max === undefined ? atLeast : atLeast.max(max, { error: rangeMessage(field, min, max) });
};

/** A number field by its shared rule (spec §5): a number, whole where required, within its bounds. */
const ruledNumber = (field: ScreenNumberField) => {
  const { min, max, integer }: NumberRule = SCREEN_NUMBER_RULES[field];
  const bounded = decimal(field, min, max);
  return integer ? bounded.int({ error: wholeMessage(field) }) : bounded;
};

type DefaultedField = { [F in ScreenNumberField]: (typeof SCREEN_NUMBER_RULES)[F]["default"] extends number ? F : never }[ScreenNumberField];
type FilterField = Exclude<ScreenNumberField, DefaultedField>;

/** A number that takes its spec default when omitted. */
const numberWithDefault = (field: DefaultedField) => ruledNumber(field).default(SCREEN_NUMBER_RULES[field].default);
/** An optional filter (or a deprecated field): null when omitted. */
const optionalFilter = (field: FilterField) => ruledNumber(field).nullable().default(null);

const flag = (field: string, fallback: boolean) => z.boolean({ error: `${field} must be true or false` }).default(fallback);

const newsSourceFlag = (key: NewsSourceKey) => flag(`newsSources.${key}`, DEFAULT_NEWS_SOURCES[key]);

const newsSourcesSchema = z
  .object(
    {
      wsj: newsSourceFlag("wsj"),
      yahoo: newsSourceFlag("yahoo"),
      reuters: newsSourceFlag("reuters"),
      cnbc: newsSourceFlag("cnbc"),
      ft: newsSourceFlag("ft"),
    } satisfies Record<NewsSourceKey, unknown>,
    { error: `newsSources must be an object of true/false flags (${NEWS_SOURCE_KEYS.join(", ")})` },
  )
  .strict()
  .default({ ...DEFAULT_NEWS_SOURCES });

/** Spec §5 bounds and defaults; the extras (RSI, MA, crossover, sentiment) are presets' filters. */
const screenRequestShape = {
  universe: z.enum(screenUniverses, { error: `universe must be one of ${screenUniverses.join(", ")}` }),
  // A past trading day to screen as of (its range is checked against the stored prices when the screen runs).
  asOf: asOfDaySchema,
  tickers: z
    .array(z.string({ error: "tickers must be a list of strings" }), { error: "tickers must be a list of strings" })
    .max(MAX_LISTED_TICKERS, { error: `tickers must hold at most ${MAX_LISTED_TICKERS} entries` })
    .optional(),
  lookbackDays: numberWithDefault("lookbackDays"),
  newsWindowDays: numberWithDefault("newsWindowDays"),
  requireOptions: flag("requireOptions", SCREEN_FLAG_DEFAULTS.requireOptions),
  minOptionsOi: numberWithDefault("minOptionsOi"),
  minBeta: numberWithDefault("minBeta"),
  maxBeta: numberWithDefault("maxBeta"),
  maxEarnDays: numberWithDefault("maxEarnDays"),
  sectorKeyword: z
    .string({ error: "sectorKeyword must be text" })
    .trim()
    .max(SECTOR_KEYWORD_MAX_LENGTH, { error: `sectorKeyword must be at most ${SECTOR_KEYWORD_MAX_LENGTH} characters` })
    .optional()
    // Trimmed and omitted if empty (spec §5).
    .transform((keyword) => (keyword ? keyword : null)),
  newsSources: newsSourcesSchema,
  includeEtf: flag("includeEtf", SCREEN_FLAG_DEFAULTS.includeEtf),
  minPrice: numberWithDefault("minPrice"),
  minVolume: numberWithDefault("minVolume"),
  maxSymbols: numberWithDefault("maxSymbols"),
  // Kept for older clients of the public API; never applied (screen.ts warns when it is sent).
  batchSize: optionalFilter("batchSize"),
  minRsi: optionalFilter("minRsi"),
  maxRsi: optionalFilter("maxRsi"),
  requireMaCondition: flag("requireMaCondition", SCREEN_FLAG_DEFAULTS.requireMaCondition),
  requireCrossover: flag("requireCrossover", SCREEN_FLAG_DEFAULTS.requireCrossover),
  minSentiment: optionalFilter("minSentiment"),
  minMarketCapBillions: optionalFilter("minMarketCapBillions"),
  maxPeRatio: optionalFilter("maxPeRatio"),
};

const requestObjectError = (what: string) => ({
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `Unknown ${what} field${issue.keys?.length === 1 ? "" : "s"}: ${issue.keys?.join(", ")}`
      : `The ${what} must be an object`,
});

type ShapeOutput = z.output<z.ZodObject<typeof screenRequestShape>>;

/** The Basic request's cross-field rules (min ≤ max, a ticker list for upload/manual). */
function refineScreenRequest(request: ShapeOutput, context: z.RefinementCtx): void {
  // Runs with the other fields' issues too (they are not fatal), so every bad field is named at once.
  const ordered = (low: unknown, high: unknown) => typeof low !== "number" || typeof high !== "number" || low <= high;
  if (!ordered(request.minBeta, request.maxBeta)) {
    context.addIssue({ code: "custom", path: ["minBeta"], message: "minBeta must be at most maxBeta" });
  }
  if (!ordered(request.minRsi, request.maxRsi)) {
    context.addIssue({ code: "custom", path: ["minRsi"], message: "minRsi must be at most maxRsi" });
  }
  if (!tickerListUniverses.includes(request.universe)) return;
  const sent = (Array.isArray(request.tickers) ? request.tickers : []).filter((entry) => typeof entry === "string");
  if (cleanTickerList(sent).tickers.length > 0) return;
  context.addIssue({
    code: "custom",
    path: ["tickers"],
    message:
      sent.every((entry) => !entry.trim())
        ? `tickers must list at least one ticker for the ${request.universe} universe`
        : `tickers holds no valid ticker (1 to 5 letters): ${listSample(sent.map((entry) => entry.trim()).filter(Boolean))}`,
  });
}

export const screenRequestSchema = z.object(screenRequestShape, requestObjectError("screening request")).strict().superRefine(refineScreenRequest);

// ---- Pro screen: the Basic request plus `advanced` (shared/screen-rules.ts PRO_NUMBER_RULES) ----

const proNumber = (field: ProNumberField) => {
  const { min, max, integer }: NumberRule = PRO_NUMBER_RULES[field];
  const bounded = decimal(field, min, max);
  return (integer ? bounded.int({ error: wholeMessage(field) }) : bounded).nullable().default(null);
};

const proNumberShape = Object.fromEntries(Object.keys(PRO_NUMBER_RULES).map((field) => [field, proNumber(field as ProNumberField)])) as {
  [F in ProNumberField]: ReturnType<typeof proNumber>;
};

export const proFiltersSchema = z
  .object(
    {
      ...proNumberShape,
      sectors: z
        .array(z.enum(GICS_SECTORS, { error: `sectors must be GICS sectors (${GICS_SECTORS.join(", ")})` }), { error: "sectors must be a list of GICS sectors" })
        .max(GICS_SECTORS.length, { error: `sectors must hold at most ${GICS_SECTORS.length} entries` })
        .default([])
        .transform((sectors) => [...new Set(sectors)]),
      fundChange: z.enum(FUND_CHANGE_FILTERS, { error: `fundChange must be one of ${FUND_CHANGE_FILTERS.join(", ")}` }).nullable().default(null),
      fundCik: z
        .string({ error: "fundCik must be text" })
        .trim()
        .regex(FUND_CIK_PATTERN, { error: "fundCik must be an SEC CIK (1 to 10 digits)" })
        // Leading zeros as the SEC writes them do not matter: stored CIKs are compared as numbers.
        .nullable()
        .default(null),
    },
    requestObjectError("advanced filters"),
  )
  .strict()
  .default(() => ({ ...EMPTY_PRO_FILTERS, sectors: [] }));

export const proScreenRequestSchema = z
  .object({ ...screenRequestShape, advanced: proFiltersSchema }, requestObjectError("screening request"))
  .strict()
  .superRefine(refineScreenRequest);

/**
 * The Pro filters' cross-field rules (min ≤ max pairs, the sentiment floor against the ceiling,
 * fundChange with fundCik) in the shared module's words, read from the raw input: zod skips an
 * object's refinements once a field inside it failed, and every bad field is named at once.
 */
function proCrossFieldErrors(input: unknown): { field: string; message: string }[] {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const advanced = raw.advanced;
  if (typeof advanced !== "object" || advanced === null || Array.isArray(advanced)) return [];
  const numbersOnly = Object.fromEntries(Object.entries(advanced).filter(([key, value]) => (key in PRO_NUMBER_RULES ? typeof value === "number" : typeof value === "string")));
  const minSentiment = typeof raw.minSentiment === "number" ? raw.minSentiment : null;
  return proFilterProblems(numbersOnly as Partial<ProFilters>, { minSentiment })
    .filter((problem) => problem.message.includes("must be at most") || problem.message.startsWith("fundChange must be set"))
    .map((problem) => ({ field: problem.field === "minSentiment" ? "minSentiment" : `advanced.${problem.field}`, message: problem.message }));
}

export type ScreenRequest = Omit<z.output<typeof screenRequestSchema>, "tickers"> & {
  /** Cleaned tickers for upload/manual (spec §5 rules); null for the other universes. */
  tickers: string[] | null;
  /** The Pro screen's advanced filters (absent for Basic and Combined requests). */
  advanced?: ProFilters;
};
export type ProScreenRequest = ScreenRequest & { advanced: ProFilters };
export type ScreenRequestInput = z.input<typeof screenRequestSchema>;

/** "A, B, C" for up to `max` entries, then "and N more". */
export function listSample(entries: readonly string[], max = 10): string {
  const shown = entries.slice(0, max).join(", ");
  return entries.length > max ? `${shown} and ${entries.length - max} more` : shown;
}

/** JSON nulls and GraphQL nulls mean "not given": the default applies. */
export function withoutNulls(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, key === "newsSources" || key === "advanced" ? withoutNulls(value) : value]),
  );
}

/**
 * Validates a screening request. Tickers follow spec §5 (trimmed, upper-cased, 1 to 5
 * letters, de-duplicated); dropped entries come back as a warning, and tickers sent with
 * a universe that does not use them are ignored with a warning. Invalid input throws one
 * BAD_USER_INPUT whose message lists every field's problem, e.g.
 * "lookbackDays must be between 45 and 365".
 */
export function parseScreenRequest(input: unknown): { request: ScreenRequest; warnings: ScreenWarning[] };
export function parseScreenRequest(input: unknown, pro: true): { request: ProScreenRequest; warnings: ScreenWarning[] };
export function parseScreenRequest(input: unknown, pro?: boolean): { request: ScreenRequest; warnings: ScreenWarning[] };
export function parseScreenRequest(input: unknown, pro = false): { request: ScreenRequest; warnings: ScreenWarning[] } {
  let parsed: z.output<typeof screenRequestSchema> & { advanced?: ProFilters };
  const cleanInput = withoutNulls(input) ?? {};
  const crossField = pro ? proCrossFieldErrors(cleanInput) : [];
  const invalid = (fieldErrors: { field: string; message: string }[]) => {
    // Joined into one sentence, so each message's own full stop goes.
    const messages = [...new Set(fieldErrors.map((fieldError) => fieldError.message.replace(/\.$/, "")))];
    return new AppError("BAD_USER_INPUT", `Invalid screening request: ${messages.join("; ")}.`, { fieldErrors });
  };
  try {
    parsed = parseInput(pro ? proScreenRequestSchema : screenRequestSchema, cleanInput) as typeof parsed;
  } catch (error) {
    // The fields' own messages are what a person needs to read (the web shows this in a toast).
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    throw invalid([...error.fieldErrors, ...crossField.filter((extra) => !error.fieldErrors!.some((known) => known.field === extra.field))]);
  }
  if (crossField.length > 0) throw invalid(crossField);
  const warnings: ScreenWarning[] = [];
  let tickers: string[] | null = null;
  if (tickerListUniverses.includes(parsed.universe)) {
    const cleaned = cleanTickerList(parsed.tickers ?? []);
    tickers = cleaned.tickers;
    if (cleaned.dropped.length > 0) {
      warnings.push({
        code: "INVALID_TICKERS_DROPPED",
        field: "tickers",
        message: `Dropped ${cleaned.dropped.length} ${cleaned.dropped.length === 1 ? "entry" : "entries"} that ${cleaned.dropped.length === 1 ? "is" : "are"} not a 1 to 5 letter ticker: ${listSample(cleaned.dropped)}.`,
      });
    }
  } else if (parsed.tickers && parsed.tickers.length > 0) {
    warnings.push({
      code: "TICKERS_IGNORED",
      field: "tickers",
      message: `tickers are only used with the upload and manual universes; the ${parsed.universe} universe ignored them.`,
    });
  }
  return { request: { ...parsed, tickers }, warnings };
}
