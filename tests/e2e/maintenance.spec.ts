import { AxeBuilder } from "@axe-core/playwright";
import { addSiteCookies } from "../browser-setup.ts";
import { expect, test } from "./fixtures.ts";
import { staffApiToken } from "./staff.ts";

/**
 * Maintenance switches the whole site, so this file runs alone after every other spec (its own
 * Playwright project, see playwright.config.ts), one test after the other, and always switches the
 * mode back off.
 */
test.describe.configure({ mode: "serial" });

const OWNER = "admin@rarita.test";

/** The owner's session of the run, second factor passed (tests/e2e/staff.ts). */
let ownerToken: string | undefined;

test("maintenance mode sends every page to the maintenance page, and operators still get in", async ({
  page,
  request,
}) => {
  ownerToken ??= await staffApiToken(request, OWNER);
  const token = ownerToken;
  const setMaintenance = (on: boolean) =>
    request.put("/api/admin/settings/maintenance", {
      headers: { Authorization: `Bearer ${token}` },
      data: { value: { is_enabled: on } },
    });

  expect((await setMaintenance(true)).status()).toBe(200);
  try {
    const response = await page.goto("/dokumenty");
    await expect(page).toHaveURL("/mimo-provoz");
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "Právě probíhá údržba" })).toBeVisible();
    await expect(page.getByText("Vraťte se prosím později.")).toBeVisible();
    await page.goto("/en/search?q=rum");
    await expect(page).toHaveURL("/en/maintenance");
  } finally {
    expect((await setMaintenance(false)).status()).toBe(200);
  }
  expect((await page.goto("/dokumenty"))?.status()).toBe(200);
  await expect(page).toHaveURL("/dokumenty");
});

test("the owner switches maintenance on and off in the back office; it says who and when, and staff still get in", async ({
  page,
  browser,
  request,
  context,
  baseURL,
}) => {
  // Taken first: during maintenance only staff get through.
  ownerToken ??= await staffApiToken(request, OWNER);
  const token = ownerToken;
  await addSiteCookies(context, baseURL!, { "auth._token": token });
  try {
    await page.goto("/admin/nastaveni/maintenance");
    await page.getByLabel("Údržba zapnuta").check();
    await page.getByRole("button", { name: "Uložit nastavení" }).click();
    const banner = page.getByTestId("maintenance-banner");
    await expect(banner).toContainText("Web je v režimu údržby");
    await expect(banner).toContainText(/Údržbu zapnul\(a\) \S+ v \d{2}:\d{2}\./);
    await expect(page.getByRole("status").getByText("Nastavení bylo uloženo.")).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // The overview says it too; staff still reach the site's pages.
    await page.goto("/admin/nastaveni");
    await expect(page.getByTestId("settings-list")).toContainText(/Zapnuto\s*Údržbu zapnul\(a\)/);
    expect((await page.goto("/dokumenty"))?.status()).toBe(200);
    await expect(page).toHaveURL("/dokumenty");

    // A visitor gets the maintenance page.
    const visitor = await browser.newPage();
    await visitor.goto("/dokumenty");
    await expect(visitor).toHaveURL("/mimo-provoz");
    await visitor.close();

    // Off again from the banner's link.
    await page.goto("/admin");
    await page.getByTestId("maintenance-banner").getByRole("link", { name: "Vypnout údržbu" }).click();
    await page.getByLabel("Údržba zapnuta").uncheck();
    await page.getByRole("button", { name: "Uložit nastavení" }).click();
    await expect(page.getByText(/Údržbu vypnul\(a\) \S+ v \d{2}:\d{2}\./)).toBeVisible();
    await expect(page.getByTestId("maintenance-banner")).toHaveCount(0);
  } finally {
    // Whatever happened above, the site is open again for whatever runs next.
    const off = await request.put("/api/admin/settings/maintenance", {
      headers: { Authorization: `Bearer ${token}` },
      data: { value: { is_enabled: false } },
    });
    expect(off.status()).toBe(200);
  }
  const visitor = await browser.newPage();
  expect((await visitor.goto("/dokumenty"))?.status()).toBe(200);
  await visitor.close();
});
