import { useTranslation } from "#app/i18n/use-translation.ts";
import { browserOnly, useBrowserOnly } from "#app/ui/browser-only.ts";
import type { DashboardFigure } from "#core/contracts/admin-dashboard.ts";
import { HEIGHT, LEGEND_HEIGHT, PREVIOUS_WEEK_COLOUR, THIS_WEEK_COLOUR } from "./figure-colours.ts";

/** Recharts' bars, loaded by the browser only (app/ui/browser-only.ts). */
const bars = browserOnly(() => import("./figure-bars.tsx").then((module) => module.FigureBars));

/**
 * A figure's bars: each day of this week beside the same weekday of the week before. The chart is
 * drawn once the scripts run and its module has come (figure-bars.tsx: it measures its box), so
 * the server's HTML and the hydration render hold the same empty box of the chart's height and
 * nothing shifts; the numbers themselves are in the table beside it, for screen readers and a page
 * without scripts. Recharts draws inline SVG, which the page's Content Security Policy allows
 * (server/http/csp.ts: inline styles, no script).
 */
export function FigureChart({ figure }: { figure: DashboardFigure }) {
  const { t } = useTranslation();
  const FigureBars = useBrowserOnly(bars);
  return (
    <div aria-hidden="true" style={{ height: HEIGHT }} className="min-w-0" data-testid="figure-chart">
      {FigureBars ? (
        <>
          <ul className="flex gap-4 text-xs text-muted" style={{ height: LEGEND_HEIGHT }}>
            <li className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: THIS_WEEK_COLOUR }} />
              {t("adminDashboard.week.thisWeek")}
            </li>
            <li className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: PREVIOUS_WEEK_COLOUR }} />
              {t("adminDashboard.week.previousWeek")}
            </li>
          </ul>
          <FigureBars figure={figure} />
        </>
      ) : null}
    </div>
  );
}
