import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import { action as productAction } from "#app/routes/catalog/product.tsx";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { createMarketplaceDouble } from "#server/test/marketplace-double.ts";

/**
 * The bid confirmation's all-in total (issue 35, item 2) is the server's: the product page's
 * action computes it from the deals setting, the seller's delivery options and the bidder's group
 * discount, whatever else the browser posts. Without deals (or without terms) there is none.
 */

let api: TestApi;
let productId: number;
let bidder: { id: number; emailConfirmed: boolean; adultConfirmed: boolean; group: unknown };

beforeAll(async () => {
  // Deals are offered only where a payment provider is configured.
  api = await createTestApi({}, { marketplace: createMarketplaceDouble().port });
  await insertAuctionSettings(api.db);
  const [seller, buyer] = await insertBidders(api.db, 2);
  productId = (await insertAuction(api.db, { sellerId: seller.user.id })).id;
  bidder = {
    id: buyer.user.id,
    emailConfirmed: true,
    adultConfirmed: true,
    group: { id: 1, name: "Sběratelé", discount: 10 },
  };
  const saved = await api.services.dealTerms.save(productId, {
    paysThroughSite: false,
    deliveryOptions: [
      { carrier: "ppl", priceMinor: 12_000 },
      { carrier: "zasilkovna", priceMinor: 8900 },
      { carrier: "pickup", town: "Praha" },
    ],
  });
  expect(saved.ok).toBe(true);
});
afterAll(async () => {
  await api?.close();
});

function context() {
  const provider = new RouterContextProvider();
  provider.set(appContext, { services: api.services, user: bidder, locale: "cs" } as never);
  return provider;
}

/** A first bid post (asking for the confirmation), with a forged total the server must ignore. */
async function confirmationOf(amount: string) {
  const body = new FormData();
  body.set("intent", "bid");
  body.set("amount", amount);
  body.set("allIn", "1");
  body.set("totalMinor", "1");
  const request = new Request(`http://x/${productId}/rum/lahev`, { method: "POST", body });
  const answer = await productAction({
    request,
    params: { id: String(productId) },
    context: context(),
  } as never);
  return answer as { status: string; allIn?: unknown };
}

describe("the bid confirmation's all-in total", () => {
  it("is none while deals through the site are off", async () => {
    await api.services.settings.put("deals", null, DEALS);
    const answer = await confirmationOf("1200");
    expect(answer.status).toBe("confirm");
    expect(answer.allIn).toBeNull();
  });

  it("is computed on the server: price, cheapest shipping, protection less the bidder's discount", async () => {
    await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
    const answer = await confirmationOf("1200");
    expect(answer.status).toBe("confirm");
    // 1 200 Kč + 89 Kč (Zásilkovna) + (5 % of 1 200 + 10 Kč = 70 Kč, less 10 % = 63 Kč).
    expect(answer.allIn).toEqual({
      priceMinor: 120_000,
      delivery: { carrier: "zasilkovna", priceMinor: 8900 },
      deliveryMinor: 8900,
      protectionMinor: 6300,
      discountPercent: 10,
      totalMinor: 135_200,
    });
  });
});
