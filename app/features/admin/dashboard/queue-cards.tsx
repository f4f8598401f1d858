import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DashboardQueue } from "#core/contracts/admin-dashboard.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice, formatWholeNumber } from "#core/money/money.ts";
import { QUEUE_LINKS } from "./format.ts";

/** What waits for whom: a card per queue the user's scopes open, with its count and its screen. */
export function QueueCards({ queues }: { queues: DashboardQueue[] }) {
  const { locale, t } = useTranslation();
  if (queues.length === 0) return <p className="text-muted">{t("adminDashboard.queues.empty")}</p>;
  return (
    <ul className="grid gap-3 tablet:grid-cols-2 desktop:grid-cols-3" data-testid="queue-cards">
      {queues.map((queue) => {
        const titleId = `queue-${queue.key}`;
        return (
          <li
            key={queue.key}
            className={`flex flex-col rounded-xl border bg-white p-4 ${queue.count > 0 && queue.key !== "listingsLive" ? "border-secondary" : "border-line"}`}
            data-testid={`queue-${queue.key}`}
          >
            <p id={titleId} className="font-semibold text-primary-dark">
              {t(`adminDashboard.queues.${queue.key}.title`)}
            </p>
            <p className="font-serif text-3xl text-ink" data-testid="queue-count">
              {formatWholeNumber(queue.count)}
            </p>
            {queue.amountMinor ? (
              <p className="font-semibold text-danger" data-testid="queue-amount">
                {formatPrice(queue.amountMinor, null, { locale })}
              </p>
            ) : null}
            <p className="mt-1 flex-1 text-sm text-muted">{t(`adminDashboard.queues.${queue.key}.hint`)}</p>
            <Link
              to={`${localePath(QUEUE_LINKS[queue.key].page, locale)}${QUEUE_LINKS[queue.key].query ?? ""}`}
              aria-describedby={titleId}
              className="mt-3 self-start font-semibold text-primary-dark underline"
            >
              {t("adminDashboard.queues.open")}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
