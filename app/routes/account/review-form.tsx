import { useId } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SectionButton } from "#app/components/account/section.tsx";
import { formatDate } from "#app/components/product/format.ts";
import { StarInput } from "#app/components/reviews/star-input.tsx";
import { parsePathId } from "#app/components/seo/canonical.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { localePath } from "#core/i18n/paths.ts";
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

const COMMENT_MAX = 1000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const productId = parsePathId(params.productId);
  const deal = productId === null ? null : await services.reviews.deal(user!.id, productId, locale);
  if (!deal) throw data(null, { status: 404 });
  const reviewed = (await services.reviews.reviewedDeals(user!.id, [deal.productId])).has(deal.productId);
  return { deal, reviewed };
}

export type ReviewActionData = {
  errors: Record<string, string[]>;
  message?: string;
  values: { stars: string; comment: string };
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const form = await request.formData();
  const stars = String(form.get("stars") ?? "");
  const comment = String(form.get("comment") ?? "");
  const result = await services.reviews.give(
    user!.id,
    { productId: parsePathId(params.productId), stars: stars === "" ? undefined : stars, comment },
    locale,
  );
  if (result.status === "created") throw redirect(`${localePath("accountReviews", locale)}?rated=1`);
  const values = { stars, comment };
  if (result.status === "invalid")
    return data<ReviewActionData>({ errors: result.errors, values }, { status: 422 });
  if (result.reason === "no_deal") throw data(null, { status: 404 });
  return data<ReviewActionData>({ errors: {}, message: result.message, values }, { status: 409 });
}

export default function ReviewFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const id = useId();
  const { deal, reviewed } = loaderData;
  const result = actionData as ReviewActionData | undefined;
  const name = deal.counterpart.username;
  const commentErrors = result?.errors.comment;

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

      {reviewed ? (
        <p className="rounded-xl bg-success/10 px-5 py-4 text-[#1f5c44]" data-testid="review-already">
          {t("reviews.errors.already")}
        </p>
      ) : (
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-5 rounded-xl border border-line bg-white p-5 tablet:p-7"
          data-testid="review-form"
        >
          {result?.message ? (
            <p role="alert" className="rounded bg-danger/10 px-3 py-2 text-danger">
              {result.message}
            </p>
          ) : null}
          <StarInput
            name="stars"
            defaultValue={result?.values.stars ? Number(result.values.stars) : null}
            error={result?.errors.stars}
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
              maxLength={COMMENT_MAX}
              defaultValue={result?.values.comment ?? ""}
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
      )}
    </section>
  );
}
