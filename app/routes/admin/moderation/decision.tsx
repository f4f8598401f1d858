import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { Statement } from "#app/features/moderation/statement.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatDate } from "#core/formats/dates.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/decision";

/** One decision as kept: its statement of reasons, who decided, and the complaints about it. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminModeration.decisions.detail", { id: args.params.id }),
    noindex: true,
  }));
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const decision = await services.moderation.decision(Number(params.id) || 0);
  if (!decision) throw data(translate(locale, "adminModeration.errors.notFound"), { status: 404 });
  return { decision };
}

export default function AdminDecisionPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { decision } = loaderData;
  return (
    <section className="flex max-w-4xl flex-col gap-6" data-testid="admin-decision">
      <h1 className="font-serif text-3xl text-primary-dark">
        {t("adminModeration.decisions.detail", { id: decision.id })}
      </h1>
      <p>
        {t("adminModeration.decisions.decider")}: {decision.deciderName} ·{" "}
        {decision.reversedAt
          ? `${t("adminModeration.decisions.reversed")} ${formatDate(decision.reversedAt, locale)}`
          : t("adminModeration.decisions.standing")}
      </p>
      <div className="rounded-xl border border-line bg-white p-5">
        <Statement decision={decision} />
      </div>
      {decision.target === "listing" ? (
        <Link
          className="text-primary-dark underline"
          to={localePath("adminListingReview", locale, { id: decision.targetId })}
        >
          {t("adminModeration.listing.title", { id: decision.targetId })}
        </Link>
      ) : null}
      <section aria-labelledby="complaints-title" className="flex flex-col gap-3">
        <h2 id="complaints-title" className="font-serif text-xl text-primary-dark">
          {t("adminModeration.decisions.complaints")}
        </h2>
        {decision.complaints.length === 0 ? (
          <p className="text-muted">{t("adminModeration.complaints.empty")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {decision.complaints.map((complaint) => (
              <li key={complaint.id}>
                <Link
                  className="text-primary-dark underline"
                  to={localePath("adminComplaint", locale, { id: complaint.id })}
                >
                  {t("adminModeration.complaints.detail", { id: complaint.id })}
                </Link>{" "}
                – {t(`adminModeration.complaints.status.${complaint.status}`)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
