import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { appContext } from "#app/context.ts";
import { AccountSection, SectionButton } from "#app/features/account/section.tsx";
import { RatingStars, ReviewHeading } from "#app/features/product/rating-stars.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatRating } from "#core/formats/rating.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import {
  REVIEW_REPLY_MAX,
  ReviewActionSchema,
  ReviewIdSchema,
  ReviewReplySchema,
} from "#core/schemas/reviews.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/reviews";

/**
 * Reviews (`/ucet/hodnoceni`): the deals still to rate (each with a link to its form), the
 * user's rating, and the reviews they received, each with one reply.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("reviews.page.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const [pending, received, rating] = await Promise.all([
    services.reviews.pending(user!.id, locale),
    services.reviews.received(user!.id, locale),
    services.reviews.rating(user!.id),
  ]);
  return { pending, received, rating, userId: user!.id };
}

export type ReviewsActionData = { ok: boolean; message: string; reviewId: number; result?: FormReply };

/** A reply to a received review, or a report of one, read through core/schemas/reviews.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const form = await request.formData();
  const submission = parseForm(form, ReviewActionSchema, locale);
  const target = parseForm(form, ReviewIdSchema, locale);
  const intent = submission.payload.intent;
  if (intent !== "reply" && intent !== "report") throw data(null, { status: 400 });
  if (target.status !== "success") throw data(null, { status: 404 });
  const { reviewId } = target.value;
  if (submission.status !== "success") {
    const result = submission.reply() as FormReply;
    const message = result.error?.reply?.join(" ") ?? "";
    return data<ReviewsActionData>({ ok: false, reviewId, message, result }, { status: 422 });
  }
  const input = submission.value;
  if (input.intent === "report") {
    const result = await services.reviews.report(user!.id, reviewId, input.reason ?? "");
    if (result === "not_found") throw data(null, { status: 404 });
    const ok = result === "reported";
    const message = translate(locale, ok ? "reviews.reported" : "reviews.errors.reportOwn");
    return data<ReviewsActionData>({ ok, reviewId, message }, { status: ok ? 200 : 403 });
  }
  const result = await services.reviews.reply(user!.id, reviewId, input.reply);
  if (result.ok)
    return { ok: true, reviewId, message: translate(locale, "reviews.replied") } satisfies ReviewsActionData;
  if (result.code === "not_found") throw data(null, { status: 404 });
  if (result.code === "invalid") {
    const fieldErrors = translateProblems(locale, result.details.problems);
    const reply = submission.reply({ fieldErrors }) as FormReply;
    const message = fieldErrors.reply?.join(" ") ?? "";
    return data<ReviewsActionData>({ ok: false, reviewId, message, result: reply }, { status: 422 });
  }
  const message = translate(locale, "reviews.errors.replied");
  return data<ReviewsActionData>({ ok: false, reviewId, message }, { status: 409 });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const [search] = useSearchParams();
  const { pending, received, rating, userId } = loaderData;
  useEffect(() => {
    if (actionData) showSnackbar({ type: actionData.ok ? "success" : "danger", text: actionData.message });
  }, [actionData]);
  return (
    <section data-testid="reviews-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("reviews.page.title")}</h1>
          <p className="mt-2 max-w-2xl text-muted">{t("reviews.page.lead")}</p>
        </div>
        <Link
          to={localePath("userProfile", locale, { id: userId })}
          className="text-sm font-semibold text-primary-dark underline underline-offset-4"
        >
          {t("reviews.page.profile")}
        </Link>
      </div>
      {search.get("rated") === "1" ? (
        <p
          role="status"
          className="mt-5 rounded-lg bg-success/10 px-4 py-3 text-[#1f5c44]"
          data-testid="review-saved"
        >
          {t("reviews.page.saved")}
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-6">
        <AccountSection
          id="to-rate"
          title={t("reviews.page.pendingTitle")}
          lead={t("reviews.page.pendingLead")}
        >
          <PendingDeals pending={pending} />
        </AccountSection>
        <AccountSection id="received" title={t("reviews.page.receivedTitle")}>
          <RatingSummary rating={rating} />
          {received.length === 0 ? (
            <p className="text-muted">{t("reviews.page.receivedNone")}</p>
          ) : (
            <ol className="flex flex-col gap-4" data-testid="reviews-received">
              {received.map((review) => (
                <ReceivedReview
                  key={review.id}
                  review={review}
                  outcome={actionData?.reviewId === review.id ? actionData : null}
                />
              ))}
            </ol>
          )}
        </AccountSection>
      </div>
    </section>
  );
}

/** The deals still to rate, each with a link to its form. */
function PendingDeals({ pending }: { pending: LoaderData["pending"] }) {
  const { t, locale } = useTranslation();
  if (pending.length === 0)
    return (
      <p className="text-muted" data-testid="reviews-pending-none">
        {t("reviews.page.pendingNone")}
      </p>
    );
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="reviews-pending">
      {pending.map((deal) => (
        <li key={deal.productId} className="flex flex-wrap items-center gap-4 py-3 first:pt-0 last:pb-0">
          {deal.image ? (
            <ResponsiveImage
              src={deal.image}
              alt=""
              width={160}
              height={160}
              widths={[160, 320]}
              sizes="56px"
              className="size-14 shrink-0 rounded-lg bg-light object-contain p-0.5 ring-1 ring-line"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <Link to={deal.productUrl} className="line-clamp-2 font-semibold hover:underline">
              {deal.productName}
            </Link>
            <p className="text-sm text-muted">
              {t(deal.role === "buyer" ? "reviews.form.boughtFrom" : "reviews.form.soldTo", {
                name: deal.counterpart.username,
              })}
            </p>
          </div>
          <Link
            to={localePath("accountReviewForm", locale, { productId: deal.productId })}
            className="inline-flex min-h-11 items-center rounded bg-primary-dark px-4 font-semibold text-white hover:bg-primary"
            data-testid="review-give"
          >
            {t("reviews.page.rate", { name: deal.counterpart.username })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The user's average and how many reviews it comes from. */
function RatingSummary({ rating }: { rating: LoaderData["rating"] }) {
  const { t, locale } = useTranslation();
  if (rating.count === 0 || rating.average === null) return null;
  const shown = formatRating(rating.average, locale);
  return (
    <div className="mb-5 flex items-center gap-4" data-testid="reviews-rating">
      <p className="font-serif text-4xl text-primary-dark">{shown}</p>
      <div>
        <RatingStars value={rating.average} size="size-5" />
        <p className="text-sm text-muted">
          {t(pluralKey(locale, "product.seller.ratings", rating.count), { count: rating.count })}
        </p>
      </div>
    </div>
  );
}

type Review = LoaderData["received"][number];

/** A review received: its stars and comment, who wrote it, and the one reply (or its form). */
function ReceivedReview({ review, outcome }: { review: Review; outcome: ReviewsActionData | null }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-xl bg-light/60 p-4 ring-1 ring-line" data-testid="review-received">
      <ReviewHeading stars={review.stars} createdAt={review.createdAt} />
      {review.comment ? <p className="mt-2 leading-relaxed">{review.comment}</p> : null}
      <p className="mt-2 text-xs text-muted">
        {review.author?.username ?? t("product.profile.formerUser")} · {review.productName}
      </p>
      {review.reply ? (
        <div className="mt-3 rounded-lg bg-white p-3 text-sm ring-1 ring-line">
          <p className="text-xs font-semibold text-primary-dark">{t("reviews.page.yourReply")}</p>
          <p className="mt-1 leading-relaxed">{review.reply}</p>
        </div>
      ) : (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-primary-dark">
            {t("reviews.page.reply")}
          </summary>
          <ReplyForm reviewId={review.id} outcome={outcome} />
        </details>
      )}
    </li>
  );
}

/** The reply to one review, bound to the reply schema. */
function ReplyForm({ reviewId, outcome }: { reviewId: number; outcome: ReviewsActionData | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(ReviewReplySchema, outcome?.result, { id: `reply-form-${reviewId}` });
  const sent = navigation.formData ? parseWithZod(navigation.formData, { schema: ReviewIdSchema }) : null;
  const busy = navigation.state !== "idle" && sent?.status === "success" && sent.value.reviewId === reviewId;
  const errors = form.allErrors.reply ?? (outcome && !outcome.ok ? [outcome.message] : []);
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-2 flex flex-col gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <label className="sr-only" htmlFor={`reply-${reviewId}`}>
        {t("reviews.page.reply")}
      </label>
      <textarea
        id={`reply-${reviewId}`}
        name="reply"
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        required
        className="w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark"
      />
      {errors.length ? (
        <p role="alert" className="text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
      <p className="text-xs text-muted">{t("reviews.page.replyOnce")}</p>
      <div>
        <SectionButton busy={busy}>{t("reviews.page.replySend")}</SectionButton>
      </div>
    </Form>
  );
}
