import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "#app/ui/feedback/use-hydrated.ts";
import type { DashboardFigure } from "#core/contracts/admin-dashboard.ts";
import { formatWholeNumber } from "#core/money/money.ts";
import { axisDayLabel, dayLabel, dayValue, formatCrowns, plotted } from "./format.ts";

const HEIGHT = 180;
const LEGEND_HEIGHT = 24;
const THIS_WEEK_COLOUR = "#1f4f55";
const PREVIOUS_WEEK_COLOUR = "#ddd5c7";

/**
 * A figure's bars: each day of this week beside the same weekday of the week before. The chart is
 * drawn once the scripts run (it measures its box), so the server's HTML and the hydration render
 * hold the same empty box of the chart's height and nothing shifts; the numbers themselves are in
 * the table beside it, for screen readers and a page without scripts. Recharts draws inline SVG,
 * which the page's Content Security Policy allows (server/http/csp.ts: inline styles, no script).
 */
export function FigureChart({ figure }: { figure: DashboardFigure }) {
  const hydrated = useHydrated();
  const { locale, t } = useTranslation();
  const thisWeek = t("adminDashboard.week.thisWeek");
  const previousWeek = t("adminDashboard.week.previousWeek");
  const rows = figure.current.map((day, index) => ({
    label: axisDayLabel(day.date, locale),
    current: plotted(figure, day),
    previous: plotted(figure, figure.previous[index]),
    index,
  }));
  const axisValue = (value: number) =>
    figure.money ? formatCrowns(value * 100, locale) : formatWholeNumber(value);
  return (
    <div aria-hidden="true" style={{ height: HEIGHT }} className="min-w-0" data-testid="figure-chart">
      {hydrated ? (
        <ul className="flex gap-4 text-xs text-muted" style={{ height: LEGEND_HEIGHT }}>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ background: THIS_WEEK_COLOUR }} />
            {thisWeek}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ background: PREVIOUS_WEEK_COLOUR }} />
            {previousWeek}
          </li>
        </ul>
      ) : null}
      {hydrated ? (
        <ResponsiveContainer width="100%" height={HEIGHT - LEGEND_HEIGHT}>
          <BarChart
            data={rows}
            margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
            barGap={2}
            // The table beside it is what keyboards and screen readers read: no focus in a hidden chart.
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="#ddd5c7" />
            <XAxis dataKey="label" interval={0} tick={{ fontSize: 11, fill: "#5c6770" }} tickLine={false} />
            <YAxis
              allowDecimals={false}
              width={figure.money ? 76 : 32}
              tick={{ fontSize: 12, fill: "#5c6770" }}
              tickFormatter={axisValue}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              formatter={(_value, name, item) => {
                const index = (item.payload as { index: number }).index;
                const day = name === previousWeek ? figure.previous[index] : figure.current[index];
                return [dayValue(figure, day, locale), `${name} (${dayLabel(day.date, locale)})`];
              }}
              labelFormatter={() => ""}
            />
            <Bar dataKey="previous" name={previousWeek} fill={PREVIOUS_WEEK_COLOUR} radius={[3, 3, 0, 0]} />
            <Bar dataKey="current" name={thisWeek} fill={THIS_WEEK_COLOUR} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}
