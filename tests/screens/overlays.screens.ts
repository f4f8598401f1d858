/**
 * Screenshots of a first visit's overlays and of the phone header's search (not part of the test
 * suite), at 375, 768 and 1280 px, plus the intro popup at odd widths (320, 1024): the age dialog,
 * then the cookie bar with its four buttons, then the intro popup 3 s after both are answered;
 * the header's search opened with one tap below the desktop width. Run against a running server:
 *
 *   SCREENS_URL=http://localhost:3350 node tests/screens/overlays.screens.ts
 *
 * PNGs go to /tmp/screens/overlays-<width>-<state>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3350";
const OUT = "/tmp/screens";
const WIDTHS = [320, 375, 768, 1024, 1280];
const MAIN_WIDTHS = [375, 768, 1280];

async function shot(page: Page, width: number, state: string) {
  await page.waitForTimeout(300); // transitions
  const file = `${OUT}/overlays-${width}-${state}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await launchScreensBrowser();
  try {
    for (const width of WIDTHS) {
      // A first visit: nothing answered yet (only the promo banner kept away, it moves the page).
      const context = await answeredContext(browser, BASE, width, {
        height: width < 768 ? 740 : 900,
        cookies: {},
      });
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(BASE, { waitUntil: "networkidle" });
      await page.locator('[data-testid="site-header"][data-ready="true"]').waitFor();
      if (MAIN_WIDTHS.includes(width)) await shot(page, width, "1-age");
      await page.getByTestId("age-confirm").click();
      await page.getByTestId("cookie-bar").waitFor();
      if (MAIN_WIDTHS.includes(width)) await shot(page, width, "2-cookie-bar");
      if (MAIN_WIDTHS.includes(width)) {
        await page.getByTestId("cookie-bar").getByRole("button", { name: "Upravit nastavení" }).click();
        await shot(page, width, "2b-cookie-settings");
        await page.getByTestId("cookie-bar").getByRole("button", { name: "Skrýt nastavení" }).click();
      }
      await page.getByTestId("consent-reject-all").click();
      await page.clock.runFor(3_100);
      await page.getByTestId("intro-popup").waitFor();
      await page
        .getByTestId("intro-popup")
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.decode());
      await shot(page, width, "3-popup");
      await context.close();
    }

    // The header's search below the desktop width: one tap on the search button.
    for (const width of MAIN_WIDTHS) {
      const context = await answeredContext(browser, BASE, width, { height: 740 });
      const page = await context.newPage();
      await page.goto(BASE, { waitUntil: "networkidle" });
      await page.locator('[data-testid="site-header"][data-ready="true"]').waitFor();
      await shot(page, width, "4-header");
      if (width < 1028) {
        await page.getByTestId("search-toggle").click();
        await shot(page, width, "5-search-open");
      }
      const input = page.getByTestId(width < 1028 ? "search-phone" : "search-bar").getByRole("combobox");
      await input.pressSequentially("zakap", { delay: 30 });
      await page.getByRole("option").first().waitFor();
      await shot(page, width, "6-search-suggestions");
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
