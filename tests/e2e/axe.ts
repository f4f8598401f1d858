import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's axe violations (WCAG 2.1 A and AA), one line each with the rule, its help and the
 * elements, so that a failing `expect(await violations(page)).toEqual([])` names them.
 */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}
