/**
 * Screenshots of the archive of results (ADR 0101: the count up to 100, keyset pages) and the price
 * index's shortened table at 1280, 768 and 375 px in Czech and English, on a running demo server
 * (not part of the test suite):
 *
 *   SCREENS_URL=http://localhost:3510 node tests/screens/results-archive.screens.ts
 *
 * PNGs go to /tmp/screens/results-archive/<page>-<lang>-<width>.png.
 */
import fs from "node:fs";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3510";
const OUT = "/tmp/screens/results-archive";
const WIDTHS = [1280, 768, 375];

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [lang, archive, index] of [
      ["cs", "/vysledky", "/vysledky/cenovy-index"],
      ["en", "/en/results", "/en/results/price-index"],
    ] as const) {
      await page.goto(`${BASE}${archive}`);
      await page.screenshot({ path: `${OUT}/archive-${lang}-${width}.png`, fullPage: true });
      await page.getByTestId("results-next").click();
      await page.waitForURL(/after=/);
      await page.screenshot({ path: `${OUT}/archive-page2-${lang}-${width}.png`, fullPage: true });
      await page.goto(`${BASE}${index}`);
      await page.screenshot({ path: `${OUT}/index-${lang}-${width}.png`, fullPage: true });
    }
  }
  await context.close();
} finally {
  await browser.close();
}
