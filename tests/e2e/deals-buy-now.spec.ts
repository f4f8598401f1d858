import type { APIRequestContext, Page } from "@playwright/test";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { bid } from "./deal-helpers.ts";
import { answerConsent, DEMO, expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";

/**
 * Buy-it-now on auctions and the monthly round's close in slots (issue 39, items 3 and 4; ADR
 * 0109), as collectors see them: a buyer ends an auction at its buy-it-now price and a deal opens
 * for them, once however often they click; the first bid takes the offer away from everybody; and
 * the monthly auctions page, while the round closes, names the lots ending now and the next ones.
 *
 * On the deals' server (the "deals" project of playwright.config.ts): a won auction's deal through
 * the site is on there.
 */

// Collectors no other story on the deals' server uses (deals-buy.spec.ts: 4, 5; deal-terms.spec.ts: 1, 10).
const BUYER = { email: "sberatel6@rarita.test", password: "demo-sberatel" };
const BIDDER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };
const WATCHER = { email: "sberatel8@rarita.test", password: "demo-sberatel" };

/** An auction of the demo seller from 1 000 Kč, buy it now for 1 500 Kč, Zásilkovna at 89 Kč. */
async function buyNowAuction(request: APIRequestContext, name: string) {
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  const created = await request.post("/__diagnostics/auction", {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor: 100_000,
      buyNowPriceMinor: 150_000,
      endsInSeconds: 3600,
      name,
      delivery: [{ carrier: "zasilkovna", priceMinor: 8_900 }],
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as { id: number; url: string };
}

/** The auction's page with its live box connected. */
async function openAuction(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
}

test("a buyer buys an auction at its buy-it-now price, once, and its deal opens for them", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Foursquare 2009 ${Date.now().toString(36)}`;
  const auction = await buyNowAuction(request, name);
  const buyer = await signedIn(browser, baseURL!, BUYER);
  await openAuction(buyer, auction.url);

  const box = buyer.getByTestId("buy-now");
  await expect(box.getByTestId("buy-now-price")).toHaveText("Kup hned za 1 500,00 Kč");
  await expect(box).toContainText("Nabídka platí jen do prvního příhozu.");
  await box.getByTestId("buy-now-open").click();
  await expect(box.getByTestId("buy-now-binding")).toHaveText(
    "Koupě je závazná: aukce tím skončí a zavazujete se položku koupit za 1 500,00 Kč.",
  );
  // An impatient double click on the binding button: one purchase.
  await box.getByTestId("buy-now-confirm").dblclick();

  // The buyer lands on their purchases, where the deal waits for payment.
  await expect(buyer).toHaveURL(/\/ucet\/nakupy$/);
  const rows = buyer.getByTestId("deal-list").locator("li").filter({ hasText: name });
  await expect(async () => {
    await buyer.goto("/ucet/nakupy");
    await expect(rows).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows.getByTestId("deal-next")).toContainText("Zaplatit do");

  // The same purchase sent again (a retried request): the same sale, no second deal.
  const again = await buyer.request.post(auction.url, {
    form: { intent: "buyNow" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe(auction.url);
  await buyer.goto("/ucet/nakupy");
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");

  // The auction shows as sold, without the offer, to the buyer and to anybody else.
  await openAuctionPage(buyer, auction.url);
  const visitor = await browser.newPage();
  await answerConsent(visitor.context(), baseURL!);
  await openAuctionPage(visitor, auction.url);
  await expect(visitor.getByTestId("bid-won")).toHaveCount(0);
  // The buyer's own page of the auction leads to the deal to pay (a repeated purchase lands there too).
  const toDeal = buyer.getByTestId("bid-won").getByTestId("bid-won-deal");
  await expect(toDeal).toHaveText("Zaplatit a sledovat doručení v obchodu");
  await toDeal.click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  await buyer.context().close();
  await visitor.context().close();
});

/** A decided auction's page: sold, no buy-it-now, no bid box. */
async function openAuctionPage(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId("status-banner")).toHaveAttribute("data-status", "sold");
  await expect(page.getByTestId("buy-now")).toHaveCount(0);
  await expect(page.getByTestId("bid-amount")).toHaveCount(0);
}

test("after the first bid the buy-it-now offer is gone for everybody", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const auction = await buyNowAuction(request, `Hampden Great House ${Date.now().toString(36)}`);
  const bidder = await signedIn(browser, baseURL!, BIDDER);
  const watcher = await signedIn(browser, baseURL!, WATCHER);
  for (const page of [bidder, watcher]) {
    await openAuction(page, auction.url);
    await expect(page.getByTestId("buy-now-price")).toHaveText("Kup hned za 1 500,00 Kč");
  }

  await bid(bidder, "1000");
  await expect(bidder.getByTestId("bid-leading")).toBeVisible();
  // The watcher's page follows without a reload, and a fresh page has no offer either.
  for (const page of [bidder, watcher]) await expect(page.getByTestId("buy-now")).toHaveCount(0);
  await expect(watcher.getByTestId("auction-bid-count")).toHaveText("1 příhoz");
  const visitor = await browser.newPage();
  await answerConsent(visitor.context(), baseURL!);
  await openAuction(visitor, auction.url);
  await expect(visitor.getByTestId("auction-bid-count")).toHaveText("1 příhoz");
  await expect(visitor.getByTestId("buy-now")).toHaveCount(0);
  await watcher.reload();
  await expect(watcher.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await expect(watcher.getByTestId("buy-now")).toHaveCount(0);
  await bidder.context().close();
  await watcher.context().close();
  await visitor.context().close();
});

test("while the monthly round closes, its page names the lots ending now and the next ones", async ({
  page,
  baseURL,
  request,
}) => {
  // Five lots of the round of March 2031 (no other lot is in it), given their slots by the
  // sweeper's draw: one a minute from 20:00.
  const tag = Date.now().toString(36);
  const names = [1, 2, 3, 4, 5].map((n) => `Velier Caroni ${n} ${tag}`);
  const created = await request.post("/__diagnostics/closing-round", {
    data: { sellerEmail: DEMO.seller.email, names, round: "2031-03", startPriceMinor: 120_000 },
  });
  expect(created.status()).toBe(200);
  const round = (await created.json()) as { roundCloseAt: string; lots: { id: number; slot: number }[] };
  expect(round.lots.map((lot) => lot.slot).sort()).toEqual([0, 1, 2, 3, 4]);
  const inSlot = (slot: number) => String(round.lots.find((lot) => lot.slot === slot)?.id);

  // The page read at 20:00:30 of that evening: the 20:00 lot is being closed, the 20:01 one ends
  // within the minute; the 20:02, 20:03 and 20:04 lots are next, in that order.
  const at = new Date(new Date(round.roundCloseAt).getTime() + 30_000).toISOString();
  await page
    .context()
    .addCookies([{ name: "diagnostics-now", value: at, domain: new URL(baseURL!).hostname, path: "/" }]);
  await page.goto("/mesicni-aukce");
  const strip = page.getByTestId("closing-round");
  await expect(strip.getByRole("heading", { name: "Končí teď" })).toBeVisible();
  // The strip says the round is closing; the line of when a round starts closing is not there.
  await expect(page.getByTestId("round-ends")).toHaveCount(0);
  await expect(strip.getByRole("heading", { name: "Další na řadě" })).toBeVisible();
  const ids = (list: string) => strip.getByTestId(list).locator("li");
  await expect(ids("ending-now")).toHaveCount(2);
  expect(await ids("ending-now").evaluateAll((rows) => rows.map((row) => row.dataset.productId))).toEqual([
    inSlot(0),
    inSlot(1),
  ]);
  expect(await ids("ending-next").evaluateAll((rows) => rows.map((row) => row.dataset.productId))).toEqual([
    inSlot(2),
    inSlot(3),
    inSlot(4),
  ]);
  await expect(ids("ending-now").first()).toContainText("1 200,00 Kč");
  await expect(ids("ending-now").first().locator("time")).toHaveText("20:00");
  await expect(ids("ending-next").last().locator("time")).toHaveText("20:04");

  // In English the same lots under their English headings; each name leads to its lot.
  await page.goto("/en/monthly-auctions");
  await expect(strip.getByRole("heading", { name: "Ending now" })).toBeVisible();
  await expect(strip.getByRole("heading", { name: "Next", exact: true })).toBeVisible();
  await expect(ids("ending-next")).toHaveCount(3);
  const first = ids("ending-now").first().getByRole("link");
  await first.click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/en/${inSlot(0)}/`));
});
