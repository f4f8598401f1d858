import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealReconciliationView } from "#core/contracts/admin-deals.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { Badge, Notice, useMoney } from "../orders/shared.tsx";
import { card, heading } from "./deal-money.tsx";

/**
 * The held money's check (docs/product/deals.md, "Back office and reconciliation"): the last
 * result large, with what the provider holds and what the records say, "Check now", and the
 * checks before it. Without a provider it says so and offers nothing to run.
 */

export type ReconciliationData = { configured: boolean; history: DealReconciliationView[] };

function Difference({ minor }: { minor: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  return minor === 0 ? (
    <Badge tone="good">{t("adminDeals.reconciliation.match")}</Badge>
  ) : (
    // Said as missing or extra money at the provider, never as a signed number to decode.
    <Badge tone="bad">
      {t(minor < 0 ? "adminDeals.reconciliation.short" : "adminDeals.reconciliation.over", {
        amount: money(Math.abs(minor)),
      })}
    </Badge>
  );
}

function Latest({ check }: { check: DealReconciliationView | undefined }) {
  const { t, locale } = useTranslation();
  const money = useMoney();
  if (!check) return <p>{t("adminDeals.reconciliation.never")}</p>;
  return (
    <dl
      className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1"
      data-testid="reconciliation-latest"
    >
      <dt className="font-semibold">{t("adminDeals.reconciliation.checkedAt")}</dt>
      <dd>{formatShortDateTime(check.checkedAt, locale)}</dd>
      <dt className="font-semibold">{t("adminDeals.reconciliation.provider")}</dt>
      <dd className="whitespace-nowrap">{money(check.providerMinor)}</dd>
      <dt className="font-semibold">{t("adminDeals.reconciliation.expected")}</dt>
      <dd className="whitespace-nowrap">{money(check.expectedMinor)}</dd>
      <dt className="font-semibold">{t("adminDeals.reconciliation.difference")}</dt>
      <dd>
        <Difference minor={check.differenceMinor} />
      </dd>
    </dl>
  );
}

function History({ history }: { history: DealReconciliationView[] }) {
  const { t, locale } = useTranslation();
  const money = useMoney();
  if (history.length === 0) return null;
  // The difference right after the date: on a phone the rest scrolls, and it is what matters.
  const th = "py-1 pr-3 font-semibold";
  const td = "py-1 pr-3 whitespace-nowrap";
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.reconciliation.history")}</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="reconciliation-history">
          <caption className="sr-only">{t("adminDeals.reconciliation.history")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={th}>
                {t("adminDeals.reconciliation.checkedAt")}
              </th>
              <th scope="col" className={th}>
                {t("adminDeals.reconciliation.difference")}
              </th>
              <th scope="col" className={th}>
                {t("adminDeals.reconciliation.provider")}
              </th>
              <th scope="col" className={th}>
                {t("adminDeals.reconciliation.expected")}
              </th>
              <th scope="col" className={th}>
                {t("adminDeals.reconciliation.by")}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((check) => (
              <tr key={check.id} className="border-b border-line/60">
                <td className={td}>{formatShortDateTime(check.checkedAt, locale)}</td>
                <td className={td}>
                  <Difference minor={check.differenceMinor} />
                </td>
                <td className={td}>{money(check.providerMinor)}</td>
                <td className={td}>{money(check.expectedMinor)}</td>
                <td className={td}>{check.requestedBy ?? t("adminDeals.reconciliation.daily")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ReconciliationView({ data, message }: { data: ReconciliationData; message?: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="flex flex-col gap-6" data-testid="admin-deal-reconciliation">
      <div>
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminDeals.reconciliation.title")}</h1>
        <p className="mt-1 max-w-prose text-muted">{t("adminDeals.reconciliation.lead")}</p>
      </div>
      <Notice message={message} ok />
      {data.configured ? (
        <div className={card}>
          <h2 className={heading}>{t("adminDeals.reconciliation.latest")}</h2>
          <Latest check={data.history[0]} />
          <Form method="post">
            <button
              type="submit"
              disabled={busy}
              className="mt-2 rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60"
            >
              {t("adminDeals.reconciliation.checkNow")}
            </button>
          </Form>
        </div>
      ) : (
        <p
          className="rounded-md border border-line bg-light px-4 py-3"
          data-testid="reconciliation-no-provider"
        >
          {t("adminDeals.reconciliation.noProvider")}
        </p>
      )}
      <History history={data.history} />
    </section>
  );
}
