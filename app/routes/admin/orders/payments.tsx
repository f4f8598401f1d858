import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { PaymentFilters, usePaymentColumns } from "#app/features/admin/orders/payments-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { ADMIN_PAYMENT_SORTS, AdminPaymentFiltersSchema } from "#core/schemas/admin-orders.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/payments";

/**
 * Every payment (docs/product/back-office.md, "Orders and money"): method, status, amount, order,
 * when paid; the duplicates refunded to their payers are marked. The search takes an order number.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminOrders.payments.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, ADMIN_PAYMENT_SORTS);
  const filters = AdminPaymentFiltersSchema.parse(Object.fromEntries(url.searchParams));
  return { page: await services.payments.adminPaymentsPage(query, filters) };
}

export default function AdminPaymentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = usePaymentColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-payments">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminOrders.payments.title")}</h1>
      <DataTable
        id="payments"
        caption={t("adminOrders.payments.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={ADMIN_PAYMENT_SORTS}
        filters={<PaymentFilters />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
