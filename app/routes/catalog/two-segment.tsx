import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { CategoryListingPage } from "#app/features/catalog/category-listing-page.tsx";
import { listingMeta } from "#app/features/catalog/seo.ts";
import { parsePathId, withSearch } from "#app/ui/seo/canonical.ts";
import type { Route } from "./+types/two-segment";
import { loadCategoryListing } from "./category-listing.server.ts";

/**
 * /{id}/{slug} (/en/{id}/{slug}). When the id and the slug name a category, this is the category
 * listing. When they name it in the other language (`/en/7/karibik` for Caribbean: a link copied
 * across languages), 301 to the category's canonical URL in this one. Otherwise the id is a
 * product's reached without its category segment (or with a stale slug): 301 to the product's
 * canonical URL. A slug the category had before it was renamed answers 301 to it too. An id that
 * names only a category, with a wrong slug, goes to the category's canonical URL; anything else is 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const id = parsePathId(params.id);
  if (!id) throw data(null, { status: 404 });
  const category = await services.catalog.findCategory(id, locale);
  if (category && category.slug === params.slug) {
    return { listing: await loadCategoryListing({ request, context, category }) };
  }
  // Checked before products: category and product ids overlap, and the slug says which is meant.
  if (category && (category.slugs.cs === params.slug || category.slugs.en === params.slug))
    throw redirect(withSearch(category.url, request), 301);
  // A slug the back office replaced: old links and bookmarks still reach the category, not a
  // product that shares the id (docs/product/back-office.md, "Catalogue").
  if (category && params.slug && (await services.catalogAdmin.hadCategorySlug(id, params.slug)))
    throw redirect(withSearch(category.url, request), 301);
  const productPath = await services.productPages.canonicalPath(id, locale);
  if (productPath) throw redirect(withSearch(productPath, request), 301);
  if (category) throw redirect(withSearch(category.url, request), 301);
  throw data(null, { status: 404 });
}

/** Slugs differ by language: the language switcher takes the category's own paths (no 301 hop). */
export const handle = {
  alternates: (loaderData: Awaited<ReturnType<typeof loader>> | undefined) =>
    loaderData?.listing.seo.alternates,
};

export function meta({ loaderData }: Route.MetaArgs) {
  return listingMeta(loaderData?.listing);
}

export default function TwoSegment({ loaderData }: Route.ComponentProps) {
  return <CategoryListingPage data={loaderData.listing} />;
}
