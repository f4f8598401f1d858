import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import type { CartVoucher } from "#core/contracts/shop.ts";
import { VoucherCodeSchema } from "#core/schemas/checkout.ts";
import { useCzk } from "./orders/order-parts.tsx";

const BUTTON =
  "inline-flex min-h-11 shrink-0 items-center justify-center rounded border border-primary-dark bg-white px-4 font-semibold text-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/** The applied voucher: its code and what it gives, why it does not apply now, and its removal. */
function AppliedVoucher({ voucher }: { voucher: CartVoucher }) {
  const { t } = useTranslation();
  const czk = useCzk();
  const value =
    voucher.kind === "percent"
      ? t("shop.cart.voucher.percent", { value: voucher.value })
      : t("shop.cart.voucher.fixed", { value: czk(voucher.value) });
  return (
    <div data-testid="voucher-applied" data-code={voucher.code}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          <span className="font-semibold">{t("shop.cart.voucher.applied", { code: voucher.code })}</span>
          <span className="text-muted"> ({value})</span>
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="removeVoucher" />
          <button type="submit" className={BUTTON} data-testid="voucher-remove">
            {t("shop.cart.voucher.remove")}
          </button>
        </Form>
      </div>
      {voucher.refusal ? (
        <p className="mt-2 text-sm text-danger" role="status" data-testid="voucher-refusal">
          {t("shop.cart.voucher.notApplying", { code: voucher.code, reason: voucher.refusal })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The voucher field: a code and "Uplatnit". A refusal (unknown, expired, used up, below the
 * minimum...) comes back from the shop translated and shows under the field.
 */
export function VoucherForm({ voucher, result }: { voucher: CartVoucher | null; result?: FormReply }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(VoucherCodeSchema, result, { shouldValidate: "onSubmit" });
  if (voucher) return <AppliedVoucher voucher={voucher} />;
  const errors = fields.code.errors;
  const errorId = `${fields.code.id}-error`;
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      preventScrollReset
      data-testid="voucher-form"
    >
      <input type="hidden" name="intent" value="voucher" />
      <label htmlFor={fields.code.id} className="block font-medium">
        {t("shop.cart.voucher.label")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={fields.code.id}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          defaultValue={typeof fields.code.initialValue === "string" ? fields.code.initialValue : ""}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          className="min-w-0 flex-1 rounded border border-line bg-white px-3 py-2 uppercase focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
          data-testid="voucher-code"
        />
        <button type="submit" className={BUTTON} data-testid="voucher-apply">
          {t("shop.cart.voucher.apply")}
        </button>
      </div>
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-danger" data-testid="voucher-error" data-field-error>
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}
