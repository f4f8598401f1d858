import { Form, Link, useNavigation } from "react-router";
import { AgeCheckNotice } from "#app/features/age-check/age-check-notice.tsx";
import {
  BACK_LINK,
  CheckoutAlert,
  CheckoutFrame,
  PRIMARY_BUTTON,
} from "#app/features/shop/checkout-frame.tsx";
import { CostSummary } from "#app/features/shop/cost-summary.tsx";
import { useCzk } from "#app/features/shop/orders/order-parts.tsx";
import { AddressLines, formatPhone, ReviewCard, ReviewLines } from "#app/features/shop/review-parts.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { CheckboxField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PlaceOrderSchema } from "#core/schemas/checkout.ts";
import type { Route } from "./+types/review";
import { loadReviewStep, reviewAction } from "./review.server.ts";

/**
 * Checkout, step 3 (`/kosik/rekapitulace`): everything chosen, each part with its "Změnit", the
 * whole cost (items, discounts, delivery, the cash-on-delivery fee, VAT per rate), the terms and
 * the 18+ confirmation, and the binding "Objednat s povinností platby", which carries the total
 * shown here (the shop places the order only at that total) and the checkout's key (a repeat of
 * the click answers the order the first one made, ADR 0069).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("shop.review.title"), noindex: true }));
}

export const loader = (args: Route.LoaderArgs) => loadReviewStep(args);
export const action = (args: Route.ActionArgs) => reviewAction(args);

const TERMS = { cs: "/info/1/obchodni-podminky", en: "/en/info/1/terms-and-conditions" } as const;

function DeliverySummary({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const czk = useCzk();
  const { cart, carrier, branch } = loaderData;
  const payment = cart.draft.payment;
  return (
    <dl className="grid gap-3 tablet:grid-cols-2">
      <div>
        <dt className="text-sm text-muted">{t("shop.review.delivery")}</dt>
        <dd data-testid="review-delivery">
          {branch ? (
            <>
              <span className="block font-semibold">{t("shop.review.pickup", { branch: branch.name })}</span>
              <span className="block text-sm text-muted">
                {branch.street}, {branch.zip} {branch.city}
              </span>
            </>
          ) : (
            <span className="block font-semibold">{carrier?.name ?? cart.draft.delivery}</span>
          )}
          <span className="block text-sm">
            {cart.totals.deliveryMinor === 0 ? t("shop.delivery.free") : czk(cart.totals.deliveryMinor)}
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-muted">{t("shop.review.payment")}</dt>
        <dd className="font-semibold" data-testid="review-payment">
          {payment ? t(`shop.payment.${payment}`) : "—"}
          {cart.totals.paymentFeeMinor > 0 ? (
            <span className="block text-sm font-normal">{czk(cart.totals.paymentFeeMinor)}</span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

function DetailsSummary({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const { cart, pickup } = loaderData;
  const { draft } = cart;
  return (
    <dl className="grid gap-4 tablet:grid-cols-2">
      <div>
        <dt className="text-sm text-muted">{t("shop.review.contact")}</dt>
        <dd data-testid="review-contact">
          <span className="block">{draft.email}</span>
          <span className="block">{formatPhone(draft.phone)}</span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-muted">{t("shop.review.invoice")}</dt>
        <dd data-testid="review-invoice">
          {draft.invoiceAddress ? <AddressLines address={draft.invoiceAddress} /> : "—"}
        </dd>
      </div>
      {pickup ? null : (
        <div>
          <dt className="text-sm text-muted">{t("shop.review.deliveryAddress")}</dt>
          <dd data-testid="review-delivery-address">
            {draft.sameAddress || !draft.deliveryAddress ? (
              t("shop.review.sameAddress")
            ) : (
              <AddressLines address={draft.deliveryAddress} />
            )}
          </dd>
        </div>
      )}
      {draft.note ? (
        <div className="tablet:col-span-2">
          <dt className="text-sm text-muted">{t("shop.review.note")}</dt>
          <dd className="whitespace-pre-line">{draft.note}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What the customer chose on the way, each part with its "Změnit". */
function ReviewChoices({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t, locale } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ReviewCard title={t("shop.review.items")} changeTo={localePath("cart", locale)} testId="review-items">
        <ReviewLines lines={loaderData.cart.lines} />
      </ReviewCard>
      <ReviewCard
        title={t("shop.steps.delivery")}
        changeTo={localePath("cartDelivery", locale)}
        testId="review-delivery-payment"
      >
        <DeliverySummary loaderData={loaderData} />
      </ReviewCard>
      <ReviewCard
        title={t("shop.steps.details")}
        changeTo={localePath("cartDetails", locale)}
        testId="review-details"
      >
        <DetailsSummary loaderData={loaderData} />
      </ReviewCard>
    </div>
  );
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { cart } = loaderData;
  const result = (actionData as { result?: FormReply } | undefined)?.result;
  const [form] = useSchemaForm(PlaceOrderSchema, result, { shouldValidate: "onSubmit" });
  const errors = form.allErrors;
  const navigation = useNavigation();
  return (
    <CheckoutFrame
      step="review"
      title={t("shop.review.title")}
      alert={<CheckoutAlert messages={form.errors} />}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 desktop:grid-cols-[minmax(0,1fr)_22rem] desktop:items-start widescreen:grid-cols-[minmax(0,1fr)_24rem]">
        <ReviewChoices loaderData={loaderData} />
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="flex flex-col gap-5 rounded-xl border border-line bg-white p-5 desktop:sticky desktop:top-28"
          data-testid="review-form"
        >
          <h2 className="font-serif text-xl text-primary-dark">{t("shop.review.costs")}</h2>
          <CostSummary cart={cart} withDelivery withVat />
          <input type="hidden" name="seenTotalMinor" value={cart.totals.totalMinor} />
          {/* A repeat of this form (a double click, sent again) answers the order the first one made. */}
          <input type="hidden" name="orderKey" value={loaderData.orderKey ?? ""} />
          {loaderData.ageCheckNeeded ? (
            <AgeCheckNotice forOrder={loaderData.guest} returnPath={localePath("cartReview", locale)} />
          ) : null}
          <div className="flex flex-col gap-3 border-t border-line pt-4">
            <CheckboxField name="terms" errors={errors} required>
              {t("shop.review.terms")}{" "}
              <Link
                to={TERMS[locale]}
                target="_blank"
                className="text-primary-dark underline underline-offset-4 hover:no-underline"
              >
                {t("shop.review.termsLink")}
              </Link>
            </CheckboxField>
            <CheckboxField name="adult" errors={errors} required>
              {t("shop.review.adult")}
            </CheckboxField>
          </div>
          <button
            type="submit"
            className={PRIMARY_BUTTON}
            disabled={navigation.state !== "idle" || cart.blocked}
            data-testid="place-order"
          >
            {t("shop.review.submit")}
          </button>
          <Link to={localePath("cartDetails", locale)} className={`${BACK_LINK} justify-center`}>
            ← {t("shop.review.back")}
          </Link>
        </Form>
      </div>
    </CheckoutFrame>
  );
}
