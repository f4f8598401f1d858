/**
 * Screenshots of the demo's busiest bottling (issue 37; ADR 0097: the monthly chart, the results
 * in pages of 20, "older results") and the price index at 1280, 768 and 375 px in Czech and English,
 * on a running demo server (not part of the test suite):
 *
 *   SCREENS_URL=http://localhost:3260 node tests/screens/bottling-page.screens.ts
 *
 * PNGs go to /tmp/screens/bottling-page/<page>-<lang>-<width>.png.
 */
import fs from "node:fs";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = "/tmp/screens/bottling-page";
const WIDTHS = [1280, 768, 375];

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  // The demo's first bottling is the one with the most sales (server/db/seed/demo-collector.ts);
  // its id alone redirects to its page.
  await page.goto(`${BASE}/lahve/1`);
  const href = new URL(page.url()).pathname;
  const english = href.replace(/^\/lahve\//, "/en/bottlings/");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [lang, bottling, index] of [
      ["cs", href, "/vysledky/cenovy-index"],
      ["en", english, "/en/results/price-index"],
    ] as const) {
      await page.goto(`${BASE}${bottling}`);
      await page.screenshot({ path: `${OUT}/bottling-${lang}-${width}.png`, fullPage: true });
      const older = page.getByRole("link", { name: lang === "cs" ? /Starší výsledky/ : /Older results/ });
      if (await older.count()) {
        await older.first().click();
        await page.waitForURL(/starsi=|older=/);
        await page.screenshot({ path: `${OUT}/bottling-older-${lang}-${width}.png`, fullPage: true });
      }
      await page.goto(`${BASE}${index}`);
      await page.screenshot({ path: `${OUT}/index-${lang}-${width}.png`, fullPage: true });
    }
  }
  await context.close();
} finally {
  await browser.close();
}
