import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { validId } from "./input.ts";
import type { ReviewReads, SoldDealFacts } from "./ports.ts";
import { reviewedDeals } from "./received.ts";

export type Deal = {
  productId: number;
  productName: string;
  productUrl: string;
  image: string | null;
  /** The caller's side of the deal. */
  role: "seller" | "buyer";
  counterpart: { id: number; username: string };
  /** ISO instant of the sale. */
  soldAt: string | null;
};

/** The most deals a list shows. */
const DEALS_MAX = 200;

function dealOf(row: SoldDealFacts, userId: number, counterpart: Deal["counterpart"], locale: Locale): Deal {
  const en = locale === "en";
  return {
    productId: row.productId,
    productName: (en && row.nameEn) || row.nameCs,
    productUrl: localePath("product", locale, {
      id: row.productId,
      category: (en && row.categorySlugEn) || row.categorySlugCs,
      product: (en && row.slugEn) || row.slugCs,
    }),
    image: row.image,
    role: row.sellerId === userId ? "seller" : "buyer",
    counterpart,
    soldAt: row.endedAt ? row.endedAt.toISOString() : null,
  };
}

/**
 * The deals of a user whose other side still has an account, newest first (at most 200); only the
 * one about `productId`, or only those the user has not rated yet (`unrated`). The deals come from
 * listings a page at a time, since the other side and the rating are checked here.
 */
async function deals(
  db: Db,
  reads: ReviewReads,
  userId: number,
  locale: Locale,
  filter: { productId?: number; unrated?: boolean },
): Promise<Deal[]> {
  const found: Deal[] = [];
  for (let offset = 0; found.length < DEALS_MAX; offset += DEALS_MAX) {
    const page = await reads.soldDealsOf(db, userId, {
      productId: filter.productId,
      offset,
      limit: DEALS_MAX,
    });
    const counterpartOf = (row: SoldDealFacts) => (row.sellerId === userId ? row.winnerId : row.sellerId);
    const people = await reads.publicNamesOf(db, page.map(counterpartOf));
    const live = new Map(people.filter((person) => !person.deleted).map((person) => [person.id, person]));
    const rated = filter.unrated
      ? await reviewedDeals(
          db,
          userId,
          page.map((row) => row.productId),
        )
      : new Set<number>();
    for (const row of page) {
      const other = live.get(counterpartOf(row));
      if (!other || rated.has(row.productId)) continue;
      found.push(dealOf(row, userId, { id: other.id, username: other.username }, locale));
    }
    if (page.length < DEALS_MAX) break;
  }
  return found.slice(0, DEALS_MAX);
}

export function createDeals(deps: { db: Db; reads: ReviewReads }) {
  const { db, reads } = deps;
  return {
    /** The deal about a product between the user and the other side; null when there is none. */
    async deal(userId: number, productId: number, locale: Locale): Promise<Deal | null> {
      if (!validId(productId)) return null;
      const [found] = await deals(db, reads, userId, locale, { productId });
      return found ?? null;
    },

    /** Deals the user has not rated yet, newest first (the reviews page's "to rate" list). */
    async pending(userId: number, locale: Locale): Promise<Deal[]> {
      return deals(db, reads, userId, locale, { unrated: true });
    },
  };
}
