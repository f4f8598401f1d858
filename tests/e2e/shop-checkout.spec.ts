import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, logIn, signInByApi, test } from "./fixtures.ts";

/**
 * A shop order after the checkout, in the browser: its summary reached with the order's number
 * and hash and nothing else (no login; a wrong hash is a 404, for the tax document too), the
 * account's Orders and payments listing shop orders beside fees, and the influencer's voucher
 * page. The demo data (server/db/seed/shop.ts) holds the orders: the buyer's delivered and paid
 * pickup orders, a collector's order awaiting a bank transfer, PETR5's paid orders.
 */

const INFLUENCER = { email: "influencer@rarita.test", password: "demo-influencer" };
/** A collector whose PETR5 order waits for a bank transfer. */
const UNPAID_BUYER = { email: "sberatel4@rarita.test", password: "demo-sberatel" };

/** The page's axe violations (WCAG 2.1 A and AA), one line each (as in a11y.spec.ts). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

/** Waits for hydration: the frame wraps window.fetch in an effect. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Symbol.for("rarita.progressFetch") in window.fetch, undefined, {
    polling: 50,
  });
}

/** The summary path of `account`'s shop order in `status`, read from their Orders and payments. */
async function shopOrderPath(browser: Browser, baseURL: string, account: typeof DEMO.buyer, status: string) {
  const context = await browser.newContext();
  await signInByApi(context, baseURL, account);
  const page = await context.newPage();
  await page.goto("/ucet/platba");
  const row = page
    .locator('[data-testid="payment-row"][data-kind="shop"]')
    .filter({ has: page.locator(`[data-testid="order-status"][data-status="${status}"]`) })
    .first();
  await expect(row).toBeVisible();
  const href = (await row.getByTestId("payment-open").getAttribute("href"))!;
  await context.close();
  return href;
}

test("the account's Orders and payments lists shop orders with their pieces, state and summary", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // several pages and a second context on a busy machine
  await signInByApi(context, baseURL!, DEMO.buyer);
  await page.goto("/ucet/platba");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Objednávky a platby");
  const delivered = page
    .locator('[data-testid="payment-row"][data-kind="shop"]')
    .filter({ has: page.locator('[data-testid="order-status"][data-status="delivered"]') })
    .first();
  await expect(delivered.getByTestId("order-status")).toHaveText("Doručeno");
  await expect(delivered.getByTestId("payment-kind")).toHaveText(/^Nákup v obchodě · \d+ kus(y|ů)?$/);
  await expect(delivered.getByTestId("payment-tracking")).toHaveText(/^Zásilka \S+$/);
  await expect(delivered.getByTestId("payment-open")).toHaveAttribute(
    "href",
    /^\/shrnuti\/\d+\/[0-9a-f]{32}$/,
  );
  await delivered.getByTestId("payment-open").click();
  await expect(page.getByTestId("order-summary")).toHaveAttribute("data-kind", "shop");
  await expect(page.getByTestId("order-result")).toHaveText(/^Objednávka byla doručena .+\. Na zdraví!$/);
  await expect(page.getByTestId("order-tracking")).toBeVisible();
  // The buyer's group discount and the welcome voucher, apart in the cost.
  await expect(page.getByTestId("order-voucher").locator("..")).toContainText("Slevový kód VITEJTE10");
});

test("a shop order's summary and tax document need only the order's number and hash, and a wrong hash is a 404", async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow(); // several pages and a second context on a busy machine
  const path = await shopOrderPath(browser, baseURL!, DEMO.buyer, "paid");
  const [, id, hash] = path.match(/^\/shrnuti\/(\d+)\/([0-9a-f]+)$/)!;

  // A visitor who is not signed in: the paid pickup order with its branch and tax document.
  await page.goto(path);
  await expect(page.getByTestId("order-summary")).toHaveAttribute("data-order-id", id);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Objednávka č. ${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Zaplaceno");
  await expect(page.getByTestId("order-result")).toContainText("Děkujeme, objednávka je zaplacená.");
  await expect(page.getByTestId("order-branch")).toBeVisible();
  await expect(page.getByTestId("order-line").first().getByRole("link")).toHaveAttribute("href", /^\/\d+\//);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByTestId("pay-order")).toHaveCount(0);
  await page.getByTestId("order-invoice").click();
  await expect(page).toHaveURL(`${path}/doklad`);
  await expect(page.getByTestId("invoice-title")).toHaveText(/^Faktura – daňový doklad č\. \d{10}$/);
  await page.getByTestId("invoice-back").click();
  await expect(page).toHaveURL(path);

  // The English twin.
  await page.goto(`/en/summary/${id}/${hash}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order no. ${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Paid");

  const wrong = hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  for (const bad of [
    `/shrnuti/${id}/${wrong}`,
    `/shrnuti/${id}/${wrong}/doklad`,
    `/shrnuti/${Number(id) + 1000}/${hash}`,
    `/en/summary/${id}/${wrong}`,
    `/shrnuti/0${id}/${hash}`,
    `/shrnuti/${id}/${hash.toUpperCase()}`,
  ]) {
    const response = await page.request.get(bad);
    expect(response.status(), bad).toBe(404);
  }
});

test("an unpaid shop order shows the reservation's deadline and the QR transfer first, without login", async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow(); // several pages and a second context on a busy machine
  const path = await shopOrderPath(browser, baseURL!, UNPAID_BUYER, "awaiting_payment");
  const id = path.split("/")[2];
  await page.goto(path);
  await expect(page.getByTestId("order-status")).toHaveText("Čeká na platbu");
  await expect(page.getByTestId("order-result")).toHaveText(
    /^Objednávka čeká na zaplacení\. Zboží držíme do \d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}\.$/,
  );
  await expect(page.getByTestId("order-payment-method")).toHaveText("Bankovním převodem (QR platba)");
  // The way chosen at checkout comes first; the card stays offered.
  await expect(page.getByTestId("pay-order").locator("> div").first()).toHaveAttribute(
    "data-testid",
    "pay-bank",
  );
  await expect(page.getByTestId("pay-bank-vs")).toHaveText(id);
  await expect(page.getByTestId("pay-bank-amount")).toHaveText(
    (await page.getByTestId("order-total").textContent())!,
  );
  await expect(page.getByTestId("pay-card-submit")).toBeVisible();
  await hydrated(page);
  expect(await violations(page)).toEqual([]);

  // The card works from the public page too: declined at the gateway, back here, still payable.
  await page.getByTestId("pay-card-submit").click();
  await expect(page.getByTestId("test-gateway")).toBeVisible();
  await page.getByTestId("test-gateway-fail").click();
  await expect(page).toHaveURL(path);
  await expect(page.locator('[data-testid="order-result"][data-tone="danger"]')).toHaveText(
    "Platba kartou se nezdařila. Zkuste to prosím znovu, nebo zaplaťte převodem.",
  );
  await expect(page.getByTestId("order-status")).toHaveText("Čeká na platbu");
  await expect(page.getByTestId("pay-bank")).toBeVisible();
});

test("the influencer signs in and sees their voucher's statistics; others have no such page", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // several pages and a second context on a busy machine
  await logIn(page, INFLUENCER, "/ucet/prehled");
  await page.getByTestId("account-layout").getByRole("link", { name: "Můj slevový kód" }).click();
  await expect(page).toHaveURL("/ucet/muj-poukaz");
  await expect(page.getByTestId("voucher-code")).toHaveText("PETR5");
  await expect(page.getByTestId("voucher-discount")).toHaveText("5 %");
  await expect(page.getByTestId("voucher-margin")).toHaveText(/^\d+ % z tržby$/);
  await expect(page.getByTestId("voucher-validity")).not.toBeEmpty();
  await expect(page.getByTestId("voucher-orders")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId("voucher-revenue")).toHaveText(/Kč$/);
  await expect(page.getByTestId("voucher-margin-total")).toHaveText(/Kč$/);
  await expect(page.getByTestId("voucher-pending")).toHaveText(/^\d+$/);
  const months = page.getByTestId("voucher-month");
  await expect(months.first()).toBeVisible();
  // The months add up to the paid orders.
  const counts = await months.locator("td:nth-of-type(1)").allTextContents();
  expect(counts.reduce((sum, count) => sum + Number(count), 0)).toBe(
    Number(await page.getByTestId("voucher-orders").textContent()),
  );
  await expect(page.getByTestId("voucher-chart").locator("rect")).not.toHaveCount(0);
  await hydrated(page);
  expect(await violations(page)).toEqual([]);

  // A user without a voucher: no link in the menu, and the page is a 404.
  const context = await browser.newContext();
  await signInByApi(context, baseURL!, DEMO.buyer);
  const other = await context.newPage();
  await other.goto("/ucet/prehled");
  await expect(other.getByTestId("account-layout")).toBeVisible();
  await expect(other.getByRole("link", { name: "Můj slevový kód" })).toHaveCount(0);
  const response = await other.request.get("/ucet/muj-poukaz");
  expect(response.status()).toBe(404);
  await context.close();
});
