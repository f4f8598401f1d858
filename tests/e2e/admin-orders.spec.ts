import path from "node:path";
import { violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { screens } from "./screens.ts";
import { signInStaff } from "./staff.ts";

/**
 * Orders and money in the back office (docs/product/back-office.md, "Orders and money"): the demo
 * accountant imports the sample CAMT.053 statement (tests/fixtures/bank), sees the line that paid
 * order 910001 and the ones that wait (a wrong amount, an unknown symbol, an order already paid, a
 * debit), refuses an order number that is no number or no order at the line's field (what was
 * typed kept), then ships the paid order with a tracking number; every money screen passes axe. A
 * second run finds the statement imported before and the order shipped, and checks the same. The
 * accountant also gives a voucher to a collector by their e-mail (not to the demo influencer, whose
 * newest voucher the shop's influencer test reads).
 */

const ACCOUNTANT = "accountant@rarita.test";
const CAMT = path.resolve(import.meta.dirname, "../fixtures/bank/statement.camt053.xml");

test("an accountant imports a bank statement, sees matched and unmatched lines, and ships the paid order", async ({
  page,
}) => {
  // Seven screens with axe checks: 22 s alone on 2 cores, past 30 s under a full run's load.
  test.slow();
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

  // The wrong amount's line: a number with a letter, then an order that does not exist, each
  // refused at the line's field with the typed number kept.
  const wrongAmount = unmatched
    .getByTestId("line-unmatched")
    .filter({ hasText: "jiná částka než objednávka" });
  const orderNumber = wrongAmount.getByRole("textbox", { name: /^Objednávka č\./ });
  await orderNumber.fill("91OOO2");
  await wrongAmount.getByRole("button", { name: "Přiřadit" }).click();
  await expect(wrongAmount.getByText("Zadejte číslo objednávky (jen číslice).")).toBeVisible();
  await expect(orderNumber).toHaveAttribute("aria-invalid", "true");
  await orderNumber.fill("999999");
  await wrongAmount.getByRole("button", { name: "Přiřadit" }).click();
  await expect(wrongAmount.getByText("Objednávka s tímto číslem neexistuje.")).toBeVisible();
  await expect(orderNumber).toHaveValue("999999");
  expect(await violations(page)).toEqual([]);
  await screens(page, "admin-orders-statement");

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
  await screens(page, "admin-orders-order");

  for (const [url, heading] of [
    ["/admin/objednavky?q=910001", "Objednávky"],
    ["/admin/platby", "Platby"],
    ["/admin/poukazy", "Slevové poukazy"],
    ["/admin/poukazy/new", "Nový slevový poukaz"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    expect(await violations(page), url).toEqual([]);
    await screens(
      page,
      `admin-orders-${url.split("/")[2].replace(/\?.*/, "")}${url.endsWith("new") ? "-new" : ""}`,
    );
  }
  await page.goto("/admin/objednavky?q=910001");
  await expect(page.getByTestId("table-orders").getByRole("row")).toHaveCount(2);
});

test("an accountant gives a voucher to an influencer by their e-mail; an unknown one is refused at the field", async ({
  page,
}) => {
  const code = `INFLU${Date.now() % 1_000_000}`;
  await signInStaff(page, ACCOUNTANT, { to: "/admin/poukazy/new" });
  await expect(page.getByRole("heading", { name: "Nový slevový poukaz", level: 1 })).toBeVisible();
  await page.getByLabel("Kód").fill(code);
  await page.getByLabel("Hodnota (% nebo Kč)").fill("10");
  const influencer = page.getByLabel("Influencer (e-mail nebo číslo uživatele)");
  await influencer.fill("nikdo@rarita.test");
  await page.getByLabel("Provize influencera (%)").fill("10");
  await page.getByRole("button", { name: "Uložit" }).click();
  await expect(page.getByText("Uživatel s tímto e-mailem nebo číslem neexistuje.")).toBeVisible();
  await expect(influencer).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Kód")).toHaveValue(code);
  await expect(influencer).toHaveValue("nikdo@rarita.test");
  await screens(page, "admin-orders-voucher-refused");

  await influencer.fill("sberatel2@rarita.test");
  await page.getByRole("button", { name: "Uložit" }).click();
  await expect(page).toHaveURL(/\/admin\/poukazy\/\d+\?saved=1/);
  await expect(page.getByRole("heading", { name: `Poukaz ${code}`, level: 1 })).toBeVisible();
  const named = page.getByTestId("voucher-influencer");
  await expect(named).toContainText("Martin (caroni.hunter)");
  await expect(named).toContainText("sberatel2@rarita.test");
  await expect(influencer).toHaveValue("sberatel2@rarita.test");
  expect(await violations(page)).toEqual([]);
  await screens(page, "admin-orders-voucher-influencer");
});
