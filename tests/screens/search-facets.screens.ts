/**
 * Screenshots of issue 37's facets on a search page and the product page's table of attributes,
 * in Czech and English at 375, 768 and 1280 px (not part of the test suite): a search for whisky with its
 * attribute facets (the filter panel opened on narrow screens), the same search narrowed by age
 * and country (their chips, the country in English), and a whisky's "Details" table. Reads only:
 *
 *   SCREENS_URL=http://localhost:3460 node tests/screens/search-facets.screens.ts
 *
 * PNGs go to /tmp/screens/search-facets-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3460";
const OUT = "/tmp/screens";

/** Opens the filter panel where it is folded (below the desktop breakpoint). */
async function openFilters(page: Page) {
  const toggle = page.getByTestId("filters-toggle");
  if (await toggle.isVisible()) await toggle.click();
  await page.getByTestId("filters").waitFor();
}

/** The search page of each language, and a Macallan 18's page in it (from the autocomplete). */
const LANGS = [
  { lang: "cs", search: "/hledani" },
  { lang: "en", search: "/en/search" },
] as const;

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const { lang, search } of LANGS) {
    const found = (await (
      await fetch(`${BASE}/api/catalog/autocomplete?q=macallan%2018&lang=${lang}`)
    ).json()) as { products: { url: string }[] };
    const productPath = found.products[0]?.url;
    if (!productPath) throw new Error("no Macallan 18 in the demo data");
    for (const width of [1280, 768, 375]) {
      const shot = (what: string) => `${OUT}/search-facets-${what}-${lang}-${width}.png`;
      const context = await answeredContext(browser, BASE, width);
      const page = await context.newPage();
      await page.goto(`${BASE}${search}?q=whisky`);
      await page.waitForLoadState("networkidle");
      await openFilters(page);
      await page.getByTestId("facet-age_years").waitFor();
      await page.screenshot({ path: shot("search"), fullPage: true });
      await page.getByTestId("filters").screenshot({ path: shot("panel") });

      await page.goto(`${BASE}${search}?q=whisky&p_age_years_od=12&p_age_years_do=25&p_country=scotland`);
      await page.getByTestId("active-filters").waitFor();
      await page.screenshot({ path: shot("filtered") });

      await page.goto(new URL(productPath, BASE).href);
      const table = page.getByTestId("product-attributes");
      await table.waitFor();
      await table.scrollIntoViewIfNeeded();
      await table.screenshot({ path: shot("product-table") });
      await context.close();
    }
  }
} finally {
  await browser.close();
}
