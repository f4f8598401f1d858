import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { Badge, shortDate, useMoney } from "./shared.tsx";
import { influencerName, type VoucherInfluencer } from "./voucher-form.tsx";

/** One voucher with its uses (server/modules/orders/shop/voucher-admin.ts). */
export type VoucherRow = {
  id: number;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  isActive: boolean;
  validFrom: string | null;
  validTo: string | null;
  usageLimitTotal: number | null;
  influencerUserId: number | null;
  influencer: VoucherInfluencer | null;
  uses: number;
};

export function useVoucherColumns(): ColumnDef<VoucherRow, unknown>[] {
  const { t, locale } = useTranslation();
  const money = useMoney();
  return [
    {
      id: "code",
      header: t("adminOrders.vouchers.code"),
      cell: ({ row }) => (
        <Link
          to={localePath("adminVoucher", locale, { id: String(row.original.id) })}
          className="font-semibold text-primary-dark underline underline-offset-4"
        >
          {row.original.code}
        </Link>
      ),
    },
    {
      id: "value",
      header: t("adminOrders.vouchers.value"),
      cell: ({ row }) =>
        row.original.kind === "percent" ? `${row.original.value}\u00a0%` : money(row.original.value),
    },
    {
      id: "validity",
      header: t("adminOrders.vouchers.validity"),
      cell: ({ row }) =>
        [row.original.validFrom, row.original.validTo]
          .map((date) => (date ? shortDate(date, locale) : "…"))
          .join(" – "),
    },
    {
      id: "uses",
      header: t("adminOrders.vouchers.uses"),
      cell: ({ row }) =>
        `${row.original.uses} / ${row.original.usageLimitTotal ?? t("adminOrders.vouchers.unlimited")}`,
    },
    {
      id: "influencer",
      header: t("adminOrders.vouchers.influencerColumn"),
      cell: ({ row }) =>
        row.original.influencerUserId ? (
          <span className="flex flex-col [overflow-wrap:anywhere]">
            <Link
              to={localePath("adminUser", locale, { id: String(row.original.influencerUserId) })}
              className="text-primary-dark underline underline-offset-4"
            >
              {row.original.influencer
                ? influencerName(row.original.influencer)
                : t("adminOrders.vouchers.influencer", { id: row.original.influencerUserId })}
            </Link>
            {row.original.influencer ? (
              <span className="text-muted">{row.original.influencer.email}</span>
            ) : null}
          </span>
        ) : (
          "—"
        ),
    },
    {
      id: "state",
      header: t("adminOrders.vouchers.state"),
      cell: ({ row }) => (
        <Badge tone={row.original.isActive ? "good" : "plain"}>
          {t(row.original.isActive ? "adminOrders.vouchers.active" : "adminOrders.vouchers.inactive")}
        </Badge>
      ),
    },
  ];
}
