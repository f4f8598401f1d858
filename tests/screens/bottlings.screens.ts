/**
 * Screenshots of bottlings (issue 37, items 3 and 6; not part of the test suite) at 1280, 768 and
 * 375 px in Czech and English: a listing's confirmation page with "Je to tato láhev?", a bottling's
 * page (watched), the public list, the account's watched bottlings, and the back office's list
 * and bottling with "Sloučit do…". It makes its own listings on a running server started with
 * E2E_DIAGNOSTICS=1: live auctions of the seller's through /__diagnostics/auction, since a wanted
 * ad offers no bottle and is never proposed one (a real auction would wait for its fee's payment):
 *
 *   E2E_DIAGNOSTICS=1 PORT=3601 DATA_DIR=/tmp/screens-data node scripts/start.ts
 *   SCREENS_URL=http://localhost:3601 node tests/screens/bottlings.screens.ts
 *
 * PNGs go to /tmp/screens/bottlings/<page>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3601";
const OUT = "/tmp/screens/bottlings";
const WIDTHS = [1280, 768, 375];
const SELLER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };

/** A live auction of the seller's named `name`, for a day (the bottlings e2e test's way). */
async function post(page: Page, name: string): Promise<number> {
  const created = await page.request.post(`${BASE}/__diagnostics/auction`, {
    data: { sellerEmail: SELLER.email, startPriceMinor: 150_000, endsInSeconds: 86_400, name },
  });
  if (!created.ok()) throw new Error(`no auction (is E2E_DIAGNOSTICS=1 set?): ${created.status()}`);
  return ((await created.json()) as { id: number }).id;
}

const shoot = (page: Page, name: string, lang: string, width: number) =>
  page.screenshot({ path: `${OUT}/${name}-${lang}-${width}.png`, fullPage: true });

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  const context = await answeredContext(browser, BASE, 1280);
  const page = await context.newPage();
  await logIn(page, BASE, SELLER);
  await page.waitForURL(/\/ucet\/prehled/);
  // Without a brand, half the bottling's name words must be the next listing's (match.ts): short names.
  const first = await post(page, "Glenfarclas 21 let");
  await page.goto(`${BASE}/ucet/vase-aukce/potvrzeni?id=${first}`);
  await page.getByTestId("bottling-none").click();
  await page.getByTestId("bottling-linked").waitFor();
  const second = await post(page, "Glenfarclas 21 Years Old");
  const href = await page.getByTestId("bottling-linked").getByRole("link").getAttribute("href");
  const bottling = href ?? "/lahve";
  for (const lang of ["cs", "en"] as const) {
    const prefix = lang === "en" ? "/en/account/advertisements/confirmation" : "/ucet/vase-aukce/potvrzeni";
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE}${prefix}?id=${second}`);
      await shoot(page, "proposal", lang, width);
    }
  }
  await page.goto(`${BASE}/ucet/vase-aukce/potvrzeni?id=${second}`);
  await page.getByTestId("bottling-pick").first().click();
  await page.getByTestId("bottling-linked").waitFor();
  await page.goto(`${BASE}${bottling}`);
  await page.getByTestId("bottling-watch").click();
  await page.getByTestId("bottling-watching").waitFor();
  const enBottling = bottling.replace(/^\/lahve\//, "/en/bottlings/");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [lang, path, list, watch] of [
      ["cs", bottling, "/lahve?q=glenfarclas", "/ucet/sledovane-aukce"],
      ["en", enBottling, "/en/bottlings?q=glenfarclas", "/en/account/watch"],
    ] as const) {
      await page.goto(`${BASE}${path}`);
      await shoot(page, "bottling", lang, width);
      await page.goto(`${BASE}${list}`);
      await shoot(page, "list", lang, width);
      await page.goto(`${BASE}${watch}`);
      await shoot(page, "watched", lang, width);
    }
  }
  await context.close();

  const staff = DEMO_STAFF.find((member) => member.email === "editor@rarita.test")!;
  const admin = await (await answeredContext(browser, BASE, 1280)).newPage();
  await logIn(admin, BASE, staff, "/admin/katalog/lahve");
  await admin.waitForURL(/\/admin\/overeni/);
  await admin.locator('input[name="code"]').fill(totpCode(demoTotp(staff.email)));
  await admin.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
  await admin.waitForURL(`${BASE}/admin/katalog/lahve`);
  const id = /\/lahve\/(\d+)-/.exec(bottling)?.[1];
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    for (const [lang, list, one] of [
      ["cs", "/admin/katalog/lahve", `/admin/katalog/lahve/${id}`],
      ["en", "/en/admin/catalog/bottlings", `/en/admin/catalog/bottlings/${id}`],
    ] as const) {
      await admin.goto(`${BASE}${list}`);
      await shoot(admin, "admin-list", lang, width);
      await admin.goto(`${BASE}${one}`);
      await shoot(admin, "admin-bottling", lang, width);
    }
  }
} finally {
  await browser.close();
}
