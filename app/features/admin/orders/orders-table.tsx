import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ORDER_KINDS } from "#core/contracts/payments.ts";
import { SHOP_PAYMENT_METHODS } from "#core/contracts/shop.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ORDER_STATUSES } from "#core/lifecycles/order.ts";
import { Badge, FilterDate, FilterSelect, orderTone, useMoney } from "./shared.tsx";

/** One order as the table shows it (server/modules/orders/admin-read.ts). */
export type OrderTableRow = {
  id: number;
  kind: (typeof ORDER_KINDS)[number];
  status: (typeof ORDER_STATUSES)[number];
  email: string;
  paymentMethod: (typeof SHOP_PAYMENT_METHODS)[number] | null;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

export function useOrderColumns(): ColumnDef<OrderTableRow, unknown>[] {
  const { t, locale } = useTranslation();
  const money = useMoney();
  return [
    {
      id: "id",
      header: t("adminOrders.orders.number"),
      cell: ({ row }) => (
        <Link
          to={localePath("adminOrder", locale, { id: String(row.original.id) })}
          className="font-semibold text-primary-dark underline underline-offset-4"
        >
          {row.original.id}
        </Link>
      ),
    },
    {
      id: "kind",
      header: t("adminOrders.orders.kind"),
      cell: ({ row }) => t(`adminOrders.kind.${row.original.kind}`),
    },
    {
      id: "status",
      header: t("adminOrders.orders.status"),
      cell: ({ row }) => (
        <Badge tone={orderTone(row.original.status)}>{t(`adminOrders.status.${row.original.status}`)}</Badge>
      ),
    },
    {
      id: "email",
      header: t("adminOrders.orders.email"),
      cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
    },
    {
      id: "method",
      header: t("adminOrders.orders.method"),
      cell: ({ row }) =>
        row.original.paymentMethod ? t(`adminOrders.method.${row.original.paymentMethod}`) : "—",
    },
    {
      id: "totalMinor",
      header: t("adminOrders.orders.total"),
      cell: ({ row }) => <span className="whitespace-nowrap">{money(row.original.totalMinor)}</span>,
    },
    {
      id: "createdAt",
      header: t("adminOrders.orders.created"),
      cell: ({ row }) => formatShortDateTime(row.original.createdAt, locale),
    },
  ];
}

export function OrderFilters() {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        name="kind"
        label={t("adminOrders.orders.kind")}
        options={ORDER_KINDS.map((value) => ({ value, label: t(`adminOrders.kind.${value}`) }))}
      />
      <FilterSelect
        name="status"
        label={t("adminOrders.orders.status")}
        options={ORDER_STATUSES.map((value) => ({ value, label: t(`adminOrders.status.${value}`) }))}
      />
      <FilterSelect
        name="method"
        label={t("adminOrders.orders.method")}
        options={SHOP_PAYMENT_METHODS.map((value) => ({ value, label: t(`adminOrders.method.${value}`) }))}
      />
      <FilterDate name="from" label={t("adminOrders.orders.from")} />
      <FilterDate name="to" label={t("adminOrders.orders.to")} />
    </>
  );
}
