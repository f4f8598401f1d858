import { and, desc, eq, gte, inArray } from "drizzle-orm";
import type { AdminStrikeRow } from "#core/contracts/admin-deal-support.ts";
import type { DealParty } from "#core/contracts/admin-deals.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { productSummaries } from "../listing-reads/index.ts";
import { staffContactsOf } from "../users/index.ts";
import { partiesOf, productNameOf } from "./admin-reads.ts";
import { STRIKES_TO_SUSPEND } from "./strikes.ts";
import { buyerStrikes, strikeReviews } from "./tables/strikes.ts";
import { deals } from "./tables.ts";

/**
 * The operator's reads for disputes and strikes (issue 35, items 6, 7 and 9): the deals a dispute
 * queue shows (both sides, the item, the amount), who the sides of a deal are (the dispute photos'
 * check), and the buyers with strikes in 12 months with their reviews.
 */

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export type DealCard = {
  id: number;
  productName: string;
  buyer: DealParty | null;
  seller: DealParty | null;
  totalMinor: number;
};

/** The deals of these ids as the dispute queue shows them, by id. */
export async function dealCardsOf(db: Db, ids: number[], locale: Locale): Promise<Map<number, DealCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(deals).where(inArray(deals.id, ids));
  const [parties, products] = await Promise.all([
    partiesOf(db, rows),
    productSummaries(
      db,
      rows.map((deal) => deal.productId),
    ),
  ]);
  return new Map(
    rows.map((deal) => [
      deal.id,
      {
        id: deal.id,
        productName: productNameOf(products, deal.productId, locale),
        buyer: parties.get(deal.buyerId) ?? null,
        seller: parties.get(deal.sellerId) ?? null,
        totalMinor: deal.totalMinor,
      },
    ]),
  );
}

/** The deal's two sides; null without such a deal. */
export async function dealSidesOf(db: Db, dealId: number) {
  const [row] = await db
    .select({ buyerId: deals.buyerId, sellerId: deals.sellerId })
    .from(deals)
    .where(eq(deals.id, dealId));
  return row ?? null;
}

/** The buyers with strikes in the last 12 months: the suspended first, then by the latest strike. */
export async function strikeRows(db: Db, locale: Locale, at: Date): Promise<AdminStrikeRow[]> {
  const strikes = await db
    .select({ strike: buyerStrikes, productId: deals.productId })
    .from(buyerStrikes)
    .innerJoin(deals, eq(deals.id, buyerStrikes.dealId))
    .where(gte(buyerStrikes.createdAt, new Date(at.getTime() - YEAR_MS)))
    .orderBy(desc(buyerStrikes.createdAt))
    .limit(1000);
  const userIds = [...new Set(strikes.map((row) => row.strike.userId))];
  if (userIds.length === 0) return [];
  const reviews = await db
    .select()
    .from(strikeReviews)
    .where(and(inArray(strikeReviews.userId, userIds)))
    .orderBy(desc(strikeReviews.id));
  const [people, products] = await Promise.all([
    staffContactsOf(db, [
      ...userIds,
      ...reviews.flatMap((review) => (review.reviewerId ? [review.reviewerId] : [])),
    ]),
    productSummaries(
      db,
      strikes.map((row) => row.productId),
    ),
  ]);
  const rows = userIds.map((userId): AdminStrikeRow => {
    const own = strikes.filter((row) => row.strike.userId === userId);
    const counting = own.filter((row) => row.strike.clearedAt === null).length;
    const review = reviews.find((one) => one.userId === userId);
    return {
      user: people.get(userId) ?? { id: userId, username: `#${userId}`, email: "", deleted: true },
      counting,
      suspended: counting >= STRIKES_TO_SUSPEND,
      strikes: own.map((row) => ({
        dealId: row.strike.dealId,
        productName: productNameOf(products, row.productId, locale),
        at: row.strike.createdAt.toISOString(),
        clearedAt: row.strike.clearedAt?.toISOString() ?? null,
      })),
      review: review
        ? {
            id: review.id,
            outcome: review.outcome,
            facts: review.facts,
            grounds: review.grounds,
            reviewer: review.reviewerId ? (people.get(review.reviewerId)?.username ?? null) : null,
            at: review.createdAt.toISOString(),
          }
        : null,
    };
  });
  return rows.sort((a, b) => Number(b.suspended) - Number(a.suspended));
}

/** How many buyers wait for the operator's review: suspended, and not reviewed since the last strike. */
export function awaitingReview(rows: readonly AdminStrikeRow[]): number {
  return rows.filter((row) => row.suspended && (!row.review || row.review.at < (row.strikes[0]?.at ?? "")))
    .length;
}
