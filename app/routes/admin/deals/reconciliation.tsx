import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { ReconciliationView } from "#app/features/admin/deals/reconciliation-view.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/reconciliation";

/**
 * The held money's check (docs/product/back-office.md, "Deals through Rarita"; ADR 0076): the
 * daily job's results and "Check now", which runs the same check at once; audited.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminDeals.reconciliation.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services } = context.get(appContext);
  return services.heldMoney.reconciliations();
}

export async function action({ context }: Route.ActionArgs) {
  const staff = requireScope(context, "deals");
  const { services, locale, clientIp } = context.get(appContext);
  const checked = await services.heldMoney.reconcileNow({ actorId: staff.id, ip: clientIp });
  if (!checked.ok)
    return data({ message: translate(locale, "adminDeals.errors.noProvider") }, { status: 409 });
  return { message: translate(locale, "adminDeals.reconciliation.checked") };
}

export default function AdminDealReconciliationPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReconciliationView data={loaderData} message={actionData?.message} />;
}
