import type { ColumnDef } from "@tanstack/react-table";
import { useLocation } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { AUDIT_SORTABLE, AuditFiltersSchema } from "#core/schemas/staff-audit.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/audit";
import { auditChanges } from "./audit-diff.ts";

/**
 * The audit log (`/admin/audit`; docs/product/back-office.md, "Staff and scopes"): who changed
 * what and when, with a readable before and after; text search and filters by actor, action,
 * object and dates, all in the URL. The same rows as GET /api/admin/audit.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminStaff.audit.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "audit");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, AUDIT_SORTABLE);
  const { actor, ...filters } = AuditFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const [page, facets] = await Promise.all([
    services.auditLog.list(query, { actorId: actor, ...filters }),
    services.auditLog.facets(),
  ]);
  return {
    page: {
      ...page,
      rows: page.rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        actorName: row.actorName,
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        ip: row.ip,
        changes: auditChanges(row.before, row.after),
        details: row.details ? JSON.stringify(row.details).slice(0, 300) : null,
      })),
    },
    facets,
  };
}

type Row = Route.ComponentProps["loaderData"]["page"]["rows"][number];

function useColumns(): ColumnDef<Row, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    {
      id: "createdAt",
      header: t("adminStaff.audit.when"),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatShortDateTime(row.original.createdAt, locale)}</span>
      ),
    },
    {
      id: "actor",
      header: t("adminStaff.audit.actor"),
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span>{row.original.actorName ?? t("adminStaff.audit.system")}</span>
          {row.original.ip ? <span className="text-xs text-muted">{row.original.ip}</span> : null}
        </div>
      ),
    },
    {
      id: "action",
      header: t("adminStaff.audit.action"),
      cell: ({ row }) => <code className="text-xs">{row.original.action}</code>,
    },
    {
      id: "entity",
      header: t("adminStaff.audit.entity"),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.entity}
          {row.original.entityId ? ` #${row.original.entityId}` : ""}
        </span>
      ),
    },
    {
      id: "change",
      header: t("adminStaff.audit.change"),
      cell: ({ row }) => <Changes row={row.original} />,
    },
  ];
}

function Changes({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.changes.length === 0 && !row.details)
    return <span className="text-muted">{t("adminStaff.audit.noChange")}</span>;
  return (
    <div className="flex max-w-xl flex-col gap-1">
      {row.changes.length ? (
        <ul className="flex flex-col gap-0.5">
          {row.changes.map((change) => (
            <li key={change.field} className="break-words">
              {change.field ? <span className="font-semibold">{change.field}: </span> : null}
              <del className="text-danger" title={t("adminStaff.audit.before")}>
                {change.before ?? "–"}
              </del>
              <span aria-hidden="true"> → </span>
              <ins className="text-[#1f5c44] no-underline" title={t("adminStaff.audit.after")}>
                {change.after ?? "–"}
              </ins>
            </li>
          ))}
        </ul>
      ) : null}
      {row.details ? <code className="text-xs break-all text-muted">{row.details}</code> : null}
    </div>
  );
}

const selectClass = "rounded-md border border-line bg-white px-3 py-2 font-normal";
const labelClass = "flex flex-col gap-1 text-sm font-semibold";

function Filters({ facets }: { facets: Route.ComponentProps["loaderData"]["facets"] }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      <label className={labelClass}>
        {t("adminStaff.audit.actor")}
        <select name="actor" defaultValue={params.get("actor") ?? ""} className={selectClass}>
          <option value="">{t("adminStaff.audit.anyActor")}</option>
          {facets.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("adminStaff.audit.action")}
        <select name="action" defaultValue={params.get("action") ?? ""} className={selectClass}>
          <option value="">{t("adminStaff.audit.anyAction")}</option>
          {facets.actions.map((action) => (
            <option key={action}>{action}</option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("adminStaff.audit.entity")}
        <select name="entity" defaultValue={params.get("entity") ?? ""} className={selectClass}>
          <option value="">{t("adminStaff.audit.anyEntity")}</option>
          {facets.entities.map((entity) => (
            <option key={entity}>{entity}</option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("adminStaff.audit.from")}
        <input type="date" name="from" defaultValue={params.get("from") ?? ""} className={selectClass} />
      </label>
      <label className={labelClass}>
        {t("adminStaff.audit.to")}
        <input type="date" name="to" defaultValue={params.get("to") ?? ""} className={selectClass} />
      </label>
    </>
  );
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-audit">
      <div>
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminStaff.audit.title")}</h1>
        <p className="mt-1 text-muted">{t("adminStaff.audit.lead")}</p>
      </div>
      <DataTable
        id="audit"
        caption={t("adminStaff.audit.title")}
        columns={columns}
        page={loaderData.page}
        sortable={AUDIT_SORTABLE}
        filters={<Filters facets={loaderData.facets} />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
