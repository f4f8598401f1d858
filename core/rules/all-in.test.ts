import { describe, expect, it } from "vitest";
import type { DealOffer } from "../contracts/deal-offer.ts";
import { allInBreakdown } from "./all-in.ts";

const offer: DealOffer = {
  fees: { buyerProtection: { percentBp: 500, fixedMinor: 1000, minMinor: 2900 }, sellerCommissionBp: 0 },
  deliveryOptions: [
    { carrier: "pickup", town: "Cheb" },
    { carrier: "dpd", priceMinor: 15_000 },
  ],
  buyerDiscountPercent: 0,
  paysThroughSite: true,
};

describe("allInBreakdown", () => {
  it("names the delivery it counted: the cheapest shipping even when pickup is offered", () => {
    expect(allInBreakdown(offer, 2_000_000)).toEqual({
      priceMinor: 2_000_000,
      delivery: { carrier: "dpd", priceMinor: 15_000 },
      deliveryMinor: 15_000,
      protectionMinor: 101_000,
      discountPercent: 0,
      totalMinor: 2_116_000,
    });
  });

  it("counts pickup as 0 when the listing ships nowhere, and the fee's minimum for a small price", () => {
    const pickupOnly = { ...offer, deliveryOptions: [{ carrier: "pickup" as const, town: "Cheb" }] };
    expect(allInBreakdown(pickupOnly, 20_000)).toMatchObject({
      deliveryMinor: 0,
      protectionMinor: 2900,
      totalMinor: 22_900,
    });
  });

  it("is none for no price or no options", () => {
    expect(allInBreakdown(offer, 0)).toBeNull();
    expect(allInBreakdown(offer, Number.NaN)).toBeNull();
    expect(allInBreakdown({ ...offer, deliveryOptions: [] }, 100_000)).toBeNull();
  });
});
