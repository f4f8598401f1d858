import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Db } from "#server/db/client.ts";
import type { ResolvedListing } from "./types.ts";

/**
 * The types other modules hand to and receive from the listings module's operations (the shop's
 * cart and the orders' stock): defined once here and imported, never copied (issue 34, "One
 * definition per port type"; tests/architecture/port-types-once.test.ts).
 */

/** The evidence of authenticity's hook (listing-evidence, wired in server/wiring): checked with the listing, saved in its transaction. */
export type ListingEvidenceHook = {
  check(db: Db, listing: EvidenceSubject): Promise<FieldProblems>;
  save(
    tx: Db,
    productId: number,
    listing: Pick<ResolvedListing, "images" | "evidence">,
    ids: number[],
  ): Promise<void>;
};
type EvidenceFields = "format" | "categoryId" | "priceMinor" | "reservePriceMinor" | "images" | "evidence";
/** The listing as the evidence's rules read it; `productId` is null for a new one. */
export type EvidenceSubject = Pick<ResolvedListing, EvidenceFields> & { productId: number | null };

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
