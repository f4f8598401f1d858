import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";

/*
 * What the wishlist reads of the listings module (server/services.ts passes its functions): the
 * followed products and their categories' chains. Each takes the executor first.
 */

export type FollowedProduct = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  categoryId: number;
  categorySlugCs: string | null;
  categorySlugEn: string | null;
  format: ProductFormat;
  status: ProductStatus;
  priceMinor: number | null;
  startPriceMinor: number | null;
  currentPriceMinor: number | null;
  image: string | null;
};

export type WishlistReads = {
  /** The products of `ids` that exist, by id. */
  productSummaries(executor: Db, ids: number[]): Promise<Map<number, FollowedProduct>>;
  /** Each given category followed by its ancestors up to the root. */
  categoryChains(executor: Db, ids: number[]): Promise<Map<number, number[]>>;
};
