import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { CheckboxField, FormError, SelectField, TextField } from "#app/ui/forms/fields.tsx";
import { localePath } from "#core/i18n/paths.ts";
import { AdminVoucherSchema } from "#core/schemas/admin-orders-vouchers.ts";
import { Notice } from "./shared.tsx";

/** What the voucher's page answers a submit with: Conform's reply, and a message once saved. */
export type VoucherReply = { result: FormReply | null; message: string | null; ok: boolean };

type Values = Record<string, string | number | boolean | undefined>;

/** The influencer as the loader gives them (server/modules/orders/shop/voucher-admin.ts). */
export type VoucherInfluencer = { id: number; username: string; firstname: string | null; email: string };

const asText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/**
 * The voucher's form: every rule the shop enforces. Without scripts the server's answer shows the
 * errors at their fields with everything typed kept; with them, Conform checks as fields are left.
 */
export function VoucherForm({ values, reply }: { values: Values | null; reply?: VoucherReply | null }) {
  const { t, locale } = useTranslation();
  const [form] = useSchemaForm(AdminVoucherSchema, reply?.result);
  const errors = form.allErrors;
  // A refused submit keeps what was typed; otherwise the saved voucher (or nothing, for a new one).
  const shown: Values = (reply?.result?.initialValue as Values | undefined) ?? values ?? { isActive: true };
  const text = (name: string) => asText(shown[name]);
  const field = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    label: t(`adminOrders.vouchers.${name}` as "adminOrders.vouchers.code"),
    errors,
    defaultValue: text(name),
    required: false,
    ...extra,
  });
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      key={form.key}
      className="flex max-w-2xl flex-col gap-4 rounded-xl border border-line bg-white p-4"
    >
      <Notice message={reply?.message} ok={reply?.ok ?? true} />
      <FormError messages={errors[""]} />
      <TextField {...field("code", { required: true, maxLength: 40, autoComplete: "off" })} />
      <div className="grid gap-4 tablet:grid-cols-2">
        <SelectField
          name="kind"
          label={t("adminOrders.vouchers.kind")}
          errors={errors}
          defaultValue={text("kind") || "percent"}
          options={[
            { value: "percent", label: t("adminOrders.vouchers.kindPercent") },
            { value: "fixed", label: t("adminOrders.vouchers.kindFixed") },
          ]}
        />
        <TextField {...field("value", { required: true, inputMode: "numeric" })} />
        <TextField {...field("minCart", { inputMode: "numeric" })} />
        <TextField {...field("requiresEmail", { type: "email" })} />
        <TextField {...field("validFrom", { type: "datetime-local" })} />
        <TextField {...field("validTo", { type: "datetime-local" })} />
        <TextField {...field("usageLimitTotal", { inputMode: "numeric" })} />
        <TextField {...field("usageLimitPerUser", { inputMode: "numeric" })} />
        <TextField
          {...field("influencer", {
            label: t("adminOrders.vouchers.influencerField"),
            autoComplete: "off",
            maxLength: 254,
            hint: t("adminOrders.vouchers.influencerHint"),
          })}
        />
        <TextField {...field("marginPercent", { inputMode: "numeric" })} />
      </div>
      <CheckboxField
        name="isActive"
        errors={errors}
        defaultChecked={shown.isActive === true || shown.isActive === "on"}
      >
        {t("adminOrders.vouchers.isActive")}
      </CheckboxField>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90"
        >
          {t("adminOrders.vouchers.save")}
        </button>
        <Link
          to={localePath("adminVouchers", locale)}
          className="text-primary-dark underline underline-offset-4"
        >
          {t("adminOrders.vouchers.back")}
        </Link>
      </div>
    </Form>
  );
}

/** Who the saved voucher's influencer is: their name, linked to their page, and their e-mail. */
export function InfluencerLine({ influencer }: { influencer: VoucherInfluencer }) {
  const { t, locale } = useTranslation();
  return (
    <p className="[overflow-wrap:anywhere]" data-testid="voucher-influencer">
      {t("adminOrders.vouchers.influencerColumn")}:{" "}
      <Link
        to={localePath("adminUser", locale, { id: String(influencer.id) })}
        className="font-semibold text-primary-dark underline underline-offset-4"
      >
        {influencerName(influencer)}
      </Link>{" "}
      · {influencer.email} · {t("adminOrders.vouchers.influencer", { id: influencer.id })}
    </p>
  );
}

/** "Petr (petr.sbirka)", or the username alone without a first name. */
export function influencerName(influencer: VoucherInfluencer): string {
  return influencer.firstname ? `${influencer.firstname} (${influencer.username})` : influencer.username;
}
