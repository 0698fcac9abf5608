import { DEFAULT_SCREEN_FORM_VALUES, type ScreenFormValues } from "../ScreenForm/screenFormValues";
import { DEFAULT_PRO_FORM_VALUES, type ProFormValues } from "../ScreenForm/proFormValues";

export interface ScreenPreset {
  id: string;
  name: string;
  /** One line saying what the preset looks for. */
  explanation: string;
  /** The form values it sets; everything else keeps what the user chose. */
  values: Partial<ScreenFormValues>;
}

export const SCREEN_PRESETS: readonly ScreenPreset[] = [
  {
    id: "golden-cross",
    name: "Golden cross (SMA 5 over 20)",
    explanation: "SMA 5 crossed above SMA 20 inside the lookback window and is still above it.",
    values: { requireCrossover: true, requireMaCondition: true },
  },
  {
    id: "oversold-large-caps",
    name: "Oversold large caps",
    explanation: "S&P 500 members with RSI 14 at or below 30 and an average volume of at least 1,000,000 shares.",
    values: { universe: "SP500", maxRsi: "30", minVolume: "1000000" },
  },
  {
    id: "momentum-positive-news",
    name: "Momentum with positive news",
    explanation: "SMA 5 above SMA 20, RSI 14 at 55 or more, and news sentiment of at least +0.2 in the news window.",
    values: { requireMaCondition: true, minRsi: "55", minSentiment: "0.2" },
  },
];

/** What any preset sets, back at its default, so presets never stack. The universe is the user's. */
const PRESET_FIELDS_AT_DEFAULT: Partial<ScreenFormValues> = Object.fromEntries(
  SCREEN_PRESETS.flatMap((preset) => Object.keys(preset.values))
    .filter((key) => key !== "universe")
    .map((key) => [key, DEFAULT_SCREEN_FORM_VALUES[key as keyof ScreenFormValues]]),
);

/** The form with a preset applied; the rest of the form (universe, tickers, news sources...) stays as the user set it. */
export function applyPreset(values: ScreenFormValues, preset: ScreenPreset): ScreenFormValues {
  return { ...values, ...PRESET_FIELDS_AT_DEFAULT, ...preset.values };
}

/** A Pro Screener preset: Basic form values and advanced filters (strings, as the inputs hold them). */
export interface ProScreenPreset extends ScreenPreset {
  advanced: Partial<ProFormValues>;
}

export const PRO_SCREEN_PRESETS: readonly ProScreenPreset[] = [
  {
    id: "ai-top-decile-likely-beat",
    name: "AI top decile with likely beat",
    explanation: "The AI model's top 50 of the day (about the top decile of the S&P 500) whose next report, within 30 days, has a beat probability of at least 60 %.",
    values: { universe: "SP500" },
    advanced: { maxAiRank: "50", minBeatProbability: "60", maxDaysToReport: "30" },
  },
  {
    id: "funds-adding",
    name: "Funds adding",
    explanation: "Stocks a tracked fund added to in its latest 13F quarter filed by the day, with no more downgrades than upgrades in the news window.",
    values: { universe: "SP500" },
    advanced: { fundChange: "added", minNetUpgrades: "0" },
  },
  {
    id: "calm-momentum",
    name: "Calm momentum",
    explanation: "12-month return of at least 20 % with 60-day volatility under 30 % and positive news.",
    values: { universe: "SP500", minSentiment: "0" },
    advanced: { minReturn12m: "20", maxVolatility: "30" },
  },
];

/** A Pro preset applied: the Basic presets' fields and every advanced filter back at their defaults first, so presets never stack. */
export function applyProPreset(values: ScreenFormValues, advanced: ProFormValues, preset: ProScreenPreset): { values: ScreenFormValues; advanced: ProFormValues } {
  return {
    values: { ...values, ...PRESET_FIELDS_AT_DEFAULT, minSentiment: DEFAULT_SCREEN_FORM_VALUES.minSentiment, ...preset.values },
    advanced: { ...DEFAULT_PRO_FORM_VALUES, sectors: [], ...preset.advanced },
  };
}
