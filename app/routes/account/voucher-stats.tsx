import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { useCzk } from "#app/features/shop/orders/order-parts.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { InfluencerStats } from "#core/contracts/shop.ts";
import { formatDate } from "#core/formats/dates.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Route } from "./+types/voucher-stats";

/**
 * An influencer's voucher (`/ucet/muj-poukaz`; docs/product/payments.md, "Vouchers": "the
 * influencer sees its usage and margin statistics"): the code with its discount, margin and
 * validity, what it brought (paid orders, revenue after discounts, the margin, orders awaiting
 * payment) and the same per month as a bar chart and a table. A user without a voucher gets a 404
 * (the account menu does not offer the page to them).
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("orders.voucher.metaTitle"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const stats = await services.shop.influencerStats(user!.id);
  if (!stats) throw data(null, { status: 404 });
  return { stats, now: new Date().toISOString() };
}

type Month = InfluencerStats["months"][number];

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/** `2026-11` as "listopad 2026" / "November 2026" (or "lis" / "Nov" short). */
function monthLabel(month: string, locale: Locale, short = false): string {
  const [year, number] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: "UTC",
    month: short ? "short" : "long",
    ...(short ? {} : { year: "numeric" }),
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** The month before `month` (YYYY-MM). */
function previousMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
}

/** Up to 12 months, oldest first, ending with the newest one listed; months without orders count 0. */
function chartMonths(months: readonly Month[]): Month[] {
  if (months.length === 0) return [];
  const byMonth = new Map(months.map((month) => [month.month, month]));
  const listed = months.map((month) => month.month).sort();
  const oldest = listed[0];
  const out: Month[] = [];
  let cursor = listed[listed.length - 1];
  while (out.length < 12) {
    out.unshift(byMonth.get(cursor) ?? { month: cursor, orders: 0, revenueMinor: 0, marginMinor: 0 });
    if (cursor <= oldest) break;
    cursor = previousMonth(cursor);
  }
  return out;
}

function VoucherCard({ stats, now }: { stats: InfluencerStats; now: string }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const expired = stats.validTo !== null && stats.validTo < now;
  const items = [
    {
      label: t("orders.voucher.discount"),
      value:
        stats.kind === "percent" ? t("orders.voucher.percent", { value: stats.value }) : price(stats.value),
      testId: "voucher-discount",
    },
    {
      label: t("orders.voucher.margin"),
      value: t("orders.voucher.marginOf", { percent: stats.marginPercent }),
      testId: "voucher-margin",
    },
    {
      label: t("orders.voucher.validity"),
      value:
        stats.validTo === null
          ? t("orders.voucher.validAlways")
          : t(expired ? "orders.voucher.expired" : "orders.voucher.validTo", {
              date: formatDate(stats.validTo, locale),
            }),
      testId: "voucher-validity",
    },
  ];
  return (
    <div className="mt-6 flex flex-col gap-5 rounded-2xl bg-primary-dark p-5 text-white tablet:flex-row tablet:items-center tablet:p-6">
      <div className="flex flex-col gap-1">
        <span className="text-sm text-white/80">{t("orders.voucher.code")}</span>
        <span
          className="rounded-lg border-2 border-dashed border-secondary px-4 py-2 font-mono text-2xl font-bold tracking-widest select-all tablet:text-3xl"
          data-testid="voucher-code"
        >
          {stats.code}
        </span>
      </div>
      <dl className="grid flex-1 grid-cols-1 gap-3 min-[420px]:grid-cols-3 tablet:gap-4">
        {items.map((item) => (
          <div key={item.testId} className="flex flex-col">
            <dt className="text-sm text-white/80">{item.label}</dt>
            <dd className="text-lg font-semibold" data-testid={item.testId}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Figures({ stats }: { stats: InfluencerStats }) {
  const { t } = useTranslation();
  const price = useCzk();
  const figures = [
    { label: t("orders.voucher.orders"), value: String(stats.orders), testId: "voucher-orders" },
    { label: t("orders.voucher.revenue"), value: price(stats.revenueMinor), testId: "voucher-revenue" },
    {
      label: t("orders.voucher.marginTotal"),
      value: price(stats.marginMinor),
      testId: "voucher-margin-total",
    },
    { label: t("orders.voucher.pending"), value: String(stats.pendingOrders), testId: "voucher-pending" },
  ];
  return (
    <section aria-labelledby="voucher-figures-title" className="@container mt-8">
      <h2 id="voucher-figures-title" className="font-serif text-2xl text-primary-dark">
        {t("orders.voucher.figures")}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 @3xl:grid-cols-4 @3xl:gap-4">
        {figures.map((figure) => (
          <div
            key={figure.testId}
            className="flex min-w-0 flex-col-reverse justify-end rounded-xl border border-line bg-white p-4 tablet:p-5"
          >
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd
              className="font-serif text-xl whitespace-nowrap text-primary-dark tabular-nums @sm:text-2xl @xl:text-3xl @3xl:text-2xl"
              data-testid={figure.testId}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Revenue per month as bars scaled to the best month (plain HTML boxes: they stay crisp at any
 * width, with labels at the text's size); the table below has the numbers.
 */
function MonthChart({ months }: { months: Month[] }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const max = Math.max(...months.map((month) => month.revenueMinor), 1);
  return (
    <figure className="rounded-xl border border-line bg-white p-4 tablet:p-5" data-testid="voucher-chart">
      <div
        role="img"
        aria-label={t("orders.voucher.chartLabel", {
          from: monthLabel(months[0].month, locale),
          to: monthLabel(months[months.length - 1].month, locale),
        })}
        className="flex h-36 items-end gap-1 border-b border-line tablet:h-44 tablet:gap-2"
      >
        {months.map((month) => (
          <div key={month.month} className="flex h-full min-w-0 flex-1 items-end justify-center">
            <div
              className="w-full max-w-12 rounded-t bg-primary-dark"
              style={{
                height: `${Math.max((month.revenueMinor / max) * 100, month.revenueMinor > 0 ? 2 : 0)}%`,
              }}
              title={`${monthLabel(month.month, locale)}: ${price(month.revenueMinor)}`}
              data-testid="voucher-bar"
              data-month={month.month}
            />
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="mt-1.5 flex gap-1 text-center text-xs text-muted tablet:gap-2 tablet:text-sm"
      >
        {months.map((month) => (
          <span key={month.month} className="min-w-0 flex-1 truncate">
            {monthLabel(month.month, locale, true)}
          </span>
        ))}
      </div>
    </figure>
  );
}

/** The months as a table from a tablet up; on a phone, one small card per month (the table would not fit). */
function MonthTable({ months }: { months: Month[] }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const columns = [
    ["monthOrders", (month: Month) => String(month.orders)],
    ["monthRevenue", (month: Month) => price(month.revenueMinor)],
    ["monthMargin", (month: Month) => price(month.marginMinor)],
  ] as const;
  return (
    <div className="rounded-xl border border-line bg-white">
      <table className="hidden w-full border-collapse text-left tablet:table" data-testid="voucher-months">
        <thead>
          <tr className="border-b border-line text-sm text-muted">
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("orders.voucher.month")}
            </th>
            {columns.map(([key]) => (
              <th key={key} scope="col" className="px-4 py-3 text-right font-semibold">
                {t(`orders.voucher.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr
              key={month.month}
              className="border-b border-line/70 last:border-b-0"
              data-testid="voucher-month"
              data-month={month.month}
            >
              <th scope="row" className="px-4 py-3 font-semibold capitalize">
                {monthLabel(month.month, locale)}
              </th>
              {columns.map(([key, value]) => (
                <td key={key} className="px-4 py-3 text-right tabular-nums">
                  {value(month)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-line/70 tablet:hidden">
        {months.map((month) => (
          <li key={month.month} className="flex flex-col gap-2 p-4" data-testid="voucher-month-card">
            <span className="font-semibold capitalize">{monthLabel(month.month, locale)}</span>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              {columns.map(([key, value]) => (
                <div key={key} className="flex min-w-0 flex-col">
                  <dt className="text-muted">{t(`orders.voucher.${key}`)}</dt>
                  <dd className="whitespace-nowrap tabular-nums">{value(month)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function VoucherStatsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { stats, now } = loaderData;
  const chart = chartMonths(stats.months);
  return (
    <section data-testid="voucher-stats">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("orders.voucher.title")}</h1>
      <p className="mt-1 text-muted">{t("orders.voucher.intro")}</p>
      <VoucherCard stats={stats} now={now} />
      <Figures stats={stats} />
      <section aria-labelledby="voucher-months-title" className="mt-8 flex flex-col gap-4">
        <h2 id="voucher-months-title" className="font-serif text-2xl text-primary-dark">
          {t("orders.voucher.monthsTitle")}
        </h2>
        {stats.months.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-muted ring-1 ring-line" data-testid="voucher-empty">
            {t("orders.voucher.empty")}
          </p>
        ) : (
          <>
            <MonthChart months={chart} />
            <MonthTable months={stats.months} />
          </>
        )}
        <p className="text-sm text-muted">{t("orders.voucher.note")}</p>
      </section>
    </section>
  );
}
