/**
 * Screenshots of the trust badges (issue 36, item 5) at 375, 768 and 1280 px, in Czech and English
 * (not part of the test suite): the product page's seller box with a badge's explanation open, the
 * bid history's bidders' badges, and the seller's profile. Run against a demo server:
 *
 *   SCREENS_URL=http://localhost:3260 node tests/screens/trust-badges.screens.ts
 *
 * PNGs go to /tmp/screens/trust-badges-<lang>-<width>-<what>.png.
 */
import fs from "node:fs";
import type { Locator } from "@playwright/test";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = "/tmp/screens";
/** A demo auction with bids, whose seller proved their age and phone. */
const PRODUCT = process.env.SCREENS_PRODUCT ?? "/13/barbados/foursquare-2004-11-let-59";

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const lang of ["cs", "en"] as const) {
    for (const width of [375, 768, 1280]) {
      const context = await answeredContext(browser, BASE, width);
      const page = await context.newPage();
      const name = (what: string) => `${OUT}/trust-badges-${lang}-${width}-${what}.png`;
      await page.goto(`${BASE}${lang === "en" ? "/en" : ""}${PRODUCT}`);
      const card = page.getByTestId("seller-card");
      await card.getByTestId("trust-badges").waitFor();
      await card.getByTestId("trust-badge-age").click();
      await page.getByTestId("trust-badge-age-explanation").first().waitFor({ state: "visible" });
      await page.screenshot({ path: name("seller"), clip: await clipAround(card) });
      await page.keyboard.press("Escape");
      const history = page.getByTestId("price-history-table");
      await history.locator("summary").click();
      await history.getByTestId("trust-badges").first().waitFor();
      await history.scrollIntoViewIfNeeded();
      await history.screenshot({ path: name("history") });
      await card.getByTestId("seller-link").click();
      await page.getByTestId("profile-username").waitFor();
      await page.screenshot({ path: name("profile") });
      await context.close();
    }
  }
} finally {
  await browser.close();
}

/** The element with room below it for its open explanation. */
async function clipAround(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  return {
    x: Math.max(0, box.x - 8),
    y: Math.max(0, box.y - 8),
    width: box.width + 16,
    height: box.height + 160,
  };
}
