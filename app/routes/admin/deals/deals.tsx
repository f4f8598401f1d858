import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { DealFilters, useDealColumns } from "#app/features/admin/deals/deals-table.tsx";
import { DealsSubnav } from "#app/features/admin/deals/subnav.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { ADMIN_DEAL_SORTS } from "#core/contracts/admin-deals.ts";
import { AdminDealFiltersSchema } from "#core/schemas/admin-deals.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/deals";

/**
 * Deals through Rarita (docs/product/back-office.md, "Deals through Rarita"): the overdue ones
 * first (not paid, not sent in time), then the newest; filter by status; search by number, e-mail
 * or username. The table's state is the URL's.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminDeals.list.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services, locale } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, ADMIN_DEAL_SORTS);
  const filters = AdminDealFiltersSchema.parse(Object.fromEntries(url.searchParams));
  return { page: await services.dealsAdmin.deals(query, filters, locale) };
}

export default function AdminDealsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useDealColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-deals">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminDeals.list.title")}</h1>
      <DealsSubnav />
      <p className="text-sm text-muted">{t("adminDeals.list.searchHint")}</p>
      <DataTable
        id="deals"
        caption={t("adminDeals.list.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={ADMIN_DEAL_SORTS}
        filters={<DealFilters />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
