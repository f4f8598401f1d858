import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import { addSiteCookies } from "../browser-setup.ts";
import { proveAgeIfAsked } from "./age-check-helpers.ts";
import { DEMO, expect, hydrated, test } from "./fixtures.ts";
import { staffApiToken } from "./staff.ts";

/**
 * Placing an order is idempotent (ADR 0069): the review's form carries a key, and the binding
 * "Objednat s povinností platby" sent twice (two fast clicks before the page runs its scripts, the
 * kept form sent again after the order) makes one order, and every answer leads to its summary.
 * Each test buys a demo shop product no other test buys (2 pieces in stock), one piece, under an
 * e-mail of its own; the back office's order list shows what was made.
 */

/** Shop products of the demo with 2 pieces (server/db/seed/shop.ts): one for each test here. */
const FOR_DOUBLE_CLICK = "Doorly's 12 let";
const FOR_RESUBMIT = "Adorini Torino Deluxe";

const SUMMARY = /\/shrnuti\/(\d+)\/[0-9a-f]{32}$/;
const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`;

/** From the search to the review: one piece, Zásilkovna and a bank transfer, a private buyer. */
async function checkoutToReview(page: Page, product: string, email: string, scripts: boolean) {
  await page.goto(`/hledani?q=${encodeURIComponent(product)}`);
  await page
    .getByTestId("product-card")
    .filter({ hasText: product })
    .first()
    .getByRole("link")
    .first()
    .click();
  if (scripts) await hydrated(page);
  await page.getByTestId("add-to-cart-submit").click();
  await expect(page.getByTestId("cart-added")).toBeVisible();
  await page.goto("/kosik/doprava-a-platba");
  if (scripts) await hydrated(page);
  await page.locator('input[name="delivery"][value="zasilkovna"]').check();
  await page.locator('input[name="payment"][value="bank_transfer"]').check();
  await page.getByTestId("delivery-submit").click();
  await expect(page).toHaveURL(/\/kosik\/udaje$/);
  if (scripts) await hydrated(page);
  const details = page.getByTestId("details-form");
  await details.locator('input[name="email"]').fill(email);
  await details.locator('input[name="phone"]').fill("+420 777 123 456");
  await details.locator('input[name="invoice.name"]').fill("Dvojí Klikající");
  await details.locator('input[name="invoice.street"]').fill("Karlova 12");
  await details.locator('input[name="invoice.city"]').fill("Praha 1");
  await details.locator('input[name="invoice.zip"]').fill("110 00");
  await page.getByTestId("details-submit").click();
  await expect(page).toHaveURL(/\/kosik\/rekapitulace$/);
  await expect(page.getByTestId("review-line")).toHaveCount(1);
  // A guest's order of a spirit proves the buyer's age first (issue 36), for this order.
  await proveAgeIfAsked(page);
  if (scripts) await hydrated(page);
  const form = page.getByTestId("review-form");
  await form.locator('input[name="terms"]').check();
  await form.locator('input[name="adult"]').check();
}

/** The orders the back office lists under the e-mail. */
async function ordersOf(request: APIRequestContext, email: string) {
  const token = await staffApiToken(request, DEMO.admin.email);
  const response = await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { rows: { id: number; kind: string }[] }).rows;
}

async function withoutScripts(context: BrowserContext, baseURL: string) {
  await addSiteCookies(context, baseURL);
  return context.newPage();
}

test("two fast clicks on the binding button before the scripts run: one order, and the page lands on its summary", async ({
  browser,
  baseURL,
  request,
}) => {
  // Without scripts the button is never disabled: each click sends the form, as before hydration.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "cs-CZ" });
  const page = await withoutScripts(context, baseURL!);
  const email = uniqueEmail("dvojklik");
  await checkoutToReview(page, FOR_DOUBLE_CLICK, email, false);

  // Both sends reach the server: the first answer is held until the second click went out (a
  // slow network), and each is fetched whatever the browser does with it.
  const sent: Request[] = [];
  let secondSent: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    secondSent = resolve;
  });
  await page.route("**/kosik/rekapitulace", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    sent.push(route.request());
    const response = await route.fetch({ maxRedirects: 0 });
    if (sent.length === 1) await second;
    else secondSent();
    await route.fulfill({ response }).catch(() => {
      // The browser gave up the first send when the second click went out.
    });
  });
  const button = page.getByTestId("place-order");
  await expect(button).toHaveText("Objednat s povinností platby");
  // The mouse's own clicks: a locator's click would wait for the first send's page. The second
  // goes once the first is on its way (the browser drops a send that has not started yet).
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(x, y);
  await expect.poll(() => sent.length).toBe(1);
  await page.mouse.click(x, y);
  await expect.poll(() => sent.length).toBe(2);

  await expect(page).toHaveURL(SUMMARY);
  await expect(page.getByTestId("order-summary")).toHaveAttribute("data-kind", "shop");
  const id = Number(SUMMARY.exec(page.url())![1]);
  expect((await ordersOf(request, email)).map((order) => order.id)).toEqual([id]);
  await context.close();
});

test("the kept form sent again after the order (back, then send it again): the same order's summary, not 'the cart is empty'", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("znovu");
  await checkoutToReview(page, FOR_RESUBMIT, email, true);
  // What the browser keeps of the page: the form's fields, the key among them.
  const kept = await page
    .getByTestId("review-form")
    .evaluate((form: HTMLFormElement) =>
      [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]),
    );
  expect(kept.find(([name]) => name === "orderKey")?.[1]).toMatch(/^\S{16,}$/);

  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(SUMMARY);
  const summary = page.url();

  await page.goBack();
  await page.reload();
  // The kept form, sent again as the browser sends a form (a reload's "send again", a second tab).
  await page.evaluate((fields) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/kosik/rekapitulace";
    for (const [name, value] of fields) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, kept);
  await expect(page).toHaveURL(summary);
  await expect(page.getByTestId("order-summary")).toBeVisible();
  const id = Number(SUMMARY.exec(summary)![1]);
  expect((await ordersOf(request, email)).map((order) => order.id)).toEqual([id]);
});
