import { DEMO, expect, logIn, test } from "./fixtures.ts";

/**
 * Issue 13: a control character in a text field (here a backspace, as text pasted from elsewhere
 * may carry) is refused before the action runs, with the translated reason, a way back to the form
 * and nothing saved.
 */
test("a control character in a form is refused with a way back to the form, and nothing is saved", async ({
  page,
}) => {
  await logIn(page, DEMO.buyer, "/ucet/prehled");
  await page.goto("/ucet/fakturacni-a-kontaktni-udaje");
  const name = page.getByTestId("addresses-form").locator("fieldset").first().getByLabel("Jméno a příjmení");
  const saved = await name.inputValue();

  await name.fill("Karel\u0008Sběratel");
  await page.getByTestId("addresses-form").getByRole("button", { name: "Uložit adresy" }).click();
  await expect(page.getByTestId("error-status")).toHaveText("422");
  await expect(page.getByTestId("error-title")).toHaveText("Pole obsahuje nepovolené řídicí znaky.");
  await expect(page.getByText(/Nic se neuložilo\./)).toBeVisible();

  await page.getByRole("link", { name: "Zpět k formuláři" }).click();
  await expect(page.getByRole("heading", { name: "Fakturační a kontaktní údaje", level: 1 })).toBeVisible();
  await expect(name).toHaveValue(saved);
});
