import type { Page } from "@playwright/test";
import { DRAW_EVERY_REGION } from "../browser-setup.ts";
import { test } from "./fixtures.ts";

/**
 * With SCREENS_DIR set, full-page screenshots of the page at 1280, 768 and 375 px
 * (`<dir>/<name>-<width>.png`) for a person to look at; nothing without it. `ready` is awaited at
 * each width (a chart redrawn for its new box). The viewport is 1280 px again afterwards.
 */
export async function screens(page: Page, name: string, ready?: () => Promise<void>) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  // Three full-page shots take their time on a busy machine: not counted against the test.
  test.info().setTimeout(test.info().timeout + 15_000);
  // Regions drawn when near the window (ADR 0152) would stay blank in a full-page shot.
  await page.addStyleTag({ content: DRAW_EVERY_REGION });
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await ready?.();
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
