/**
 * Screenshots of the seller's declaration (issue 36, item 2) at 375, 768 and 1280 px in Czech and
 * English (not part of the test suite): the declaration page of an undeclared newcomer with the
 * trader's form after "Načíst z ARES" and after a wrong IČO check digit, the product page's seller
 * box of the demo trader and of a private seller, and the back office's traders list. Nothing is
 * saved, so the script runs again on the same data. Run against a server started with the ARES
 * simulator (ARES_SIMULATOR=true, as `npm start`'s demo):
 *
 *   SCREENS_URL=http://localhost:3510 node tests/screens/traders.screens.ts
 *
 * PNGs go to /tmp/screens/traders-<screen>-<locale>-<width>.png.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3510";
const OUT = "/tmp/screens";
const NEWCOMER = { email: "novy.prodejce1@rarita.test", password: "demo-sberatel" };
const TRADER = { email: "prodejce@rarita.test", password: "demo-prodejce" };
const PRIVATE = { email: "kupec@rarita.test", password: "demo-kupec" };
const MODERATOR = "moderator@rarita.test";
const LOCALES = ["cs", "en"] as const;
const WIDTHS = [375, 768, 1280];
const at = (locale: string, path: string) => `${BASE}${locale === "en" ? "/en" : ""}${path}`;

/** The URL of an active listing of `account` (its own list of listings), in the page's language. */
async function listingOf(browser: Browser, account: typeof TRADER): Promise<string> {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  await logIn(page, BASE, account);
  await page.waitForURL(/\/ucet\/prehled/);
  const mine = await (await page.request.get(`${BASE}/api/me/advertisements`)).json();
  const listing = (mine.data as { url: string; status: string }[]).find((item) => item.status === "active");
  await context.close();
  return listing!.url;
}

async function declaration(page: Page, locale: string, width: number) {
  await page.goto(at(locale, locale === "en" ? "/account/seller" : "/ucet/prodavajici"));
  await page.getByTestId("seller-declaration-page").waitFor();
  await page.screenshot({ path: `${OUT}/traders-undeclared-${locale}-${width}.png`, fullPage: true });
  await page.getByTestId("kind-trader").check();
  const form = page.getByTestId("trader-form");
  await form.locator('input[name="ico"]').fill("05144272");
  await form.getByTestId("ares-load").click();
  await form.getByTestId("ares-loaded").waitFor();
  await page.screenshot({ path: `${OUT}/traders-ares-${locale}-${width}.png`, fullPage: true });
  await form.locator('input[name="ico"]').fill("05144273");
  await form.locator('input[name="phone"]').fill("+420 777 123 456");
  await form.locator('button[value="trader"]:not(.sr-only)').click();
  await form.locator("[data-field-error]").first().waitFor();
  await page.screenshot({ path: `${OUT}/traders-errors-${locale}-${width}.png`, fullPage: true });
}

async function sellerBox(page: Page, url: string, name: string, locale: string, width: number) {
  await page.goto(locale === "en" ? `${BASE}/en${url}` : `${BASE}${url}`);
  const box = page.getByTestId("seller-kind");
  await box.waitFor();
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}/traders-${name}-${locale}-${width}.png` });
}

/** The back office's list in both languages at every width, from one sign-in (a TOTP code is accepted once). */
async function adminLists(browser: Browser) {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  const staff = DEMO_STAFF.find((member) => member.email === MODERATOR)!;
  await logIn(page, BASE, staff, "/admin/obchodnici");
  await page.waitForURL(/\/admin\/overeni/);
  await page.locator('input[name="code"]').fill(totpCode(demoTotp(MODERATOR), 0));
  await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
  await page.waitForURL(`${BASE}/admin/obchodnici`);
  for (const locale of LOCALES)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE}${locale === "en" ? "/en/admin/traders" : "/admin/obchodnici"}?filtr=all`);
      await page.getByTestId("admin-traders").waitFor();
      await page.screenshot({ path: `${OUT}/traders-admin-${locale}-${width}.png`, fullPage: true });
    }
  await context.close();
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const traderListing = await listingOf(browser, TRADER);
  const privateListing = await listingOf(browser, PRIVATE);
  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      const context = await answeredContext(browser, BASE, width);
      const page = await context.newPage();
      await logIn(page, BASE, NEWCOMER);
      await page.waitForURL(/\/ucet\/prehled/);
      await declaration(page, locale, width);
      await sellerBox(page, traderListing, "trader-box", locale, width);
      await sellerBox(page, privateListing, "private-box", locale, width);
      await context.close();
    }
  }
  await adminLists(browser);
} finally {
  await browser.close();
}
