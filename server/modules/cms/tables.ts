import { bigint, boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, LOCALES, nonNegative, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";

/**
 * Banners (`GET /api/poster`, docs/product/calls-and-errors.md, "The spec's calls"), per language,
 * in groups such as 'banner.promo', 'banner.popup_desktop', 'banner.popup_mobile'. The image is
 * served from `${path}/${image}`.
 */
export const banners = pgTable(
  "banners",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    groupKey: text("group_key").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("cs"),
    title: text("title").notNull().default(""),
    url: text("url"),
    path: text("path").notNull(),
    image: text("image").notNull(),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /** NULL = no limit on that side. */
    activeFrom: timestamptz("active_from"),
    activeTo: timestamptz("active_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("banners_group_locale_idx").on(t.groupKey, t.locale, t.position),
    check("banners_locale_check", oneOf(t.locale, LOCALES)),
  ],
);

export const blogCategories = pgTable("blog_categories", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  slugCs: text("slug_cs").notNull(),
  slugEn: text("slug_en"),
  nameCs: text("name_cs").notNull(),
  nameEn: text("name_en"),
  position: integer("position").notNull().default(0),
});

/** Blog articles; `published_at` NULL is a draft, a future value a scheduled article. English NULL falls back to Czech. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer("category_id").references(() => blogCategories.id, { onDelete: "restrict" }),
    slugCs: text("slug_cs").notNull(),
    slugEn: text("slug_en"),
    titleCs: text("title_cs").notNull(),
    titleEn: text("title_en"),
    perexCs: text("perex_cs").notNull().default(""),
    perexEn: text("perex_en"),
    bodyCs: text("body_cs").notNull().default(""),
    bodyEn: text("body_en"),
    image: text("image"),
    authorName: text("author_name"),
    publishedAt: timestamptz("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_at_idx").on(t.publishedAt),
    index("blog_posts_category_id_idx").on(t.categoryId, t.publishedAt),
  ],
);

/**
 * Info pages (/info/{id}/{slug}); ids are fixed: 1 = terms (obchodni-podminky), 2 = privacy (gdpr).
 * Once published, the row's texts are what the public sees (`updated_at`: when they last changed);
 * `published_at` NULL is a page never published, not on the site, whose texts are its draft.
 */
export const infoPages = pgTable("info_pages", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  slugCs: text("slug_cs").notNull(),
  slugEn: text("slug_en"),
  titleCs: text("title_cs").notNull(),
  titleEn: text("title_en"),
  bodyCs: text("body_cs").notNull().default(""),
  bodyEn: text("body_en"),
  publishedAt: timestamptz("published_at"),
  updatedAt: updatedAt(),
});

/**
 * A published info page's working draft: saved changes the public does not see until "Publish"
 * copies them onto the page (docs/product/back-office.md, "Content"); "Discard draft" deletes it.
 */
export const infoPageDrafts = pgTable("info_page_drafts", {
  pageId: integer("page_id")
    .primaryKey()
    .references(() => infoPages.id, { onDelete: "cascade" }),
  slugCs: text("slug_cs").notNull(),
  slugEn: text("slug_en"),
  titleCs: text("title_cs").notNull(),
  titleEn: text("title_en"),
  bodyCs: text("body_cs").notNull().default(""),
  bodyEn: text("body_en"),
  updatedAt: updatedAt(),
});

/** Downloadable documents (/dokumenty). */
export const documents = pgTable(
  "documents",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    titleCs: text("title_cs").notNull(),
    titleEn: text("title_en"),
    descriptionCs: text("description_cs"),
    descriptionEn: text("description_en"),
    filePath: text("file_path").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check("documents_size_bytes_check", nonNegative(t.sizeBytes))],
);

export type Banner = typeof banners.$inferSelect;
export type BlogCategory = typeof blogCategories.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type InfoPage = typeof infoPages.$inferSelect;
export type InfoPageDraft = typeof infoPageDrafts.$inferSelect;
export type CmsDocument = typeof documents.$inferSelect;
