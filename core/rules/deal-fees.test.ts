import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DeliveryOption } from "../schemas/delivery.ts";
import {
  allInTotal,
  buyerProtectionFee,
  type DealFees,
  dealAmounts,
  percentOf,
  readDealFees,
  sellerCommission,
} from "./deal-fees.ts";

/** The seeded `deals` setting's fees: 5 % + 10 Kč, at least 29 Kč; no commission. */
const SEEDED: DealFees = {
  buyerProtection: { percentBp: 500, fixedMinor: 1_000, minMinor: 2_900 },
  sellerCommissionBp: 0,
};
const WITH_COMMISSION: DealFees = { ...SEEDED, sellerCommissionBp: 350 };

describe("percentOf", () => {
  it("rounds to whole haléře, half up", () => {
    expect(percentOf(2_900, 500)).toBe(145);
    expect(percentOf(10, 500)).toBe(1); // 0,5 haléře → 1
    expect(percentOf(9, 500)).toBe(0); // 0,45 haléře → 0
    expect(percentOf(1_000_001, 350)).toBe(35_000); // 35 000,035 → 35 000
    expect(percentOf(12_345, 0)).toBe(0);
  });
});

describe("the buyer-protection fee", () => {
  it("is percent + fixed part, never below the minimum", () => {
    // 5 % of 20 000 Kč + 10 Kč = 1 010 Kč.
    expect(buyerProtectionFee(SEEDED, 2_000_000, 0)).toEqual({
      baseMinor: 101_000,
      discountPercent: 0,
      discountMinor: 0,
      amountMinor: 101_000,
    });
    // 5 % of 200 Kč + 10 Kč = 20 Kč, raised to the minimum 29 Kč.
    expect(buyerProtectionFee(SEEDED, 20_000, 0).amountMinor).toBe(2_900);
    // 5 % of 380 Kč + 10 Kč = 29 Kč exactly.
    expect(buyerProtectionFee(SEEDED, 38_000, 0).amountMinor).toBe(2_900);
  });

  it("takes the buyer's group discount off the whole fee, after the minimum", () => {
    expect(buyerProtectionFee(SEEDED, 2_000_000, 10)).toEqual({
      baseMinor: 101_000,
      discountPercent: 10,
      discountMinor: 10_100,
      amountMinor: 90_900,
    });
    // 5 % of 29 Kč is 1,45 Kč.
    expect(buyerProtectionFee(SEEDED, 100, 5).amountMinor).toBe(2_755);
  });
});

describe("the seller's commission", () => {
  it("is a percent of the price, 0 when the setting says so, less the seller's discount", () => {
    expect(sellerCommission(SEEDED, 2_000_000, 0).amountMinor).toBe(0);
    expect(sellerCommission(WITH_COMMISSION, 2_000_000, 0).amountMinor).toBe(70_000);
    expect(sellerCommission(WITH_COMMISSION, 2_000_000, 20).amountMinor).toBe(56_000);
  });
});

describe("a deal's amounts", () => {
  it("add up: the buyer's total is the seller's transfer, the commission and the protection fee", () => {
    const amounts = dealAmounts(WITH_COMMISSION, 2_000_000, 8_900, { buyerPercent: 0, sellerPercent: 0 });
    expect(amounts).toMatchObject({
      priceMinor: 2_000_000,
      deliveryMinor: 8_900,
      totalMinor: 2_000_000 + 8_900 + 101_000,
      payoutMinor: 2_000_000 - 70_000,
      transferMinor: 2_000_000 - 70_000 + 8_900,
    });
  });

  it("show the bid box's all-in total with the cheapest shipping", () => {
    const options: DeliveryOption[] = [
      { carrier: "pickup", town: "Brno" },
      { carrier: "ppl", priceMinor: 12_900 },
      { carrier: "zasilkovna", priceMinor: 8_900 },
    ];
    // 20 000 Kč + 89 Kč + 1 010 Kč.
    expect(allInTotal(SEEDED, 2_000_000, options, 0)?.totalMinor).toBe(2_109_900);
    expect(allInTotal(SEEDED, 2_000_000, [{ carrier: "pickup", town: "Brno" }], 0)?.totalMinor).toBe(
      2_101_000,
    );
    expect(allInTotal(SEEDED, 2_000_000, [], 0)).toBeNull();
  });

  it("read the fee part of the setting, or nothing when it is malformed", () => {
    expect(readDealFees({ ...SEEDED, enabled: true, payDays: 3 })).toEqual(SEEDED);
    expect(readDealFees(null)).toBeNull();
    expect(readDealFees({ ...SEEDED, sellerCommissionBp: -1 })).toBeNull();
    expect(
      readDealFees({ ...SEEDED, buyerProtection: { ...SEEDED.buyerProtection, percentBp: 10_001 } }),
    ).toBeNull();
    expect(readDealFees({ buyerProtection: SEEDED.buyerProtection })).toBeNull();
  });
});

const price = fc.integer({ min: 0, max: 10_000_000_000 }); // up to 100 million Kč
const delivery = fc.integer({ min: 0, max: 200_000 });
const discount = fc.integer({ min: 0, max: 100 });
const fees = fc.record({
  buyerProtection: fc.record({
    percentBp: fc.integer({ min: 0, max: 10_000 }),
    fixedMinor: fc.integer({ min: 0, max: 100_000 }),
    minMinor: fc.integer({ min: 0, max: 100_000 }),
  }),
  sellerCommissionBp: fc.integer({ min: 0, max: 10_000 }),
});

describe("properties of a deal's amounts", () => {
  it("the protection fee is never below the minimum before a discount, nor negative after one", () => {
    fc.assert(
      fc.property(fees, price, discount, (f, p, d) => {
        const fee = buyerProtectionFee(f, p, d);
        expect(fee.baseMinor).toBeGreaterThanOrEqual(f.buyerProtection.minMinor);
        expect(buyerProtectionFee(f, p, 0).amountMinor).toBeGreaterThanOrEqual(f.buyerProtection.minMinor);
        expect(fee.amountMinor).toBeGreaterThanOrEqual(0);
        expect(fee.amountMinor).toBeLessThanOrEqual(fee.baseMinor);
      }),
    );
  });

  it("the fee and the total never fall when the price rises", () => {
    fc.assert(
      fc.property(fees, price, price, delivery, discount, (f, a, b, del, d) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const discounts = { buyerPercent: d, sellerPercent: d };
        const lower = dealAmounts(f, low, del, discounts);
        const higher = dealAmounts(f, high, del, discounts);
        expect(higher.buyerProtection.amountMinor).toBeGreaterThanOrEqual(lower.buyerProtection.amountMinor);
        expect(higher.totalMinor).toBeGreaterThanOrEqual(lower.totalMinor);
        expect(higher.totalMinor).toBeGreaterThanOrEqual(lower.totalMinor + (high - low));
      }),
    );
  });

  it("payout + commission = price, every amount a whole non-negative number, the money adds up", () => {
    fc.assert(
      fc.property(fees, price, delivery, discount, discount, (f, p, del, bd, sd) => {
        const a = dealAmounts(f, p, del, { buyerPercent: bd, sellerPercent: sd });
        expect(a.payoutMinor + a.commission.amountMinor).toBe(p);
        expect(a.transferMinor).toBe(a.payoutMinor + del);
        expect(a.totalMinor).toBe(a.transferMinor + a.commission.amountMinor + a.buyerProtection.amountMinor);
        for (const amount of [
          a.totalMinor,
          a.payoutMinor,
          a.transferMinor,
          a.commission.amountMinor,
          a.buyerProtection.amountMinor,
        ]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
