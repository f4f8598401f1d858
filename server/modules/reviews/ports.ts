import type { Db } from "#server/db/client.ts";

/*
 * What reviews read of other modules (server/services.ts passes the owners' functions): the deals
 * (sold products) and product names from listings, the people's names from users. Each takes the
 * executor first: inside a transaction, the transaction.
 */

/** A product sold by one user to another. */
export type SoldDealFacts = {
  productId: number;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  categorySlugCs: string;
  categorySlugEn: string | null;
  image: string | null;
  sellerId: number;
  winnerId: number;
  endedAt: Date | null;
};

export type ReviewReads = {
  /** The user's deals, newest sale first: a page of them, or the one about `productId`. */
  soldDealsOf(
    executor: Db,
    userId: number,
    page: { productId?: number; offset: number; limit: number },
  ): Promise<SoldDealFacts[]>;
  /** The products of `ids` that exist, by id. */
  productSummaries(
    executor: Db,
    ids: number[],
  ): Promise<Map<number, { id: number; nameCs: string; nameEn: string | null }>>;
  /** The users of `ids` that exist. */
  publicNamesOf(executor: Db, ids: number[]): Promise<{ id: number; username: string; deleted: boolean }[]>;
};
