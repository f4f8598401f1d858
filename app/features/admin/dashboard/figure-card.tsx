import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DashboardFigure } from "#core/contracts/admin-dashboard.ts";
import { FigureChart } from "./figure-chart.tsx";
import { dayLabel, dayValue, weekChange, weekTotal } from "./format.ts";

/**
 * One of the week's figures: this week's total beside the week before, the chart, and the same
 * numbers day by day as a table (what a screen reader and a page without scripts read).
 */
export function FigureCard({ figure }: { figure: DashboardFigure }) {
  const { locale, t } = useTranslation();
  const title = t(`adminDashboard.figure.${figure.key}`);
  const current = weekTotal(figure.current);
  const previous = weekTotal(figure.previous);
  const measure = (total: typeof current) => (figure.money ? (total.amountMinor ?? 0) : total.count);
  const change = weekChange(measure(current), measure(previous), locale);
  const headingId = `figure-${figure.key}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-line bg-white p-4"
      data-testid={`figure-${figure.key}`}
    >
      <h3 id={headingId} className="font-semibold text-primary-dark">
        {title}
      </h3>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-serif text-2xl text-ink" data-testid="figure-total">
          {dayValue(figure, current, locale)}
        </span>
        <span className="text-sm text-muted">
          {[
            t("adminDashboard.week.previousTotal", { value: dayValue(figure, previous, locale) }),
            change ? t("adminDashboard.week.change", { value: change }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </p>
      <div className="mt-3 grid gap-4 tablet:grid-cols-[minmax(0,1fr)_auto]">
        <FigureChart figure={figure} />
        <table className="text-sm tabular-nums" data-testid="figure-table">
          <caption className="sr-only">
            {t("adminDashboard.week.tableCaption", { figure: title })}
            {figure.money ? ` ${t("adminDashboard.week.countNote")}` : null}
          </caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="pr-3 font-normal">
                {t("adminDashboard.week.day")}
              </th>
              <th scope="col" className="pr-3 text-right font-normal">
                {t("adminDashboard.week.thisWeek")}
              </th>
              <th scope="col" className="text-right font-normal">
                {t("adminDashboard.week.previousWeek")}
              </th>
            </tr>
          </thead>
          <tbody>
            {figure.current.map((day, index) => (
              <tr key={day.date} className="border-t border-line">
                <th scope="row" className="py-0.5 pr-3 text-left font-normal whitespace-nowrap">
                  {dayLabel(day.date, locale)}
                </th>
                <td className="py-0.5 pr-3 text-right whitespace-nowrap">{dayValue(figure, day, locale)}</td>
                <td className="py-0.5 text-right whitespace-nowrap text-muted">
                  {dayValue(figure, figure.previous[index], locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
