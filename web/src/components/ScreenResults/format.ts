// Display formats shared by the screen results and the stock detail page. Missing values show as
// an em dash; every number on screen is the server's, only rounded here.

export const MISSING = "—";

const integerFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const compactFormat = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** A number with a fixed count of decimals and thousands separators ("1,234.50"), or an em dash. */
export function formatDecimal(value: number | null | undefined, decimals = 2): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return value.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A 0–100 score to the server's two decimals, so it never reads across a grade or colour threshold. */
export function formatPoints(value: number | null | undefined): string {
  return formatDecimal(value, 2);
}

export function formatPrice(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? MISSING : `$${formatDecimal(value, 2)}`;
}

/**
 * A figure for a narrow table cell: `decimals` below 1,000, whole from 1,000 up ("3,369"), so
 * four- and five-digit prices fit their column. Pair it with a title holding the exact figure.
 */
export function formatCompactFigure(value: number | null | undefined, decimals = 2): string {
  return formatDecimal(value, value != null && Math.abs(value) >= 1000 ? 0 : decimals);
}

export function formatInteger(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? MISSING : integerFormat.format(value);
}

/** Share volumes read best short ("12.3M"); the full count goes in a title next to it. */
export function formatCompact(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? MISSING : compactFormat.format(value);
}

export type MomentumValue = "STRONG_BULLISH" | "BULLISH" | "NEUTRAL";

const momentumLabels: Record<MomentumValue, string> = { STRONG_BULLISH: "Strong bullish", BULLISH: "Bullish", NEUTRAL: "Neutral" };

/** The GraphQL enum may grow; anything unknown reads as neutral (spec §3: "otherwise neutral"). */
export function momentumLabel(momentum: string): string {
  return momentumLabels[momentum as MomentumValue] ?? momentumLabels.NEUTRAL;
}

/** Higher is more bullish (sorting). */
export function momentumRank(momentum: string): number {
  return momentum === "STRONG_BULLISH" ? 2 : momentum === "BULLISH" ? 1 : 0;
}

/** The spec's row value: strong_bullish | bullish | neutral. */
export function momentumValue(momentum: string): string {
  return momentum === "STRONG_BULLISH" ? "strong_bullish" : momentum === "BULLISH" ? "bullish" : "neutral";
}

/** A market date (YYYY-MM-DD, the exchange's day) as "Apr 21, 2021", in UTC so no time zone shifts it. */
export function formatMarketDate(date: string | null | undefined): string {
  if (!date) return MISSING;
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}
