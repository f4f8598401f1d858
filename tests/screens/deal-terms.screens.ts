/**
 * Screenshots of the seller's deal terms and the all-in total (issue 35, item 2) at 375, 768 and
 * 1280 px, in Czech and English (not part of the test suite): the listing form's delivery
 * section (filled, and refused at a pickup without its town), the product page's bid box with the
 * all-in line, and the bid confirmation's breakdown. Switches deals on and the insertion fee off
 * (not back: run it against a server of its own with fresh demo data):
 *
 *   SCREENS_URL=http://localhost:3260 node tests/screens/deal-terms.screens.ts
 *
 * PNGs go to /tmp/screens/deal-terms-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEALS } from "../../server/db/seed/settings-data.ts";
import { photo } from "../e2e/wanted-ad.ts";
import { launchScreensBrowser, signedIn } from "./browser.ts";
import { putSetting } from "./settings.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = "/tmp/screens";
const SELLER = { email: "sberatel10@rarita.test", password: "demo-sberatel" };
const VIP_BUYER = { email: "sberatel1@rarita.test", password: "demo-sberatel" };

/** The same page in English: the header's language link, read (on a phone it hides in a menu). */
async function english(page: Page) {
  const href = await page.locator("a", { hasText: "EN – English" }).first().getAttribute("href");
  await page.goto(new URL(href!, BASE).href);
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
  for (const width of [1280, 768, 375]) {
    for (const lang of ["cs", "en"] as const) {
      const { context, page } = await signedIn(browser, BASE, width, SELLER);
      await page.goto(`${BASE}/ucet/vase-aukce/pridat`);
      if (lang === "en") await english(page);
      const form = page.getByTestId("listing-form");
      const section = form.getByTestId("form-section-delivery");
      await section.getByTestId("delivery-zasilkovna").check();
      await section.getByTestId("delivery-price-zasilkovna").fill("89");
      await section.getByTestId("delivery-ppl").check();
      await section.getByTestId("delivery-price-ppl").fill("129,90");
      await section.getByTestId("delivery-pickup").check();
      await section.screenshot({ path: `${OUT}/deal-terms-form-${lang}-${width}.png` });
      await form.getByTestId("field-category").selectOption({ index: 1 });
      await form.getByTestId("field-subcategory").selectOption({ index: 1 });
      await form.getByTestId("field-package").selectOption({ index: 1 });
      await form.getByTestId("field-name").fill("Hampden 8 let, 46 %, 0,7 l");
      await form.getByTestId("field-description").fill("Původní balení, hladina do hrdla.");
      await form.getByTestId("field-price").fill("900");
      await form
        .getByTestId("image-input")
        .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#8b1e3f") }]);
      await form.getByTestId("image-item").first().waitFor();
      // Pickup without its town: refused at the town, the prices kept.
      await page.locator("button[name=intent][value=preview]").click();
      await section.locator("[data-field-error]").first().waitFor();
      await section.screenshot({ path: `${OUT}/deal-terms-form-error-${lang}-${width}.png` });
      if (!productUrl) {
        await section.getByTestId("delivery-pickup-town").fill("Praha");
        await page.locator("button[name=intent][value=preview]").click();
        await page.locator("button[name=intent][value=submit]").click();
        await page.getByTestId("listing-confirmation").waitFor();
        await page.goto(`${BASE}/ucet/vase-aukce`);
        await page.getByTestId("my-listing").first().getByTestId("my-listing-edit").click();
        productUrl = (await page.getByTestId("edit-listing-name").getAttribute("href"))!;
      }
      await context.close();

      const buyer = await signedIn(browser, BASE, width, VIP_BUYER);
      await buyer.page.goto(`${BASE}${productUrl}`);
      if (lang === "en") await english(buyer.page);
      await buyer.page.getByTestId("bid-amount").fill("2000");
      await buyer.page.getByTestId("bid-all-in").waitFor();
      const aside = buyer.page.getByTestId("auction-panel").locator("xpath=..");
      await aside.screenshot({ path: `${OUT}/deal-terms-bid-${lang}-${width}.png` });
      await buyer.page.getByTestId("bid-form").locator("button[type=submit]").click();
      await buyer.page.getByTestId("bid-confirm-all-in").waitFor();
      await buyer.page
        .getByTestId("bid-confirm")
        .screenshot({ path: `${OUT}/deal-terms-confirm-${lang}-${width}.png` });
      await buyer.context.close();
    }
  }
} finally {
  await browser.close();
}
