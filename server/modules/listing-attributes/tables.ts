import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  ATTRIBUTE_TYPES,
  ATTRIBUTE_UNITS,
  type AttributeOption,
} from "#core/contracts/listing-attributes.ts";
import { createdAt, oneOf, updatedAt } from "#server/db/columns.ts";
import { categoryKey } from "../catalog/keys.ts";
import { productKey } from "../listings/keys.ts";

/**
 * The attributes of a category subtree (issue 37, item 1; ADR 0090): one row per category and
 * key, inherited by the categories below (a key defined again deeper replaces it there). Edited in
 * the back office under the catalogue's scope; the demo seeds the shared vocabulary.
 */
export const listingAttributeDefinitions = pgTable(
  "listing_attribute_definitions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer("category_id").notNull().references(categoryKey, { onDelete: "cascade" }),
    key: text("key").notNull(),
    type: text("type", { enum: ATTRIBUTE_TYPES }).notNull(),
    unit: text("unit", { enum: ATTRIBUTE_UNITS }),
    labelCs: text("label_cs").notNull(),
    labelEn: text("label_en").notNull(),
    /** An enum's values in order: `[{ value, cs, en }]`; [] for other types. */
    options: jsonb("options").$type<AttributeOption[]>().notNull().default([]),
    required: boolean("required").notNull().default(false),
    facet: boolean("facet").notNull().default(false),
    suggested: boolean("suggested").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("listing_attribute_definitions_category_key_idx").on(t.categoryId, t.key),
    check("listing_attribute_definitions_type_check", oneOf(t.type, ATTRIBUTE_TYPES)),
    check("listing_attribute_definitions_key_check", sql`${t.key} ~ '^[a-z][a-z0-9_]{0,39}$'`),
  ],
);

/**
 * A listing's values, one row per listing and key, in the column of its type: `text_value` (text
 * and enum, with `match_key`, the spelling-blind key that suggestions and facets group by),
 * `number_value` (integer, decimal, year) or `bool_value`. The two facet indexes lead with the key
 * and end with the listing, so a filter on one value or range is an index-only list of listings
 * (ADR 0090).
 */
export const listingAttributeValues = pgTable(
  "listing_attribute_values",
  {
    productId: integer("product_id").notNull().references(productKey, { onDelete: "cascade" }),
    key: text("key").notNull(),
    textValue: text("text_value"),
    matchKey: text("match_key"),
    numberValue: doublePrecision("number_value"),
    boolValue: boolean("bool_value"),
  },
  (t) => [
    primaryKey({ name: "listing_attribute_values_pkey", columns: [t.productId, t.key] }),
    index("listing_attribute_values_text_idx").on(t.key, t.matchKey, t.productId),
    index("listing_attribute_values_number_idx").on(t.key, t.numberValue, t.productId),
    check(
      "listing_attribute_values_one_value_check",
      sql`num_nonnulls(${t.textValue}, ${t.numberValue}, ${t.boolValue}) = 1`,
    ),
  ],
);

/**
 * The values of the live listings only (status active), each with its listing's category: what a
 * category page or a search filters and counts by (issue 37; ADR 0098). Kept by triggers
 * (server/db/sql/triggers/live_attribute_values.sql) on every write to the values and to a
 * listing's status or category, whoever makes it. At 1 000 000 listings the values' own indexes
 * (by key and value, every category and status) led the planner through hundreds of thousands of
 * rows of other categories and ended listings; these are indexed by key, value and category. No
 * foreign key: the rows follow the values' own changes (a listing's deletion deletes its values,
 * whose trigger deletes these).
 */
export const liveAttributeValues = pgTable(
  "live_attribute_values",
  {
    productId: integer("product_id").notNull(),
    key: text("key").notNull(),
    categoryId: integer("category_id").notNull(),
    textValue: text("text_value"),
    matchKey: text("match_key"),
    numberValue: doublePrecision("number_value"),
    boolValue: boolean("bool_value"),
  },
  (t) => [
    primaryKey({ name: "live_attribute_values_pkey", columns: [t.productId, t.key] }),
    index("live_attribute_values_text_idx").on(t.key, t.matchKey, t.categoryId, t.productId),
    index("live_attribute_values_number_idx").on(t.key, t.categoryId, t.numberValue, t.productId),
  ],
);

/**
 * How many live listings of a category have each value of each attribute (ADR 0104): the facets
 * of a category page filtered by nothing the counts cannot tell (no attribute, brand, package,
 * format or type filter), exact whatever the branch's size, from a few hundred rows instead of a
 * sample of the listings. `value` is the value's match key, or a number's text (a number's rows
 * give its facet's range). Kept by statement triggers on `live_attribute_values`
 * (server/db/sql/triggers/live_attribute_counts.sql); a row whose count fell to 0 stays and is
 * not read.
 */
export const liveAttributeCounts = pgTable(
  "live_attribute_counts",
  {
    categoryId: integer("category_id").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    numberValue: doublePrecision("number_value"),
    /** One spelling of a free text's value (its label), as the sampled facets' `min(text_value)`. */
    textValue: text("text_value"),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ name: "live_attribute_counts_pkey", columns: [t.categoryId, t.key, t.value] })],
);

/**
 * One row per live listing that has attribute values (ADR 0107): its category, its place in the
 * "newest" order, its promotion, and every value it can be filtered by as a term in one array
 * (`c:<category>`, `b:<brand>`, `p:<package>`, `a:<key>=<value>`, the value as in
 * `live_attribute_counts`), under a GIN index. A page filtered by several attributes finds its
 * matches by intersecting the terms' posting lists and counts its facets from the rows' own terms,
 * where through `live_attribute_values` each further filter and each counted value was a look-up
 * of its own (2 000 to 8 000 per statement at 1 000 000 listings). Kept by the statement triggers
 * on `live_attribute_values` and a row trigger on the listing's sort, promotion, brand and
 * package (server/db/sql/triggers/live_listing_terms.sql).
 */
export const liveListingTerms = pgTable(
  "live_listing_terms",
  {
    productId: integer("product_id").primaryKey(),
    categoryId: integer("category_id").notNull(),
    /** The listing's key in "newest" order: coalesce(activation_at, created_at). */
    sortAt: timestamp("sort_at", { withTimezone: true, mode: "string" }).notNull(),
    toppedUntil: timestamp("topped_until", { withTimezone: true, mode: "string" }),
    demoted: boolean("demoted").notNull(),
    terms: text("terms").array().notNull(),
  },
  // Also live_listing_terms_newest_idx and live_listing_terms_promoted_newest_idx (the listings
  // ever promoted): (category_id, sort_at desc, product_id) INCLUDE (terms, topped_until,
  // demoted), written in migration 0066 (drizzle's index builder has no INCLUDE): a category's
  // listings newest first, checked without reading the table.
  (t) => [index("live_listing_terms_terms_idx").using("gin", t.terms)],
);
