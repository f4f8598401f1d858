/**
 * Screenshots of the back office's settings at 768 and 1280 px (not part of the test suite): the
 * overview, the bid table refused at its rows, a menu in English, the fees in crowns, the shop's
 * carriers and branches, the deals' fees and deadlines (cs and en), and maintenance switched on with its banner (switched off again at the
 * end). Run against a server of its own with fresh demo data:
 *
 *   SCREENS_URL=http://localhost:3502 node tests/screens/admin-settings.screens.ts
 *
 * PNGs go to /tmp/screens/admin-settings-<page>-<width>.png.
 */
import fs from "node:fs";
import { request } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { addSiteCookies } from "../browser-setup.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3502";
const OUT = "/tmp/screens";
const OWNER = DEMO_STAFF.find((member) => member.role === "admin")!;

/** The owner's token with the second factor passed (the next step's code if this one was used). */
async function ownerToken(): Promise<string> {
  const api = await request.newContext({ baseURL: BASE });
  const login = await api.post("/api/auth/login", { data: { email: OWNER.email, password: OWNER.password } });
  const { token } = (await login.json()) as { token: string };
  for (const step of [0, 1]) {
    const passed = await api.post("/api/auth/second-factor", {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: totpCode(demoTotp(OWNER.email), step) },
    });
    if (passed.status() === 200) return token;
  }
  throw new Error("the owner's second factor was refused");
}

fs.mkdirSync(OUT, { recursive: true });
const token = await ownerToken();
const browser = await launchScreensBrowser();
try {
  for (const width of [768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    await addSiteCookies(context, BASE, { "auth._token": token });
    const page = await context.newPage();
    const shoot = (name: string) =>
      page.screenshot({ path: `${OUT}/admin-settings-${name}-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/nastaveni`);
    await shoot("overview");
    await page.goto(`${BASE}/admin/nastaveni/bid`);
    const row = (n: number) => page.getByRole("group", { name: `Rozsah ${n}`, exact: true });
    await row(2).getByLabel("Od (Kč)").fill("501");
    await row(3).getByLabel("Od (Kč)").fill("900");
    await page.getByRole("button", { name: "Uložit nastavení" }).click();
    await row(2).getByText("Mezera").waitFor();
    await shoot("bid-refused");
    await page.goto(`${BASE}/admin/nastaveni/topmenu?lang=en`);
    await shoot("topmenu-en");
    await page.goto(`${BASE}/admin/nastaveni/contacts?lang=en`);
    await shoot("contacts-en");
    await page.goto(`${BASE}/admin/nastaveni/fees`);
    await shoot("fees");
    // Deals through the site: fees, deadlines and the reminders before each deadline.
    await page.goto(`${BASE}/admin/nastaveni/deals`);
    await shoot("deals");
    await page.goto(`${BASE}/en/admin/settings/deals`);
    await shoot("deals-en");
    await page.goto(`${BASE}/admin/nastaveni/shop`);
    // The whole form is very long (every branch): its first screen is what is looked at.
    await page.screenshot({ path: `${OUT}/admin-settings-shop-${width}.png` });
    await page.goto(`${BASE}/admin/nastaveni/categoriesMenu`);
    await shoot("categories");
    await page.goto(`${BASE}/admin/nastaveni/maintenance`);
    await page.getByLabel("Údržba zapnuta").check();
    await page.getByRole("button", { name: "Uložit nastavení" }).click();
    await page.getByTestId("maintenance-banner").waitFor();
    await shoot("maintenance-on");
    await page.getByLabel("Údržba zapnuta").uncheck();
    await page.getByRole("button", { name: "Uložit nastavení" }).click();
    await page.getByText("Údržbu vypnul").waitFor();
    await context.close();
  }
} finally {
  await browser.close();
}
