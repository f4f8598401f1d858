import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

/** Pages of the frame and the content pages, in both languages: no axe violations. */
const pages = [
  "/",
  "/en",
  "/ucet",
  "/en/account",
  "/dokumenty",
  "/info/1/obchodni-podminky",
  "/en/info/2/privacy-policy",
  "/mimo-provoz",
  "/tahle-stranka-neni",
];

for (const path of pages) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(summary).toEqual([]);
  });
}
