import { describe, expect, it } from "vitest";
import {
  type CartLine,
  cartTotals,
  FREE_DELIVERY_FROM_MINOR,
  lineProblem,
  quantityWithinStock,
} from "./cart.ts";

const line = (changes: Partial<CartLine> = {}): CartLine => ({
  productId: 1,
  quantity: 1,
  unitPriceMinor: 89_000,
  seenUnitPriceMinor: 89_000,
  stock: 4,
  ...changes,
});

describe("the cart", () => {
  it("charges the carrier below 1 500 Kč and says how much is left to free delivery", () => {
    const totals = cartTotals([line()], { carrierPriceMinor: 8_900 });
    expect(totals).toMatchObject({ itemsMinor: 89_000, deliveryMinor: 8_900, totalMinor: 97_900 });
    expect(totals.toFreeDeliveryMinor).toBe(FREE_DELIVERY_FROM_MINOR - 89_000);
  });

  it("delivers free from 1 500 Kč exactly", () => {
    const totals = cartTotals([line({ unitPriceMinor: 75_000, quantity: 2 })], { carrierPriceMinor: 8_900 });
    expect(totals).toMatchObject({ deliveryMinor: 0, totalMinor: 150_000, toFreeDeliveryMinor: 0 });
  });

  it("counts free delivery after the group discount and the voucher", () => {
    // 2 x 890 Kč = 1 780 Kč; 5 % group discount = 89 Kč; a 200 Kč voucher leaves 1 491 Kč: not free.
    const totals = cartTotals([line({ quantity: 2 })], {
      groupDiscountPercent: 5,
      voucher: { kind: "fixed", value: 20_000 },
      carrierPriceMinor: 8_900,
    });
    expect(totals).toEqual({
      itemsMinor: 178_000,
      groupDiscountMinor: 8_900,
      voucherDiscountMinor: 20_000,
      deliveryMinor: 8_900,
      paymentFeeMinor: 0,
      totalMinor: 158_000,
      toFreeDeliveryMinor: 900,
    });
  });

  it("applies a percent voucher to the items after the group discount and adds the payment fee", () => {
    const totals = cartTotals([line({ unitPriceMinor: 100_000 })], {
      groupDiscountPercent: 10,
      voucher: { kind: "percent", value: 10 },
      carrierPriceMinor: 8_900,
      paymentFeeMinor: 3_900,
    });
    expect(totals.groupDiscountMinor).toBe(10_000);
    expect(totals.voucherDiscountMinor).toBe(9_000);
    expect(totals.totalMinor).toBe(81_000 + 8_900 + 3_900);
  });

  it("tells a sold-out product, too few pieces and a changed price apart", () => {
    expect(lineProblem(line())).toBeNull();
    expect(lineProblem(line({ stock: 0 }))).toBe("soldOut");
    expect(lineProblem(line({ quantity: 5 }))).toBe("notEnoughStock");
    expect(lineProblem(line({ unitPriceMinor: 79_000 }))).toBe("priceChanged");
  });

  it("keeps a quantity between one piece and the stock", () => {
    expect(quantityWithinStock(3, 4)).toBe(3);
    expect(quantityWithinStock(9, 4)).toBe(4);
    expect(quantityWithinStock(0, 4)).toBe(1);
    expect(quantityWithinStock(2.7, 4)).toBe(2);
    expect(quantityWithinStock(Number.NaN, 4)).toBe(1);
    expect(quantityWithinStock(2, 0)).toBe(0);
  });
});
