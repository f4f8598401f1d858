import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  type AdminDealRow,
  type AdminProviderCall,
  type DealParty,
  PROVIDER_CALL_STATES,
  type ProviderCallState,
} from "#core/contracts/admin-deals.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { DEAL_STATUSES, type DealStatus } from "#core/lifecycles/deal.ts";
import { Badge, FilterSelect, useMoney } from "../orders/shared.tsx";

/** A deal's status as a badge: money held and moving green, waiting amber, ended red or plain. */
export function dealTone(status: DealStatus): "good" | "bad" | "wait" | "plain" {
  if (status === "awaiting_payment" || status === "disputed") return "wait";
  if (status === "cancelled" || status === "cancelled_unpaid" || status === "refunded") return "bad";
  if (status === "completed" || status === "partially_refunded") return "plain";
  return "good";
}

export function callTone(state: ProviderCallState): "good" | "bad" | "wait" {
  return state === "done" ? "good" : state === "refused" ? "bad" : "wait";
}

export function DealLink({ id }: { id: number }) {
  const { locale } = useTranslation();
  return (
    <Link
      to={localePath("adminDeal", locale, { dealId: String(id) })}
      className="font-semibold text-primary-dark underline underline-offset-4"
    >
      {id}
    </Link>
  );
}

/** A party as the operator needs it: the username and the e-mail to reach them. */
export function Party({ party, compact = false }: { party: DealParty | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (!party) return <span>—</span>;
  if (party.deleted) return <span className="text-muted">{t("adminDeals.deal.deletedAccount")}</span>;
  return (
    <span className="flex flex-col">
      <span className="font-semibold">{party.username}</span>
      {/* The list keeps to the username (the search finds e-mails); the deal's page shows both. */}
      {compact ? null : <span className="break-all text-sm text-muted">{party.email}</span>}
    </span>
  );
}

export function useDealColumns(): ColumnDef<AdminDealRow, unknown>[] {
  const { t, locale } = useTranslation();
  const money = useMoney();
  return [
    { id: "id", header: t("adminDeals.list.number"), cell: ({ row }) => <DealLink id={row.original.id} /> },
    {
      id: "status",
      header: t("adminDeals.list.status"),
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={dealTone(row.original.status)}>{t(`dealPages.status.${row.original.status}`)}</Badge>
          {row.original.overdue ? <Badge tone="bad">{t("adminDeals.list.overdue")}</Badge> : null}
        </span>
      ),
    },
    {
      id: "item",
      header: t("adminDeals.list.item"),
      cell: ({ row }) => <span className="block min-w-40">{row.original.productName}</span>,
    },
    {
      id: "buyer",
      header: t("adminDeals.list.buyer"),
      cell: ({ row }) => <Party party={row.original.buyer} compact />,
    },
    {
      id: "seller",
      header: t("adminDeals.list.seller"),
      cell: ({ row }) => <Party party={row.original.seller} compact />,
    },
    {
      id: "totalMinor",
      header: t("adminDeals.list.total"),
      cell: ({ row }) => <span className="whitespace-nowrap">{money(row.original.totalMinor)}</span>,
    },
    {
      id: "dueAt",
      header: t("adminDeals.list.due"),
      cell: ({ row }) =>
        row.original.dueAt ? (
          <span className={`whitespace-nowrap ${row.original.overdue ? "font-semibold text-danger" : ""}`}>
            {formatShortDateTime(row.original.dueAt, locale)}
          </span>
        ) : (
          "—"
        ),
    },
    {
      id: "createdAt",
      header: t("adminDeals.list.created"),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatShortDateTime(row.original.createdAt, locale)}</span>
      ),
    },
  ];
}

export function DealFilters() {
  const { t } = useTranslation();
  return (
    <FilterSelect
      name="status"
      label={t("adminDeals.list.status")}
      options={DEAL_STATUSES.map((value) => ({ value, label: t(`dealPages.status.${value}`) }))}
    />
  );
}

/** A call's state, with the provider's code when it refused. */
export function CallState({ call }: { call: AdminProviderCall }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={callTone(call.state)}>{t(`adminDeals.calls.states.${call.state}`)}</Badge>
      {call.state === "refused" && call.lastError ? (
        <code className="text-xs text-danger">{t("adminDeals.calls.code", { code: call.lastError })}</code>
      ) : null}
    </span>
  );
}

export function useCallColumns(withDeal: boolean): ColumnDef<AdminProviderCall, unknown>[] {
  const { t, locale } = useTranslation();
  const money = useMoney();
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso, locale) : "—");
  return [
    ...(withDeal
      ? [
          {
            id: "deal",
            header: t("adminDeals.calls.deal"),
            cell: ({ row }) => <DealLink id={row.original.dealId} />,
          } satisfies ColumnDef<AdminProviderCall, unknown>,
        ]
      : []),
    // The state first: what the operator scans the list for is what the provider refused.
    {
      id: "state",
      header: t("adminDeals.calls.state"),
      cell: ({ row }) => <CallState call={row.original} />,
    },
    {
      id: "kind",
      header: t("adminDeals.calls.kind"),
      cell: ({ row }) => t(`adminDeals.calls.kinds.${row.original.kind}`),
    },
    {
      id: "amount",
      header: t("adminDeals.calls.amount"),
      cell: ({ row }) => <span className="whitespace-nowrap">{money(row.original.amountMinor)}</span>,
    },
    { id: "attempts", header: t("adminDeals.calls.attempts"), cell: ({ row }) => row.original.attempts },
    {
      id: "createdAt",
      header: t("adminDeals.calls.created"),
      cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt)}</span>,
    },
    {
      id: "doneAt",
      header: t("adminDeals.calls.doneAt"),
      cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.doneAt)}</span>,
    },
  ];
}

export function CallFilters() {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        name="state"
        label={t("adminDeals.calls.state")}
        options={PROVIDER_CALL_STATES.map((value) => ({
          value,
          label: t(`adminDeals.calls.states.${value}`),
        }))}
      />
      <FilterSelect
        name="kind"
        label={t("adminDeals.calls.kind")}
        options={(["refund", "transfer"] as const).map((value) => ({
          value,
          label: t(`adminDeals.calls.kinds.${value}`),
        }))}
      />
    </>
  );
}
