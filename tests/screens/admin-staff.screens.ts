/**
 * Screenshots of the staff's sign-in pages (the code, the set up), the staff and the audit screens
 * at 768 and 1280 px (not part of the test suite). Run against a server of its own with fresh demo
 * data (it resets the demo accountant's second factor to shoot the set up):
 *
 *   SCREENS_URL=http://localhost:3205 node tests/screens/admin-staff.screens.ts
 *
 * PNGs go to /tmp/screens/admin-staff-<page>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3205";
const OUT = "/tmp/screens";
const OWNER = DEMO_STAFF.find((member) => member.role === "admin")!;
const ACCOUNTANT = DEMO_STAFF.find((member) => member.role === "accountant")!;

async function passFactor(page: Page, email: string, step: number) {
  await page.locator('input[name="code"]').fill(totpCode(demoTotp(email), step));
  await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const [index, width] of [768, 1280].entries()) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, OWNER, "/admin/tym");
    await page.waitForURL(/\/admin\/overeni/);
    await page.screenshot({ path: `${OUT}/admin-staff-verify-${width}.png`, fullPage: true });
    // A wrong code first, to shoot the message.
    await page.locator('input[name="code"]').fill("000000");
    await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
    await page.locator('[data-second-factor-error="invalid"]').waitFor();
    await page.screenshot({ path: `${OUT}/admin-staff-verify-error-${width}.png`, fullPage: true });
    await passFactor(page, OWNER.email, index);
    await page.waitForURL(`${BASE}/admin/tym`);
    await page.screenshot({ path: `${OUT}/admin-staff-team-${width}.png`, fullPage: true });
    if (index === 0) {
      await page.locator('form[aria-label$=": rarita.ucetni"] button').click();
      await page.getByRole("status").first().waitFor();
    }
    await page.goto(`${BASE}/admin/audit`);
    await page.screenshot({ path: `${OUT}/admin-staff-audit-${width}.png`, fullPage: true });
    await context.close();

    const member = await answeredContext(browser, BASE, width);
    const accountant = await member.newPage();
    await logIn(accountant, BASE, ACCOUNTANT);
    await accountant.waitForURL(/\/admin\/(dvoufazove-overeni|overeni)/);
    await accountant.screenshot({ path: `${OUT}/admin-staff-setup-${width}.png`, fullPage: true });
    await member.close();
  }
} finally {
  await browser.close();
}
