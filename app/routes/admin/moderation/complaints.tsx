import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pageWindow, tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/complaints";

/** Internal complaints (DSA Art. 20): waiting ones first, each decided by another staff member. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminModeration.complaints.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const query = tableQueryFromUrl(new URL(request.url), ["createdAt"]);
  const page = await context.get(appContext).services.moderation.complaints(pageWindow(query));
  return { ...page, page: query.page, size: query.size };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminComplaintsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: "createdAt",
      header: t("adminModeration.complaints.lodged"),
      cell: ({ row }) => formatDate(row.original.complaint.createdAt, locale, true),
    },
    {
      id: "complaint",
      header: t("adminModeration.complaints.text"),
      cell: ({ row }) => (
        <Link
          className="text-primary-dark underline"
          to={localePath("adminComplaint", locale, { id: row.original.complaint.id })}
        >
          {t("adminModeration.complaints.detail", { id: row.original.complaint.id })}
        </Link>
      ),
    },
    {
      id: "decision",
      header: t("adminModeration.complaints.decision"),
      cell: ({ row }) =>
        row.original.decision
          ? `${t(`moderation.action.${row.original.decision.action}`)}: ${row.original.decision.targetLabel}`
          : "–",
    },
    {
      id: "status",
      header: t("adminModeration.decisions.state"),
      cell: ({ row }) => t(`adminModeration.complaints.status.${row.original.complaint.status}`),
    },
  ];
  return (
    <section className="flex flex-col gap-6" data-testid="admin-complaints">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminModeration.complaints.title")}</h1>
      <DataTable
        id="complaints"
        caption={t("adminModeration.complaints.title")}
        columns={columns}
        page={loaderData}
        search={false}
        rowKey={(row) => row.complaint.id}
      />
    </section>
  );
}
