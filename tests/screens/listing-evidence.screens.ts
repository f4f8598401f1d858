/**
 * Screenshots of the evidence of authenticity (issue 36, item 3) at 375, 768 and 1280 px, in
 * Czech and English (not part of the test suite): the listing form's "Důkazy pravosti" refused
 * without the three photos and then filled, the fill-level cards with their drawings, the product
 * page's evidence gallery, and the report form with "suspected fake" picked. Makes the insertion
 * fee free (not back: run it against a server of its own with fresh demo data):
 *
 *   SCREENS_URL=http://localhost:3610 node tests/screens/listing-evidence.screens.ts
 *
 * PNGs go to /tmp/screens/listing-evidence-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { photo } from "../e2e/wanted-ad.ts";
import { launchScreensBrowser, signedIn } from "./browser.ts";
import { putSetting } from "./settings.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3610";
const OUT = "/tmp/screens";
const SELLER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };

/** The same page in English: the header's language link, read (on a phone it hides in a menu). */
async function english(page: Page) {
  const href = await page.locator("a", { hasText: "EN – English" }).first().getAttribute("href");
  await page.goto(new URL(href!, BASE).href);
}

/** Fills the form as a rum auction from 6 000 Kč with one photo. */
async function fillRumAuction(page: Page) {
  const form = page.getByTestId("listing-form");
  await form.locator("[data-hydrated]").waitFor();
  await form.getByTestId("field-category").selectOption({ index: 1 });
  await form.getByTestId("field-subcategory").selectOption({ index: 1 });
  await form.getByTestId("field-package").selectOption({ index: 1 });
  await form.getByTestId("field-name").fill("Caroni 1998, 20 let, Velier");
  await form.getByTestId("field-description").fill("Uzavřená palírna, původní tuba, pečeť neporušená.");
  await form.getByTestId("field-price").fill("6000");
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#8b1e3f") }]);
  await form.getByTestId("image-item").first().waitFor();
}

async function fillEvidence(page: Page) {
  const section = page.getByTestId("form-section-evidence");
  for (const [slot, color] of [
    ["capsule_seal", "#c39a3f"],
    ["fill_level", "#1f4f55"],
    ["batch_code", "#5e7384"],
  ] as const) {
    const box = section.getByTestId(`evidence-slot-${slot}`);
    await box
      .locator("input[type=file]")
      .setInputFiles([{ name: `${slot}.png`, mimeType: "image/png", buffer: await photo(color) }]);
    await page.locator(`[data-testid=evidence-slot-${slot}][data-filled]`).waitFor();
  }
  await section.getByTestId("fillLevel-top_shoulder").check();
}

fs.mkdirSync(OUT, { recursive: true });
await putSetting(BASE, "fees", {
  ...((await (await fetch(`${BASE}/api/settings?lang=cs`)).json()) as { name: string; value: object }[]).find(
    (entry) => entry.name === "fees",
  )!.value,
  insertionMinor: { auction: { week: 0, month: 0 }, classified: 0, demand: 0 },
});
const browser = await launchScreensBrowser();
let productUrl = "";
let productId = "";
try {
  for (const width of [1280, 768, 375]) {
    for (const lang of ["cs", "en"] as const) {
      const { context, page } = await signedIn(browser, BASE, width, SELLER);
      await page.goto(`${BASE}/ucet/vase-aukce/pridat`);
      if (lang === "en") await english(page);
      await fillRumAuction(page);
      const section = page.getByTestId("form-section-evidence");
      await page.locator("button[name=intent][value=preview]").click();
      await section.locator("[data-field-error]").first().waitFor();
      await section.screenshot({ path: `${OUT}/listing-evidence-form-refused-${lang}-${width}.png` });
      await fillEvidence(page);
      await section.screenshot({ path: `${OUT}/listing-evidence-form-filled-${lang}-${width}.png` });
      if (!productUrl) {
        await page.locator("button[name=intent][value=preview]").click();
        await page.locator("button[name=intent][value=submit]").click();
        await page.getByTestId("listing-confirmation").waitFor();
        await page.goto(`${BASE}/ucet/vase-aukce`);
        await page.getByTestId("my-listing").first().getByTestId("my-listing-edit").click();
        productUrl = (await page.getByTestId("edit-listing-name").getAttribute("href"))!;
      }
      await page.goto(`${BASE}${productUrl}`);
      if (lang === "en") await english(page);
      productId = (await page.getByTestId("product-page").getAttribute("data-product-id"))!;
      const gallery = page.getByTestId("evidence-gallery");
      await gallery.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-testid=evidence-gallery] img")].every(
          (image) => (image as HTMLImageElement).complete,
        ),
      );
      await gallery.screenshot({ path: `${OUT}/listing-evidence-gallery-${lang}-${width}.png` });
      await page.goto(
        `${BASE}${lang === "en" ? "/en/report" : "/nahlasit"}?kind=listing&id=${productId}&reason=suspected_fake`,
      );
      await page
        .getByTestId("report-form")
        .screenshot({ path: `${OUT}/listing-evidence-report-${lang}-${width}.png` });
      await context.close();
    }
  }
} finally {
  await browser.close();
}
