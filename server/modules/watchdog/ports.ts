import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";

/*
 * What the watchdogs read of other modules (server/services.ts passes the owners' functions): the
 * products, their stock, the new offers and the categories from listings; the owner's language
 * from users. Each takes the executor first: inside a transaction, the transaction.
 */

export type WatchedProduct = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  categorySlugCs: string | null;
  categorySlugEn: string | null;
  format: ProductFormat;
  status: ProductStatus;
  stock: number;
};

export type WatchedCategory = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  isActive: boolean;
};

export type WatchdogReads = {
  /** The products of `ids` that exist, by id. */
  productSummaries(executor: Db, ids: number[]): Promise<Map<number, WatchedProduct>>;
  /** Of `ids`, the products on sale with pieces in stock. */
  productsInStock(executor: Db, ids: number[]): Promise<Set<number>>;
  /** The offers live now that went live in (after, until], newest first, at most `limit`. */
  suppliesLiveBetween(
    executor: Db,
    range: { after: Date; until: Date; limit: number },
  ): Promise<{ id: number; sellerId: number | null; appearedAt: Date }[]>;
  /** The categories of `ids` that exist, by id. */
  categorySummaries(executor: Db, ids: number[]): Promise<Map<number, WatchedCategory>>;
  /** The users of `ids` that exist, by id: their language, and whether the account was deleted. */
  recipientsOf(executor: Db, ids: number[]): Promise<Map<number, { locale: Locale; deleted: boolean }>>;
};
