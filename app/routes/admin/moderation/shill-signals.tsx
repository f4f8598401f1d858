import { Form, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { SignalCard } from "#app/features/admin/shill-signals/evidence.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { SHILL_SIGNAL_KINDS } from "#core/contracts/shill-signals.ts";
import { translate } from "#core/i18n/index.ts";
import { SHILL_SIGNAL_STATUSES } from "#core/lifecycles/shill-signal.ts";
import { ShillSignalFilterSchema } from "#core/schemas/shill-signals.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/shill-signals";

/**
 * "Podezřelé přihazování" (docs/product/trust.md, "Shill-bidding signals"; ADR 0087): the signals
 * the daily check found, by kind and state, each with its evidence and both accounts; "check now"
 * runs the check at once. Moderation scope; the decisions are on each signal's page.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminShillSignals.list.title"), noindex: true }));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const filter = ShillSignalFilterSchema.parse({
    kind: params.get("kind"),
    status: params.get("status") ?? "new",
  });
  return { filter, rows: await services.shillSignals.list(filter) };
}

export async function action({ context }: Route.ActionArgs) {
  requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const run = await services.shillSignals.detectNow();
  return { checked: translate(locale, "adminShillSignals.list.checked", { ...run }) };
}

function Filter({ kind, status }: { kind?: string; status?: string }) {
  const { t } = useTranslation();
  const select = "mt-1 block w-full rounded-lg border border-line bg-white px-3 py-2 text-base";
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label={t("adminShillSignals.list.filters")}
    >
      <label className="min-w-[14rem] flex-1 text-sm font-medium tablet:flex-none">
        {t("adminShillSignals.list.kind")}
        <select name="kind" defaultValue={kind ?? ""} className={select}>
          <option value="">{t("adminShillSignals.list.all")}</option>
          {SHILL_SIGNAL_KINDS.map((one) => (
            <option key={one} value={one}>
              {t(`adminShillSignals.kinds.${one}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-[10rem] flex-1 text-sm font-medium tablet:flex-none">
        {t("adminShillSignals.list.status")}
        <select name="status" defaultValue={status ?? ""} className={select}>
          <option value="">{t("adminShillSignals.list.all")}</option>
          {SHILL_SIGNAL_STATUSES.map((one) => (
            <option key={one} value={one}>
              {t(`adminShillSignals.statuses.${one}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-lg bg-primary-dark px-4 py-2.5 font-semibold text-white">
        {t("adminShillSignals.list.filter")}
      </button>
    </Form>
  );
}

export default function AdminShillSignalsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { filter, rows } = loaderData;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-shill-signals">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminShillSignals.list.title")}</h1>
        <Form method="post">
          <button
            type="submit"
            className="rounded-lg px-4 py-2.5 font-semibold text-primary-dark ring-1 ring-primary-dark"
            disabled={navigation.state === "submitting"}
          >
            {t("adminShillSignals.list.checkNow")}
          </button>
        </Form>
      </div>
      <p className="max-w-3xl text-sm text-muted">{t("adminShillSignals.list.lead")}</p>
      {actionData?.checked ? (
        <p className="rounded-xl bg-success/10 p-3 text-sm" role="status">
          {actionData.checked}
        </p>
      ) : null}
      <Filter kind={filter.kind} status={filter.status} />
      {rows.length === 0 ? (
        <p className="text-muted">{t("adminShillSignals.list.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {rows.map((row) => (
            <SignalCard key={row.id} row={row} />
          ))}
        </ol>
      )}
    </section>
  );
}
