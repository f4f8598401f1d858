/**
 * Screenshots of issue 37's other collector screens (not part of the test suite) at 1280, 768 and
 * 375 px in Czech and English: the listing form's "Údaje o položce" with a rum's attributes, the
 * whisky category filtered by age and country (with scripts and without, the filters opened where
 * folded), the archive of results, and the notice preferences with the bottlings' notices. Reads
 * only (the form is filled, never sent), on a running demo server:
 *
 *   SCREENS_URL=http://localhost:3260 node tests/screens/collector.screens.ts
 *
 * PNGs go to /tmp/screens/collector/<page>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { addSiteCookies } from "../browser-setup.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = "/tmp/screens/collector";
const WIDTHS = [1280, 768, 375];
const PAGES = {
  cs: {
    form: "/ucet/vase-aukce/pridat",
    category: "/3/whisky?p_age_years_od=12&p_country=scotland",
    results: "/vysledky",
    notices: "/ucet/newslettery/upozorneni",
  },
  en: {
    form: "/en/account/advertisements/add",
    category: "/en/3/whisky?p_age_years_od=12&p_country=scotland",
    results: "/en/results",
    notices: "/en/account/newsletters/notifications",
  },
} as const;

const shoot = (page: Page, name: string, lang: string, width: number) =>
  page.screenshot({ path: `${OUT}/${name}-${lang}-${width}.png`, fullPage: true });

/** Opens the filter panel where it is folded (below the desktop breakpoint). */
async function openFilters(page: Page) {
  const toggle = page.getByTestId("filters-toggle");
  if (await toggle.isVisible()) await toggle.click();
}

const rum = { category: "", subcategory: "" };

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  await logIn(page, BASE, { email: "prodejce@rarita.test", password: "demo-prodejce" });
  await page.waitForURL(/\/ucet\/prehled/);
  // Without scripts: the consent and age questions answered by their cookies, as for a returning visitor.
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  await addSiteCookies(bare, BASE);
  const noScript = await bare.newPage();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await noScript.setViewportSize({ width, height: 900 });
    for (const lang of ["cs", "en"] as const) {
      const paths = PAGES[lang];
      await page.goto(`${BASE}${paths.form}`);
      const form = page.getByTestId("listing-form");
      // A Jamaican rum (the listings screens' choice), by its options' values in either language.
      await form.getByTestId("field-category").selectOption(rum.category || { label: "Alkohol" });
      rum.category = await form.getByTestId("field-category").inputValue();
      await form
        .getByTestId("field-subcategory")
        .selectOption(rum.subcategory || { label: "Rum › Karibik › Jamajka" });
      rum.subcategory = await form.getByTestId("field-subcategory").inputValue();
      await page.getByTestId("form-section-attributes").waitFor();
      // Cut from the whole page, not the element's own screenshot: that one scrolls the section
      // under the sticky header, which then covers a field in the middle of the picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await page.getByTestId("form-section-attributes").boundingBox();
      if (box)
        await page.screenshot({
          path: `${OUT}/form-attributes-${lang}-${width}.png`,
          fullPage: true,
          clip: box,
        });
      await page.goto(`${BASE}${paths.category}`);
      await openFilters(page);
      await shoot(page, "category", lang, width);
      await noScript.goto(`${BASE}${paths.category}`);
      await shoot(noScript, "category-nojs", lang, width);
      await page.goto(`${BASE}${paths.results}`);
      await shoot(page, "results", lang, width);
      await page.goto(`${BASE}${paths.notices}`);
      await shoot(page, "notices", lang, width);
    }
  }
  await bare.close();
  await context.close();
} finally {
  await browser.close();
}
