/**
 * Screenshots of buying from the shop at 375, 768 and 1280 px (not part of the test suite): a shop
 * product's buy box after "Do košíku", the cart (with the voucher refused), delivery and payment,
 * the details and the review. Run against a running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3500 node tests/screens/shop.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/shop-<step>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3500";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

async function shot(page: Page, name: string, width: number, fullPage = true) {
  await page.waitForLoadState("networkidle");
  // The sticky header and summary would show where the last click scrolled to.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${OUT}/shop-${name}-${width}.png`, fullPage });
}

/** A shop product on sale with two pieces or more in stock. */
async function openShopProduct(page: Page) {
  await page.goto(`${BASE}/produkty/akce`);
  const ids = await page
    .getByTestId("product-card")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-product-id")));
  for (const id of ids) {
    await page.goto(`${BASE}/${id}/x`);
    const quantity = page.getByTestId("add-to-cart-quantity");
    if ((await quantity.count()) && Number(await quantity.getAttribute("max")) >= 2) return;
  }
  throw new Error("no shop product on sale with 2 pieces");
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await openShopProduct(page);
    await page.getByTestId("add-to-cart-quantity").fill("2");
    await page.getByTestId("add-to-cart-submit").click();
    await page.getByTestId("cart-added").waitFor();
    await page.getByTestId("offer-panel").scrollIntoViewIfNeeded();
    await shot(page, "1-buy-box", width, false);

    await page.getByTestId("cart-added-link").click();
    await page.getByTestId("cart-line").first().waitFor();
    await page.getByTestId("voucher-code").fill("LETO2025");
    await page.getByTestId("voucher-apply").click();
    await page.getByTestId("voucher-error").waitFor();
    await shot(page, "2-cart", width);

    await page.getByTestId("cart-continue").click();
    await page.getByTestId("delivery-form").waitFor();
    await page.getByTestId("delivery-carrier").first().click();
    await page.getByTestId("payment-method").first().click();
    await shot(page, "3-delivery", width);
    await page.getByTestId("delivery-submit").click();

    await page.getByTestId("details-form").waitFor();
    await page.getByTestId("details-form").locator("[name=email]").fill("jana@rarita.test");
    await page.getByTestId("details-form").locator("[name=phone]").fill("+420 777 123 456");
    await page.locator('[name="invoice.name"]').fill("Jana Nováková");
    await page.locator('[name="invoice.street"]').fill("Vinohradská 12");
    await page.locator('[name="invoice.city"]').fill("Praha");
    await page.locator('[name="invoice.zip"]').fill("120 00");
    await page.getByLabel("Nakupuji na firmu").check();
    await shot(page, "4-details", width);
    await page.getByLabel("Nakupuji na firmu").uncheck();
    await page.getByTestId("details-submit").click();

    await page
      .getByTestId("review-form")
      .waitFor({ timeout: 8000 })
      .catch(async (error) => {
        await page.screenshot({ path: `${OUT}/shop-failed-${width}.png`, fullPage: true });
        throw error;
      });
    await shot(page, "5-review", width);
    await context.close();
  }
} finally {
  await browser.close();
}
