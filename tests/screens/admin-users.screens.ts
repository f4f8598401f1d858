/**
 * Screenshots of the back office's users screens (the accounts' table, a user's page, the groups)
 * at 375, 768 and 1280 px (not part of the test suite), signed in as the demo moderator with its TOTP.
 * Run against a running server:
 *
 *   SCREENS_URL=http://localhost:3702 node tests/screens/admin-users.screens.ts
 *
 * PNGs go to /tmp/screens/admin-users-<page>-<width>.png.
 */
import fs from "node:fs";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3702";
const OUT = "/tmp/screens";
const EMAIL = "moderator@rarita.test";
const staff = DEMO_STAFF.find((member) => member.email === EMAIL)!;

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const [index, width] of [375, 768, 1280].entries()) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, staff, "/admin/uzivatele");
    await page.waitForURL(/\/admin\/overeni/);
    // Each sign-in takes its own time step's code: a code is accepted once.
    await page.locator('input[name="code"]').fill(totpCode(demoTotp(EMAIL), index));
    await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
    await page.waitForURL(`${BASE}/admin/uzivatele`);
    await page.screenshot({ path: `${OUT}/admin-users-list-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/uzivatele?q=novacek`);
    await page.getByRole("link", { name: "novacek.brno" }).click();
    await page.getByTestId("admin-user").waitFor();
    await page.screenshot({ path: `${OUT}/admin-users-user-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/skupiny`);
    await page.screenshot({ path: `${OUT}/admin-users-groups-${width}.png`, fullPage: true });
    await context.close();
  }
} finally {
  await browser.close();
}
