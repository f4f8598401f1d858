import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { ReportReason, ReportTarget } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pageWindow, tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/queue";

/**
 * The moderation queue (docs/product/back-office.md, "Moderation"): the open reports, oldest first,
 * and the new listings held for pre-moderation. Each opens its review with the decision form.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminModeration.queue.title"), noindex: true }));
}

/** The held listings shown at once beside the paged reports (the queue is worked from the top). */
const HELD_SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services } = context.get(appContext);
  const query = tableQueryFromUrl(new URL(request.url), ["createdAt"]);
  const [reports, listings] = await Promise.all([
    services.moderation.openReports(pageWindow(query)),
    services.moderation.listingsInReview({ limit: HELD_SHOWN, offset: 0 }),
  ]);
  return {
    reports: {
      rows: reports.rows.map((row) => ({
        id: row.id,
        target: row.target as ReportTarget,
        targetId: row.targetId,
        reason: row.reason as ReportReason,
        reporter: row.reporterId ? `#${row.reporterId}` : null,
        createdAt: row.createdAt.toISOString(),
      })),
      total: reports.total,
      page: query.page,
      size: query.size,
    },
    listings: {
      rows: listings.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total: listings.total,
      page: 1,
      size: HELD_SHOWN,
    },
  };
}

type ReportRow = Route.ComponentProps["loaderData"]["reports"]["rows"][number];
type ListingRow = Route.ComponentProps["loaderData"]["listings"]["rows"][number];

function useReportColumns(): ColumnDef<ReportRow, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    {
      id: "createdAt",
      header: t("adminModeration.queue.received"),
      cell: ({ row }) => formatDate(row.original.createdAt, locale, true),
    },
    {
      id: "content",
      header: t("adminModeration.queue.content"),
      cell: ({ row }) => `${t(`moderation.target.${row.original.target}`)} #${row.original.targetId}`,
    },
    {
      id: "reason",
      header: t("adminModeration.queue.reason"),
      cell: ({ row }) => t(`moderation.reason.${row.original.reason}`),
    },
    {
      id: "reporter",
      header: t("adminModeration.queue.reporter"),
      cell: ({ row }) => row.original.reporter ?? t("adminModeration.queue.guest"),
    },
    {
      id: "open",
      header: t("adminModeration.queue.open"),
      cell: ({ row }) => (
        <Link
          className="text-primary-dark underline"
          to={localePath("adminReport", locale, { id: row.original.id })}
        >
          {t("adminModeration.report.title", { id: row.original.id })}
        </Link>
      ),
    },
  ];
}

function useListingColumns(): ColumnDef<ListingRow, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    {
      id: "added",
      header: t("adminModeration.queue.added"),
      cell: ({ row }) => formatDate(row.original.createdAt, locale, true),
    },
    {
      id: "name",
      header: t("adminModeration.queue.listing"),
      cell: ({ row }) => (
        <Link
          className="text-primary-dark underline"
          to={localePath("adminListingReview", locale, { id: row.original.id })}
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: "category",
      header: t("adminModeration.queue.category"),
      cell: ({ row }) => row.original.categoryName,
    },
    {
      id: "seller",
      header: t("adminModeration.queue.seller"),
      cell: ({ row }) => (row.original.sellerId ? `#${row.original.sellerId}` : "–"),
    },
  ];
}

export default function ModerationQueuePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reportColumns = useReportColumns();
  const listingColumns = useListingColumns();
  return (
    <section className="flex flex-col gap-8" data-testid="moderation-queue">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminModeration.queue.title")}</h1>
      <section aria-labelledby="reports-title" className="flex flex-col gap-3">
        <h2 id="reports-title" className="font-serif text-xl text-primary-dark">
          {t("adminModeration.queue.reports")}
        </h2>
        <DataTable
          id="reports"
          caption={t("adminModeration.queue.reports")}
          columns={reportColumns}
          page={loaderData.reports}
          sortable={[]}
          search={false}
          rowKey={(row) => row.id}
        />
      </section>
      <section aria-labelledby="held-title" className="flex flex-col gap-3">
        <h2 id="held-title" className="font-serif text-xl text-primary-dark">
          {t("adminModeration.queue.listings")}
        </h2>
        <DataTable
          id="held-listings"
          caption={t("adminModeration.queue.listings")}
          columns={listingColumns}
          page={loaderData.listings}
          search={false}
          rowKey={(row) => row.id}
        />
      </section>
    </section>
  );
}
