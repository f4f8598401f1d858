import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { CallFilters, useCallColumns } from "#app/features/admin/deals/deals-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { ADMIN_DEAL_SORTS } from "#core/contracts/admin-deals.ts";
import { ProviderCallFiltersSchema } from "#core/schemas/admin-deals.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/payouts";

/**
 * The provider's payouts and refunds of deals (docs/product/back-office.md, "Deals through
 * Rarita"): the refused ones first with the provider's code and the attempts, then the pending,
 * then the done; newest first in each. A refused call is retried from its deal's page.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminDeals.calls.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, ADMIN_DEAL_SORTS);
  const filters = ProviderCallFiltersSchema.parse(Object.fromEntries(url.searchParams));
  return { page: await services.dealsAdmin.providerCalls(query, filters) };
}

export default function AdminDealPayoutsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useCallColumns(true);
  return (
    <section className="flex flex-col gap-6" data-testid="admin-deal-payouts">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminDeals.calls.title")}</h1>
      <DataTable
        id="deal-payouts"
        caption={t("adminDeals.calls.caption")}
        columns={columns}
        page={loaderData.page}
        search={false}
        filters={<CallFilters />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
