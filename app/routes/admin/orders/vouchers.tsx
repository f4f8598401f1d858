import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useVoucherColumns } from "#app/features/admin/orders/vouchers-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ADMIN_VOUCHER_SORTS } from "#core/schemas/admin-orders-vouchers.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/vouchers";

/** The vouchers with their uses (docs/product/payments.md, "Vouchers"); the code searches. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminOrders.vouchers.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services } = context.get(appContext);
  const query = tableQueryFromUrl(new URL(request.url), ADMIN_VOUCHER_SORTS);
  return { page: await services.orders.vouchers(query) };
}

export default function AdminVouchersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const columns = useVoucherColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-vouchers">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminOrders.vouchers.title")}</h1>
        <Link
          to={localePath("adminVoucher", locale, { id: "new" })}
          className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90"
        >
          {t("adminOrders.vouchers.new")}
        </Link>
      </div>
      <DataTable
        id="vouchers"
        caption={t("adminOrders.vouchers.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={ADMIN_VOUCHER_SORTS}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
