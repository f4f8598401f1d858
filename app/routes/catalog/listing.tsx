import { ListingView } from "#app/features/catalog/listing-view.tsx";
import { listingMeta } from "#app/features/catalog/seo.ts";
import { locales } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/listing";
import { loadListingPage } from "./category-listing.server.ts";

/**
 * Four listings in one module, told apart by their path (the route ids `dailyAuctions___cs` …):
 * `/denni-aukce` (7-day auctions), `/mesicni-aukce` (monthly auctions, with the round's closing
 * time), `/produkty/novinky` (what went live in the last 30 days) and `/produkty/akce` (shop
 * products with a sale price).
 */
const KINDS = ["dailyAuctions", "monthlyAuctions", "newProducts", "saleProducts"] as const;
type Kind = (typeof KINDS)[number];

/** The listing a route pattern (or a path; client navigations fetch `/denni-aukce.data`) names. */
function kindOf(pathOrPattern: string): Kind {
  const path = pathOrPattern.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  for (const kind of KINDS) for (const locale of locales) if (localePath(kind, locale) === path) return kind;
  return "newProducts";
}

export function meta({ loaderData }: Route.MetaArgs) {
  return listingMeta(loaderData);
}

export async function loader({ request, context, pattern, url }: Route.LoaderArgs) {
  return loadListingPage({ request, context, kind: kindOf(pattern || url.pathname) });
}

export default function ListingRoute({ loaderData }: Route.ComponentProps) {
  return <ListingView data={loaderData} />;
}
