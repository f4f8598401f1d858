import type { FillLevel } from "#core/contracts/listing-evidence.ts";
import type { SaleResultKind } from "#core/contracts/sale-results.ts";
import type { Db } from "#server/db/client.ts";
import type { SaleFacts } from "#server/modules/listing-reads/index.ts";

/**
 * The ports of the archive of results (issue 37, items 4 and 5; ADR 0092), wired in
 * server/wiring/sale-results.ts. Each is called outside any transaction, with the database.
 */

/** The bottling each listing is linked to (the bottlings module; listings without one are left out). */
export type BottlingOf = (productIds: readonly number[]) => Promise<Map<number, number>>;

/** Each listing's fill level on the collectors' scale (the listing's evidence, the one fill level: ADR 0090). */
export type FillLevelOf = (productIds: readonly number[]) => Promise<Map<number, FillLevel>>;

/** What the archive keeps of a sold listing: names, category, brand, its page (listing-reads). */
export type SaleFactsOf = (db: Db, productIds: readonly number[]) => Promise<Map<number, SaleFacts>>;

/** Every category with its parent and names (the catalogue): search text, branches, the index's scopes. */
export type CategoryNamesOf = (
  db: Db,
) => Promise<{ id: number; parentId: number | null; nameCs: string; nameEn: string | null }[]>;

/** A sweep's place and a page of what it reads. */
export type Cursor = { at: Date; id: number };
export type SoldAuctionsAfter = (
  db: Db,
  after: Cursor | null,
  limit: number,
) => Promise<{ productId: number; priceMinor: number; at: Date }[]>;
export type CompletedDealsAfter = (
  db: Db,
  after: Cursor | null,
  limit: number,
) => Promise<{ dealId: number; productId: number; priceMinor: number; at: Date }[]>;

/** One sale to record: a listing, how it sold, at what price, when. */
export type Sale = { productId: number; kind: SaleResultKind; priceMinor: number; at: Date };

export type SaleResultsPorts = {
  bottlingOf: BottlingOf;
  fillLevelOf: FillLevelOf;
  saleFacts: SaleFactsOf;
  categoryNames: CategoryNamesOf;
  soldAuctionsAfter: SoldAuctionsAfter;
  completedDealsAfter: CompletedDealsAfter;
};
