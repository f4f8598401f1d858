import type { Page } from "@playwright/test";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { SIMULATOR } from "./deal-helpers.ts";
import { DEMO, expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";

/**
 * A payment request accepted in a conversation (issue 35, "How it is checked"): a buyer writes
 * about a demo classified, the seller sends a request of the agreed price with Zásilkovna, the
 * buyer sees what they pay (buyer protection with their group discount), accepts, pays by card on
 * the provider simulator's page; both see the deal, and the classified is sold.
 *
 * On the deals' server (the "deals" project of playwright.config.ts).
 */

/** Opens a page and waits for hydration: a click before it would be lost. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => Symbol.for("rarita.progressFetch") in window.fetch, undefined, {
    polling: 50,
  });
}

/** The conversation about the product whose last word is the request (not the system thread's notice of it). */
const conversationRow = (page: Page, name: string) =>
  page
    .getByTestId("thread-row")
    .filter({ hasText: name })
    .filter({ hasText: /Platební požadavek: / });

test("a payment request accepted in a conversation is paid by card and sells the classified", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  // A live offer classified of the demo seller, found through the API (the last: others use the first).
  const { token } = (await (await request.post("/api/auth/login", { data: DEMO.seller })).json()) as {
    token: string;
  };
  const listings = (await (
    await request.get("/api/me/advertisements?filter=active", {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { id: number; name: string; format: string; type: string }[] };
  const product = listings.data
    .filter((item) => item.format === "classified" && item.type === "supply")
    .at(-1)!;
  expect(product).toBeTruthy();

  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);

  // The buyer writes about it.
  await open(buyer, `/ucet/zpravy/napsat/${product.id}`);
  await buyer.getByTestId("contact-message").fill("Dobrý den, dal bych 1 500 Kč i s poštou Zásilkovnou.");
  await buyer.getByRole("button", { name: "Odeslat zprávu" }).click();
  await expect(buyer.getByTestId("contact-sent")).toBeVisible();

  // The seller answers with a payment request: 1 500 Kč, Zásilkovna for 89 Kč.
  await open(seller, "/ucet/zpravy");
  await seller.getByTestId("thread-row").filter({ hasText: product.name }).first().click();
  const sellerThread = seller.getByTestId("thread-view");
  await sellerThread.getByTestId("payment-request-open").click();
  await sellerThread.getByTestId("payment-request-price").fill("1500");
  await sellerThread.getByTestId("payment-request-carrier").selectOption("zasilkovna");
  await sellerThread.getByTestId("payment-request-deliveryPrice").fill("89");
  await sellerThread.getByTestId("payment-request-submit").click();
  await expect(seller.getByTestId("thread-notice")).toHaveText("Platební požadavek jsme poslali.");
  const sellerCard = sellerThread.getByTestId("payment-request").last();
  await expect(sellerCard.getByTestId("payment-request-status")).toHaveText("Čeká na odpověď");
  await expect(sellerCard.getByTestId("payment-request-withdraw")).toBeVisible();

  // The buyer sees what they pay: 1 500 Kč + 89 Kč + buyer protection (5 % + 10 Kč = 85 Kč, less
  // the buyer's 10 % group discount: 76,50 Kč) = 1 665,50 Kč; and accepts.
  await open(buyer, "/ucet/zpravy");
  await conversationRow(buyer, product.name).click();
  const card = buyer.getByTestId("thread-view").getByTestId("payment-request").last();
  await expect(card.getByTestId("payment-request-price")).toHaveText("1 500,00 Kč");
  await expect(card).toContainText("Zásilkovna");
  await expect(card).toContainText("Ochrana kupujícího (sleva 10 %)");
  await expect(card.getByTestId("payment-request-total")).toHaveText("1 665,50 Kč");
  await card.getByTestId("payment-request-accept").click();
  await expect(buyer).toHaveURL(/\/ucet\/obchody\/\d+$/);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  await expect(buyer.getByTestId("deal-total")).toHaveText("1 665,50 Kč");

  // By card on the provider's page; back on the deal, paid.
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${SIMULATOR}/pay/`));
  await expect(buyer.getByText("1 665,50 Kč").first()).toBeVisible();
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ucet/obchody/${dealId}\\?payment=returned`));
  await expect(buyer.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");

  // The seller sees the deal to ship; the conversation's card links it; the classified is sold.
  await open(seller, "/ucet/prodeje");
  await seller.getByTestId("deal-list").getByRole("link", { name: product.name }).click();
  await expect(seller).toHaveURL(new RegExp(`/ucet/obchody/${dealId}$`));
  await expect(seller.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");
  await open(seller, "/ucet/zpravy");
  await conversationRow(seller, product.name).click();
  const accepted = seller.getByTestId("thread-view").getByTestId("payment-request").last();
  await expect(accepted.getByTestId("payment-request-status")).toHaveText("Přijato");
  await expect(accepted.getByTestId("payment-request-deal")).toHaveAttribute(
    "href",
    `/ucet/obchody/${dealId}`,
  );
  await expect(seller.getByTestId("thread-product")).toContainText("Prodáno");
});
