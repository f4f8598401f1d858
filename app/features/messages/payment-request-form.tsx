import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { REQUEST_DELIVERIES } from "#core/schemas/payment-request.ts";
import type { ThreadActionData } from "./thread-actions.ts";

type Sent = Extract<ThreadActionData, { intent: "request" }>;
type Field = "price" | "carrier" | "deliveryPrice" | "pickupTown";

const INPUT =
  "mt-1 block w-full rounded border border-line bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-primary-dark aria-invalid:border-danger";

/**
 * The seller's "Poslat platební požadavek" in a classified's conversation (issue 35, item 1): the
 * agreed price and one delivery, folded until opened. A plain form (works without scripts); a
 * refused one opens again with what was typed and each field's problem.
 */
export function PaymentRequestForm({ refused, hasOpen }: { refused: Sent | null; hasOpen: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "request_send";
  const field = (name: Field, label: string, hint?: string, decimal = false) => (
    <RequestField name={name} label={label} hint={hint} decimal={decimal} refused={refused} />
  );
  return (
    <details
      className="border-b border-line px-4 py-3 tablet:px-5"
      open={refused !== null}
      data-testid="payment-request-form"
    >
      <summary
        className="cursor-pointer text-sm font-semibold text-primary-dark"
        data-testid="payment-request-open"
      >
        {t("paymentRequests.form.open")}
      </summary>
      <Form method="post" className="mt-3 grid gap-3 tablet:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="request_send" />
        <p className="text-sm text-muted tablet:col-span-2">{t("paymentRequests.form.lead")}</p>
        {field("price", t("paymentRequests.form.price"), undefined, true)}
        <label className="block text-sm font-semibold text-ink">
          {t("paymentRequests.form.carrier")}
          <select
            name="carrier"
            defaultValue={refused?.values?.carrier ?? "zasilkovna"}
            className={INPUT}
            data-testid="payment-request-carrier"
          >
            {REQUEST_DELIVERIES.map((carrier) => (
              <option key={carrier} value={carrier}>
                {t(deliveryNameKey(carrier))}
              </option>
            ))}
          </select>
        </label>
        {field(
          "deliveryPrice",
          t("paymentRequests.form.deliveryPrice"),
          t("paymentRequests.form.deliveryPriceHint"),
          true,
        )}
        {field("pickupTown", t("paymentRequests.form.pickupTown"), t("paymentRequests.form.pickupTownHint"))}
        <div className="flex flex-wrap items-center gap-3 tablet:col-span-2">
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center rounded bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary disabled:opacity-60"
            data-testid="payment-request-submit"
          >
            {t("paymentRequests.form.submit")}
          </button>
          {hasOpen ? <span className="text-xs text-muted">{t("paymentRequests.form.replaces")}</span> : null}
        </div>
      </Form>
    </details>
  );
}

/** One field of the form: its label, hint and problem (tied to the input for screen readers). */
function RequestField({
  name,
  label,
  hint,
  decimal,
  refused,
}: {
  name: Field;
  label: string;
  hint?: string;
  decimal: boolean;
  refused: Sent | null;
}) {
  const error = refused?.errors?.[name];
  return (
    <label className="block text-sm font-semibold text-ink">
      {label}
      <input
        name={name}
        defaultValue={refused?.values?.[name] ?? ""}
        inputMode={decimal ? "decimal" : undefined}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `request-${name}-error` : undefined}
        data-testid={`payment-request-${name}`}
      />
      {hint ? <span className="mt-0.5 block text-xs font-normal text-muted">{hint}</span> : null}
      {error ? (
        <span id={`request-${name}-error`} className="mt-1 block text-sm font-normal text-danger">
          {error}
        </span>
      ) : null}
    </label>
  );
}
