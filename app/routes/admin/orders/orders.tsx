import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { OrderFilters, useOrderColumns } from "#app/features/admin/orders/orders-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { ADMIN_ORDER_SORTS, AdminOrderFiltersSchema } from "#core/schemas/admin-orders.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/orders";

/**
 * Every order (docs/product/back-office.md, "Orders and money"): shop orders, listing fees and
 * promotions; filter by kind, status, payment method and day; search by number (= variable
 * symbol) or e-mail. The table's state is the URL's.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminOrders.orders.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, ADMIN_ORDER_SORTS);
  const filters = AdminOrderFiltersSchema.parse(Object.fromEntries(url.searchParams));
  return { page: await services.orders.adminOrders(query, filters) };
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-orders">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminOrders.orders.title")}</h1>
      <DataTable
        id="orders"
        caption={t("adminOrders.orders.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={ADMIN_ORDER_SORTS}
        filters={<OrderFilters />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
