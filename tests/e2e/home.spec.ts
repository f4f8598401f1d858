import { expect, test } from "@playwright/test";

test("the Czech home page is served in Czech with the free delivery note", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "cs");
  await expect(page).toHaveTitle(/Rarita/);
  await expect(page.locator("body")).toContainText(/doprava zdarma[^.]*1\s500\sKč/i);
});

test("the English home page is served under /en", async ({ page }) => {
  const response = await page.goto("/en");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/Rarita/);
});

test("the health endpoint answers ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("an unknown path answers 404 with a page", async ({ page }) => {
  const response = await page.goto("/tahle-stranka-neexistuje");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "cs");
});
