import type { ProductFormat } from "../contracts/catalog.ts";

/**
 * What a sale is (docs/product/listing-order-and-sales.md): a product of the operator's shop whose
 * sale price is switched on (`is_price_sale_active`) and lies below its price before the sale
 * (`original_price`). Auctions and classifieds are never on sale: an auction whose seller lowered
 * the start price is still an auction, with no Akce badge, no struck price and no place on
 * /produkty/akce. The listing query's SQL (catalog/listing.ts, SALE) states the same rule.
 */
export type SaleFields = {
  format: ProductFormat;
  isPriceSaleActive: boolean;
  /** The price before the sale. */
  originalPriceMinor: number | null;
  /** The price the buyer pays now (a shop product's price). */
  priceMinor: number | null;
};

export function isOnSale(product: SaleFields): boolean {
  return (
    product.format === "shop" &&
    product.isPriceSaleActive &&
    product.originalPriceMinor !== null &&
    product.priceMinor !== null &&
    product.originalPriceMinor > product.priceMinor
  );
}

/** The price to strike through: the original price of a product on sale, else null. */
export function struckPrice(product: SaleFields): number | null {
  return isOnSale(product) ? product.originalPriceMinor : null;
}
