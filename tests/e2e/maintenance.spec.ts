import { DEMO, expect, test } from "./fixtures.ts";

/**
 * Maintenance switches the whole site, so this file runs alone after every other spec (its own
 * Playwright project, see playwright.config.ts) and always switches the mode back off.
 */
test("maintenance mode sends every page to the maintenance page, and operators still get in", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/auth/login", { data: DEMO.admin });
  const { token } = await login.json();
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
