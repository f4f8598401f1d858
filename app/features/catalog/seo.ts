import type { MetaDescriptor } from "react-router";
import { feedLink } from "#app/ui/seo/feed-link.ts";
import { breadcrumbJsonLd } from "#app/ui/seo/json-ld.ts";
import { absoluteUrl, seoMeta } from "#app/ui/seo/meta.ts";
import { feedPath } from "#core/web/feed-paths.ts";
import type { ListingPageData } from "./listing-data.ts";

/**
 * The head tags of a listing page: unique title and description, canonical URL, hreflang pair,
 * robots for filtered and search pages, rel prev/next for crawlers, breadcrumbs as JSON-LD, and a
 * category's Atom feed of new listings.
 * Use it as the route's meta: `export const meta = ({ loaderData }) => listingMeta(loaderData)`.
 */
export function listingMeta(data: ListingPageData | undefined | null): MetaDescriptor[] {
  if (!data) return [];
  const { seo } = data;
  const tags = seoMeta({
    origin: seo.origin,
    locale: data.locale,
    title: seo.title,
    description: seo.description,
    path: seo.canonicalPath,
    alternates: seo.alternates,
    noindex: seo.noindex,
    image: data.result.items[0]?.image?.src ?? null,
    jsonLd:
      data.breadcrumbs.length > 1
        ? [
            breadcrumbJsonLd(
              seo.origin,
              data.breadcrumbs.map((crumb) => ({ name: crumb.name, path: crumb.url })),
            ),
          ]
        : [],
  });
  if (seo.prevPath) tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(seo.origin, seo.prevPath) });
  if (seo.nextPath) tags.push({ tagName: "link", rel: "next", href: absoluteUrl(seo.origin, seo.nextPath) });
  if (data.kind === "category" && data.category)
    tags.push(
      feedLink(
        seo.origin,
        data.locale,
        feedPath("category", data.locale, data.category.id),
        data.category.name,
      ),
    );
  return tags;
}
