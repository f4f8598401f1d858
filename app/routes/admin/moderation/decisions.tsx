import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { DecisionView } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pageWindow, tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/decisions";

/** Every moderation decision, newest first, each opening its statement of reasons and complaints. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminModeration.decisions.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const query = tableQueryFromUrl(new URL(request.url), ["createdAt"]);
  const page = await context.get(appContext).services.moderation.decisions(pageWindow(query));
  return { ...page, page: query.page, size: query.size };
}

export default function AdminDecisionsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const columns: ColumnDef<DecisionView, unknown>[] = [
    {
      id: "createdAt",
      header: t("adminModeration.decisions.when"),
      cell: ({ row }) => formatDate(row.original.createdAt, locale, true),
    },
    {
      id: "action",
      header: t("adminModeration.decisions.action"),
      cell: ({ row }) => (
        <Link
          className="text-primary-dark underline"
          to={localePath("adminDecision", locale, { id: row.original.id })}
        >
          {t(`moderation.action.${row.original.action}`)}
        </Link>
      ),
    },
    {
      id: "content",
      header: t("adminModeration.decisions.content"),
      cell: ({ row }) =>
        `${t(`moderation.target.${row.original.target}`)} #${row.original.targetId}: ${row.original.targetLabel}`,
    },
    {
      id: "decider",
      header: t("adminModeration.decisions.decider"),
      cell: ({ row }) => row.original.deciderName,
    },
    {
      id: "state",
      header: t("adminModeration.decisions.state"),
      cell: ({ row }) =>
        row.original.reversedAt
          ? t("adminModeration.decisions.reversed")
          : t("adminModeration.decisions.standing"),
    },
  ];
  return (
    <section className="flex flex-col gap-6" data-testid="admin-decisions">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminModeration.decisions.title")}</h1>
      <DataTable
        id="decisions"
        caption={t("adminModeration.decisions.title")}
        columns={columns}
        page={loaderData}
        search={false}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
