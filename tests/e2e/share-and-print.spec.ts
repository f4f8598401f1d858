import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, signInByApi, test } from "./fixtures.ts";

/**
 * Sharing a listing and printing (docs/product/visitor-basics.md, "Sharing" and "Printing"): the
 * share button copies the listing's address where the browser has no share sheet and hands it to
 * the sheet where it has one, on a phone's width; printed, a listing and an order summary show
 * their content without the site's frame and buttons.
 */

test.beforeEach(async ({ context, baseURL }) => {
  const domain = new URL(baseURL!).hostname;
  await context.addCookies([
    { name: "age-confirmed", value: "1", domain, path: "/" },
    { name: "intro-popup", value: "hidden", domain, path: "/" },
  ]);
});

/** A demo listing's page (the first id whose path is a product's), on a 375 px wide screen. */
async function openListing(page: Page): Promise<string> {
  await page.setViewportSize({ width: 375, height: 812 });
  for (let id = 1; id < 80; id++) {
    // A product reached without its category answers 301 to its canonical path; an id that is a
    // category's too goes to the category instead, which has no product page.
    const response = await page.request.get(`/${id}/x`, { maxRedirects: 0 });
    if (response.status() !== 301) continue;
    const path = response.headers().location;
    if (!(await (await page.request.get(path)).text()).includes('data-testid="product-page"')) continue;
    await page.goto(path);
    await hydrated(page);
    return new URL(path, page.url()).href;
  }
  throw new Error("no demo listing");
}

test("without a share sheet the button copies the listing's address and says so", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // Chromium on a desktop may have a share sheet: this visitor's browser has none.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, "share");
  });
  const url = await openListing(page);
  const button = page.getByTestId("share-button");
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await button.click();
  await expect(page.getByTestId("snackbars")).toContainText("Odkaz je zkopírovaný.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test("with a share sheet the button hands it the listing's name and address", async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
  });
  const url = await openListing(page);
  const name = (await page.getByTestId("product-name").textContent())!.trim();
  await page.getByTestId("share-button").click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
    .toEqual([expect.objectContaining({ url, title: expect.stringContaining(name.slice(0, 10)) })]);
  // The sheet said nothing went wrong: no notice of a copy.
  await expect(page.getByTestId("snackbars")).not.toContainText("Odkaz");
});

test("a printed listing is its content with its address, without the site's frame or buttons", async ({
  page,
}) => {
  const url = await openListing(page);
  await expect(page.getByTestId("printed-from")).toBeHidden();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("site-header")).toBeHidden();
  await expect(page.getByTestId("footer")).toBeHidden();
  await expect(page.getByTestId("share-button")).toBeHidden();
  await expect(page.getByTestId("breadcrumbs")).toBeHidden();
  await expect(page.getByTestId("product-name")).toBeVisible();
  await expect(page.getByTestId("printed-from")).toBeVisible();
  await expect(page.getByTestId("printed-from")).toContainText(url);
  await expect(
    page.locator('[data-testid="product-page"] button:visible:not([data-testid="gallery-main"])'),
  ).toHaveCount(0);
  // The paper's background is white, whatever the screen's.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    "rgb(255, 255, 255)",
  );
  await page.screenshot({ path: test.info().outputPath("listing-print.png"), fullPage: true });
});

test("a printed order summary keeps the order and leaves out the menus and buttons", async ({
  page,
  context,
  baseURL,
}) => {
  await signInByApi(context, baseURL!, DEMO.buyer);
  await page.goto("/ucet/platba");
  const href = (await page
    .locator('[data-testid="payment-row"][data-kind="shop"]')
    .first()
    .getByTestId("payment-open")
    .getAttribute("href"))!;
  await page.goto(href);
  const summary = page.getByTestId("order-summary");
  await expect(summary).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("site-header")).toBeHidden();
  await expect(page.getByTestId("account-sidebar")).toBeHidden();
  await expect(page.getByTestId("footer")).toBeHidden();
  await expect(summary.locator("h1")).toBeVisible();
  await expect(summary.locator("button:visible")).toHaveCount(0);
});

test("the blog and a category link their Atom feeds, served through the whole server", async ({
  page,
  request,
}) => {
  for (const path of ["/blog", "/en/blog", "/2/rum"]) {
    await page.goto(path);
    const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(link).toHaveCount(1);
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^https?:\/\/[^/]+\/(kanaly|en\/feeds)\/(blog|kategorie\/2)\.xml$/);
    const feed = await request.get(new URL(href).pathname, { headers: { "Accept-Encoding": "gzip" } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    const again = await request.get(new URL(href).pathname, {
      headers: { "If-None-Match": feed.headers().etag },
    });
    expect(again.status()).toBe(304);
  }
});
