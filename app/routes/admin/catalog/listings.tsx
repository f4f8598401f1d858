import { appContext } from "#app/context.ts";
import { ListingFilters, useListingColumns } from "#app/features/admin/catalog/listing-table.tsx";
import { PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { LISTING_SORTS, ListingFiltersSchema } from "#core/schemas/admin-catalog.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/listings";

/**
 * Any listing (docs/product/back-office.md, "Catalogue"): auctions, classifieds and the shop's
 * products in every status, searched by id, name or seller, filtered by status, format and
 * category (with its branch), sorted by date or price. The table's state is the URL's.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminCatalog.listings.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, LISTING_SORTS);
  const filters = ListingFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const [page, tree] = await Promise.all([
    services.catalogAdmin.listingsPage(query, filters),
    services.catalogAdmin.categoryTree(),
  ]);
  return {
    page: { ...page, rows: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    categories: tree.map((row) => ({ id: row.id, label: `${"— ".repeat(row.depth - 1)}${row.nameCs}` })),
  };
}

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useListingColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-listings">
      <PageTitle>{t("adminCatalog.listings.title")}</PageTitle>
      <DataTable
        id="listings"
        caption={t("adminCatalog.listings.title")}
        columns={columns}
        page={loaderData.page}
        sortable={LISTING_SORTS}
        filters={<ListingFilters categories={loaderData.categories} />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
