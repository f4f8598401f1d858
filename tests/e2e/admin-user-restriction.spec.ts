import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";

/**
 * Restricting an account from the users back office (docs/product/back-office.md, "Moderation"): a
 * moderator opens a user's page, follows "Restrict the account" to moderation's own page for the
 * user (history, decisions, the decision form limited to the account measures), which passes axe.
 * A statement without reasons is refused, so the demo user stays unrestricted for other tests.
 */

const MODERATOR = "moderator@rarita.test";

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

test("the user's page leads to restricting the account with a statement of reasons", async ({ page }) => {
  await signInStaff(page, MODERATOR, { to: "/admin/uzivatele?q=Lucie" });
  await page.getByTestId("table-users").getByRole("link", { name: "novacek.brno" }).click();
  await expect(page.getByRole("heading", { name: /novacek\.brno/, level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Omezit účet s odůvodněním (moderace)" }).click();
  await expect(page).toHaveURL(/\/admin\/moderace\/uzivatel\/\d+$/);
  await expect(page.getByRole("heading", { name: "Omezení účtu novacek.brno", level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-history")).toContainText("novacek.brno");
  const form = page.getByTestId("decision-form");
  const measures = await form.getByLabel("Opatření").locator("option").allTextContents();
  expect(measures).toEqual(["Účet pozastaven", "Účet zablokován"]);
  expect(await violations(page)).toEqual([]);

  await form.getByLabel("Opatření").selectOption("block_account");
  await form.getByRole("button").click();
  await expect(form.getByText("Napište aspoň 10 znaků.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/moderace\/uzivatel\/\d+$/);
  expect(await violations(page)).toEqual([]);
});
