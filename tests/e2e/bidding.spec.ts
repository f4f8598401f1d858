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

/** A fresh auction of the demo seller, ending in an hour. */
async function freshAuction(request: import("@playwright/test").APIRequestContext, startPriceMinor: number) {
  const created = await request.post("/__diagnostics/auction", {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor,
      endsInSeconds: 3600,
      name: "Hampden 8 let, 46 %",
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as { id: number; url: string };
}

test("the bid button leaves 'Odesílám…' as soon as a proxy bid is accepted", async ({
  browser,
  request,
  baseURL,
}) => {
  const auction = await freshAuction(request, 100_000);
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  await buyer.goto(auction.url);
  await expect(buyer.getByTestId("auction-live")).toHaveAttribute("data-state", "open");

  await buyer.getByText("Přihazovat automaticky").click();
  await buyer.getByTestId("bid-max").fill("1500");
  await buyer.getByTestId("bid-submit").click();
  const confirm = buyer.getByTestId("bid-confirm");
  await expect(confirm.getByTestId("bid-binding")).toBeVisible();

  // After the action answers, the router reloads the other loaders' data. Hold that reload: the
  // accepted bid is on screen already, so the button must be back to its label meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await buyer.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.fallback();
  });
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(buyer.getByTestId("bid-leading")).toContainText("Příhoz přijat, vedete.");
  await expect(buyer.getByTestId("bid-submit")).toHaveText("Zvýšit maximum");
  await expect(buyer.getByTestId("bid-submit")).toBeEnabled();
  release();

  // Raising the maximum as the leader ends the same way.
  await buyer.getByTestId("bid-new-max").fill("2000");
  await buyer.getByTestId("bid-submit").click();
  await buyer.getByTestId("bid-confirm").getByTestId("bid-confirm-submit").click();
  await expect(buyer.getByTestId("bid-leading")).toContainText("Vaše maximum: 2 000,00 Kč");
  await expect(buyer.getByTestId("bid-submit")).toHaveText("Zvýšit maximum");
  await buyer.context().close();
});

test("in euro the bid box shows crowns first and the euro amount only as a hint", async ({
  browser,
  request,
  baseURL,
}) => {
  const auction = await freshAuction(request, 510_000);
  const currencies = (await (await request.get("/api/lists/currencies")).json()) as {
    id: number;
    code: string;
    rate: number;
  }[];
  const euro = currencies.find((currency) => currency.code === "EUR")!;
  // Czech writes euro after the number with a decimal comma (computed apart from the app).
  const inEuro = (crowns: number) => `${(crowns / Number(euro.rate)).toFixed(2).replace(".", ",")} €`;

  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  await buyer
    .context()
    .addCookies([
      { name: "currencyId", value: String(euro.id), domain: new URL(baseURL!).hostname, path: "/" },
    ]);
  await buyer.goto(auction.url);
  await expect(buyer.getByTestId("auction-live")).toHaveAttribute("data-state", "open");

  await expect(buyer.getByTestId("auction-current-price")).toHaveText("5 100,00 Kč");
  await expect(buyer.getByTestId("auction-current-price-approx")).toHaveText(`≈ ${inEuro(5100)}`);
  await expect(buyer.getByTestId("auction-minimum-bid-value")).toHaveText("5 100,00 Kč");
  await expect(buyer.getByTestId("auction-minimum-bid-approx")).toHaveText(`≈ ${inEuro(5100)}`);
  await expect(buyer.getByTestId("bid-minimum-hint")).toHaveText(
    `Nejnižší příhoz: 5 100,00 Kč (≈ ${inEuro(5100)})`,
  );
  await expect(buyer.getByTestId("auction-panel")).not.toContainText(/€\s?\d/);
  // What is typed in Kč is converted as a hint below the field.
  await buyer.getByTestId("bid-amount").fill("6000");
  await expect(buyer.getByTestId("bid-amount-approx")).toHaveText(`≈ ${inEuro(6000)}`);
  // The confirmation names the binding amount in Kč too.
  await buyer.getByTestId("bid-submit").click();
  await expect(buyer.getByTestId("bid-confirm")).toContainText(
    `Přihazujete 6 000,00 Kč (≈ ${inEuro(6000)}).`,
  );
  await buyer.context().close();
});

test("'Přihodit minimum' goes in at the server's minimum when someone was faster, never above the ceiling it showed", async ({
  browser,
  request,
  baseURL,
}) => {
  const auction = await freshAuction(request, 100_000);
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  for (const page of [buyer, rival]) {
    await page.goto(auction.url);
    await expect(page.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  }

  // The minimum is 1 000 Kč, a step 50 Kč: the button offers at most 1 050 Kč.
  const quick = buyer.getByTestId("bid-minimum");
  await expect(quick).toHaveText("Přihodit minimum (nejvýše 1 050,00 Kč)");
  await quick.click();
  const confirm = buyer.getByTestId("bid-confirm");
  await expect(confirm).toContainText("Přihazujete nejnižší možnou částku, teď 1 000,00 Kč.");
  await expect(confirm).toContainText("nejvýše však 1 050,00 Kč.");
  await expect(confirm.getByTestId("bid-binding")).toContainText("Příhoz je závazný.");

  // Meanwhile the rival takes 1 000 Kč; the buyer's confirmed bid becomes the next minimum.
  await bid(rival, "1000");
  await expect(rival.getByTestId("bid-leading")).toBeVisible();
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(buyer.getByTestId("bid-leading")).toContainText("Příhoz přijat, vedete.");
  await expect(buyer.getByTestId("auction-current-price")).toHaveText("1 050,00 Kč");
  await expect(buyer.getByTestId("auction-bid-count")).toHaveText("2 příhozy");
  await expect(rival.getByTestId("bid-outbid")).toBeVisible();
  await expect(rival.getByTestId("auction-current-price")).toHaveText("1 050,00 Kč");
  // Now the rival is offered the next step: 1 100 Kč, at most 1 150 Kč.
  await expect(rival.getByTestId("bid-minimum")).toHaveText("Přihodit minimum (nejvýše 1 150,00 Kč)");
  await buyer.context().close();
  await rival.context().close();
});
