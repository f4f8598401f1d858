/**
 * Screenshots of the inbox and its pages at 375, 768 and 1280 px (not part of the test suite): the
 * thread list, a thread, the empty inbox, the notification switches, the review form and the
 * watchdog page. Run against a running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3232 node tests/screens/messages.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/messages-<step>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { launchScreensBrowser, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3232";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/messages-${name}-${width}.png`, fullPage: true });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const { page: seller } = await signedIn(browser, BASE, width, {
      email: "prodejce@rarita.test",
      password: "demo-prodejce",
    });
    await seller.goto(`${BASE}/ucet/zpravy`);
    await shot(seller, "list", width);
    await seller.getByTestId("thread-row").first().click();
    await seller.getByTestId("thread-view").waitFor();
    await shot(seller, "thread", width);
    await seller.goto(`${BASE}/ucet/zpravy?filter=system`);
    await seller.getByTestId("thread-row").first().click();
    await seller.getByTestId("thread-view").waitFor();
    await shot(seller, "system", width);
    await seller.goto(`${BASE}/ucet/newslettery/upozorneni`);
    await shot(seller, "notifications", width);
    await seller.goto(`${BASE}/ucet/hodnoceni`);
    await shot(seller, "reviews", width);
    const rate = seller.getByTestId("review-give").first();
    if (await rate.count()) {
      await rate.click();
      await seller.waitForURL(/\/ucet\/hodnoceni\/\d+/);
      await seller.getByTestId("star-4").check({ force: true });
      await shot(seller, "review-form", width);
    }
    await seller.goto(`${BASE}/ucet/hlidaci-pes`);
    await shot(seller, "watchdogs", width);
    await seller.context().close();

    const { page: admin } = await signedIn(browser, BASE, width, {
      email: "admin@rarita.test",
      password: "demo-spravce",
    });
    await admin.goto(`${BASE}/ucet/zpravy`);
    await shot(admin, "empty", width);
    await admin.goto(`${BASE}/ucet/zpravy?filter=selling`);
    await shot(admin, "empty-filter", width);
    await admin.context().close();
  }
} finally {
  await browser.close();
}
