/**
 * Screenshots of the invoice and contact details page at 375, 768 and 1280 px (not part of the
 * test suite): as stored, and after a refused invoice address (a wrong IČO). Run against a
 * running server:
 *
 *   SCREENS_URL=http://localhost:3212 node tests/screens/account-data.screens.ts
 *
 * PNGs go to /tmp/screens/account-data-<width>-<state>.png.
 */
import fs from "node:fs";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3212";
const OUT = "/tmp/screens";
const ACCOUNT = {
  email: process.env.SCREENS_EMAIL ?? "prodejce@rarita.test",
  password: process.env.SCREENS_PASSWORD ?? "demo-prodejce",
};

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, ACCOUNT, "/ucet/fakturacni-a-kontaktni-udaje");
    await page.getByTestId("account-data-page").waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${OUT}/account-data-${width}-stored.png`, fullPage: true });

    const form = page.getByTestId("addresses-form");
    const same = form.getByLabel("Fakturační adresa je stejná jako kontaktní");
    if (await same.isChecked()) await same.uncheck();
    await form.getByLabel("Fakturovat na firmu").check();
    await form.getByLabel("Název firmy").fill("Rarita s.r.o.");
    await form.getByLabel("IČO").fill("25596642");
    await form.getByRole("button", { name: "Uložit adresy" }).click();
    await form.locator("[data-field-error]").first().waitFor();
    await page
      .getByTestId("section-addresses")
      .screenshot({ path: `${OUT}/account-data-${width}-ico-error.png` });
    await context.close();
  }
} finally {
  await browser.close();
}
