import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DealsSubnav } from "#app/features/admin/deals/subnav.tsx";
import { reasonKey } from "#app/features/deals/dispute.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { AdminDisputeRow } from "#core/contracts/admin-deal-support.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/disputes";

/**
 * The disputes' queue (docs/product/back-office.md, "Deals through Rarita"; issue 35, item 6): the
 * disputes a side handed to the operator first, then the open ones by when they may be handed over;
 * each with both sides, the reason, the amount and its age, and the way to its decision page.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminDealSupport.disputes.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services, locale } = context.get(appContext);
  return { rows: await services.disputes.queue(locale), now: new Date().toISOString() };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function DisputeRow({ row, now }: { row: AdminDisputeRow; now: string }) {
  const { t, locale } = useTranslation();
  const days = Math.floor((new Date(now).getTime() - new Date(row.openedAt).getTime()) / DAY_MS);
  const party = (who: AdminDisputeRow["buyer"]) => (who ? `${who.username} (${who.email})` : "—");
  const escalated = row.status === "escalated";
  return (
    <li
      className={`rounded-2xl bg-white p-4 ring-1 ${escalated ? "ring-secondary" : "ring-line"}`}
      data-testid="dispute-row"
      data-deal-id={row.dealId}
      data-status={row.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-primary-dark">
          #{row.dealId} · {row.productName}
        </p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${escalated ? "bg-secondary/20 text-primary-dark" : "bg-light text-muted"}`}
        >
          {t(`adminDealSupport.disputes.statusLabels.${row.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm tablet:grid-cols-2 desktop:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">{t("adminDealSupport.disputes.reason")}</dt>
          <dd>{t(reasonKey(row.reason, row.pickup))}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("adminDealSupport.disputes.amount")}</dt>
          <dd>{formatPrice(row.totalMinor, null, { locale })}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("adminDealSupport.disputes.age")}</dt>
          <dd>
            {formatDate(row.openedAt, locale)} ·{" "}
            {days < 1
              ? t("adminDealSupport.disputes.today")
              : t("adminDealSupport.disputes.days", { count: days })}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">
            {t(
              row.escalatedAt
                ? "adminDealSupport.disputes.escalatedLabel"
                : "adminDealSupport.disputes.deadline",
            )}
          </dt>
          <dd>{formatDate(row.escalatedAt ?? row.escalatableAt, locale, true)}</dd>
        </div>
      </dl>
      <p className="mt-2 break-words text-sm">
        {t("adminDealSupport.disputes.buyer", { name: party(row.buyer) })}
        <br />
        {t("adminDealSupport.disputes.seller", { name: party(row.seller) })}
      </p>
      <Link
        to={localePath("adminDealDispute", locale, { dealId: String(row.dealId) })}
        className={`mt-3 inline-block rounded-lg px-4 py-2 text-sm font-semibold ${escalated ? "bg-primary-dark text-white hover:bg-[#173d42]" : "text-primary-dark ring-1 ring-line hover:bg-light"}`}
      >
        {t(escalated ? "adminDealSupport.disputes.decide" : "adminDealSupport.disputes.open")}
      </Link>
    </li>
  );
}

export default function AdminDisputesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-disputes">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminDealSupport.disputes.title")}</h1>
      <DealsSubnav />
      <p className="max-w-3xl text-sm text-muted">{t("adminDealSupport.disputes.lead")}</p>
      {loaderData.rows.length === 0 ? (
        <p className="text-muted">{t("adminDealSupport.disputes.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t("adminDealSupport.disputes.caption")}>
          {loaderData.rows.map((row) => (
            <DisputeRow key={row.dealId} row={row} now={loaderData.now} />
          ))}
        </ol>
      )}
    </section>
  );
}
