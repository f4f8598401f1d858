import type { MetaDescriptor } from "react-router";
import { type Locale, locales } from "#core/i18n/index.ts";
import { OG_IMAGE, ogImageSrc } from "#core/web/image-variants.ts";

/**
 * The head tags every public page needs for search engines and sharing: title, description,
 * canonical URL, hreflang pairs (cs, en and x-default = Czech, the default language), Open Graph
 * and Twitter cards, robots and JSON-LD. Pages build them in `meta()` from loader data; the site's
 * absolute origin comes from the server's config.publicUrl (loaders hand it over as `origin`).
 */
export type JsonLd = Record<string, unknown>;

export type SeoInput = {
  /** The site's absolute origin, without a trailing slash (config.publicUrl). */
  origin: string;
  locale: Locale;
  title: string;
  description: string;
  /** The canonical path of this page in its language (query string included when it matters). */
  path: string;
  /** The same page in each language; a missing language gets no hreflang link. */
  alternates?: Partial<Record<Locale, string>>;
  /**
   * A path or absolute URL; made absolute for og:image. An upload (`/uploads/...`) is shared as its
   * JPEG card, whose size then replaces imageWidth and imageHeight.
   */
  image?: string | null;
  imageAlt?: string;
  imageWidth?: number | null;
  imageHeight?: number | null;
  type?: "website" | "article" | "product" | "profile";
  /** Keep out of search results (pending listings, private pages) but let links be followed. */
  noindex?: boolean;
  jsonLd?: JsonLd[];
};

export const SITE_NAME = "Rarita";

const OG_LOCALE: Record<Locale, string> = { cs: "cs_CZ", en: "en_GB" };

/** An absolute URL on this site for a path (absolute URLs pass through). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = origin.replace(/\/+$/, "");
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Cuts a text to a description's length on a word boundary, collapsing whitespace. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** The page title with the site's name, unless it already carries it. */
export function pageTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/**
 * What to share: an uploaded picture becomes its 1200 × 630 JPEG card (networks reject SVG, and a
 * card of that shape is shown large); any other image is passed on with the size the page gave.
 */
function shareImage(input: SeoInput) {
  if (!input.image) return null;
  const card = ogImageSrc(input.image);
  if (card !== input.image) return { src: card, type: "image/jpeg", ...OG_IMAGE };
  return { src: input.image, type: null, width: input.imageWidth, height: input.imageHeight };
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { origin, locale } = input;
  const canonical = absoluteUrl(origin, input.path);
  const title = pageTitle(input.title);
  const description = metaDescription(input.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  const alternates = input.alternates ?? { [locale]: input.path };
  for (const language of locales) {
    const path = alternates[language];
    if (path)
      tags.push({ tagName: "link", rel: "alternate", hrefLang: language, href: absoluteUrl(origin, path) });
  }
  const fallback = alternates.cs ?? alternates[locale];
  if (fallback)
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(origin, fallback),
    });
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });

  tags.push(
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALE[locale] },
  );
  for (const language of locales)
    if (language !== locale && alternates[language])
      tags.push({ property: "og:locale:alternate", content: OG_LOCALE[language] });
  const share = shareImage(input);
  if (share) {
    tags.push({ property: "og:image", content: absoluteUrl(origin, share.src) });
    if (share.type) tags.push({ property: "og:image:type", content: share.type });
    if (input.imageAlt) tags.push({ property: "og:image:alt", content: input.imageAlt });
    if (share.width) tags.push({ property: "og:image:width", content: String(share.width) });
    if (share.height) tags.push({ property: "og:image:height", content: String(share.height) });
  }
  tags.push(
    { name: "twitter:card", content: share ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
  );
  if (share) tags.push({ name: "twitter:image", content: absoluteUrl(origin, share.src) });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
