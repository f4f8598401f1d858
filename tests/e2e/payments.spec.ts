import { expect, logIn, test } from "./fixtures.ts";
import { caughtMails } from "./mail.ts";

/**
 * Paying the operator, in the browser: a seller pays a listing's insertion fee by card after a
 * declined attempt (the order page shows the QR bank transfer too) and the listing goes live; a
 * seller promotes a live listing for 3 days, pays at the test gateway, and the listing carries
 * the Top ribbon in search. Two demo collectors that no other story sells with.
 */

const FEE_PAYER = { email: "sberatel6@rarita.test", password: "demo-sberatel" };
const PROMOTER = { email: "sberatel8@rarita.test", password: "demo-sberatel" };

test("a seller pays an insertion fee by card after a declined attempt, and the listing goes live", async ({
  page,
}) => {
  await logIn(page, FEE_PAYER, "/ucet/vase-aukce?filter=pending");
  const row = page
    .getByTestId("my-listing")
    .filter({ has: page.getByTestId("my-listing-pay") })
    .first();
  const id = await row.getAttribute("data-id");
  const name = (await row.getByTestId("my-listing-name").textContent())!.trim();
  await expect(row.getByTestId("my-listing-fee")).toContainText("Poplatek k zaplacení");
  await row.getByTestId("my-listing-pay").click();

  // The order: both ways to pay, the transfer to the account of the contacts setting, paired by
  // the order number.
  const summary = page.getByTestId("order-summary");
  await expect(summary).toBeVisible();
  await expect(page).toHaveURL(/\/ucet\/shrnuti\/\d+\/[0-9a-f]{32}$/);
  const orderId = (await summary.getAttribute("data-order-id"))!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Objednávka č. ${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Čeká na platbu");
  await expect(page.getByTestId("order-for")).toContainText(`Poplatek za vložení inzerátu${name}`);
  await expect(page.getByTestId("pay-bank-vs")).toHaveText(orderId);
  await expect(page.getByTestId("pay-bank-iban")).toHaveText("CZ24 2010 0000 0028 0123 4527");
  const total = (await page.getByTestId("order-total").textContent())!.trim();
  await expect(page.getByTestId("pay-bank-amount")).toHaveText(total);
  const spayd = await page.getByTestId("pay-bank-qr").getAttribute("data-spayd");
  expect(spayd).toMatch(
    new RegExp(
      `^SPD\\*1\\.0\\*ACC:CZ2420100000002801234527\\*AM:\\d+\\.\\d\\d\\*CC:CZK\\*.*\\*X-VS:${orderId}$`,
    ),
  );
  await expect(page.getByTestId("pay-bank-qr").locator("svg")).toBeVisible();

  // Declined at the gateway: back on the order, which can still be paid.
  await page.getByTestId("pay-card-submit").click();
  await expect(page.getByTestId("test-gateway")).toBeVisible();
  await expect(page.getByTestId("test-gateway-amount")).toHaveText(total);
  await page.getByTestId("test-gateway-fail").click();
  await expect(page.getByTestId("order-result")).toHaveText(
    "Platba kartou se nezdařila. Zkuste to prosím znovu, nebo zaplaťte převodem.",
  );
  await expect(page.getByTestId("order-status")).toHaveText("Čeká na platbu");

  await page.getByTestId("pay-card-submit").click();
  await page.getByTestId("test-gateway-pay").click();
  await expect(page.getByTestId("order-result")).toHaveText(
    "Děkujeme, platba je přijatá. Inzerát je zveřejněný, nebo se zveřejní v naplánovaný den.",
  );
  await expect(page.getByTestId("order-status")).toHaveText("Zaplaceno");
  await expect(page.getByTestId("pay-card")).toHaveCount(0);
  await expect(page.getByTestId("pay-bank")).toHaveCount(0);

  // Released: live (or scheduled), nothing left to pay; the seller got the mail.
  await page.goto("/ucet/vase-aukce");
  const listing = page.locator(`[data-testid="my-listing"][data-id="${id}"]`);
  await expect(listing).toHaveAttribute("data-status", /^(active|scheduled)$/);
  await expect(listing.getByTestId("my-listing-pay")).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await caughtMails()).some(
          (m) => m.to === FEE_PAYER.email && m.subject === `Platba přijata: ${name}`,
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  // The payments page lists the paid order with its tax document.
  await page.goto("/ucet/platba");
  const paid = page.locator(`[data-testid="payment-row"][data-order-id="${orderId}"]`);
  await expect(paid.getByTestId("order-status")).toHaveText("Zaplaceno");
  await expect(paid.getByTestId("payment-amount")).toHaveText(total);
  await paid.getByTestId("payment-invoice").click();
  await expect(page.getByTestId("invoice-title")).toHaveText(/^Faktura – daňový doklad č\. \d{10}$/);
  await expect(page.getByTestId("invoice-lines")).toContainText(`Poplatek za vložení: ${name}`);
  await expect(page.getByTestId("invoice-total")).toHaveText(total);
  await expect(page.getByTestId("invoice-document")).toContainText("Platební karta");
});

test("a seller promotes a live listing for 3 days and it carries the Top ribbon in search", async ({
  page,
}) => {
  await logIn(page, PROMOTER, "/ucet/vase-aukce?filter=active");
  const promotable = page
    .getByTestId("my-listing")
    .filter({ has: page.getByTestId("my-listing-top"), hasNot: page.getByTestId("my-listing-topped") });
  await expect(promotable.first()).toBeVisible();
  // A listing that runs for 3 more days at least: one in the monthly round may close sooner, by
  // the calendar, and then offers only the days it has left.
  const ids = await promotable.evaluateAll((rows) =>
    rows
      .filter((row) => {
        const ends = row.getAttribute("data-ends-at");
        return !ends || Date.parse(ends) - Date.now() > 4 * 86_400_000;
      })
      .map((row) => row.getAttribute("data-id")),
  );
  expect(ids.length).toBeGreaterThan(0);
  const row = page.locator(`[data-testid="my-listing"][data-id="${ids[0]}"]`);
  const name = (await row.getByTestId("my-listing-name").textContent())!.trim();
  await row.getByTestId("my-listing-top").click();

  await expect(page.getByTestId("promote-page")).toBeVisible();
  // What the buyer gets: first place under the default order only, never over a visitor's sort.
  await expect(page.getByTestId("promote-order")).toContainText("výchozím řazení „Doporučené“");
  await expect(page.getByTestId("promote-order")).toContainText("dostane přesně to pořadí");
  await expect(page.getByTestId("promote-name")).toHaveText(name);
  await expect(page.getByTestId("promote-per-day")).toHaveText("15,00 Kč za den");
  const three = page.locator('[data-testid="promote-choice"][data-days="3"]');
  await expect(three).toContainText("3 dny");
  await expect(three).toContainText("45,00 Kč");
  await three.click();
  await page.getByTestId("promote-submit").click();

  await expect(page.getByTestId("order-summary")).toBeVisible();
  await expect(page.getByTestId("order-days")).toHaveText("3 dny");
  await expect(page.getByTestId("order-total")).toHaveText("45,00 Kč");
  await page.getByTestId("pay-card-submit").click();
  await page.getByTestId("test-gateway-pay").click();
  await expect(page.getByTestId("order-result")).toContainText(
    "Děkujeme, platba je přijatá. Inzerát je topovaný do",
  );

  await page.goto("/ucet/vase-aukce?filter=active");
  await expect(
    page.getByTestId("my-listing").filter({ hasText: name }).getByTestId("my-listing-topped"),
  ).toContainText("Topováno do");

  await page.goto(`/hledani?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("product-card").filter({ hasText: name }).first();
  await expect(card).toHaveAttribute("data-topped", "true");
  await expect(card.getByTestId("topped-ribbon")).toBeVisible();
});

test("the test gateway's page answers 404 for an id that is none of its payments, a NUL byte included", async ({
  page,
}) => {
  for (const path of [
    "/testovaci-platebni-brana/%00",
    "/testovaci-platebni-brana/tgw_%00",
    "/en/test-payment-gateway/%27%20or%201%3D1",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
  }
});
