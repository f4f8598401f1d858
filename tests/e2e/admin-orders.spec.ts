import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";

/**
 * Orders and money in the back office (docs/product/back-office.md, "Orders and money"): the demo
 * accountant imports the sample CAMT.053 statement (tests/fixtures/bank), sees the line that paid
 * order 910001 and the ones that wait (a wrong amount, an unknown symbol, an order already paid, a
 * debit), then ships the paid order with a tracking number; every money screen passes axe. A
 * second run finds the statement imported before and the order shipped, and checks the same.
 */

const ACCOUNTANT = "accountant@rarita.test";
const CAMT = path.resolve(import.meta.dirname, "../fixtures/bank/statement.camt053.xml");

/** With SCREENS_DIR set, a screenshot of the page at 1280 and 768 px (tests/screens/). */
async function screens(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/admin-orders-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

test("an accountant imports a bank statement, sees matched and unmatched lines, and ships the paid order", async ({
  page,
}) => {
  await signInStaff(page, ACCOUNTANT, { to: "/admin/platby/vypisy" });
  await expect(page.getByRole("heading", { name: "Bankovní výpisy", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByLabel("Soubor výpisu (CAMT.053 XML nebo GPC)").setInputFiles(CAMT);
  await page.getByRole("button", { name: "Nahrát výpis" }).click();
  await expect(page).toHaveURL(/\/admin\/platby\/vypisy\/\d+/);
  await expect(page.getByTestId("admin-bank-statement").getByRole("status")).toContainText(
    /spárováno|nahraný dříve/,
  );
  const unmatched = page.getByRole("region", { name: /^Nespárované/ });
  await expect(unmatched).toContainText("jiná částka než objednávka");
  await expect(unmatched).toContainText("neznámý variabilní symbol");
  await expect(unmatched).toContainText("objednávka už je zaplacená");
  await expect(unmatched).toContainText("odchozí platba");
  const matched = page.getByRole("region", { name: /^Spárované a vyřízené/ });
  await expect(matched.getByRole("link", { name: "Objednávka 910001" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await screens(page, "statement");

  await matched.getByRole("link", { name: "Objednávka 910001" }).click();
  await expect(page.getByRole("heading", { name: "Objednávka 910001", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const ship = page.getByRole("button", { name: "Odeslat" });
  if (await ship.isVisible()) {
    await page.getByLabel("Číslo zásilky").fill("Z-E2E-910001");
    await ship.click();
    await expect(page.getByTestId("admin-order").getByRole("status")).toHaveText(
      "Hotovo: objednávka je ve stavu Odeslaná.",
    );
  }
  await expect(page.getByTestId("admin-order")).toContainText("Z-E2E-910001");
  await expect(page.getByRole("button", { name: "Doručeno" })).toBeVisible();
  await screens(page, "order");

  for (const [url, heading] of [
    ["/admin/objednavky?q=910001", "Objednávky"],
    ["/admin/platby", "Platby"],
    ["/admin/poukazy", "Slevové poukazy"],
    ["/admin/poukazy/new", "Nový slevový poukaz"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    expect(await violations(page), url).toEqual([]);
    await screens(page, url.split("/")[2].replace(/\?.*/, "") + (url.endsWith("new") ? "-new" : ""));
  }
  await page.goto("/admin/objednavky?q=910001");
  await expect(page.getByTestId("table-orders").getByRole("row")).toHaveCount(2);
});
