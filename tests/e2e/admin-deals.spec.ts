import { violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";

/**
 * Deals through Rarita in the back office (docs/product/back-office.md, "Deals through Rarita"):
 * the owner finds them in the menu, opens the list (the demo has no deals: the empty table), the
 * payouts, and the held money's check run against the provider simulator the browser tests'
 * server runs (nothing paid yet: the provider holds what the records say); each page in Czech and
 * English and without axe violations. The behaviour (overdue first, cancel, retry, the check) is tested on the
 * server with an in-memory provider: server/modules/deal-admin/admin.test.ts.
 */

const OWNER = "admin@rarita.test";

test("the owner opens the deals, the payouts and the balance check, in Czech and English", async ({
  page,
}) => {
  // Every deals screen in two languages with axe: 13 s alone, over 30 s under a full run's load.
  test.slow();
  await signInStaff(page, OWNER, { to: "/admin" });
  await page.getByRole("link", { name: "Obchody", exact: true }).click();
  await expect(page).toHaveURL("/admin/obchody");
  await expect(page.getByRole("heading", { level: 1, name: "Obchody přes Raritu" })).toBeVisible();
  await expect(page.getByTestId("table-deals")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole("link", { name: "Výplaty a vratky" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Výplaty a vratky" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto("/admin/obchody/kontrola");
  await expect(page.getByRole("heading", { level: 1, name: "Kontrola drženého zůstatku" })).toBeVisible();
  await page.getByRole("button", { name: "Zkontrolovat nyní" }).click();
  await expect(page.getByTestId("reconciliation-latest")).toContainText("Souhlasí");
  expect(await violations(page)).toEqual([]);

  await page.goto("/en/admin/deals");
  await expect(page.getByRole("heading", { level: 1, name: "Deals through Rarita" })).toBeVisible();
  await page.goto("/en/admin/deals/reconciliation");
  await expect(page.getByTestId("reconciliation-latest")).toContainText("Matches");

  // An unknown deal is a 404 page, not an error.
  const missing = await page.goto("/admin/obchody/999999");
  expect(missing?.status()).toBe(404);
});

test("staff without the deals scope are refused the deals' pages", async ({ page }) => {
  await signInStaff(page, "editor@rarita.test", { to: "/admin" });
  await expect(page.getByRole("link", { name: "Obchody", exact: true })).toHaveCount(0);
  const refused = await page.goto("/admin/obchody");
  expect(refused?.status()).toBe(403);
});
