import type { DashboardDay, DashboardFigure, DashboardQueueKey } from "#core/contracts/admin-dashboard.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { PageName } from "#core/i18n/paths.ts";
import { DEFAULT_CURRENCY, formatPrice, formatWholeNumber } from "#core/money/money.ts";

/** The screen each queue's card opens, filtered to the queue where the screen has the filter. */
export const QUEUE_LINKS: Record<DashboardQueueKey, { page: PageName; query?: string }> = {
  reports: { page: "adminModeration" },
  listingsInReview: { page: "adminModeration" },
  complaints: { page: "adminComplaints" },
  ordersToShip: { page: "adminOrders", query: "?kind=shop&status=paid" },
  ordersAwaitingTransfer: { page: "adminOrders", query: "?status=awaiting_payment" },
  statementLines: { page: "adminBankStatements" },
  listingsLive: { page: "adminListings", query: "?status=active" },
  dealsOverdue: { page: "adminDeals" },
  dealCallsRefused: { page: "adminDealPayouts", query: "?state=refused" },
  dealsBalanceMismatch: { page: "adminDealReconciliation" },
  disputesEscalated: { page: "adminDealDisputes" },
  strikesToReview: { page: "adminDealStrikes" },
};

/** Whole crowns: the dashboard's figures are an overview, and a chart's axis has no room for hellers. */
const WHOLE_CROWNS = { ...DEFAULT_CURRENCY, decimals: 0 };

export function formatCrowns(minor: number, locale: Locale): string {
  return formatPrice(minor, WHOLE_CROWNS, { locale });
}

/** What a day (or a week) of the figure says: a count, or a sum of money with its count in brackets. */
export function dayValue(
  figure: Pick<DashboardFigure, "money">,
  day: Omit<DashboardDay, "date">,
  locale: Locale,
) {
  if (!figure.money) return formatWholeNumber(day.count);
  return `${formatCrowns(day.amountMinor ?? 0, locale)} (${formatWholeNumber(day.count)})`;
}

/** The value a chart draws for a day: the money figures' sums, the others' counts. */
export function plotted(figure: Pick<DashboardFigure, "money">, day: DashboardDay): number {
  return figure.money ? Math.round((day.amountMinor ?? 0) / 100) : day.count;
}

export function weekTotal(days: readonly DashboardDay[]): Omit<DashboardDay, "date"> {
  return days.reduce(
    (sum, day) => ({
      count: sum.count + day.count,
      amountMinor: (sum.amountMinor ?? 0) + (day.amountMinor ?? 0),
    }),
    { count: 0, amountMinor: 0 as number | null },
  );
}

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/** A Prague date (YYYY-MM-DD) as a short day label: `po 23. 11.` / `Mon 23/11`. */
export function dayLabel(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "numeric",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A Prague date as a chart axis's short label: `st 18.` / `Wed 18`. */
export function axisDayLabel(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** This week against the one before, in whole percent (`+12 %`); null when the week before had none. */
export function weekChange(current: number, previous: number, locale: Locale): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "";
  const number = formatWholeNumber(Math.abs(percent));
  return locale === "cs" ? `${sign}${number}\u00a0%` : `${sign}${number}%`;
}
