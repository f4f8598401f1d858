/**
 * Screenshots of "Koupit" (issue 35: a fixed-price classified bought through the site) at 375, 768
 * and 1280 px, in Czech and English (not part of the test suite): the listing form's price section
 * with "Pevná cena (inzerát)" and the opt-in, the product page's price block with Koupit, the buy
 * step (PPL chosen), and the price block reserved. Switches deals on and the insertion fee off
 * (not back: run it against a server of its own with fresh demo data):
 *
 *   PORT=3260 DATA_DIR=/tmp/screens-data node scripts/start.ts
 *   SCREENS_URL=http://localhost:3260 SCREENS_OUT=/tmp/h-buy-screens node tests/screens/deals-buy.screens.ts
 *
 * PNGs go to $SCREENS_OUT (default /tmp/screens)/deals-buy-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEALS } from "../../server/db/seed/settings-data.ts";
import { photo } from "../e2e/wanted-ad.ts";
import { launchScreensBrowser, signedIn } from "./browser.ts";
import { putSetting } from "./settings.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = process.env.SCREENS_OUT ?? "/tmp/screens";
const SELLER = { email: "sberatel4@rarita.test", password: "demo-sberatel" };
const BUYER = { email: "sberatel1@rarita.test", password: "demo-sberatel" };
const OTHER = { email: "sberatel5@rarita.test", password: "demo-sberatel" };
const WIDTHS = [1280, 768, 375];

/** The same page in English: the header's language link, read (on a phone it hides in a menu). */
async function english(page: Page) {
  const href = await page.locator("a", { hasText: "EN – English" }).first().getAttribute("href");
  await page.goto(new URL(href!, BASE).href);
}

/** The seller's form filled as a fixed-price classified paying through the site; submitted once. */
async function fixedClassified(page: Page, submit: boolean) {
  const form = page.getByTestId("listing-form");
  await form.locator("[data-hydrated]").waitFor();
  await form.getByTestId("field-category").selectOption({ index: 1 });
  await form.getByTestId("field-subcategory").selectOption({ index: 1 });
  await form.getByTestId("field-package").selectOption({ index: 1 });
  await form.getByTestId("field-name").fill("Appleton Estate 21 let, 43 %, 0,7 l");
  await form.getByTestId("field-description").fill("Původní balení s krabičkou, hladina do hrdla.");
  await form.getByTestId("priceMode-fixed").check();
  await form.getByTestId("field-price").fill("4500");
  const section = form.getByTestId("form-section-delivery");
  await section.getByTestId("field-pays-through-site").check();
  await section.getByTestId("delivery-zasilkovna").check();
  await section.getByTestId("delivery-price-zasilkovna").fill("89");
  await section.getByTestId("delivery-ppl").check();
  await section.getByTestId("delivery-price-ppl").fill("129");
  await section.getByTestId("delivery-pickup").check();
  await section.getByTestId("delivery-pickup-town").fill("Brno");
  if (!submit) return;
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#a0522d") }]);
  await form.getByTestId("image-item").first().waitFor();
  await page.locator("button[name=intent][value=preview]").click();
  await page.locator("button[name=intent][value=submit]").click();
  await page.getByTestId("listing-confirmation").waitFor();
}

fs.mkdirSync(OUT, { recursive: true });
await putSetting(BASE, "deals", { ...DEALS, enabled: true });
await putSetting(BASE, "fees", {
  ...((await (await fetch(`${BASE}/api/settings?lang=cs`)).json()) as { name: string; value: object }[]).find(
    (entry) => entry.name === "fees",
  )!.value,
  insertionMinor: { auction: { week: 0, month: 0 }, classified: 0, demand: 0 },
});
const browser = await launchScreensBrowser();
let productUrl = "";
try {
  for (const width of WIDTHS) {
    for (const lang of ["cs", "en"] as const) {
      const { context, page } = await signedIn(browser, BASE, width, SELLER);
      await page.goto(`${BASE}/ucet/vase-aukce/pridat`);
      if (lang === "en") await english(page);
      await fixedClassified(page, false);
      await page
        .getByTestId("form-section-price")
        .screenshot({ path: `${OUT}/deals-buy-form-price-${lang}-${width}.png` });
      await page
        .getByTestId("form-section-delivery")
        .screenshot({ path: `${OUT}/deals-buy-form-delivery-${lang}-${width}.png` });
      if (!productUrl) {
        await page.goto(`${BASE}/ucet/vase-aukce/pridat`);
        await fixedClassified(page, true);
        await page.goto(`${BASE}/ucet/vase-aukce`);
        await page.getByTestId("my-listing").first().getByTestId("my-listing-edit").click();
        productUrl = (await page.getByTestId("edit-listing-name").getAttribute("href"))!;
      }
      await context.close();

      const buyer = await signedIn(browser, BASE, width, BUYER);
      await buyer.page.goto(`${BASE}${productUrl}`);
      if (lang === "en") await english(buyer.page);
      await buyer.page
        .getByTestId("offer-panel")
        .screenshot({ path: `${OUT}/deals-buy-offer-${lang}-${width}.png` });
      await buyer.page.getByTestId("offer-buy").click();
      await buyer.page.getByTestId("buy-page").waitFor();
      await buyer.page.getByTestId("buy-carrier-ppl").check();
      await buyer.page.screenshot({ path: `${OUT}/deals-buy-step-${lang}-${width}.png`, fullPage: true });
      await buyer.context.close();
    }
  }
  // The last one buys; another collector then sees it reserved.
  const buyer = await signedIn(browser, BASE, 1280, BUYER);
  await buyer.page.goto(`${BASE}${productUrl}`);
  await buyer.page.getByTestId("offer-buy").click();
  await buyer.page.getByTestId("buy-submit").click();
  await buyer.page.getByTestId("deal-page").waitFor();
  await buyer.page.screenshot({ path: `${OUT}/deals-buy-deal-cs-1280.png`, fullPage: true });
  await buyer.context.close();
  for (const width of WIDTHS) {
    for (const lang of ["cs", "en"] as const) {
      const other = await signedIn(browser, BASE, width, OTHER);
      await other.page.goto(`${BASE}${productUrl}`);
      if (lang === "en") await english(other.page);
      await other.page
        .getByTestId("offer-panel")
        .screenshot({ path: `${OUT}/deals-buy-reserved-${lang}-${width}.png` });
      await other.context.close();
    }
  }
} finally {
  await browser.close();
}
