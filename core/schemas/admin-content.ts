import { z } from "zod";
import { fromPragueLocalInput } from "../time/prague.ts";

/**
 * The back office's content forms (docs/product/back-office.md, "Content"): banners, blog posts and
 * their categories, info pages and documents. One schema each, read by the screens' actions
 * (app/routes/admin/content/) and by the admin API (/api/admin/content/...). Times are entered as
 * Prague wall-clock time (`YYYY-MM-DDTHH:mm`, an `<input type="datetime-local">`), the way they
 * are shown; rich text arrives as HTML and is sanitised by the server on save.
 */

export const BANNER_GROUP_KEYS = ["banner.promo", "banner.popup_desktop", "banner.popup_mobile"] as const;
export type BannerGroupKey = (typeof BANNER_GROUP_KEYS)[number];
/** A group's name in the translations (`adminContent.banners.groups.promo`): keys hold no dots. */
export const bannerGroupName = (group: string) =>
  group.replace(/^banner\./, "") as "promo" | "popup_desktop" | "popup_mobile";
export const CONTENT_LOCALES = ["cs", "en"] as const;
export const PUBLISH_MODES = ["draft", "now", "schedule"] as const;

/** Info pages 1 (terms) and 2 (privacy) are linked from the whole site and the registration. */
export const FIXED_INFO_PAGE_IDS = [1, 2] as const;

/** An uploaded banner or cover image: JPEG, PNG or WebP up to 5 MB (checked by its bytes). */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** An uploaded document: a PDF up to 10 MB (checked by its %PDF- signature). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const title = z.string().trim().min(1).max(200);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const slug = z.string().trim().max(200).regex(SLUG, "adminContent.errors.slug");
const optionalSlug = slug.optional();
const position = z.number().int().min(0).max(100_000).default(0);

/** A Prague wall-clock time, or nothing. */
const pragueTime = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || fromPragueLocalInput(value) !== null, "adminContent.errors.time");

/**
 * A link an editor may put on a banner: a path on this site, or an http(s) address. Anything else
 * (`javascript:`, `data:`) never reaches a visitor's click.
 */
export const contentLink = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^(\/(?!\/)|https?:\/\/)/i.test(value), "adminContent.errors.link");

export const BannerFormSchema = z
  .object({
    groupKey: z.enum(BANNER_GROUP_KEYS),
    locale: z.enum(CONTENT_LOCALES),
    title,
    url: contentLink.optional(),
    position,
    isActive: z.boolean().default(false),
    activeFrom: pragueTime,
    activeTo: pragueTime,
  })
  .refine(
    (form) => {
      const from = form.activeFrom ? fromPragueLocalInput(form.activeFrom) : null;
      const to = form.activeTo ? fromPragueLocalInput(form.activeTo) : null;
      return !from || !to || from < to;
    },
    { path: ["activeTo"], message: "adminContent.errors.scheduleOrder" },
  );
export type BannerForm = z.output<typeof BannerFormSchema>;

export const BlogCategoryFormSchema = z.object({
  nameCs: title,
  nameEn: optionalText(200),
  slugCs: optionalSlug,
  slugEn: optionalSlug,
  position,
});
export type BlogCategoryForm = z.output<typeof BlogCategoryFormSchema>;

export const BlogPostFormSchema = z
  .object({
    titleCs: title,
    titleEn: optionalText(200),
    slugCs: optionalSlug,
    slugEn: optionalSlug,
    perexCs: optionalText(1000),
    perexEn: optionalText(1000),
    bodyCs: z.string().max(200_000).optional(),
    bodyEn: z.string().max(200_000).optional(),
    categoryId: z.number().int().positive().max(2_147_483_647).optional(),
    authorName: optionalText(120),
    publish: z.enum(PUBLISH_MODES).default("draft"),
    publishAt: pragueTime,
  })
  .refine((form) => form.publish !== "schedule" || !!form.publishAt, {
    path: ["publishAt"],
    message: "adminContent.errors.publishAt",
  });
export type BlogPostForm = z.output<typeof BlogPostFormSchema>;

export const InfoPageFormSchema = z.object({
  titleCs: title,
  titleEn: optionalText(200),
  slugCs: optionalSlug,
  slugEn: optionalSlug,
  bodyCs: z.string().max(200_000).optional(),
  bodyEn: z.string().max(200_000).optional(),
});
export type InfoPageForm = z.output<typeof InfoPageFormSchema>;

export const DocumentFormSchema = z.object({
  titleCs: title,
  titleEn: optionalText(200),
  descriptionCs: optionalText(1000),
  descriptionEn: optionalText(1000),
  position,
});
export type DocumentForm = z.output<typeof DocumentFormSchema>;

/** Czech and English words to a URL slug: `Rum z Guyany` → `rum-z-guyany`. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
}

/**
 * Whether a rich-text link may keep its address: http(s) and mailto, or a path on this site. A
 * protocol-relative `//host` and any other scheme (`javascript:`, `data:`) may not.
 */
export function isSafeContentHref(href: string): boolean {
  if (/^(https?:\/\/|mailto:)/i.test(href)) return true;
  if (href.startsWith("//") || href.startsWith("\\")) return false;
  // Relative: no scheme before the first slash, question mark or hash.
  return href !== "" && !/^[^/?#]*:/.test(href);
}

/** The columns the content tables may be sorted by (docs/product/back-office.md, "Tables"). */
export const BANNER_SORTABLE = ["title", "group", "position", "activeFrom"] as const;
export const BLOG_POST_SORTABLE = ["title", "publishedAt", "updatedAt"] as const;
/** An article is a draft (no date), scheduled (a future date) or published. */
export const BLOG_POST_STATES = ["draft", "scheduled", "published"] as const;
export type BlogPostState = (typeof BLOG_POST_STATES)[number];
