import type { SellerGateCode } from "#core/contracts/traders.ts";

/**
 * The types other modules hand to and receive from the listings module's operations (the shop's
 * cart and the orders' stock): defined once here and imported, never copied (issue 34, "One
 * definition per port type"; tests/architecture/port-types-once.test.ts).
 */

/** A product as the cart shows it, in the page's language. */
export type ShopProduct = {
  productId: number;
  name: string;
  /** The product's page. */
  url: string;
  /** The main photo (`path/file_name`), or null. */
  image: string | null;
  /** What one piece costs now. */
  unitPriceMinor: number;
  /** The price before the sale while it is on, else null. */
  originalPriceMinor: number | null;
  stock: number;
  taxRate: number;
  /** A live shop product with a price: it may be sold (its stock aside). */
  buyable: boolean;
};

/** `unitPriceMinor`: the price the customer saw; left out, any price will do (an order already paid). */
export type StockLine = { productId: number; quantity: number; unitPriceMinor?: number };
export type StockProblem = "soldOut" | "notEnoughStock" | "priceChanged";
export type StockReservation = { ok: true } | { ok: false; productId: number; problem: StockProblem };

/**
 * The publishing gate of the seller's declaration (issue 36, item 2): why the seller may not
 * publish now, or null. A port the wiring fills with the traders module's `publishRefusal`.
 */
export type SellerGate = (sellerId: number) => Promise<SellerGateCode | null>;
