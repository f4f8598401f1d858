/**
 * Screenshots of the footer and the frame's overlays at 375, 768 and 1280 px (not part of the
 * test suite): the footer with the newsletter block, the cookie bar with its settings open, the
 * age dialog, the newsletter category modal, the intro popup, the top promo banner and a snackbar.
 * Run against a running server:
 *
 *   SCREENS_URL=http://localhost:3302 node tests/screens/footer.screens.ts
 *
 * PNGs go to /tmp/screens/footer-<width>-<state>.png.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { ANSWERED, answeredContext, type Cookies, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3302";
const OUT = "/tmp/screens";
const WIDTHS = [375, 768, 1280];

async function newPage(browser: Browser, width: number, cookies: Cookies): Promise<Page> {
  const context = await answeredContext(browser, BASE, width, { height: 860, cookies });
  return context.newPage();
}

async function shot(page: Page, width: number, state: string, fullPage = false) {
  await page.waitForTimeout(350); // transitions
  const file = `${OUT}/footer-${width}-${state}.png`;
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

async function open(page: Page, path = "/") {
  await page.goto(`${BASE}${path}`, { waitUntil: "networkidle" });
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await launchScreensBrowser();
  try {
    for (const width of WIDTHS) {
      // The footer, newsletter block and a validation message.
      let page = await newPage(browser, width, ANSWERED);
      await open(page);
      const footer = page.getByTestId("footer");
      await footer.scrollIntoViewIfNeeded();
      await page.waitForTimeout(800); // the background video starts
      // The whole footer from a full-page shot, so the sticky header does not cover it.
      const top = await footer.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      const height = await footer.evaluate((element) => element.getBoundingClientRect().height);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${OUT}/footer-${width}-footer.png`,
        fullPage: true,
        clip: { x: 0, y: top, width, height },
      });
      console.log(`${OUT}/footer-${width}-footer.png`);
      await page.getByTestId("newsletter-form").locator("input").fill("neni-email");
      await page.getByTestId("newsletter-submit").click();
      await page
        .getByTestId("newsletter")
        .screenshot({ path: `${OUT}/footer-${width}-newsletter-invalid.png` });
      console.log(`${OUT}/footer-${width}-newsletter-invalid.png`);

      // The category modal.
      await page
        .getByTestId("newsletter-form")
        .locator("input")
        .fill(`sberatel-${width}-${Date.now()}@example.cz`);
      await page.getByTestId("newsletter-submit").click();
      const modal = page.getByTestId("newsletter-modal");
      await modal.waitFor();
      await modal.getByRole("checkbox", { name: "Rum", exact: true }).check();
      await modal.getByRole("checkbox", { name: "Skotsko", exact: true }).check();
      await shot(page, width, "newsletter-modal");

      // A snackbar (the modal closed after saving).
      await page.getByTestId("newsletter-save").click();
      await page.getByTestId("snackbars").locator("li").first().waitFor();
      await shot(page, width, "snackbar");
      await page.context().close();

      // The age dialog (first visit).
      page = await newPage(browser, width, {});
      await open(page);
      await page.getByTestId("age-gate").waitFor();
      await shot(page, width, "age-gate");

      // The cookie bar, then with its settings open.
      await page.getByTestId("age-confirm").click();
      await page.getByTestId("cookie-bar").waitFor();
      await shot(page, width, "cookie-bar");
      await page.getByRole("button", { name: "Upravit nastavení" }).click();
      await page.getByTestId("cookie-bar").getByText("Analytické", { exact: true }).click();
      await shot(page, width, "cookie-bar-selected");
      await page.context().close();

      // The top promo banner and the intro popup (after 3 s).
      page = await newPage(browser, width, { "cookies-show": "hidden", "age-confirmed": "true" });
      await open(page);
      await shot(page, width, "promo-banner");
      await page.getByTestId("intro-popup").waitFor({ state: "visible", timeout: 6000 });
      await shot(page, width, "intro-popup");
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
}

await main();
