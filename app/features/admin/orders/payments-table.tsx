import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AdminPayment } from "#core/contracts/payments.ts";
import { PAYMENT_METHODS } from "#core/contracts/payments.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";
import { Badge, FilterSelect, useMoney } from "./shared.tsx";

export function usePaymentColumns(): ColumnDef<AdminPayment, unknown>[] {
  const { t, locale } = useTranslation();
  const money = useMoney();
  return [
    { id: "id", header: t("adminOrders.payments.id"), cell: ({ row }) => row.original.id },
    {
      id: "order",
      header: t("adminOrders.payments.order"),
      cell: ({ row }) => (
        <Link
          to={localePath("adminOrder", locale, { id: String(row.original.orderId) })}
          className="font-semibold text-primary-dark underline underline-offset-4"
        >
          {row.original.orderId}
        </Link>
      ),
    },
    {
      id: "method",
      header: t("adminOrders.payments.method"),
      cell: ({ row }) =>
        row.original.provider === "bank"
          ? t(`adminOrders.method.${row.original.method}`)
          : `${t(`adminOrders.method.${row.original.method}`)} (${row.original.provider})`,
    },
    {
      id: "status",
      header: t("adminOrders.payments.status"),
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <Badge
            tone={
              row.original.status === "paid"
                ? "good"
                : row.original.status === "refunded" || row.original.status === "failed"
                  ? "bad"
                  : "wait"
            }
          >
            {t(`adminOrders.paymentStatus.${row.original.status}`)}
          </Badge>
          {row.original.refundedAsDuplicate ? (
            <Badge tone="plain">{t("adminOrders.payments.duplicate")}</Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: "amountMinor",
      header: t("adminOrders.payments.amount"),
      cell: ({ row }) => <span className="whitespace-nowrap">{money(row.original.amountMinor)}</span>,
    },
    {
      id: "paidAt",
      header: t("adminOrders.payments.paidAt"),
      cell: ({ row }) => (row.original.paidAt ? formatShortDateTime(row.original.paidAt, locale) : "—"),
    },
    {
      id: "createdAt",
      header: t("adminOrders.payments.created"),
      cell: ({ row }) => formatShortDateTime(row.original.createdAt, locale),
    },
  ];
}

export function PaymentFilters() {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        name="status"
        label={t("adminOrders.payments.status")}
        options={PAYMENT_STATUSES.map((value) => ({ value, label: t(`adminOrders.paymentStatus.${value}`) }))}
      />
      <FilterSelect
        name="method"
        label={t("adminOrders.payments.method")}
        options={PAYMENT_METHODS.map((value) => ({ value, label: t(`adminOrders.method.${value}`) }))}
      />
    </>
  );
}
