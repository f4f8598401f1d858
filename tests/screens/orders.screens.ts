/**
 * Screenshots of shop orders at 375, 768 and 1280 px (not part of the test suite): Orders and
 * payments with shop orders beside fees, a delivered order's summary, a paid pickup order, an
 * unpaid order with the QR transfer and the card, the public summary a guest opens from the mail,
 * a shop order's tax document, and the influencer's voucher page. Run against a running server
 * with the demo data:
 *
 *   SCREENS_URL=http://localhost:3500 node tests/screens/orders.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/orders-<step>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3500";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
/** A collector whose PETR5 order waits for a bank transfer (server/db/seed/shop.ts). */
const UNPAID = { email: "sberatel4@rarita.test", password: "demo-sberatel" };
const INFLUENCER = { email: "influencer@rarita.test", password: "demo-influencer" };

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/orders-${name}-${width}.png`, fullPage: true });
}

/** The summary path of the user's shop order in `status` from their Orders and payments. */
async function shopOrderPath(page: Page, status: string): Promise<string> {
  await page.goto(`${BASE}/ucet/platba`);
  const row = page
    .locator('[data-testid="payment-row"][data-kind="shop"]')
    .filter({ has: page.locator(`[data-testid="order-status"][data-status="${status}"]`) })
    .first();
  return (await row.getByTestId("payment-open").getAttribute("href"))!;
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const buyer = await signedIn(browser, BASE, width, BUYER);
    const { page } = buyer;
    await page.goto(`${BASE}/ucet/platba`);
    await page.getByTestId("payments-page").waitFor();
    await shot(page, "1-my-orders", width);

    const delivered = await shopOrderPath(page, "delivered");
    await page.goto(`${BASE}${delivered}`);
    await page.getByTestId("order-summary").waitFor();
    await shot(page, "2-delivered", width);

    const pickup = await shopOrderPath(page, "paid");
    await page.goto(`${BASE}${pickup}`);
    await page.getByTestId("order-summary").waitFor();
    await shot(page, "3-paid-pickup", width);
    await page.getByTestId("order-invoice").click();
    await page.getByTestId("invoice-document").waitFor();
    await shot(page, "4-invoice", width);
    await buyer.context.close();

    const collector = await signedIn(browser, BASE, width, UNPAID);
    const unpaid = await shopOrderPath(collector.page, "awaiting_payment");
    await collector.context.close();

    // The unpaid order as a guest opens it from the confirmation mail: no login.
    const guest = await answeredContext(browser, BASE, width);
    const guestPage = await guest.newPage();
    await guestPage.goto(`${BASE}${unpaid}`);
    await guestPage.getByTestId("pay-bank-qr").waitFor();
    await shot(guestPage, "5-unpaid-guest", width);
    await guest.close();

    const influencer = await signedIn(browser, BASE, width, INFLUENCER);
    await influencer.page.goto(`${BASE}/ucet/muj-poukaz`);
    await influencer.page.getByTestId("voucher-stats").waitFor();
    await shot(influencer.page, "6-influencer", width);
    await influencer.context.close();
  }
} finally {
  await browser.close();
}
