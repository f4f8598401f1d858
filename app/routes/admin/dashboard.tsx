import { appContext } from "#app/context.ts";
import { DashboardView } from "#app/features/admin/dashboard/dashboard-view.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { Route } from "./+types/dashboard";
import { requireStaff } from "./guard.server.ts";

/**
 * The dashboard (docs/product/back-office.md, "Dashboard"): any staff member; the server reads and
 * sends only the queues and figures the user's scopes allow.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("admin.nav.dashboard"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireStaff(context);
  const { services } = context.get(appContext);
  return { dashboard: await services.dashboard.forScopes(user.scope) };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardView dashboard={loaderData.dashboard} />;
}
