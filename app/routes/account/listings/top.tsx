import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { useCzk, useDays } from "#app/features/shop/orders/order-parts.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import { ListingHeaderCard } from "#app/ui/listing-labels.tsx";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { paymentRefusalMessage } from "#core/contracts/payments.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PromotionSchema } from "#core/schemas/listing.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/top";

/**
 * Promote a listing (`/ucet/vase-aukce/:id/topovat`): the seller picks how many days their live
 * listing sorts first under the default order ("Doporučené"; a sort the visitor picks is obeyed
 * exactly, and the page says so) and carries the Top label; the price per day less their group's
 * discount is shown per choice. Submitting makes an order and goes to its page to be paid. Only the
 * seller's own listing; another id is a 404.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.top.title"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const offer = await services.payments.promotionOffer(user!, requirePathId(params.id), locale);
  if (!offer) throw data(null, { status: 404 });
  // The form's key: the same form sent twice (a double click, sent again) makes one order (ADR 0069).
  return {
    offer: { ...offer, reason: offer.reason && paymentRefusalMessage(locale, offer.reason) },
    orderKey: crypto.randomUUID(),
  };
}

export type PromoteActionData = { result: FormReply };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const form = await request.formData();
  const submission = parseForm(form, PromotionSchema, locale);
  if (submission.status !== "success")
    return data<PromoteActionData>({ result: submission.reply() as FormReply }, { status: 422 });
  const id = requirePathId(params.id);
  const key = form.get("orderKey");
  const result = await services.payments.orderPromotion(
    user!,
    id,
    submission.value.days,
    locale,
    typeof key === "string" ? key : null,
  );
  if (result.ok) throw redirect(result.value.summaryPath);
  if (result.code === "not_found") throw data(null, { status: 404 });
  if (result.code === "invalid")
    return data<PromoteActionData>(
      { result: submission.reply({ fieldErrors: translateProblems(locale, result.details) }) as FormReply },
      { status: 422 },
    );
  return data<PromoteActionData>(
    { result: submission.reply({ formErrors: [paymentRefusalMessage(locale, result.code)] }) as FormReply },
    { status: 409 },
  );
}

type Offer = Route.ComponentProps["loaderData"]["offer"];

export default function PromoteListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { offer } = loaderData;
  return (
    <section data-testid="promote-page" className="flex flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("payments.top.title")}</h1>
        <p className="mt-1 max-w-2xl text-muted">{t("payments.top.intro")}</p>
        <p className="mt-2 max-w-2xl text-muted" data-testid="promote-order">
          {t("payments.top.order")}
        </p>
      </header>
      <PromotedListing offer={offer} />
      {!offer.available ? (
        <div
          className="rounded-xl border border-line bg-white p-5 tablet:p-6"
          data-testid="promote-unavailable"
        >
          <h2 className="font-serif text-xl text-primary-dark">{t("payments.top.unavailableTitle")}</h2>
          <p className="mt-2">{offer.reason}</p>
        </div>
      ) : (
        <PromotionForm
          offer={offer}
          orderKey={loaderData.orderKey}
          result={(actionData as PromoteActionData | undefined)?.result}
        />
      )}
    </section>
  );
}

function PromotedListing({ offer }: { offer: Offer }) {
  const { t, locale } = useTranslation();
  const { listing } = offer;
  return (
    <ListingHeaderCard
      listing={listing}
      name={
        <Link
          to={listing.url}
          className="font-serif text-xl text-ink hover:underline"
          data-testid="promote-name"
        >
          {listing.name}
        </Link>
      }
    >
      {offer.toppedUntil ? (
        <span className="text-sm font-semibold text-[#6b5116]">
          {t("listings.mine.toppedUntil", { date: formatDate(offer.toppedUntil, locale, true) })}
        </span>
      ) : null}
    </ListingHeaderCard>
  );
}

/** The days to choose from, each with its price; submitting orders the promotion. */
function PromotionForm({ offer, orderKey, result }: { offer: Offer; orderKey: string; result?: FormReply }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const days = useDays();
  const navigation = useNavigation();
  const [form] = useSchemaForm(PromotionSchema, result);
  const { listing } = offer;
  const discount = offer.choices[0]?.fee.discountPercent ?? 0;
  const cutAtEnd = listing.endsAt !== null && offer.maxDays < offer.prices.maxDays;
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-line bg-white p-5 tablet:p-7"
    >
      <FormError messages={form.errors} />
      <input type="hidden" name="orderKey" value={orderKey} />
      <fieldset>
        <legend className="font-serif text-2xl text-primary-dark">{t("payments.top.daysLegend")}</legend>
        <p className="mt-1 text-muted" data-testid="promote-per-day">
          {t("payments.top.perDay", { price: price(offer.prices.perDayMinor) })}
          {discount > 0 ? ` · ${t("payments.top.discount", { percent: discount })}` : ""}
        </p>
        <DayChoices offer={offer} />
        <FormError messages={form.allErrors.days} />
      </fieldset>
      {offer.toppedUntil ? (
        <p className="text-sm text-muted">
          {t("payments.top.toppedUntil", { date: formatDate(offer.toppedUntil, locale, true) })}
        </p>
      ) : null}
      {cutAtEnd && listing.endsAt ? (
        <p className="text-sm text-muted" data-testid="promote-ends">
          {t("payments.top.endsAt", {
            date: formatDate(listing.endsAt, locale, true),
            days: days(offer.maxDays),
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={navigation.state !== "idle"}
          className="inline-flex min-h-11 items-center rounded bg-primary-dark px-6 py-2 font-semibold text-white hover:bg-primary disabled:opacity-60"
          data-testid="promote-submit"
        >
          {t("payments.top.submit")}
        </button>
        <Link to={localePath("accountAdvertisements", locale)} className={secondaryLinkClass}>
          {t("payments.top.back")}
        </Link>
      </div>
    </Form>
  );
}

function DayChoices({ offer }: { offer: Offer }) {
  const price = useCzk();
  const days = useDays();
  // A week, or the longest choice short of it (a listing ending sooner).
  const preselected = offer.choices.filter((choice) => choice.days <= 7).at(-1) ?? offer.choices[0];
  return (
    <div className="mt-4 grid grid-cols-1 gap-3 tablet:grid-cols-2 desktop:grid-cols-3">
      {offer.choices.map((choice) => (
        <label
          key={choice.days}
          className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-4 has-checked:border-primary-dark has-checked:bg-light has-checked:ring-1 has-checked:ring-primary-dark"
          data-testid="promote-choice"
          data-days={choice.days}
        >
          <input
            type="radio"
            name="days"
            value={choice.days}
            defaultChecked={choice.days === preselected?.days}
            className="size-5 accent-primary-dark"
          />
          <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold text-ink">{days(choice.days)}</span>
            <span className="tabular-nums">
              {choice.fee.discountMinor > 0 ? (
                <s className="mr-2 text-sm text-muted">{price(choice.fee.baseMinor)}</s>
              ) : null}
              <span className="font-semibold">{price(choice.fee.amountMinor)}</span>
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
