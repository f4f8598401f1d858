import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import type { AttributeValues } from "#core/contracts/bottlings.ts";
import { BOTTLING_STATUSES, type BottlingStatus } from "#core/lifecycles/bottling.ts";
import { createdAt, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { brandKey, categoryKey } from "../catalog/keys.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * Bottlings (issue 37, item 3; ADR 0091): the canonical record of one product. `attributes` holds
 * its defining attributes by the shared vocabulary's keys (core/contracts/bottlings.ts); the ones
 * matching leans on are copied to indexed columns (`age_years`, `vintage`, `volume_ml`).
 * `search_text`: brand, names and attribute values folded (no case, no diacritics), for the
 * search box and the listing form's proposals (its words found through a trigram index: ADR
 * 0149). `linked_count`: how many listings are linked to it, kept by triggers on bottling_links
 * (server/db/sql/triggers/bottling_linked_counts.sql; the search box's order). `status` follows
 * core/lifecycles/bottling.ts (written only in transitions.ts); a merged one names the survivor in
 * `merged_into_id`.
 */
export const bottlings = pgTable(
  "bottlings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    status: text("status").$type<BottlingStatus>().notNull(),
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => bottlings.id),
    categoryId: integer("category_id").notNull().references(categoryKey),
    brandId: integer("brand_id").references(brandKey, { onDelete: "set null" }),
    nameCs: text("name_cs").notNull(),
    nameEn: text("name_en"),
    slug: text("slug").notNull(),
    attributes: jsonb("attributes").$type<AttributeValues>().notNull().default({}),
    ageYears: integer("age_years"),
    vintage: integer("vintage"),
    volumeMl: integer("volume_ml"),
    searchText: text("search_text").notNull().default(""),
    linkedCount: integer("linked_count").notNull().default(0),
    createdById: integer("created_by_id").references(userKey, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bottlings_status_check", oneOf(t.status, BOTTLING_STATUSES)),
    index("bottlings_brand_match_idx")
      .on(t.brandId, t.ageYears, t.vintage)
      .where(sql`${t.status} = 'active'`),
    index("bottlings_category_idx").on(t.categoryId).where(sql`${t.status} = 'active'`),
    index("bottlings_merged_into_idx").on(t.mergedIntoId),
    // The search box's bottlings (ADR 0149): the words' trigrams find the few a rare word names;
    // the most linked first, walked until three match, serve a common one.
    index("bottlings_search_text_idx")
      .using("gin", t.searchText.op("gin_trgm_ops"))
      .where(sql`${t.status} = 'active'`),
    // Nulls first, as a plain `desc` orders: an index in another order is not walked for it.
    index("bottlings_most_linked_idx")
      .on(t.linkedCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A listing's bottling: one per listing. `announced_at`: the bottling's watchers were told of the
 * listing going live (or it ended without going live): null = still to look at (announce.ts).
 */
export const bottlingLinks = pgTable(
  "bottling_links",
  {
    productId: integer("product_id").primaryKey().references(productKey, { onDelete: "cascade" }),
    bottlingId: integer("bottling_id")
      .notNull()
      .references(() => bottlings.id),
    linkedById: integer("linked_by_id").references(userKey, { onDelete: "set null" }),
    linkedAt: timestamptz("linked_at").notNull().defaultNow(),
    announcedAt: timestamptz("announced_at"),
  },
  (t) => [
    // A bottling's links newest first, as its page reads them (the newest 200): migration 0075
    // (ADR 0136) adds INCLUDE (product_id), which Drizzle's index builder cannot write, so the
    // page's read is an Index Only Scan, not a bitmap of every link sorted.
    index("bottling_links_bottling_idx").on(t.bottlingId, t.linkedAt.desc().nullsFirst()),
    index("bottling_links_pending_idx").on(t.linkedAt).where(sql`${t.announcedAt} is null`),
  ],
);

/** A user watching a bottling (issue 37, item 6). */
export const bottlingWatches = pgTable(
  "bottling_watches",
  {
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    bottlingId: integer("bottling_id")
      .notNull()
      .references(() => bottlings.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "bottling_watches_pk", columns: [t.userId, t.bottlingId] }),
    index("bottling_watches_bottling_idx").on(t.bottlingId),
  ],
);

/** The weekly digest of new results, once per user and ISO week (`2026-W48`): a retry never resends. */
export const bottlingDigests = pgTable(
  "bottling_digests",
  {
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    week: text("week").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "bottling_digests_pk", columns: [t.userId, t.week] })],
);

export type BottlingRow = typeof bottlings.$inferSelect;
