/**
 * Screenshots of paying the operator at 375, 768 and 1280 px (not part of the test suite): My
 * listings with its Topovat and fee buttons, the promotion page, an unpaid order with the QR
 * transfer and the card option, the test gateway, a declined card payment, a paid promotion and
 * the payments list, a tax document on screen and as printed. Run against a running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3500 node tests/screens/payments.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/payments-<step>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3500";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/payments-${name}-${width}.png`, fullPage: true });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, { email: "prodejce@rarita.test", password: "demo-prodejce" }, "/ucet/vase-aukce");
    await page.getByTestId("my-listings-page").waitFor();
    await shot(page, "1-my-listings", width);

    // An unpaid fee: its order with both ways to pay, then a declined card payment.
    await page.getByTestId("my-listing-pay").first().click();
    await page.getByTestId("order-summary").waitFor();
    await shot(page, "2-fee-unpaid", width);
    await page.getByTestId("pay-card-submit").click();
    await page.getByTestId("test-gateway").waitFor();
    await shot(page, "3-gateway", width);
    await page.getByTestId("test-gateway-fail").click();
    await page.getByTestId("order-result").waitFor();
    await shot(page, "4-card-failed", width);

    // A promotion: choose the days, pay by card, the paid order.
    await page.goto(`${BASE}/ucet/vase-aukce?filter=active`);
    // A listing not promoted yet: the one of the round before may be promoted to its end.
    await page
      .getByTestId("my-listing")
      .filter({ has: page.getByTestId("my-listing-top"), hasNot: page.getByTestId("my-listing-topped") })
      .first()
      .getByTestId("my-listing-top")
      .click();
    await page.getByTestId("promote-page").waitFor();
    await shot(page, "5-promote", width);
    await page.getByTestId("promote-submit").click();
    await page.getByTestId("pay-card-submit").click();
    await page.getByTestId("test-gateway-pay").click();
    await page.locator('[data-testid="order-result"][data-tone="success"]').waitFor();
    await shot(page, "6-promotion-paid", width);

    await page.getByTestId("order-invoice").click();
    await page.getByTestId("invoice-document").waitFor();
    await shot(page, "8-invoice", width);
    await page.emulateMedia({ media: "print" });
    await shot(page, "9-invoice-print", width);
    await page.emulateMedia({ media: "screen" });
    await page.goBack();
    await page.getByTestId("order-to-payments").click();
    await page.getByTestId("payments-page").waitFor();
    await shot(page, "7-payments", width);
    await context.close();
  }
} finally {
  await browser.close();
}
