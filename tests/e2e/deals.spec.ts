import type { APIRequestContext, Page } from "@playwright/test";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { bid, RIVAL, SIMULATOR } from "./deal-helpers.ts";
import { answerConsent, DEMO, expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";
import { signInStaff } from "./staff.ts";

/**
 * A deal through the site, as two collectors and the seller live it (issue 35, "How it is checked"),
 * with the payment provider simulator the e2e server runs (ADR 0074): an auction with two bidders
 * closes, the winner sees the all-in amount and pays (by card, or by a bank transfer the simulator
 * marks received), the seller ships with a tracking number, the buyer confirms, and the seller's
 * payout goes out once the provider has verified them; the provider's records agree.
 *
 * On the deals' server (the "deals" project of playwright.config.ts, beside deal-terms.spec.ts).
 */

/** An auction of the demo seller with Zásilkovna at 89 Kč, bid on by the rival, then won by the buyer. */
async function wonAuction(
  request: APIRequestContext,
  buyer: Page,
  rival: Page,
  name: string,
  delivery: object[] = [{ carrier: "zasilkovna", priceMinor: 8_900 }],
) {
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  const created = await request.post("/__diagnostics/auction", {
    data: { sellerEmail: DEMO.seller.email, startPriceMinor: 100_000, endsInSeconds: 600, name, delivery },
  });
  expect(created.status()).toBe(200);
  const auction = (await created.json()) as { id: number; url: string };
  // Each bids once the live box is hydrated (its stream open).
  await rival.goto(auction.url);
  await expect(rival.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await bid(rival, "1000");
  await buyer.goto(auction.url);
  await expect(buyer.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  // 1 200 Kč + Zásilkovna 89 Kč + buyer protection (5 % + 10 Kč = 70 Kč, less the buyer's 10 % group discount: 63 Kč).
  await buyer.getByTestId("bid-amount").fill("1200");
  await expect(buyer.getByTestId("bid-all-in")).toContainText("1 352,00 Kč");
  await bid(buyer, "1200");
  await request.post(`/__diagnostics/auction/${auction.id}`, { data: { endsInSeconds: 1 } });
  // The close, then the deal's job: the winner's Nákupy shows it, to pay.
  await expect(async () => {
    await buyer.goto("/ucet/nakupy");
    await expect(buyer.getByTestId("deal-list").getByText(name)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const row = buyer.getByTestId("deal-list").locator("li").filter({ hasText: name });
  await expect(row).toContainText("1 352,00 Kč");
  await expect(row.getByTestId("deal-next")).toContainText("Zaplatit do");
  await row.getByRole("link", { name }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  await expect(buyer.getByTestId("deal-total")).toHaveText("1 352,00 Kč");
  return auction;
}

/** By card on the provider's page; back on the deal, the provider's word says paid. */
async function payByCard(buyer: Page, dealId: string, total = "1 352,00 Kč") {
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${SIMULATOR}/pay/`));
  await expect(buyer.getByText(total).first()).toBeVisible();
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ucet/obchody/${dealId}\\?payment=returned`));
  await expect(buyer.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");
}

/** The seller ships with a tracking number; the buyer's page shows it with the carrier's link. */
async function ship(seller: Page, buyer: Page, name: string) {
  await seller.goto("/ucet/prodeje");
  await seller.getByTestId("deal-list").getByRole("link", { name }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");
  await seller.getByLabel("Číslo zásilky").fill("Z 1234 5678");
  await seller.getByRole("button", { name: "Označit jako odeslané" }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Odesláno");
  await buyer.reload();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Odesláno");
  await expect(buyer.getByRole("link", { name: /Sledovat zásilku/ })).toHaveAttribute(
    "href",
    /Z%201234%205678/,
  );
}

/** The simulator's own record of the deal: its payment and the transfers to the seller. */
async function providerRecord(dealId: string) {
  const state = (await (await fetch(`${SIMULATOR}/_simulator/state`)).json()) as {
    paymentIntents: Record<string, { amount_received: number; transfer_group: string | null }>;
    transfers: Record<string, { amount: number; transfer_group: string | null }>;
    refunds: Record<string, { amount: number; payment_intent: string }>;
  };
  const reference = `deal:${dealId}`;
  const intents = Object.entries(state.paymentIntents).filter(
    ([, intent]) => intent.transfer_group === reference,
  );
  return {
    refunded: Object.values(state.refunds)
      .filter((refund) => intents.some(([id]) => id === refund.payment_intent))
      .map((refund) => refund.amount),
    received: Object.values(state.paymentIntents)
      .filter((intent) => intent.transfer_group === reference)
      .reduce((sum, intent) => sum + intent.amount_received, 0),
    transfers: Object.values(state.transfers).filter((transfer) => transfer.transfer_group === reference),
  };
}

test("a won auction paid by card, shipped, confirmed, and paid out to the verified seller", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Caroni 1998 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  await wonAuction(request, buyer, rival, name);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";

  await payByCard(buyer, dealId);
  await ship(seller, buyer, name);
  await buyer.getByRole("button", { name: "Potvrzuji převzetí" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Dokončeno");

  // The seller is paid out once the provider has verified them.
  await seller.goto("/ucet/prodeje");
  await expect(seller.getByTestId("payouts-state")).toContainText("ověřte prosím");
  await seller.getByRole("button", { name: "Ověřit totožnost a nastavit výplaty" }).click();
  await expect(seller).toHaveURL(new RegExp(`^${SIMULATOR}/onboard/`));
  await seller.getByRole("button", { name: "Ověřit" }).click();
  await expect(seller).toHaveURL(/\/ucet\/prodeje\?payouts=returned/);
  await expect(seller.getByTestId("payouts-state")).toContainText("ověřil");
  await expect(async () => {
    await seller.goto(`/ucet/obchody/${dealId}`);
    await expect(seller.getByTestId("deal-paid-out")).toHaveText("1 289,00 Kč", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(seller.getByTestId("deal-seller-gets")).toHaveText("1 289,00 Kč");

  // The provider's record agrees: 1 352 Kč received, one transfer of 1 289 Kč; the 63 Kč fee stays.
  const record = await providerRecord(dealId);
  expect(record.received).toBe(135_200);
  expect(record.transfers.map((transfer) => transfer.amount)).toEqual([128_900]);
  for (const page of [buyer, rival, seller]) await page.context().close();
});

test("a won auction paid by a bank transfer the provider receives", async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const name = `Hampden 2010 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  await wonAuction(request, buyer, rival, name);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";

  await buyer.getByLabel("Bankovním převodem (QR platba)").check();
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${SIMULATOR}/pay/`));
  await expect(buyer.getByTestId("variable-symbol")).toHaveText(/^\d+$/);
  await expect(buyer.locator("svg").first()).toBeVisible();
  // What the bank does in real life: the money arrives at the provider.
  await buyer.getByRole("button", { name: "Označit platbu jako přijatou" }).click();
  await expect(async () => {
    await buyer.goto(`/ucet/obchody/${dealId}`);
    await expect(buyer.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  expect((await providerRecord(dealId)).received).toBe(135_200);
  for (const page of [buyer, rival]) await page.context().close();
});

test("another user's deal is not found, and a forged webhook changes nothing", async ({
  browser,
  baseURL,
  request,
}) => {
  const rival = await signedIn(browser, baseURL!, RIVAL);
  // Deal 1 exists once the tests above ran or not: either way it is not the rival's.
  const response = await rival.goto("/ucet/obchody/1");
  expect(response?.status()).toBe(404);
  const forged = await request.post("/api/deals/webhooks/stripe", {
    headers: {
      "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      "content-type": "application/json",
    },
    data: JSON.stringify({
      id: "evt_forged",
      type: "checkout.session.completed",
      data: { object: { id: "cs_forged" } },
    }),
  });
  expect(forged.status()).toBe(400);
  await rival.context().close();
});

test("a dispute handed to the operator ends in a partial refund with reasons both sides see", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `Port Mourant 1974 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  await wonAuction(request, buyer, rival, name);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";
  await payByCard(buyer, dealId);
  await ship(seller, buyer, name);

  // The buyer disputes instead of confirming; the seller answers.
  const open = buyer.getByTestId("dispute-open");
  await open.getByLabel("Důvod").selectOption({ label: "Poškozené nebo vyteklé" });
  await open.getByLabel("Co se stalo").fill("Pečeť je prasklá a část rumu vytekla do krabice.");
  await open.getByRole("button", { name: "Otevřít spor" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Ve sporu");
  await seller.reload();
  await seller
    .getByLabel("Napsat do sporu")
    .fill("Láhev jsem balil do bublinkové fólie, prosím o fotografie.");
  await seller.getByRole("button", { name: "Odeslat" }).click();
  await expect(seller.getByTestId("dispute")).toContainText("prosím o fotografie");

  // Three days to answer have passed (the diagnostics move them): the buyer hands it over.
  expect((await request.post(`/__diagnostics/dispute/${dealId}`)).status()).toBe(200);
  await buyer.reload();
  await buyer.getByRole("button", { name: "Předat provozovateli" }).click();
  await expect(buyer.getByTestId("dispute")).toHaveAttribute("data-status", "escalated");

  // The operator decides: 300 Kč back, the rest to the seller, with the statement of reasons.
  const operatorContext = await browser.newContext({ baseURL });
  await answerConsent(operatorContext, baseURL!);
  const operator = await operatorContext.newPage();
  await signInStaff(operator, DEMO.admin.email, { to: `/admin/obchody/${dealId}` });
  await operator.getByTestId("admin-dispute-link").click();
  const decide = operator.getByTestId("dispute-decide");
  await decide.getByLabel("Vrátit kupujícímu (Kč)").fill("300");
  await decide.getByLabel("Zjištěné skutečnosti").fill("Fotografie ukazují prasklou pečeť a vyteklý obsah.");
  await decide
    .getByLabel("Odůvodnění (podmínky, zákon)")
    .fill("Podmínky, Poctivé obchodování: zboží má dorazit, jak bylo popsáno.");
  await decide.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(operator.getByTestId("admin-dispute")).toHaveAttribute("data-status", "resolved");

  for (const page of [buyer, seller]) {
    await page.reload();
    await expect(page.getByTestId("deal-status")).toHaveText("Částečně vráceno");
    await expect(page.getByTestId("dispute-outcome")).toContainText("Kupujícímu se vrací 300,00 Kč");
    await expect(page.getByTestId("dispute-decision")).toContainText("prasklou pečeť");
  }
  // The provider refunded the 300 Kč, once.
  await expect
    .poll(async () => (await providerRecord(dealId)).refunded, { timeout: 30_000 })
    .toEqual([30_000]);
  for (const page of [buyer, rival, seller, operator]) await page.context().close();
});

test("the winner who does not pay: a strike, and the runner-up takes the second chance and pays", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Foursquare 2005 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  await wonAuction(request, buyer, rival, name);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";

  // Three days pass without a payment (the deal's clock, then its deadline's job).
  const moved = await request.post(`/__diagnostics/deal/${dealId}`, { data: { deadline: "pay" } });
  expect(moved.status()).toBe(200);
  await expect(async () => {
    await buyer.reload();
    await expect(buyer.getByTestId("deal-status")).toHaveText("Zrušeno – nezaplaceno", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(buyer.getByTestId("deal-pay")).toHaveCount(0);
  // The buyer is told that an unpaid win is recorded (the strike).
  // In the system thread itself: the list's preview shows only the newest notice, and the other
  // deals' tests running beside this one send the same buyer theirs.
  await buyer.goto("/ucet/zpravy?filter=system");
  await buyer.getByTestId("thread-row").first().click();
  await expect(
    buyer
      .getByTestId("message")
      .filter({ hasText: `Obchod ${name} jsme zrušili, protože nebyl včas zaplacen.` }),
  ).toBeVisible();

  // The seller offers the item to the runner-up at the runner-up's own highest bid.
  await seller.goto(`/ucet/obchody/${dealId}`);
  // Or listing it again without a fee: offered until a second chance is sent.
  await expect(seller.getByRole("button", { name: "Vystavit znovu bez poplatku" })).toBeVisible();
  await seller.getByRole("button", { name: "Nabídnout druhou šanci" }).click();
  await expect(seller.getByTestId("second-chance-state")).toContainText("1 000,00 Kč");
  await expect(seller.getByTestId("relist-unpaid")).toHaveCount(0);

  await rival.goto("/ucet/nakupy");
  const offer = rival.getByTestId("offers").locator("li").filter({ hasText: name });
  await expect(offer).toContainText("1 000,00 Kč");
  await offer.getByRole("button", { name: "Přijmout a zaplatit" }).click();
  await expect(rival.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  // 1 000 Kč + Zásilkovna 89 Kč + protection (5 % + 10 Kč = 60 Kč; no group discount).
  await expect(rival.getByTestId("deal-total")).toHaveText("1 149,00 Kč");
  const secondDeal = new URL(rival.url()).pathname.split("/").pop() ?? "";
  await payByCard(rival, secondDeal, "1 149,00 Kč");

  await seller.goto("/ucet/prodeje");
  const rows = seller.getByTestId("deal-list").locator("li").filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Zaplaceno, čeká na odeslání" })).toContainText("1 149,00 Kč");
  await expect(rows.filter({ hasText: "Zrušeno – nezaplaceno" })).toHaveCount(1);
  expect((await providerRecord(secondDeal)).received).toBe(114_900);
  expect((await providerRecord(dealId)).received).toBe(0);
  for (const page of [buyer, rival, seller]) await page.context().close();
});

test("personal pickup chosen before paying, handed over with the buyer's one-time code", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Worthy Park 2006 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  await wonAuction(request, buyer, rival, name, [
    { carrier: "zasilkovna", priceMinor: 8_900 },
    { carrier: "pickup", town: "Praha" },
  ]);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";

  // The deal came with the cheapest shipping; the buyer takes pickup instead, without the 89 Kč.
  const choice = buyer.getByTestId("deal-delivery-choice");
  await expect(choice.getByRole("radio", { name: /Zásilkovna/ })).toBeChecked();
  await choice.getByRole("radio", { name: /Praha/ }).check();
  await choice.getByRole("button", { name: "Použít zvolené doručení" }).click();
  await expect(buyer.getByTestId("deal-total")).toHaveText("1 263,00 Kč");
  await expect(choice.getByRole("radio", { name: /Praha/ })).toBeChecked();
  await payByCard(buyer, dealId, "1 263,00 Kč");

  await seller.goto(`/ucet/obchody/${dealId}`);
  await expect(seller.getByTestId("deal-hand-over")).toContainText("Praha");
  await seller.getByRole("button", { name: "Připraveno k předání" }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Připraveno k převzetí");

  await buyer.reload();
  const code = ((await buyer.getByTestId("deal-pickup-value").textContent()) ?? "").replace(/\s/g, "");
  expect(code).toMatch(/^\d{6}$/);
  // A mistyped code is refused in words; the buyer's code hands the item over.
  await seller.getByLabel("Kód od kupujícího").fill(code === "000000" ? "111111" : "000000");
  await seller.getByRole("button", { name: "Potvrdit předání" }).click();
  await expect(seller.getByText("Kód nesouhlasí.")).toBeVisible();
  await seller.getByLabel("Kód od kupujícího").fill(code);
  await seller.getByRole("button", { name: "Potvrdit předání" }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Doručeno");

  await buyer.reload();
  await expect(buyer.getByTestId("deal-pickup")).toHaveCount(0);
  await buyer.getByRole("button", { name: "Potvrzuji převzetí" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Dokončeno");
  for (const page of [buyer, rival, seller]) await page.context().close();
});
