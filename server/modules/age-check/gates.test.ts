import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { err, ok } from "#core/result.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { ADDRESS, guest, SHOP_ENV, SHOP_SETTING, sayingShop } from "#server/test/shop-fixtures.ts";

/**
 * The gates through the whole server (the wiring of server/wiring/age-check.ts): with a provider
 * configured, a bid from an unverified account and a guest's order of whisky are refused until
 * the check is passed; an order of an accessory (a free category) needs none.
 */

const provider: AgeProofProvider = {
  method: "bank_id",
  start: async ({ state }) => ({ redirectUrl: `https://bank.example/?state=${state}`, secret: "s" }),
  finish: async ({ params }) =>
    params.person ? ok({ adult: params.person === "adult", subject: "someone" }) : err("cancelled"),
};

let api: TestApi;
let freeCategory: number;
const CALLBACK = "http://localhost/overeni-veku/navrat";

beforeAll(async () => {
  api = await createTestApi(SHOP_ENV, { ageProofProviders: [provider] });
  await insertAuctionSettings(api.db);
  await api.services.settings.put("shop", null, SHOP_SETTING);
  freeCategory = (await insertCategory(api.db)).id;
  await api.services.settings.put("ageCheck", null, {
    accountsPerIdentity: 3,
    freeCategories: [freeCategory],
  });
});
afterAll(() => api?.close());

async function prove(owner: { userId: number } | { checkoutKey: string }, person: "adult" | "minor") {
  const started = await api.services.ageCheck.start({
    method: "bank_id",
    owner,
    returnPath: "/",
    locale: "cs",
    callbackUrl: CALLBACK,
    limitKey: `test:${JSON.stringify(owner)}`,
  });
  if (!started.ok) throw new Error(started.code);
  const state = new URL(started.value.redirectUrl).searchParams.get("state")!;
  return api.services.ageCheck.finish({ state, person }, CALLBACK);
}

describe("the age gates", () => {
  it("refuse a bid until the bidder has proved being 18+, and a minor's stays refused", async () => {
    const [seller] = await insertBidders(api.db, 1);
    const [adult, minor] = await insertBidders(api.db, 2);
    const auction = await insertAuction(api.db, { sellerId: seller.user.id });
    const bid = (token: string) =>
      api.call("POST", `/api/auctions/${auction.id}/bids`, { token, body: { amount: 100_000 } });

    const refused = await bid(adult.token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toContain("Přihazovat mohou jen ověření dospělí");

    expect((await prove({ userId: minor.user.id }, "minor")).ok).toBe(false);
    expect((await bid(minor.token)).status).toBe(403);

    expect((await prove({ userId: adult.user.id }, "adult")).ok).toBe(true);
    const placed = await bid(adult.token);
    expect(placed.status).toBe(201);
  });

  it("refuse a guest's order of whisky without a check for that order, and let an accessory through", async () => {
    const spirits = await insertCategory(api.db);
    const whisky = await insertProduct(api.db, { categoryId: spirits.id, priceMinor: 120_000, stock: 5 });
    const opener = await insertProduct(api.db, { categoryId: freeCategory, priceMinor: 9_000, stock: 5 });
    const shop = sayingShop(api.services.shop);

    async function readyCart(productId: number, priceMinor: number) {
      const added = await shop.add(guest(), { productId, quantity: 1, seenPriceMinor: priceMinor });
      if (added.status !== "ok" || !added.cartToken) throw new Error(JSON.stringify(added));
      const who = guest(added.cartToken);
      await shop.saveDelivery(who, { delivery: "zasilkovna", payment: "bank_transfer" });
      const email = `host${productId}-${Date.now()}@example.cz`;
      await shop.saveDetails(who, { email, phone: "+420777123456", invoice: ADDRESS, sameAddress: true });
      const key = (await api.services.shop.checkoutKey(who))!;
      const total = (await shop.cart(who)).totals.totalMinor;
      const place = () =>
        shop.placeOrder(
          who,
          { terms: true, adult: true, seenTotalMinor: total },
          { ip: null, userAgent: null },
        );
      return { key, place };
    }

    const whiskyOrder = await readyCart(whisky.id, 120_000);
    expect(await whiskyOrder.place()).toMatchObject({ status: "age_unverified" });
    // A minor's check clears nothing.
    expect((await prove({ checkoutKey: whiskyOrder.key }, "minor")).ok).toBe(false);
    expect(await whiskyOrder.place()).toMatchObject({ status: "age_unverified" });
    expect((await prove({ checkoutKey: whiskyOrder.key }, "adult")).ok).toBe(true);
    expect(await whiskyOrder.place()).toMatchObject({ status: "ok" });

    const openerOrder = await readyCart(opener.id, 9_000);
    expect(await openerOrder.place()).toMatchObject({ status: "ok" });
  });
});
