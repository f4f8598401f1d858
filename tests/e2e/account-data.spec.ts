import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { fillRegistration } from "../browser-setup.ts";
import { expect, logIn, openRegistration, test } from "./fixtures.ts";

/**
 * The invoice and contact details page in the browser, as one collector's story: company invoice
 * data (a wrong IČO refused with everything else kept, then a valid one), an avatar in the header,
 * the GDPR export, a new password, and finally the deleted account that can no longer log in.
 */

const PAGE = "/ucet/fakturacni-a-kontaktni-udaje";
const PASSWORD = "Sbirka jamajskych rumu 1998";
const NEW_PASSWORD = "Nove heslo ke sbirce 2026";

async function register(page: Page) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `firma.${id}@example.cz`;
  await openRegistration(page);
  await fillRegistration(page, { email, username: `firma.${id}`, password: PASSWORD });
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });
  await logIn(page, { email, password: PASSWORD }, "/ucet/prehled");
  return email;
}

test("a collector keeps invoice data, avatar and password, exports the data and deletes the account", async ({
  page,
}) => {
  // Registration solves a proof of work in the browser, and the story is long.
  test.slow();
  const email = await register(page);
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Fakturační a kontaktní údaje", level: 1 })).toBeVisible();

  // Company invoice data: a wrong IČO is refused and nothing typed is lost.
  const addresses = page.getByTestId("addresses-form");
  const contact = addresses.locator("fieldset").first();
  const invoice = page.getByTestId("invoice-fields");
  await contact.getByLabel("Jméno a příjmení").fill("Karel Sběratel");
  await contact.getByLabel("Ulice a číslo popisné").fill("Vinohradská 12");
  await contact.getByLabel("Obec").fill("Praha");
  await contact.getByLabel("PSČ").fill("12000");
  await expect(invoice).toBeHidden();
  await addresses.getByLabel("Fakturační adresa je stejná jako kontaktní").uncheck();
  await expect(invoice.getByLabel("Ulice a číslo popisné")).toHaveValue("Vinohradská 12");
  await addresses.getByLabel("Fakturovat na firmu").check();
  await addresses.getByLabel("Název firmy").fill("Sběratelé s.r.o.");
  await addresses.getByLabel("IČO").fill("25596642");
  await addresses.getByLabel("DIČ").fill("CZ25596641");
  await addresses.getByRole("button", { name: "Uložit adresy" }).click();
  await expect(addresses.getByText("IČO není platné, zkontrolujte ho prosím.")).toBeVisible();
  await expect(addresses.getByLabel("Název firmy")).toHaveValue("Sběratelé s.r.o.");
  await expect(addresses.getByLabel("DIČ")).toHaveValue("CZ25596641");
  await expect(contact.getByLabel("Obec")).toHaveValue("Praha");

  await addresses.getByLabel("IČO").fill("25596641");
  await addresses.getByRole("button", { name: "Uložit adresy" }).click();
  await expect(addresses.getByTestId("saved-message")).toHaveText("✓ Adresy byly uloženy.");
  await page.reload();
  await expect(addresses.getByLabel("IČO")).toHaveValue("25596641");
  await expect(contact.getByLabel("PSČ")).toHaveValue("120 00");
  await expect(addresses.getByLabel("Název firmy")).toHaveValue("Sběratelé s.r.o.");

  // An avatar made here, shown in the header once stored.
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c39a3f" } })
    .png()
    .toBuffer();
  const avatarForm = page.getByTestId("avatar-form");
  await avatarForm
    .getByLabel("Obrázek")
    .setInputFiles({ name: "ja.png", mimeType: "image/png", buffer: png });
  await avatarForm.getByRole("button", { name: "Nahrát fotku" }).click();
  await expect(avatarForm.getByTestId("saved-message")).toHaveText("✓ Profilová fotka byla uložena.");
  await expect(page.getByTestId("account-trigger").locator("img")).toHaveAttribute(
    "src",
    /^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/,
  );

  // The GDPR export downloads as JSON with what was just stored.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-link").click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file, "utf8"));
  expect(exported.profile.email).toBe(email);
  expect(exported.addresses).toContainEqual(
    expect.objectContaining({ kind: "invoice", companyId: "25596641" }),
  );

  // A new password; the old one stops working, the new one logs in.
  const passwordForm = page.getByTestId("password-form");
  await passwordForm.getByRole("textbox", { name: "Současné heslo", exact: true }).fill(PASSWORD);
  await passwordForm.getByRole("textbox", { name: "Nové heslo", exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByRole("textbox", { name: "Nové heslo znovu", exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByRole("button", { name: "Změnit heslo" }).click();
  await expect(passwordForm.getByTestId("saved-message")).toContainText("Heslo bylo změněno.");
  await expect(passwordForm.getByRole("textbox", { name: "Nové heslo", exact: true })).toHaveValue("");
  await page.getByTestId("account-sidebar").getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, { email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/ucet\/prehled$/);

  // Deletion: the password confirms it, the session ends, and the account cannot log in again.
  await page.goto(PAGE);
  const deleteForm = page.getByTestId("delete-form");
  await deleteForm.getByRole("textbox", { name: "Heslo pro potvrzení" }).fill(NEW_PASSWORD);
  await deleteForm.getByRole("button", { name: "Trvale smazat účet" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("login-trigger")).toBeVisible();
  await logIn(page, { email, password: NEW_PASSWORD });
  await expect(page.getByTestId("login-error")).toBeVisible();
  await expect(page).toHaveURL(/\/ucet$/);
});
