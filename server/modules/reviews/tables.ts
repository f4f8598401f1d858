import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, unique } from "drizzle-orm/pg-core";
import { createdAt, oneOf, timestamptz } from "#server/db/columns.ts";
import { categories, products } from "../catalog/tables.ts";
import { users } from "../users/tables.ts";

export const WATCHDOG_KINDS = ["product", "category", "search"] as const;
export const WATCHDOG_DELIVERIES = ["immediate", "daily"] as const;

export type WatchdogKind = (typeof WATCHDOG_KINDS)[number];
export type WatchdogDelivery = (typeof WATCHDOG_DELIVERIES)[number];

/**
 * After a deal, buyer and seller rate each other once (1-5 stars): `author` rates `subject` for
 * `product`. The subject may reply once.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
 * Stock watchdog: tell a user when a sold-out shop product is back ('product'), when a new product
 * appears in a category ('category') or matches a search ('search').
 */
export const stockWatchdogs = pgTable(
  "stock_watchdogs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: WATCHDOG_KINDS }).notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
    query: text("query"),
    delivery: text("delivery", { enum: WATCHDOG_DELIVERIES }).notNull().default("immediate"),
    createdAt: createdAt(),
    lastNotifiedAt: timestamptz("last_notified_at"),
    /** Category and search watchdogs: products that appeared before this were already looked at. */
    checkedAt: timestamptz("checked_at"),
    /**
     * Product watchdogs: told that the product is back; cleared when it sells out again, so the
     * next restock is told once more.
     */
    firedAt: timestamptz("fired_at"),
  },
  (t) => [
    // The same watchdog twice is one watchdog (NULLs compare equal here).
    unique("stock_watchdogs_unique")
      .on(t.userId, t.kind, t.productId, t.categoryId, t.query)
      .nullsNotDistinct(),
    index("stock_watchdogs_product_id_idx").on(t.productId),
    index("stock_watchdogs_category_id_idx").on(t.categoryId),
    check("stock_watchdogs_kind_check", oneOf(t.kind, WATCHDOG_KINDS)),
    check("stock_watchdogs_delivery_check", oneOf(t.delivery, WATCHDOG_DELIVERIES)),
    check(
      "stock_watchdogs_target_check",
      sql`(${t.kind} = 'product' and ${t.productId} is not null)
        or (${t.kind} = 'category' and ${t.categoryId} is not null)
        or (${t.kind} = 'search' and ${t.query} is not null)`,
    ),
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
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
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
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    unique("review_reports_review_reporter_unique").on(t.reviewId, t.reporterId),
    index("review_reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
  author: one(users, { fields: [reviews.authorId], references: [users.id], relationName: "reviewAuthor" }),
  subject: one(users, { fields: [reviews.subjectId], references: [users.id], relationName: "reviewSubject" }),
}));

export const stockWatchdogsRelations = relations(stockWatchdogs, ({ one }) => ({
  user: one(users, { fields: [stockWatchdogs.userId], references: [users.id] }),
  product: one(products, { fields: [stockWatchdogs.productId], references: [products.id] }),
  category: one(categories, { fields: [stockWatchdogs.categoryId], references: [categories.id] }),
}));

/** The users side of the review relations (defined here so that users/ does not import reviews/). */
export const usersReviewsRelations = relations(users, ({ many }) => ({
  reviewsWritten: many(reviews, { relationName: "reviewAuthor" }),
  reviewsReceived: many(reviews, { relationName: "reviewSubject" }),
}));

export type Review = typeof reviews.$inferSelect;
export type StockWatchdog = typeof stockWatchdogs.$inferSelect;
export type UserRating = typeof userRatings.$inferSelect;
