import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, unique } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * After a deal, buyer and seller rate each other once (1-5 stars): `author` rates `subject` for
 * `product`. The subject may reply once.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "cascade" }),
    authorId: integer("author_id").notNull().references(userKey, { onDelete: "cascade" }),
    subjectId: integer("subject_id").notNull().references(userKey, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    comment: text("comment"),
    reply: text("reply"),
    repliedAt: timestamptz("replied_at"),
    reportedAt: timestamptz("reported_at"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("reviews_product_author_unique").on(t.productId, t.authorId),
    index("reviews_subject_id_idx").on(t.subjectId, t.createdAt),
    index("reviews_author_id_idx").on(t.authorId),
    check("reviews_stars_check", sql`${t.stars} between 1 and 5`),
    check("reviews_not_self_check", sql`${t.authorId} <> ${t.subjectId}`),
  ],
);

/**
 * Each user's rating as reviewed: the count and the sum of stars, kept by the reviews service in
 * the transaction that adds a review. Listing queries join it (one row per seller) instead of
 * aggregating the reviews of every card's seller.
 */
export const userRatings = pgTable(
  "user_ratings",
  {
    userId: integer("user_id").primaryKey().references(userKey, { onDelete: "cascade" }),
    reviewCount: integer("review_count").notNull().default(0),
    starsSum: integer("stars_sum").notNull().default(0),
  },
  (t) => [
    check("user_ratings_review_count_check", sql`${t.reviewCount} >= 0`),
    check("user_ratings_stars_sum_check", sql`${t.starsSum} >= 0`),
  ],
);

/** A review reported to the operator (the admin back office reads the open ones). */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id").notNull().references(userKey, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    unique("review_reports_review_reporter_unique").on(t.reviewId, t.reporterId),
    index("review_reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type UserRating = typeof userRatings.$inferSelect;
