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
import { chromium } from "@playwright/test";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3212";
const OUT = "/tmp/screens";
const ACCOUNT = {
  email: process.env.SCREENS_EMAIL ?? "prodejce@rarita.test",
  password: process.env.SCREENS_PASSWORD ?? "demo-prodejce",
};

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
try {
  for (const width of [375, 768, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "cs-CZ" });
    const { hostname } = new URL(BASE);
    await context.addCookies(
      [
        "cookies-show=hidden",
        "accept-technical=true",
        "age-confirmed=1",
        "intro-popup=hidden",
        "top-banner=hidden",
      ].map((pair) => {
        const [name, value] = pair.split("=");
        return { name, value, domain: hostname, path: "/" };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${BASE}/ucet?redirect=/ucet/fakturacni-a-kontaktni-udaje`);
    await page.locator("#login-email").fill(ACCOUNT.email);
    await page.locator("#login-password").fill(ACCOUNT.password);
    await page.locator("form:has(#login-email)").getByRole("button", { name: "Přihlásit se" }).click();
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
