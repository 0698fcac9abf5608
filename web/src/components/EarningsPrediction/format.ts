// Display formats of the earnings predictions. Every figure is the server's, only rounded.
import { MISSING } from "../ScreenResults/format";

export const REPORT_TIME_LABELS: Record<string, string> = {
  BEFORE_OPEN: "before the open",
  DURING_MARKET: "during market hours",
  AFTER_CLOSE: "after the close",
};

/** "Thu, Jan 29, 2026, after the close". */
export function formatReportDate(date: string | null | undefined, time?: string | null): string {
  if (!date) return MISSING;
  const parsed = new Date(`${date}T00:00:00Z`);
  const day = Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return time && REPORT_TIME_LABELS[time] ? `${day}, ${REPORT_TIME_LABELS[time]}` : day;
}

/** The snapshot's month (YYYY-MM) in words: "Dec 2025". */
export function formatSnapshotMonth(month: string): string {
  const parsed = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? month : parsed.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

/** An EPS figure: "$2.67", "−$0.12". */
export function formatEps(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return `${value < 0 ? "−" : ""}$${Math.abs(value).toFixed(2)}`;
}
