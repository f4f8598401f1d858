import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { SectionButton } from "#app/features/account/section.tsx";
import { StarInput } from "#app/features/reviews/star-input.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { parsePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { REVIEW_COMMENT_MAX, ReviewFormSchema } from "#core/schemas/reviews.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/review-form";

/**
 * Rating the other side of a deal (`/ucet/hodnoceni/:productId`): 1-5 stars and an optional
 * comment, once. Without a deal between the user and someone about the product the page is a 404;
 * after a rating it says so instead of the form.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("reviews.form.title"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const productId = parsePathId(params.productId);
  const deal = productId === null ? null : await services.reviews.deal(user!.id, productId, locale);
  if (!deal) throw data(null, { status: 404 });
  const reviewed = (await services.reviews.reviewedDeals(user!.id, [deal.productId])).has(deal.productId);
  return { deal, reviewed };
}

/**
 * The review, read through core/schemas/reviews.ts (the product from the path); the service's
 * refusals come back as the form's errors, what was typed kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), ReviewFormSchema, locale);
  if (submission.status !== "success")
    return data({ result: submission.reply() as FormReply }, { status: 422 });
  const { stars, comment = "" } = submission.value;
  const productId = parsePathId(params.productId);
  const result = await services.reviews.give(user!.id, { productId, stars, comment }, locale);
  if (result.ok) throw redirect(`${localePath("accountReviews", locale)}?rated=1`);
  if (result.code === "invalid") {
    const fieldErrors = translateProblems(locale, result.details.problems);
    return data({ result: submission.reply({ fieldErrors }) as FormReply }, { status: 422 });
  }
  if (result.code === "no_deal") throw data(null, { status: 404 });
  const formErrors = [translate(locale, "reviews.errors.already")];
  return data({ result: submission.reply({ formErrors }) as FormReply }, { status: 409 });
}

type Deal = Route.ComponentProps["loaderData"]["deal"];

export default function ReviewFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { deal, reviewed } = loaderData;
  const name = deal.counterpart.username;
  return (
    <section data-testid="review-form-page" className="flex max-w-3xl flex-col gap-6">
      <header>
        <Link
          to={localePath("accountReviews", locale)}
          className="text-sm font-semibold text-primary-dark underline underline-offset-4"
        >
          ← {t("reviews.page.title")}
        </Link>
        <h1 className="mt-3 font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t(deal.role === "buyer" ? "reviews.form.titleSeller" : "reviews.form.titleBuyer", { name })}
        </h1>
      </header>
      <DealSummary deal={deal} />
      {reviewed ? (
        <p className="rounded-xl bg-success/10 px-5 py-4 text-[#1f5c44]" data-testid="review-already">
          {t("reviews.errors.already")}
        </p>
      ) : (
        <ReviewForm name={name} result={actionData?.result} />
      )}
    </section>
  );
}

/** The deal being rated: the product's picture and name, with whom and when. */
function DealSummary({ deal }: { deal: Deal }) {
  const { t, locale } = useTranslation();
  const name = deal.counterpart.username;
  return (
    <div className="flex items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-line">
      {deal.image ? (
        <ResponsiveImage
          src={deal.image}
          alt=""
          width={160}
          height={160}
          widths={[160, 320]}
          sizes="72px"
          className="size-18 shrink-0 rounded-lg bg-light object-contain p-0.5 ring-1 ring-line"
        />
      ) : null}
      <div className="min-w-0">
        <Link
          to={deal.productUrl}
          className="line-clamp-2 font-semibold text-ink hover:text-primary-dark hover:underline"
        >
          {deal.productName}
        </Link>
        <p className="mt-1 text-sm text-muted">
          {t(deal.role === "buyer" ? "reviews.form.boughtFrom" : "reviews.form.soldTo", { name })}
          {deal.soldAt ? ` · ${formatDate(deal.soldAt, locale)}` : ""}
        </p>
      </div>
    </div>
  );
}

/** The stars and the optional comment, bound to the review schema. */
function ReviewForm({ name, result }: { name: string; result: FormReply | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ReviewFormSchema, result);
  const id = fields.comment.id;
  const commentErrors = fields.comment.errors;
  const typedStars = Number(fields.stars.initialValue);
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-line bg-white p-5 tablet:p-7"
      data-testid="review-form"
    >
      {form.errors?.length ? (
        <p role="alert" className="rounded bg-danger/10 px-3 py-2 text-danger">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <StarInput
        name="stars"
        defaultValue={Number.isInteger(typedStars) && typedStars > 0 ? typedStars : null}
        error={fields.stars.errors}
      />
      <div>
        <label htmlFor={id} className="block font-medium">
          {t("reviews.form.comment")}{" "}
          <span className="font-normal text-muted">({t("reviews.form.optional")})</span>
        </label>
        <textarea
          id={id}
          name="comment"
          rows={5}
          maxLength={REVIEW_COMMENT_MAX}
          defaultValue={typeof fields.comment.initialValue === "string" ? fields.comment.initialValue : ""}
          aria-invalid={commentErrors?.length ? true : undefined}
          aria-describedby={`${id}-hint${commentErrors?.length ? ` ${id}-error` : ""}`}
          className="mt-1 w-full rounded border border-line bg-white px-3 py-2 leading-relaxed focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
          data-testid="review-comment"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {t("reviews.form.commentHint", { name })}
        </p>
        {commentErrors?.length ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-danger">
            {commentErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <div>
        <SectionButton busy={navigation.state !== "idle"}>{t("reviews.form.submit")}</SectionButton>
      </div>
    </Form>
  );
}
