import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { UserFilters, useUserColumns } from "#app/features/admin/users/user-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { ADMIN_USER_SORTS, AdminUserFiltersSchema } from "#core/schemas/admin-users.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/index";

/**
 * The accounts (docs/product/back-office.md, "Users"): search by e-mail, username, name, phone or
 * id; filter by role, group, verification and state; sort by registration or last login. The
 * table's state is the URL's, so a view can be bookmarked.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminUsers.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "users");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const query = tableQueryFromUrl(url, ADMIN_USER_SORTS);
  const filters = AdminUserFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const [page, groups] = await Promise.all([
    services.adminUsers.search(query, filters),
    services.adminGroups.groups(),
  ]);
  return { page, groups: groups.map(({ id, name }) => ({ id, name })) };
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useUserColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-users">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminUsers.title")}</h1>
      <DataTable
        id="users"
        caption={t("adminUsers.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={ADMIN_USER_SORTS}
        filters={<UserFilters groups={loaderData.groups} />}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
