/**
 * Screenshots of the age check (issue 36) in Czech and English at 375, 768 and 1280 px (not part
 * of the test suite): the page's choice for a guest's order, a refusal with its reason, the bank
 * identity simulator's login page, the checkout's review asking for the check, and the account's
 * "18+ ověřeno" line (the demo buyer is verified). Run against a server started with
 * BANK_ID_SIMULATOR=true and the demo data:
 *
 *   SCREENS_URL=http://localhost:3410 node tests/screens/age-check.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/age-check-<locale>-<page>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3410";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const widths = process.argv.slice(2).map(Number).filter(Boolean);
const PREFIX = { cs: "", en: "/en" } as const;
const CHECK = { cs: "/overeni-veku", en: "/en/age-check" } as const;
const REVIEW = { cs: "/kosik/rekapitulace", en: "/en/cart/review" } as const;

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/age-check-${name}-${width}.png`, fullPage: true });
}

/** A guest's cart with a whisky, through delivery and details, on the review. */
async function guestReview(page: Page, locale: "cs" | "en") {
  await page.goto(`${BASE}/hledani?q=Glenfarclas`);
  await page
    .locator('[data-testid="product-card"][data-format="shop"]')
    .first()
    .getByRole("link")
    .first()
    .click();
  await page.getByTestId("add-to-cart-submit").click();
  await page.getByTestId("cart-added").waitFor();
  await page.goto(`${BASE}/kosik/doprava-a-platba`);
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="delivery"][value="zasilkovna"]').check();
  await page.locator('input[name="payment"][value="bank_transfer"]').check();
  await page.getByTestId("delivery-submit").click();
  await page.waitForURL(/\/kosik\/udaje$/);
  await page.waitForLoadState("networkidle");
  const details = page.getByTestId("details-form");
  await details.locator('input[name="email"]').fill(`screens.${Date.now()}@example.cz`);
  await details.locator('input[name="phone"]').fill("+420 777 123 456");
  await details.locator('input[name="invoice.name"]').fill("Host Kupující");
  await details.locator('input[name="invoice.street"]').fill("Karlova 12");
  await details.locator('input[name="invoice.city"]').fill("Praha 1");
  await details.locator('input[name="invoice.zip"]').fill("110 00");
  await page.getByTestId("details-submit").click();
  await page.waitForURL(/\/kosik\/rekapitulace$/);
  await page.goto(`${BASE}${REVIEW[locale]}`);
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    for (const locale of ["cs", "en"] as const) {
      const context = await answeredContext(browser, BASE, width);
      const page = await context.newPage();
      await guestReview(page, locale);
      await shot(page, `${locale}-review`, width);
      const back = encodeURIComponent(REVIEW[locale]);
      await page.goto(`${BASE}${CHECK[locale]}?zpet=${back}&objednavka=1`);
      await shot(page, `${locale}-choice`, width);
      await page.goto(`${BASE}${CHECK[locale]}?zpet=${back}&objednavka=1&chyba=minor`);
      await shot(page, `${locale}-refused`, width);
      if (locale === "cs") {
        await page.getByTestId("age-check-bank_id").click();
        await page.getByRole("heading", { name: "Přihlášení bankovní identitou" }).waitFor();
        await shot(page, "bank-login", width);
      }
      await context.close();

      const buyer = await signedIn(browser, BASE, width, BUYER);
      await buyer.page.goto(
        `${BASE}${PREFIX[locale]}${locale === "cs" ? "/ucet/prehled" : "/account/overview"}`,
      );
      await buyer.page.getByTestId("overview-age").waitFor();
      await shot(buyer.page, `${locale}-account`, width);
      await buyer.page.goto(`${BASE}${CHECK[locale]}?zpet=${encodeURIComponent(PREFIX[locale] || "/")}`);
      await shot(buyer.page, `${locale}-already`, width);
      await buyer.context.close();
    }
  }
} finally {
  await browser.close();
}
