/**
 * Screenshots of the page an unexpected error renders (issue 38, item 5: the error's reference, the
 * request id, for support) at 1280, 768 and 375 px in Czech and English, on a running server
 * started with E2E_DIAGNOSTICS=1 (its /__diagnostics/crash throws; not part of the test suite):
 *
 *   SCREENS_URL=http://localhost:3260 node tests/screens/error-page.screens.ts
 *
 * PNGs go to /tmp/screens/error-page/<lang>-<width>.png.
 */
import fs from "node:fs";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = "/tmp/screens/error-page";

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [lang, path] of [
      ["cs", "/__diagnostics/crash"],
      ["en", "/en/__diagnostics/crash"],
    ] as const) {
      await page.goto(`${BASE}${path}`);
      await page.screenshot({ path: `${OUT}/${lang}-${width}.png`, fullPage: true });
    }
  }
  await context.close();
} finally {
  await browser.close();
}
