import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DecisionForm } from "#app/features/moderation/decision-form.tsx";
import { EarlierDecisions, HistoryPanel } from "#app/features/moderation/history.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { type DecisionAction, RESTRICTIONS_BY_TARGET } from "#core/contracts/moderation.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/user-restriction";
import { decideAction } from "./decide.server.ts";

/**
 * Restricting an account without a report (DSA Art. 17, ground "own initiative"; Art. 23 for
 * repeat abusers): the user's history, the decisions about them and the decision form limited to
 * the account measures. The users back office links here from a user's "Restrictions".
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminModeration.user.title", { username: args.loaderData?.history.account?.username ?? "" }),
    noindex: true,
  }));
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const userId = Number(params.id) || 0;
  const history = await services.moderation.userHistory(userId);
  if (!history.account) throw data(translate(locale, "adminModeration.errors.notFound"), { status: 404 });
  const decisions = await services.moderation.decisions({ limit: 50, offset: 0 }, { userId });
  const { blockedAt, suspendedUntil } = history.account;
  // A running suspension or a block can also be lifted early (a decision of its own, audited).
  const restricted = blockedAt !== null || (suspendedUntil !== null && suspendedUntil > new Date());
  const actions: DecisionAction[] = [
    ...RESTRICTIONS_BY_TARGET.user,
    ...(restricted ? ["lift_restriction" as const] : []),
  ];
  return { userId, history, actions, deleted: history.account.deleted, decisions: decisions.rows };
}

export const action = decideAction;

export default function AdminUserRestrictionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { userId, history, actions, deleted, decisions } = loaderData;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-user-restriction">
      <h1 className="font-serif text-3xl text-primary-dark">
        {t("adminModeration.user.title", { username: history.account?.username ?? "" })}
      </h1>
      <p>
        <Link
          className="text-primary-dark underline underline-offset-4"
          to={localePath("adminUser", locale, { id: userId })}
        >
          {t("adminModeration.user.userPage")}
        </Link>
      </p>
      <div className="grid gap-6 desktop:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <p className="max-w-prose">{t("adminModeration.user.intro")}</p>
          {deleted ? (
            <p className="text-muted">{t("adminModeration.user.deleted")}</p>
          ) : (
            <DecisionForm target="user" targetId={userId} actions={actions} reply={actionData?.result} />
          )}
        </div>
        <div className="flex flex-col gap-6">
          <HistoryPanel history={history} />
          <EarlierDecisions decisions={decisions} title={t("adminModeration.user.decisions")} />
        </div>
      </div>
    </section>
  );
}
