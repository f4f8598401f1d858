import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DashboardFigure } from "#core/contracts/admin-dashboard.ts";
import { formatWholeNumber } from "#core/money/money.ts";
import { HEIGHT, LEGEND_HEIGHT, PREVIOUS_WEEK_COLOUR, THIS_WEEK_COLOUR } from "./figure-colours.ts";
import { axisDayLabel, dayLabel, dayValue, formatCrowns, plotted } from "./format.ts";

/**
 * A figure's bars drawn by Recharts (figure-chart.tsx draws the box and the legend), in a module of
 * its own: the chart loads it in the browser once the scripts run, so the server, which only ever
 * draws the empty box, never loads Recharts (ADR 0119).
 */
export function FigureBars({ figure }: { figure: DashboardFigure }) {
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
    <ResponsiveContainer width="100%" height={HEIGHT - LEGEND_HEIGHT}>
      <BarChart
        data={rows}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        barGap={2}
        // The table beside it is what keyboards and screen readers read: no focus in a hidden chart.
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#ddd5c7" />
        {/* Every day where there is room; on a phone beside a money axis, every other one (no overlap). */}
        <XAxis
          dataKey="label"
          interval="preserveStartEnd"
          minTickGap={2}
          tick={{ fontSize: 11, fill: "#5c6770" }}
          tickLine={false}
        />
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
        {/* Drawn at once, not grown: a back office's figure is read, not watched. */}
        <Bar
          dataKey="previous"
          name={previousWeek}
          fill={PREVIOUS_WEEK_COLOUR}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey="current"
          name={thisWeek}
          fill={THIS_WEEK_COLOUR}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
