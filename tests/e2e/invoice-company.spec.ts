import { expect, logIn, test } from "./fixtures.ts";

/**
 * A company invoiced at its contact address (issue 14, item 13): "Fakturovat na firmu" and the
 * company's fields are offered while "same as contact" stays ticked, the server checks and keeps
 * them, and the page shows them again after a reload, still "same as contact".
 */

// A collector of the demo data no other story changes the addresses of.
const COLLECTOR = { email: "sberatel5@rarita.test", password: "demo-sberatel" };
const PAGE = "/ucet/fakturacni-a-kontaktni-udaje";

test("a company at the contact address types only its name and IDs", async ({ page }) => {
  await logIn(page, COLLECTOR, PAGE);
  const addresses = page.getByTestId("addresses-form");
  const same = addresses.getByLabel("Fakturační adresa je stejná jako kontaktní");
  const company = addresses.getByLabel("Fakturovat na firmu");
  const save = addresses.getByRole("button", { name: "Uložit adresy" });
  await expect(same).toBeChecked();
  await expect(page.getByTestId("invoice-fields")).toBeHidden();
  await expect(company).toBeVisible();
  await expect(company).not.toBeChecked();

  // The server checks the company's data with "same" ticked too.
  await company.check();
  await addresses.getByLabel("Název firmy").fill("Konak Klub s.r.o.");
  await addresses.getByLabel("IČO").fill("25596642");
  await addresses.getByLabel("DIČ").fill("CZ25596641");
  await save.click();
  await expect(addresses.getByText("IČO není platné, zkontrolujte ho prosím.")).toBeVisible();
  await expect(same).toBeChecked();
  await addresses.getByLabel("IČO").fill("25596641");
  await save.click();
  await expect(addresses.getByTestId("saved-message")).toHaveText("✓ Adresy byly uloženy.");

  await page.reload();
  await expect(same).toBeChecked();
  await expect(page.getByTestId("invoice-fields")).toBeHidden();
  await expect(company).toBeChecked();
  await expect(addresses.getByLabel("Název firmy")).toHaveValue("Konak Klub s.r.o.");
  await expect(addresses.getByLabel("IČO")).toHaveValue("25596641");
  await expect(addresses.getByLabel("DIČ")).toHaveValue("CZ25596641");

  // No longer a company: the contact address alone again.
  await company.uncheck();
  await save.click();
  await expect(addresses.getByTestId("saved-message")).toHaveText("✓ Adresy byly uloženy.");
  await page.reload();
  await expect(same).toBeChecked();
  await expect(company).not.toBeChecked();
});
