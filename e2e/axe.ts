import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Each serious or critical violation on the page as it is now, as "rule: selector [detail] (n more)":
 * every WCAG 2.1 A/AA rule, or only colour contrast (all a theme changes).
 */
export async function seriousViolations(page: Page, rules: "all" | "contrast"): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (rules === "all" ? axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]) : axe.withRules(["color-contrast"])).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const [first, ...rest] = violation.nodes;
      // color-contrast says which colours and ratio; other rules say what to fix.
      const detail = first.any[0]?.message ?? first.failureSummary ?? "";
      return `${violation.id}: ${first.target.join(" ")} [${detail}]${rest.length > 0 ? ` (and ${rest.length} more)` : ""}`;
    });
}

