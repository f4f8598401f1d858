import type { ListingPageData } from "./listing-data.ts";
import { ListingView } from "./listing-view.tsx";

/**
 * The category page (`/{id}/{slug}`): render it with the data of `loadCategoryListing` from
 * app/routes/catalog/category-listing.server.ts, and use `listingMeta` (./seo.ts) for its head tags.
 */
export function CategoryListingPage({ data }: { data: ListingPageData }) {
  return <ListingView data={data} />;
}
