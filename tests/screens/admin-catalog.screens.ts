/**
 * Screenshots of the back office's catalogue (the category tree, a category, brands, packages, the
 * listings' table and a listing, with its correction refused) at 1280, 768 and 375 px (not part of
 * the test suite), signed in once as the demo editor with its TOTP; then as the owner (who also
 * moderates): a listing's page with "Demote", the moderation form it opens, and the listing demoted.
 * Run against a running server (it demotes the first live listing there):
 *
 *   SCREENS_URL=http://localhost:3402 node tests/screens/admin-catalog.screens.ts
 *
 * PNGs go to /tmp/screens/admin-catalog-<page>-<width>.png.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3402";
const OUT = "/tmp/screens";
const WIDTHS = [1280, 768, 375];

const PAGES = [
  ["categories", "/admin/katalog/kategorie"],
  ["category", "/admin/katalog/kategorie/2"],
  ["category-new", "/admin/katalog/kategorie/new?parent=2"],
  ["brands", "/admin/katalog/znacky"],
  ["packages", "/admin/katalog/baleni"],
  ["listings", "/admin/katalog/inzeraty?sort=price&dir=desc"],
] as const;

/** A demo staff member signed in (password and TOTP), on `to`. */
async function signIn(browser: Browser, email: string, to: string): Promise<Page> {
  const staff = DEMO_STAFF.find((member) => member.email === email)!;
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  await logIn(page, BASE, staff, to);
  await page.waitForURL(/\/admin\/overeni/);
  await page.locator('input[name="code"]').fill(totpCode(demoTotp(email)));
  await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
  await page.waitForURL(`${BASE}${to}`);
  return page;
}

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await page.screenshot({ path: `${OUT}/admin-catalog-${name}-${width}.png`, fullPage });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const editor = await signIn(browser, "editor@rarita.test", "/admin/katalog/kategorie");
  // A live listing (one "Demote" fits), the first of the table.
  await editor.goto(`${BASE}/admin/katalog/inzeraty?status=active`);
  const href = await editor.getByTestId("table-listings").locator("tbody a").first().getAttribute("href");
  const LISTING = Number(/(\d+)$/.exec(href ?? "")?.[1]);
  for (const width of WIDTHS) {
    await editor.setViewportSize({ width, height: 900 });
    for (const [name, path] of PAGES) {
      await editor.goto(`${BASE}${path}`);
      await shoot(editor, name, width, name !== "categories");
    }
    await editor.goto(`${BASE}/admin/katalog/inzeraty/${LISTING}`);
    await shoot(editor, "listing", width);
    // The correction refused by the seller's own rules, the reasons at the fields.
    await editor.goto(`${BASE}/admin/katalog/inzeraty/${LISTING}`);
    await editor.getByLabel("Název (česky)").fill("ab");
    await editor.getByLabel("Popis (česky)").fill("Krátký popis.");
    await editor.getByRole("button", { name: "Uložit změny" }).click();
    await editor.getByText("Vyplňte prosím minimálně 3 znaků.").waitFor();
    await shoot(editor, "listing-refused", width);
  }
  await editor.context().close();

  const owner = await signIn(browser, "admin@rarita.test", `/admin/katalog/inzeraty/${LISTING}`);
  for (const width of WIDTHS) {
    await owner.setViewportSize({ width, height: 900 });
    await owner.goto(`${BASE}/admin/katalog/inzeraty/${LISTING}`);
    await shoot(owner, "listing-moderator", width);
  }
  await owner.goto(`${BASE}/admin/moderace/inzeraty/${LISTING}?action=demote_listing`);
  for (const width of WIDTHS) {
    await owner.setViewportSize({ width, height: 900 });
    await shoot(owner, "demote-form", width);
  }
  const form = owner.getByTestId("decision-form");
  await form.getByLabel("Skutečnosti").fill("Opakovaně vkládaná stejná nabídka.");
  await form.getByLabel("Důvody").fill("Zahlcuje vyhledávání.");
  await form.getByLabel("Pravidlo obchodních podmínek").selectOption("listing_rules");
  await form.getByRole("button", { name: "Rozhodnout" }).click();
  await owner.waitForURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);
  for (const width of WIDTHS) {
    await owner.setViewportSize({ width, height: 900 });
    await owner.goto(`${BASE}/admin/katalog/inzeraty/${LISTING}`);
    await shoot(owner, "listing-demoted", width);
  }
  await owner.context().close();
} finally {
  await browser.close();
}
