import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { between, createdAt, updatedAt } from "#server/db/columns.ts";
import { userKey } from "#server/modules/users/keys.ts";

/** The category tree, at most 5 levels; a root has depth 1 and no parent. English NULL falls back to Czech. */
export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    depth: integer("depth").notNull().default(1),
    position: integer("position").notNull().default(0),
    slugCs: text("slug_cs").notNull(),
    slugEn: text("slug_en"),
    nameCs: text("name_cs").notNull(),
    nameEn: text("name_en"),
    descriptionCs: text("description_cs"),
    descriptionEn: text("description_en"),
    isActive: boolean("is_active").notNull().default(true),
    /** New listings here wait for a moderator before they go live (docs/product/back-office.md, "Moderation"). */
    premoderated: boolean("premoderated").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("categories_parent_id_idx").on(t.parentId, t.position),
    check("categories_depth_check", between(t.depth, 1, 5)),
    check("categories_root_check", sql`(${t.depth} = 1) = (${t.parentId} is null)`),
  ],
);

/** Brands; users may add a new one by name. `name_key` is the lower-cased, unaccented name computed in code. */
export const brands = pgTable("brands", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  nameKey: text("name_key").notNull().unique("brands_name_key_unique"),
  createdById: integer("created_by_id").references(userKey, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Package kinds (bottle, box, tube...). */
export const packages = pgTable("packages", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  nameCs: text("name_cs").notNull(),
  nameEn: text("name_en"),
  position: integer("position").notNull().default(0),
});

export type Category = typeof categories.$inferSelect;
export type Brand = typeof brands.$inferSelect;
export type Package = typeof packages.$inferSelect;

/**
 * A category's earlier slugs (docs/product/back-office.md, "Catalogue"): when the back office
 * changes a slug, the old one stays here so that links and bookmarks with it answer 301 to the
 * category's URL now, not 404 (nor a product that happens to share the id).
 */
export const categorySlugHistory = pgTable(
  "category_slug_history",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: ["cs", "en"] }).notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("category_slug_history_unique").on(t.categoryId, t.locale, t.slug),
    check("category_slug_history_locale_check", sql`${t.locale} in ('cs', 'en')`),
  ],
);
