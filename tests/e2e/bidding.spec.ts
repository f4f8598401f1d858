import type { Page } from "@playwright/test";
import { DEMO, expect, signedIn, test } from "./fixtures.ts";

/** A second bidder (the seed's unverified seller: confirmed e-mail and age, no listing here). */
const RIVAL = { email: "novacek@rarita.test", password: "demo-novacek" };

/** Bids through the page's form: the amount, an optional maximum, then the binding confirmation. */
async function bid(page: Page, amount: string, max?: string) {
  await page.getByTestId("bid-amount").fill(amount);
  if (max) {
    await page.getByText("Přihazovat automaticky").click();
    await page.getByTestId("bid-max").fill(max);
  }
  await page.getByTestId("bid-submit").click();
  const confirm = page.getByTestId("bid-confirm");
  await expect(confirm.getByTestId("bid-binding")).toContainText("Příhoz je závazný.");
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(confirm).toBeHidden();
}

test("two bidders see each other's bids live, proxy and outbid, the soft-close extension, and won / sold once it closes", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A fresh auction of the demo seller (the e2e server's diagnostics), ending in 10 minutes.
  const created = await request.post("/__diagnostics/auction", {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor: 100_000,
      endsInSeconds: 600,
      name: "Diplomático Ambassador, 47 %",
    },
  });
  expect(created.status()).toBe(200);
  const auction = (await created.json()) as { id: number; url: string };

  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  for (const page of [buyer, rival]) {
    await page.goto(auction.url);
    await expect(page.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  }
  const price = (page: Page) => page.getByTestId("auction-current-price");

  // The buyer bids the prefilled minimum with a maximum of 1 500 Kč.
  await expect(buyer.getByTestId("bid-amount")).toHaveValue("1000");
  await bid(buyer, "1000", "1500");
  await expect(buyer.getByTestId("bid-leading")).toContainText("Příhoz přijat, vedete.");
  await expect(buyer.getByTestId("bid-leading")).toContainText("Vaše maximum: 1 500,00 Kč");

  // The rival's page follows without a reload: price, count, minimum, history.
  await expect(price(rival)).toHaveText("1 000,00 Kč");
  await expect(rival.getByTestId("auction-bid-count")).toHaveText("1 příhoz");
  await expect(rival.getByTestId("auction-minimum-bid-value")).toHaveText("1 050,00 Kč");
  await expect(rival.getByTestId("bid-amount")).toHaveValue("1050");
  await expect(rival.getByTestId("bid-history-count")).toHaveText("1 příhoz");

  // 1 200 Kč is answered at once by the buyer's maximum, one step above.
  await bid(rival, "1200");
  await expect(rival.getByTestId("bid-outbid")).toContainText("Jiný dražitel má vyšší maximum");
  await expect(price(rival)).toHaveText("1 250,00 Kč");
  await expect(price(buyer)).toHaveText("1 250,00 Kč");
  await expect(buyer.getByTestId("auction-bid-count")).toHaveText("3 příhozy");
  await expect(buyer.getByTestId("bid-leading")).toBeVisible();
  await buyer.getByTestId("bid-history").locator("summary").click();
  await expect(buyer.getByTestId("price-history-row")).toHaveCount(3);
  await expect(buyer.getByTestId("price-history-row").first()).toContainText("automaticky");

  // 2 000 Kč beats the maximum: the buyer sees at once that they were outbid.
  await bid(rival, "2000");
  await expect(rival.getByTestId("bid-leading")).toBeVisible();
  await expect(buyer.getByTestId("bid-outbid")).toContainText("Byli jste přehozeni");
  await expect(price(buyer)).toHaveText("2 000,00 Kč");

  // A minute before the end, a bid moves the end to two minutes after it, for both pages.
  const before = await rival.getByTestId("auction-panel").getAttribute("data-ends-at");
  await request.post(`/__diagnostics/auction/${auction.id}`, { data: { endsInSeconds: 60 } });
  await expect(rival.getByTestId("auction-panel")).not.toHaveAttribute("data-ends-at", before!);
  await bid(buyer, "2050");
  await expect(buyer.getByTestId("bid-leading")).toBeVisible();
  for (const page of [buyer, rival]) {
    await expect(page.getByTestId("auction-extended")).toContainText("Aukce byla prodloužena do");
    const endsAt = await page.getByTestId("auction-panel").getAttribute("data-ends-at");
    expect(new Date(endsAt!).getTime()).toBeGreaterThan(Date.now() + 100_000);
  }

  // The end comes (moved to a moment from now): the close job decides, both pages hear it.
  await request.post(`/__diagnostics/auction/${auction.id}`, { data: { endsInSeconds: 2 } });
  await expect(buyer.getByTestId("bid-won")).toContainText("Vyhráli jste tuto aukci za 2 050,00 Kč.", {
    timeout: 20_000,
  });
  await expect(rival.getByTestId("bid-lost")).toContainText("vyhrál jiný dražitel", { timeout: 20_000 });
  await expect(buyer.getByTestId("status-banner")).toHaveAttribute("data-status", "sold");
  await expect(
    buyer.getByTestId("bid-won").getByRole("link", { name: "Napsat prodávajícímu" }),
  ).toBeVisible();

  // My bids: won for the buyer, not won for the rival.
  await buyer.goto("/ucet/aukce");
  await expect(buyer.getByTestId("my-bids-won").getByText("Diplomático Ambassador, 47 %")).toBeVisible();
  await rival.goto("/ucet/aukce");
  const lost = rival.getByTestId("my-bids-lost").getByTestId("my-bid").filter({ hasText: "Diplomático" });
  await expect(lost.getByTestId("my-bid-price")).toHaveText("2 050,00 Kč");
  await expect(lost.getByTestId("my-bid-max")).toHaveText("2 000,00 Kč");

  // The seller sees it sold.
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  await seller.goto(auction.url);
  await expect(seller.getByTestId("bid-own-sold")).toHaveText("Vaše aukce se prodala za 2 050,00 Kč.");
  await expect(seller.getByTestId("status-banner")).toHaveAttribute("data-status", "sold");
});
