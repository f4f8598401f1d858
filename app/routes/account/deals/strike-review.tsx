import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { AppealForm, AppealList } from "#app/features/deals/dispute-appeal.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/strike-review";

export const middleware = named("auth");

/**
 * The operator's review of the buyer's suspended bidding (/ucet/obchody/posouzeni/:reviewId; issue
 * 35, item 7): the decision with its facts and grounds, and the appeal against a kept suspension
 * (ADR 0079), which another staff member answers. Only the buyer's own review (anyone else: 404).
 */
function reviewIdOf(params: { reviewId?: string }): number {
  const id = Number(params.reviewId);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const review = await services.disputes.appeals.strikeReviewFor(user!.id, reviewIdOf(params));
  if (!review) throw data(null, { status: 404 });
  return { review };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, user, locale, clientIp } = context.get(appContext);
  const form = await request.formData();
  const made = await services.disputes.appeals.appealStrikeReview(
    reviewIdOf(params),
    user!.id,
    String(form.get("text") ?? ""),
    clientIp,
  );
  if (made.ok) return { error: null, done: translate(locale, "dealAppeals.appealed") };
  return data(
    { error: translate(locale, `dealAppeals.refusal.${made.code}` as MessageKey), done: null },
    { status: made.code === "not_found" ? 404 : made.code === "invalid" ? 422 : 409 },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("dealAppeals.review.title"), noindex: true }));
}

export default function StrikeReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { review } = loaderData;
  const { t, locale } = useTranslation();
  return (
    <section
      className="flex max-w-3xl flex-col gap-4"
      data-testid="strike-review-page"
      data-outcome={review.outcome}
    >
      <Link
        to={localePath("accountPurchases", locale)}
        className="text-sm text-primary-dark underline underline-offset-4"
      >
        {t("dealAppeals.review.back")}
      </Link>
      <h1 className="font-serif text-2xl text-primary-dark">{t("dealAppeals.review.title")}</h1>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-line">
        <p className="font-semibold">{t(`dealAppeals.review.${review.outcome}`)}</p>
        <p className="mt-1 text-sm text-muted">
          {t("dealAppeals.review.strikes", { count: review.strikes })}
        </p>
        <h2 className="mt-3 text-sm font-semibold">{t("dealAppeals.review.facts")}</h2>
        <p className="mt-1 whitespace-pre-line">{review.facts}</p>
        <h2 className="mt-3 text-sm font-semibold">{t("dealAppeals.review.grounds")}</h2>
        <p className="mt-1 whitespace-pre-line">{review.grounds}</p>
        <p className="mt-3 text-xs text-muted">
          {t("dealAppeals.review.decidedAt", { date: formatDate(review.at, locale, true) })}
        </p>
        {actionData?.done ? (
          <p className="mt-3 rounded-xl bg-success/10 p-3" role="status">
            {actionData.done}
          </p>
        ) : null}
        {actionData?.error ? (
          <p className="mt-3 rounded-xl bg-danger/10 p-3 text-danger" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <AppealList appeals={review.appeal ? [review.appeal] : []} />
        {review.appealableUntil && !review.appeal ? <AppealForm until={review.appealableUntil} /> : null}
      </div>
    </section>
  );
}
