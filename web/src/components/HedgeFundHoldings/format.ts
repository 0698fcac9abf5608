import type { DefaultTheme } from "styled-components";

export type ChangeKind = "NEW" | "ADDED" | "REDUCED" | "SOLD_OUT" | "UNCHANGED";

/** Each change's words (shown, never colour alone) and its theme colour. */
export const CHANGE_STYLES: Record<ChangeKind, { label: string; tone: keyof DefaultTheme["colors"] }> = {
  NEW: { label: "New", tone: "success" },
  ADDED: { label: "Added", tone: "success" },
  REDUCED: { label: "Reduced", tone: "danger" },
  SOLD_OUT: { label: "Sold out", tone: "danger" },
  UNCHANGED: { label: "Unchanged", tone: "textMuted" },
};

/** Whole USD as $135.36B / $84.2M / $950K. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const sign = value < 0 ? "−" : "";
  const size = Math.abs(value);
  if (size >= 1e9) return `${sign}$${(size / 1e9).toFixed(2)}B`;
  if (size >= 1e6) return `${sign}$${(size / 1e6).toFixed(1)}M`;
  if (size >= 1e3) return `${sign}$${(size / 1e3).toFixed(0)}K`;
  return `${sign}$${size.toFixed(0)}`;
}

export function formatShares(shares: number | null | undefined, signed = false): string {
  if (shares === null || shares === undefined) return "—";
  const text = Math.abs(shares).toLocaleString("en-US");
  if (!signed) return text;
  return shares > 0 ? `+${text}` : shares < 0 ? `−${text}` : "0";
}

export function formatPercent(percent: number | null | undefined, decimals = 2): string {
  return percent === null || percent === undefined ? "—" : `${percent.toFixed(decimals)} %`;
}

/** The change's words with its size: "Reduced −12.8 %", "New", "Sold out". */
export function changeText(kind: string | null | undefined, sharesChangeFraction: number | null | undefined): string {
  const style = kind ? CHANGE_STYLES[kind as ChangeKind] : undefined;
  if (!style) return "First stored quarter";
  const { label } = style;
  if ((kind === "ADDED" || kind === "REDUCED") && sharesChangeFraction !== null && sharesChangeFraction !== undefined) {
    const percent = (sharesChangeFraction * 100).toFixed(1);
    return `${label} ${sharesChangeFraction > 0 ? "+" : "−"}${percent.replace("-", "")} %`;
  }
  return label;
}
