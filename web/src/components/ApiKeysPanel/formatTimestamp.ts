/** "Nov 23, 2026, 3:04 PM" in the reader's time zone; "Never" for a missing time. */
export function formatTimestamp(iso: string | null | undefined, missing = "Never"): string {
  if (!iso) return missing;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? missing : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
