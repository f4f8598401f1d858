import type { FillLevel } from "./listing-evidence.ts";

/**
 * A result (issue 37's shared vocabulary; docs/product/results.md): one ended auction with a winner
 * (the hammer price) or one completed deal through the site. Never a seller or a buyer.
 */
export const SALE_RESULT_KINDS = ["auction", "deal"] as const;
export type SaleResultKind = (typeof SALE_RESULT_KINDS)[number];

/** The archive's orders: newest or oldest first, cheapest or dearest first. */
export const RESULT_SORTS = ["newest", "oldest", "price_asc", "price_desc"] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

/** One row of the archive, as a page shows it. */
export type ArchiveRow = {
  id: number;
  productId: number;
  /** The listing's category: whether a fill level means anything for it (a cigar has none). */
  categoryId: number;
  kind: SaleResultKind;
  name: string;
  path: string;
  priceMinor: number;
  soldAt: string;
  fillLevel: FillLevel | null;
};

/** One month of the price index as pages show it (level in hundredths). */
export type IndexPoint = { month: string; level: number; pairs: number; carried: boolean };
