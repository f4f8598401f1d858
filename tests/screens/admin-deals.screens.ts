/**
 * Screenshots of the back office's deals (the list with the overdue first, a deal, the payouts and
 * the held money's check) and the dashboard's deal cards, in Czech and English at 375, 768 and
 * 1280 px (not part of the test suite), signed in as the demo owner with its TOTP. Run against a
 * running server (with deals in its database, or none to see the empty states):
 *
 *   SCREENS_URL=http://localhost:3730 node tests/screens/admin-deals.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/admin-deals-<locale>-<page>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3730";
const OUT = "/tmp/screens";
const OWNER = DEMO_STAFF.find((member) => member.role === "admin")!;
const widths = process.argv.slice(2).map(Number).filter(Boolean);

const PATHS = {
  cs: {
    list: "/admin/obchody",
    payouts: "/admin/obchody/vyplaty",
    check: "/admin/obchody/kontrola",
    home: "/admin",
  },
  en: {
    list: "/en/admin/deals",
    payouts: "/en/admin/deals/payouts",
    check: "/en/admin/deals/reconciliation",
    home: "/en/admin",
  },
};

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/admin-deals-${name}-${width}.png`, fullPage: true });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const [index, width] of (widths.length ? widths : [375, 768, 1280]).entries()) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, OWNER, PATHS.cs.list);
    await page.waitForURL(/\/admin\/overeni/);
    // Each sign-in takes its own time step's code: a code is accepted once.
    await page.locator('input[name="code"]').fill(totpCode(demoTotp(OWNER.email), index));
    await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
    await page.waitForURL(`${BASE}${PATHS.cs.list}`);
    for (const locale of ["cs", "en"] as const) {
      const paths = PATHS[locale];
      await page.goto(`${BASE}${paths.list}`);
      await page.getByTestId("admin-deals").waitFor();
      await shot(page, `${locale}-list`, width);
      const first = page.getByTestId("table-deals").locator("tbody a").first();
      if (await first.count()) {
        await first.click();
        await page.getByTestId("admin-deal").waitFor();
        await shot(page, `${locale}-deal`, width);
      }
      await page.goto(`${BASE}${paths.payouts}`);
      await shot(page, `${locale}-payouts`, width);
      // The refused call's deal (refused calls come first).
      const refused = page.getByTestId("table-deal-payouts").locator("tbody a").first();
      if (await refused.count()) {
        await refused.click();
        await page.getByTestId("admin-deal").waitFor();
        await shot(page, `${locale}-deal-refused`, width);
      }
      await page.goto(`${BASE}${paths.check}`);
      await page.getByTestId("admin-deal-reconciliation").waitFor();
      await shot(page, `${locale}-check`, width);
      await page.goto(`${BASE}${paths.home}`);
      await shot(page, `${locale}-dashboard`, width);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
