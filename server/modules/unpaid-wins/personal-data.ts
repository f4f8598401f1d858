import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { dealIdsSoldBy } from "../deals/index.ts";
import { buyerStrikes, secondChanceOffers, strikeReviews } from "./tables.ts";

/**
 * The user's unpaid wins in the data export (GDPR art. 15 and 20; issue 35): their strikes (with
 * the operator's reasons when cleared), the reviews of their suspended bidding, and the
 * second-chance offers made to them or made on the deals they sold. They stay when the account
 * is deleted, as the deals they belong to do (ADR 0073).
 */
export function createUnpaidWinsPersonalData(db: Db): PersonalDataSource {
  return {
    name: "unpaidWins",
    async exportFor({ userId }) {
      return {
        dealStrikes: await strikesOf(db, userId),
        strikeReviews: await reviewsOf(db, userId),
        secondChanceOffers: await offersOf(db, userId, await dealIdsSoldBy(db, userId)),
      };
    },
    async eraseFor() {
      return undefined;
    },
  };
}

function strikesOf(db: Db, userId: number) {
  return db
    .select({
      dealId: buyerStrikes.dealId,
      createdAt: buyerStrikes.createdAt,
      clearedAt: buyerStrikes.clearedAt,
      clearedReason: buyerStrikes.clearedReason,
    })
    .from(buyerStrikes)
    .where(eq(buyerStrikes.userId, userId))
    .orderBy(asc(buyerStrikes.id));
}

/** The operator's reviews of the user's suspended bidding: the outcome and its reasons, not the reviewer. */
function reviewsOf(db: Db, userId: number) {
  return db
    .select({
      id: strikeReviews.id,
      outcome: strikeReviews.outcome,
      strikes: strikeReviews.strikes,
      facts: strikeReviews.facts,
      grounds: strikeReviews.grounds,
      createdAt: strikeReviews.createdAt,
    })
    .from(strikeReviews)
    .where(eq(strikeReviews.userId, userId))
    .orderBy(asc(strikeReviews.id));
}

/** The offers made to the user, and the seller's of the deals they sold. */
function offersOf(db: Db, userId: number, soldDealIds: number[]) {
  return db
    .select({
      unpaidDealId: secondChanceOffers.unpaidDealId,
      itemId: secondChanceOffers.productId,
      priceMinor: secondChanceOffers.priceMinor,
      createdAt: secondChanceOffers.createdAt,
      expiresAt: secondChanceOffers.expiresAt,
      acceptedDealId: secondChanceOffers.acceptedDealId,
      declinedAt: secondChanceOffers.declinedAt,
    })
    .from(secondChanceOffers)
    .where(
      soldDealIds.length > 0
        ? or(eq(secondChanceOffers.buyerId, userId), inArray(secondChanceOffers.unpaidDealId, soldDealIds))
        : eq(secondChanceOffers.buyerId, userId),
    )
    .orderBy(asc(secondChanceOffers.id));
}
