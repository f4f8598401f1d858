/**
 * Screenshots of issue 14's listing order and sale screens at 375, 768 and 1280 px (not part of
 * the test suite): /denni-aukce in its default order ("Doporučené", topped lots first) and sorted
 * by end and by price (topped lots in their place), /produkty/akce (shop goods only), an auction's
 * card area with no sale badge, and the promotion page with what topping buys. Run against a
 * running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3250 node tests/screens/listing-order.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/listing-order-<step>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3250";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

async function shot(page: Page, name: string, width: number, fullPage = false) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/listing-order-${name}-${width}.png`, fullPage });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    for (const [name, path] of [
      ["1-daily-default", "/denni-aukce"],
      ["2-daily-ending", "/denni-aukce?razeni=ending"],
      ["3-daily-cheapest", "/denni-aukce?razeni=price_asc"],
      ["4-sale", "/produkty/akce"],
      ["5-search-relevance", "/hledani?q=rum&razeni=relevance"],
    ] as const) {
      await page.goto(`${BASE}${path}`);
      await page.getByTestId("sort-bar").waitFor();
      await page.getByTestId("product-card").first().waitFor();
      await page.getByTestId("sort-bar").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot(page, name, width);
    }
    await logIn(
      page,
      BASE,
      { email: "prodejce@rarita.test", password: "demo-prodejce" },
      "/ucet/vase-aukce?filter=active",
    );
    await page
      .getByTestId("my-listing")
      .filter({ has: page.getByTestId("my-listing-top") })
      .first()
      .getByTestId("my-listing-top")
      .click();
    await page.getByTestId("promote-page").waitFor();
    await shot(page, "6-promote", width, true);
    await context.close();
  }
} finally {
  await browser.close();
}
