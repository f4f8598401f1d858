import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { CheckoutAlert, CheckoutFrame, StepButtons } from "#app/features/shop/checkout-frame.tsx";
import { CostSummary, FreeDeliveryNote } from "#app/features/shop/cost-summary.tsx";
import { BranchChoices, CarrierChoices, PaymentChoices } from "#app/features/shop/delivery-choices.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { PICKUP_PREFIX, SHOP_PAYMENT_METHODS, type ShopPaymentMethod } from "#core/contracts/shop.ts";
import { localePath } from "#core/i18n/paths.ts";
import { DeliveryStepSchema } from "#core/schemas/checkout.ts";
import type { Route } from "./+types/delivery";
import { deliveryAction, loadDeliveryStep } from "./delivery.server.ts";

/**
 * Checkout, step 1 (`/kosik/doprava-a-platba`): a carrier (price from the `shop` setting, free over
 * 1 500 Kč after discounts) or personal pickup at one of the 13 branches, then card, QR transfer or
 * cash on delivery. Pickup takes a card only; cash on delivery only where the carrier takes it.
 * With scripts the payments that do not fit are disabled as the delivery changes; without them
 * the shop refuses the pair and says why.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("shop.delivery.title"), noindex: true }));
}

export const loader = (args: Route.LoaderArgs) => loadDeliveryStep(args);
export const action = (args: Route.ActionArgs) => deliveryAction(args);

const asPayment = (value: unknown): ShopPaymentMethod | null =>
  SHOP_PAYMENT_METHODS.find((method) => method === value) ?? null;

function ErrorText({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-2 text-sm text-danger" data-field-error>
      {messages.join(" ")}
    </p>
  );
}

function DeliveryFieldset({
  options,
  selected,
  onSelect,
  free,
  errorId,
  errors,
}: {
  options: Route.ComponentProps["loaderData"]["options"];
  selected: string | null;
  onSelect: (value: string) => void;
  free: boolean;
  errorId: string;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={errors ? errorId : undefined}>
      <legend className="font-serif text-2xl text-primary-dark">{t("shop.delivery.carriers")}</legend>
      <div className="mt-3">
        <CarrierChoices carriers={options.carriers} selected={selected} onSelect={onSelect} free={free} />
      </div>
      <h3 className="mt-6 mb-3 text-lg font-semibold text-primary-dark">
        {t("shop.delivery.pickup.legend")}
      </h3>
      <BranchChoices branches={options.branches} selected={selected} onSelect={onSelect} />
      <ErrorText id={errorId} messages={errors} />
    </fieldset>
  );
}

export default function DeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { cart, options } = loaderData;
  const result = (actionData as { result?: FormReply } | undefined)?.result;
  const [form, fields] = useSchemaForm(DeliveryStepSchema, result, {
    defaultValue: { delivery: cart.draft.delivery ?? undefined, payment: cart.draft.payment ?? undefined },
    shouldValidate: "onSubmit",
  });
  const initialDelivery =
    typeof fields.delivery.initialValue === "string" ? fields.delivery.initialValue : null;
  const [delivery, setDelivery] = useState<string | null>(initialDelivery);
  const [payment, setPayment] = useState<ShopPaymentMethod | null>(asPayment(fields.payment.initialValue));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const navigation = useNavigation();
  const free = cart.totals.toFreeDeliveryMinor <= 0;

  const chooseDelivery = (value: string) => {
    setDelivery(value);
    const carrier = options.carriers.find((entry) => entry.key === value);
    if (value.startsWith(PICKUP_PREFIX)) setPayment(options.card ? "card" : null);
    else if (payment === "cod" && carrier?.codFeeMinor === null) setPayment(null);
  };

  return (
    <CheckoutFrame
      step="delivery"
      title={t("shop.delivery.title")}
      alert={<CheckoutAlert messages={form.errors} />}
      aside={
        <>
          <FreeDeliveryNote cart={cart} />
          <div className="border-t border-line pt-5">
            <CostSummary cart={cart} withDelivery={cart.draft.delivery !== null} />
          </div>
        </>
      }
    >
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-8"
        data-testid="delivery-form"
      >
        <DeliveryFieldset
          options={options}
          selected={delivery}
          onSelect={chooseDelivery}
          free={free}
          errorId={`${fields.delivery.id}-error`}
          errors={fields.delivery.errors}
        />
        <fieldset aria-describedby={fields.payment.errors ? `${fields.payment.id}-error` : undefined}>
          <legend className="font-serif text-2xl text-primary-dark">{t("shop.delivery.payments")}</legend>
          <div className="mt-3">
            <PaymentChoices
              options={options}
              delivery={delivery}
              selected={payment}
              onSelect={(value) => setPayment(asPayment(value))}
              hydrated={hydrated}
            />
          </div>
          <ErrorText id={`${fields.payment.id}-error`} messages={fields.payment.errors} />
        </fieldset>
        <StepButtons
          backTo={localePath("cart", locale)}
          backLabel={t("shop.delivery.back")}
          submitLabel={t("shop.delivery.submit")}
          busy={navigation.state === "submitting"}
          testId="delivery-submit"
        />
      </Form>
    </CheckoutFrame>
  );
}
