import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Dashboard } from "#core/contracts/admin-dashboard.ts";
import { FigureCard } from "./figure-card.tsx";
import { QueueCards } from "./queue-cards.tsx";

/** The back office's first screen (docs/product/back-office.md, "Dashboard"), as the user's scopes allow. */
export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8" data-testid="admin-dashboard">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark">{t("admin.nav.dashboard")}</h1>
        <p className="mt-1 text-muted">{t("adminDashboard.lead")}</p>
      </header>
      <section aria-labelledby="dashboard-queues" className="flex flex-col gap-3">
        <h2 id="dashboard-queues" className="font-serif text-2xl text-primary-dark">
          {t("adminDashboard.queues.heading")}
        </h2>
        <QueueCards queues={dashboard.queues} />
      </section>
      <section aria-labelledby="dashboard-week" className="flex flex-col gap-3">
        <div>
          <h2 id="dashboard-week" className="font-serif text-2xl text-primary-dark">
            {t("adminDashboard.week.heading")}
          </h2>
          <p className="text-sm text-muted">{t("adminDashboard.week.lead")}</p>
        </div>
        <div className="grid gap-4">
          {dashboard.figures.map((figure) => (
            <FigureCard key={figure.key} figure={figure} />
          ))}
        </div>
      </section>
    </div>
  );
}
