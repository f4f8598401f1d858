import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, money, timestamptz } from "#server/db/columns.ts";
import { dealKey } from "../deals/keys.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * The winner who does not pay (issue 35, item 7): a strike per deal cancelled unpaid, and the
 * seller's second-chance offer to the runner-up. Both are facts with dates, not statuses: a strike
 * counts until the operator clears it; an offer is open until it is accepted, declined or expires.
 */

/** A won auction left unpaid: two within 12 months suspend bidding until the operator clears them. */
export const buyerStrikes = pgTable(
  "buyer_strikes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "restrict" }),
    dealId: integer("deal_id")
      .notNull()
      .references(dealKey, { onDelete: "restrict" })
      .unique("buyer_strikes_deal_id_unique"),
    createdAt: createdAt(),
    /** The operator's review lifted it (with its reasons), or null while it counts. */
    clearedAt: timestamptz("cleared_at"),
    clearedBy: integer("cleared_by").references(userKey, { onDelete: "set null" }),
    clearedReason: text("cleared_reason"),
  },
  (t) => [index("buyer_strikes_user_id_idx").on(t.userId, t.createdAt)],
);

export const STRIKE_REVIEW_OUTCOMES = ["lifted", "kept"] as const;

/**
 * The operator's review of a buyer's suspended bidding (issue 35, item 7): lifted (the counting
 * strikes cleared) or kept, each with its statement of reasons (the facts and the grounds), which
 * the buyer receives and may appeal (server/modules/disputes, appeals).
 */
export const strikeReviews = pgTable(
  "strike_reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "restrict" }),
    outcome: text("outcome", { enum: STRIKE_REVIEW_OUTCOMES }).notNull(),
    /** The strikes counting when reviewed. */
    strikes: integer("strikes").notNull(),
    facts: text("facts").notNull(),
    grounds: text("grounds").notNull(),
    reviewerId: integer("reviewer_id").references(userKey, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("strike_reviews_user_id_idx").on(t.userId, t.createdAt),
    check("strike_reviews_outcome_check", sql`${t.outcome} in ('lifted', 'kept')`),
  ],
);

export type StrikeReview = typeof strikeReviews.$inferSelect;

/**
 * The seller's offer to the runner-up of an auction whose winner did not pay, at the runner-up's
 * own highest bid: open until `expires_at`; accepting makes a new deal (`accepted_deal_id`).
 */
export const secondChanceOffers = pgTable(
  "second_chance_offers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The deal the winner left unpaid: one offer per such deal. */
    unpaidDealId: integer("unpaid_deal_id")
      .notNull()
      .references(dealKey, { onDelete: "restrict" })
      .unique("second_chance_offers_unpaid_deal_id_unique"),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "restrict" }),
    buyerId: integer("buyer_id").notNull().references(userKey, { onDelete: "restrict" }),
    priceMinor: money("price_minor").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedDealId: integer("accepted_deal_id").references(dealKey, { onDelete: "restrict" }),
    declinedAt: timestamptz("declined_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("second_chance_offers_buyer_id_idx").on(t.buyerId, t.createdAt),
    check("second_chance_offers_price_minor_check", sql`${t.priceMinor} > 0`),
  ],
);

export type SecondChanceOffer = typeof secondChanceOffers.$inferSelect;
