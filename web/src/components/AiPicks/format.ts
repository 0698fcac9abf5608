// Display formats of the AI picks and their track record. Every figure is the server's, only rounded;
// returns use the backtest's signed format (formatReturn in ScreenBacktest/BacktestReport).
import { formatDecimal, MISSING } from "../ScreenResults/format";

/** A fraction as an unsigned percentage (a probability, a share, a drawdown): 0.5734 → "57.3 %". */
export function formatShare(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? MISSING : `${(value * 100).toFixed(1)} %`;
}

/** A signed figure with a true minus sign, as the API writes contributions: "+0.11", "−0.03". */
export function formatSigned(value: number | null | undefined, decimals = 2): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(decimals)}`;
}

/** A market day (YYYY-MM-DD) as its month: "Mar 2019". */
export function formatMonth(date: string | null | undefined): string {
  if (!date) return MISSING;
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

// The model's inputs measured as fractions of a price (AiPickFactor.factor); the others are plain numbers.
const SIGNED_FRACTION_INPUTS = new Set(["return1m", "return3m", "return6m", "momentum12_1", "sma50Distance", "sma200Distance"]);

/** A factor's raw input in its own unit: returns and distances as percentages, RSI 0–100, beta and the rest as numbers. */
export function formatFactorInput(factor: string, input: number | null | undefined): string {
  if (input == null) return MISSING;
  if (SIGNED_FRACTION_INPUTS.has(factor)) return `${formatSigned(input * 100, 1)} %`;
  if (factor === "volatility60") return formatShare(input);
  return formatDecimal(input, factor === "rsi14" ? 1 : 2);
}

/** An information coefficient (or its t-stat) to three (or `decimals`) places. */
export function formatIc(value: number | null | undefined, decimals = 3): string {
  return value == null || !Number.isFinite(value) ? MISSING : value.toFixed(decimals);
}
