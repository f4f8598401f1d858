import sharp from "sharp";
import { expect } from "vitest";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings } from "#server/test/auction-fixtures.ts";
import { payByCard } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { AUCTION_DEAL_QUEUE } from "../deals/flow.ts";

/**
 * The disputes' tests' world: a real API with deals on, on the in-memory provider
 * (server/test/marketplace-double.ts), and deals made the way a buyer makes them.
 */
export async function disputesTestApi(): Promise<{ api: TestApi; provider: MarketplaceDouble }> {
  const provider = createMarketplaceDouble();
  const api = await createTestApi(
    {},
    {
      marketplace: provider.port,
      dealTerms: {
        termsOf: async () => ({
          paysThroughSite: false,
          deliveryOptions: [{ carrier: "dpd", priceMinor: 10_000 }],
        }),
      },
    },
  );
  await insertAuctionSettings(api.db, 0);
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  return { api, provider };
}

type Party = { user: { id: number } };

/** A deal of 1 000 Kč + DPD 100 Kč + protection 60 Kč, won, paid and shipped. */
export async function shippedDeal(
  { api, provider }: { api: TestApi; provider: MarketplaceDouble },
  seller: Party,
  buyer: Party,
) {
  const deals = api.services.deals;
  const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
  await api.services.bidding.placeBid({
    productId: auction.id,
    bidder: { id: buyer.user.id, emailConfirmed: true, adultConfirmed: true },
    amountMinor: 100_000,
  });
  await api.services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
  await api.services.bidding.closeAuction(auction.id);
  await api.jobs.runPending(AUCTION_DEAL_QUEUE);
  const row = (await deals.list(buyer.user.id, "buyer", "cs")).find((one) => one.productId === auction.id);
  if (!row) throw new Error("no deal");
  await payByCard(api, provider, row.id, buyer.user.id);
  expect((await deals.ship(row.id, seller.user.id, { trackingNumber: "DPD 0001 2345" })).ok).toBe(true);
  return row;
}

/** A small JPEG with an EXIF camera serial, as a phone would send it. */
export const photoBytes = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 40, b: 20 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: "Rarita Test Camera", Copyright: "secret" } } })
    .toBuffer();
