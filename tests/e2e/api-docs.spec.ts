import { expect, test } from "@playwright/test";

/** The API docs page (/api/docs) renders its operations under the site's CSP: its inline script carries the nonce. */
test("the API docs page lists the operations without a CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/api/docs");
  await expect(page.locator(".op").first()).toBeVisible();
  await expect(page.getByText("/api/health")).toBeVisible();
  expect(violations).toEqual([]);
});
