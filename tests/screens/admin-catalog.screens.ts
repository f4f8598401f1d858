/**
 * Screenshots of the back office's catalogue (the category tree, a category, brands, packages, the
 * listings' table and a listing) at 1280 and 768 px (not part of the test suite), signed in once as
 * the demo editor with its TOTP. Run against a running server:
 *
 *   SCREENS_URL=http://localhost:3402 node tests/screens/admin-catalog.screens.ts
 *
 * PNGs go to /tmp/screens/admin-catalog-<page>-<width>.png.
 */
import fs from "node:fs";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3402";
const OUT = "/tmp/screens";
const EMAIL = "editor@rarita.test";
const staff = DEMO_STAFF.find((member) => member.email === EMAIL)!;

const PAGES = [
  ["categories", "/admin/katalog/kategorie"],
  ["category", "/admin/katalog/kategorie/2"],
  ["category-new", "/admin/katalog/kategorie/new?parent=2"],
  ["brands", "/admin/katalog/znacky"],
  ["packages", "/admin/katalog/baleni"],
  ["listings", "/admin/katalog/inzeraty?sort=price&dir=desc"],
  ["listing", "/admin/katalog/inzeraty/1"],
] as const;

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  await logIn(page, BASE, staff, "/admin/katalog/kategorie");
  await page.waitForURL(/\/admin\/overeni/);
  await page.locator('input[name="code"]').fill(totpCode(demoTotp(EMAIL)));
  await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
  await page.waitForURL(`${BASE}/admin/katalog/kategorie`);
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of PAGES) {
      await page.goto(`${BASE}${path}`);
      await page.screenshot({
        path: `${OUT}/admin-catalog-${name}-${width}.png`,
        fullPage: name !== "categories",
      });
    }
  }
  await context.close();
} finally {
  await browser.close();
}
