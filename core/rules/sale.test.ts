import { describe, expect, it } from "vitest";
import { isOnSale, type SaleFields, struckPrice } from "./sale.ts";

const shop: SaleFields = {
  format: "shop",
  isPriceSaleActive: true,
  originalPriceMinor: 250_000,
  priceMinor: 200_000,
};

describe("sale rule", () => {
  it("a shop product with an active sale price below its original price is on sale", () => {
    expect(isOnSale(shop)).toBe(true);
    expect(struckPrice(shop)).toBe(250_000);
  });

  it("an auction with a lowered start price is not on sale", () => {
    const auction: SaleFields = {
      ...shop,
      format: "auction",
      priceMinor: 100_000,
      originalPriceMinor: 150_000,
    };
    expect(isOnSale(auction)).toBe(false);
    expect(struckPrice(auction)).toBeNull();
  });

  it("a classified is never on sale", () => {
    expect(isOnSale({ ...shop, format: "classified" })).toBe(false);
  });

  it("a shop product is not on sale with the sale switched off, no original price, or an original not above the price", () => {
    expect(isOnSale({ ...shop, isPriceSaleActive: false })).toBe(false);
    expect(isOnSale({ ...shop, originalPriceMinor: null })).toBe(false);
    expect(isOnSale({ ...shop, originalPriceMinor: 200_000 })).toBe(false);
    expect(isOnSale({ ...shop, priceMinor: null })).toBe(false);
    expect(struckPrice({ ...shop, isPriceSaleActive: false })).toBeNull();
  });
});
