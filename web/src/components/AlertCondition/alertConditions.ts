// What an alert can watch, as the form offers it and as the page says it in plain English. The
// rules themselves (and every figure) are the server's: see AlertCondition and AlertParams in
// schema.graphql. This file only names the conditions, their settings and their ranges.
import { formatPrice } from "../ScreenResults/format";

export const CONDITIONS = [
  "PRICE_CROSS",
  "PRICE_MOVE",
  "SMA_CROSS",
  "RSI_LEVEL",
  "SENTIMENT_CROSS",
  "ARTICLE_JUMP",
  "ANALYST_ACTION",
  "EARNINGS_WITHIN",
  "FUND_CHANGE",
  "SCREEN_ENTER",
  "SCREEN_LEAVE",
] as const;
export type ConditionName = (typeof CONDITIONS)[number];

export const PARAM_NAMES = ["direction", "level", "percent", "fast", "slow", "minArticles", "action", "days", "change", "fundCik"] as const;
export type ParamName = (typeof PARAM_NAMES)[number];

/** An alert's settings as the API returns them (AlertParams): only its condition's are set. */
export type AlertParamsValues = { readonly [Name in ParamName]?: string | number | null };

/** What an alert watches: one ticker, a watchlist's tickers, or a saved screen's membership. */
export type TargetKind = "ticker" | "watchlist" | "screen";

interface Choice {
  value: string;
  label: string;
}

export type ParamSpec =
  | { name: ParamName; kind: "choice"; label: string; choices: readonly Choice[]; initial: string }
  | { name: ParamName; kind: "number"; label: string; min: number; max: number; step: number; initial: string; placeholder?: string }
  | { name: ParamName; kind: "text"; label: string; initial: string; optional: true; placeholder?: string; hint?: string };

export interface ConditionSpec {
  condition: ConditionName;
  /** The select's option. */
  label: string;
  /** One line on what it checks, under the select. */
  help: string;
  /** Screen conditions watch a saved screen; every other one a ticker or a watchlist. */
  watches: "stocks" | "screen";
  /** Needs Pro (13F holdings are Pro data). */
  pro?: boolean;
  params: readonly ParamSpec[];
}

const crossing: Choice[] = [
  { value: "above", label: "Crosses above" },
  { value: "below", label: "Crosses below" },
];

/** A level crossed upward or downward (RSI, sentiment). */
const risesOrFalls: ParamSpec = {
  name: "direction",
  kind: "choice",
  label: "Direction",
  choices: [
    { value: "above", label: "Rises above" },
    { value: "below", label: "Falls below" },
  ],
  initial: "above",
};

export const CONDITION_SPECS: Readonly<Record<ConditionName, ConditionSpec>> = {
  PRICE_CROSS: {
    condition: "PRICE_CROSS",
    label: "Close crosses a price",
    help: "The daily close moves from one side of the price to the other.",
    watches: "stocks",
    params: [
      { name: "direction", kind: "choice", label: "Direction", choices: crossing, initial: "above" },
      { name: "level", kind: "number", label: "Price (USD)", min: 0.01, max: 1_000_000, step: 0.01, initial: "", placeholder: "150.00" },
    ],
  },
  PRICE_MOVE: {
    condition: "PRICE_MOVE",
    label: "Daily move of at least a percentage",
    help: "The close moves at least this much from the trading day before.",
    watches: "stocks",
    params: [
      {
        name: "direction",
        kind: "choice",
        label: "Direction",
        choices: [
          { value: "either", label: "Up or down" },
          { value: "up", label: "Up" },
          { value: "down", label: "Down" },
        ],
        initial: "either",
      },
      { name: "percent", kind: "number", label: "Change (%)", min: 0.1, max: 100, step: 0.1, initial: "5" },
    ],
  },
  SMA_CROSS: {
    condition: "SMA_CROSS",
    label: "Moving averages cross",
    help: "The faster simple moving average crosses the slower one.",
    watches: "stocks",
    params: [
      {
        name: "fast",
        kind: "choice",
        label: "Faster average",
        choices: [
          { value: "5", label: "SMA 5" },
          { value: "20", label: "SMA 20" },
        ],
        initial: "5",
      },
      { name: "direction", kind: "choice", label: "Direction", choices: crossing, initial: "above" },
      {
        name: "slow",
        kind: "choice",
        label: "Slower average",
        choices: [
          { value: "20", label: "SMA 20" },
          { value: "50", label: "SMA 50" },
        ],
        initial: "20",
      },
    ],
  },
  RSI_LEVEL: {
    condition: "RSI_LEVEL",
    label: "RSI 14 crosses a level",
    help: "The 14-day relative strength index moves past the level.",
    watches: "stocks",
    params: [
      risesOrFalls,
      { name: "level", kind: "number", label: "RSI level (1–99)", min: 1, max: 99, step: 1, initial: "70" },
    ],
  },
  SENTIMENT_CROSS: {
    condition: "SENTIMENT_CROSS",
    label: "News sentiment crosses a level",
    help: "The 7-day news sentiment (−1 to 1) moves past the level.",
    watches: "stocks",
    params: [
      risesOrFalls,
      { name: "level", kind: "number", label: "Sentiment (−1 to 1)", min: -1, max: 1, step: 0.05, initial: "0.3" },
    ],
  },
  ARTICLE_JUMP: {
    condition: "ARTICLE_JUMP",
    label: "News count reaches a number",
    help: "The number of articles in the last 7 days reaches the count.",
    watches: "stocks",
    params: [{ name: "minArticles", kind: "number", label: "Articles in 7 days (1–1000)", min: 1, max: 1000, step: 1, initial: "10" }],
  },
  ANALYST_ACTION: {
    condition: "ANALYST_ACTION",
    label: "Analyst upgrade or downgrade",
    help: "A rating change read from the news.",
    watches: "stocks",
    params: [
      {
        name: "action",
        kind: "choice",
        label: "Action",
        choices: [
          { value: "either", label: "Upgrade or downgrade" },
          { value: "upgrade", label: "Upgrade" },
          { value: "downgrade", label: "Downgrade" },
        ],
        initial: "either",
      },
    ],
  },
  EARNINGS_WITHIN: {
    condition: "EARNINGS_WITHIN",
    label: "Earnings report coming up",
    help: "The next earnings report is within the number of days.",
    watches: "stocks",
    params: [{ name: "days", kind: "number", label: "Days before the report (1–60)", min: 1, max: 60, step: 1, initial: "5" }],
  },
  FUND_CHANGE: {
    condition: "FUND_CHANGE",
    label: "13F: a fund changes its position",
    help: "A tracked fund's 13F filing shows a change in the stock.",
    watches: "stocks",
    pro: true,
    params: [
      {
        name: "change",
        kind: "choice",
        label: "Change",
        choices: [
          { value: "any", label: "Any change" },
          { value: "new", label: "New position" },
          { value: "added", label: "Added to" },
          { value: "reduced", label: "Reduced" },
          { value: "sold_out", label: "Sold out" },
        ],
        initial: "any",
      },
      { name: "fundCik", kind: "text", label: "Fund CIK (optional)", initial: "", optional: true, placeholder: "0001067983", hint: "Empty: any tracked fund. Berkshire Hathaway is 0001067983." },
    ],
  },
  SCREEN_ENTER: {
    condition: "SCREEN_ENTER",
    label: "A stock enters the screen",
    help: "A ticker matches the saved screen that did not the trading day before.",
    watches: "screen",
    params: [],
  },
  SCREEN_LEAVE: {
    condition: "SCREEN_LEAVE",
    label: "A stock leaves the screen",
    help: "A ticker that matched the saved screen the trading day before no longer does.",
    watches: "screen",
    params: [],
  },
};

/** The conditions a target allows, in the form's order. */
export function conditionsFor(target: TargetKind): ConditionName[] {
  return CONDITIONS.filter((condition) => (CONDITION_SPECS[condition].watches === "screen") === (target === "screen"));
}

export const isCondition = (value: string): value is ConditionName => (CONDITIONS as readonly string[]).includes(value);

/** A level or percentage as typed, without trailing zeros: 70 → "70", 0.3 → "0.3". */
const plain = (value: number) => String(Number(value.toFixed(4)));

const FUND_CHANGE_TEXT: Record<string, string> = {
  any: "changes its position in",
  new: "opens a position in",
  added: "adds to its position in",
  reduced: "reduces its position in",
  sold_out: "sells out of",
};

/**
 * The condition in plain English, as the alert list says it: "Close crosses above $150.00",
 * "SMA 5 crosses above SMA 20", "RSI 14 rises above 70", "Enters saved screen “Momentum”".
 */
export function conditionText(condition: string, params: AlertParamsValues, screenName?: string | null): string {
  const number = (name: ParamName) => (typeof params[name] === "number" ? (params[name] as number) : Number(params[name]));
  const direction = String(params.direction ?? "");
  const risesOrFalls = direction === "below" ? "falls below" : "rises above";
  switch (condition) {
    case "PRICE_CROSS":
      return `Close crosses ${direction} ${formatPrice(number("level"))}`;
    case "PRICE_MOVE": {
      const percent = plain(number("percent"));
      if (direction === "up") return `Rises at least ${percent} % in a day`;
      if (direction === "down") return `Falls at least ${percent} % in a day`;
      return `Moves at least ${percent} % in a day, up or down`;
    }
    case "SMA_CROSS":
      return `SMA ${params.fast} crosses ${direction} SMA ${params.slow}`;
    case "RSI_LEVEL":
      return `RSI 14 ${risesOrFalls} ${plain(number("level"))}`;
    case "SENTIMENT_CROSS":
      return `7-day news sentiment ${risesOrFalls} ${number("level") < 0 ? "−" : ""}${Math.abs(number("level")).toFixed(2)}`;
    case "ARTICLE_JUMP":
      return `7-day article count reaches ${params.minArticles}`;
    case "ANALYST_ACTION":
      return params.action === "upgrade" ? "An analyst upgrade in the news" : params.action === "downgrade" ? "An analyst downgrade in the news" : "An analyst upgrade or downgrade in the news";
    case "EARNINGS_WITHIN":
      return `Next earnings report within ${params.days} day${number("days") === 1 ? "" : "s"}`;
    case "FUND_CHANGE": {
      const fund = params.fundCik ? `Fund CIK ${params.fundCik}` : "Any tracked fund";
      return `${fund} ${FUND_CHANGE_TEXT[String(params.change)] ?? "changes its position in"} the stock (13F)`;
    }
    case "SCREEN_ENTER":
      return `Enters saved screen “${screenName ?? "(deleted)"}”`;
    case "SCREEN_LEAVE":
      return `Leaves saved screen “${screenName ?? "(deleted)"}”`;
    default:
      return condition;
  }
}

/** Every setting empty (as typed text). */
function emptyParams(): Record<ParamName, string> {
  return Object.fromEntries(PARAM_NAMES.map((name) => [name, ""])) as Record<ParamName, string>;
}

/** The condition's settings with their initial values (a level typed for another condition means something else). */
export function paramsForCondition(condition: ConditionName): Record<ParamName, string> {
  const values = emptyParams();
  for (const spec of CONDITION_SPECS[condition].params) values[spec.name] = spec.initial;
  return values;
}

/** A saved alert's settings as the form types them (70 → "70"); one it lacks starts as for a new alert. */
export function paramsFromAlert(condition: ConditionName, saved: AlertParamsValues): Record<ParamName, string> {
  const values = paramsForCondition(condition);
  for (const spec of CONDITION_SPECS[condition].params) {
    const value = saved[spec.name];
    if (value !== null && value !== undefined) values[spec.name] = String(value);
  }
  return values;
}

/** The settings the API takes as numbers (AlertParamsInput). */
const NUMERIC_PARAMS = ["level", "percent", "fast", "slow", "minArticles", "days"] as const satisfies readonly ParamName[];
type NumericParam = (typeof NUMERIC_PARAMS)[number];
export type ParamsInput = { [Name in ParamName]?: Name extends NumericParam ? number : string };

/**
 * The settings as CreateAlertInput.params takes them: only the condition's, numbers as numbers. An
 * empty one, or a number that is not one, is left out: the server then names it by field.
 */
export function paramsInput(condition: ConditionName, typed: Record<ParamName, string>): ParamsInput {
  const input: Record<string, string | number> = {};
  for (const spec of CONDITION_SPECS[condition].params) {
    const text = typed[spec.name].trim();
    if (text === "") continue;
    if ((NUMERIC_PARAMS as readonly string[]).includes(spec.name)) {
      if (Number.isFinite(Number(text))) input[spec.name] = Number(text);
    } else input[spec.name] = text;
  }
  return input as ParamsInput;
}

/** Whether every setting the condition needs is filled in (optional ones aside). */
export function paramsComplete(condition: ConditionName, typed: Record<ParamName, string>): boolean {
  return CONDITION_SPECS[condition].params.every((spec) => (spec.kind === "text" && spec.optional) || (typed[spec.name].trim() !== "" && (spec.kind !== "number" || Number.isFinite(Number(typed[spec.name])))));
}
