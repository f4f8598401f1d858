import { data, redirect, useLocation } from "react-router";
import { appContext } from "#app/context.ts";
import { InfluencerLine, VoucherForm } from "#app/features/admin/orders/voucher-form.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { AdminVoucherSchema } from "#core/schemas/admin-orders-vouchers.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/voucher";

/**
 * A voucher, new (`/admin/poukazy/new`) or saved (docs/product/payments.md, "Vouchers"): every rule
 * the shop enforces, and the influencer (a user's e-mail or number; the page names them) who sees
 * its statistics. Audited.
 */
export function meta(args: Route.MetaArgs) {
  const code = args.loaderData?.voucher?.values.code;
  return pageMeta(args, (t) => ({
    title: code ? t("adminOrders.vouchers.editTitle", { code }) : t("adminOrders.vouchers.newTitle"),
    noindex: true,
  }));
}

function voucherIdOf(params: { id?: string }, locale: "cs" | "en"): number | null {
  if (params.id === "new") return null;
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (id < 1) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const id = voucherIdOf(params, locale);
  if (id === null) return { voucher: null };
  const voucher = await services.orders.voucher(id);
  if (!voucher) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return { voucher };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const id = voucherIdOf(params, locale);
  const submission = parseForm(await request.formData(), AdminVoucherSchema, locale);
  if (submission.status !== "success")
    return data({ result: submission.reply(), message: null, ok: false }, { status: 422 });
  const result = await services.orders.saveVoucher(id, submission.value, staff.id);
  if (!result.ok && result.code === "not_found")
    throw data(translate(locale, "errors.notFound"), { status: 404 });
  if (!result.ok) {
    const { field } = result.details;
    const key = field === "code" ? "codeTaken" : "noInfluencer";
    const message = translate(locale, `adminOrders.vouchers.errors.${key}`);
    return data(
      { result: submission.reply({ fieldErrors: { [field]: [message] } }), message: null, ok: false },
      { status: 422 },
    );
  }
  if (id === null)
    return redirect(`${localePath("adminVoucher", locale, { id: String(result.value.id) })}?saved=1`);
  return { result: null, message: translate(locale, "adminOrders.vouchers.saved"), ok: true };
}

export default function AdminVoucherPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { voucher } = loaderData;
  const saved = new URLSearchParams(useLocation().search).has("saved");
  return (
    <section className="flex flex-col gap-6" data-testid="admin-voucher">
      <h1 className="font-serif text-3xl text-primary-dark">
        {voucher
          ? t("adminOrders.vouchers.editTitle", { code: voucher.values.code })
          : t("adminOrders.vouchers.newTitle")}
      </h1>
      {voucher ? (
        <p>
          {t("adminOrders.vouchers.uses")}: {voucher.uses}
        </p>
      ) : null}
      {voucher?.influencer ? <InfluencerLine influencer={voucher.influencer} /> : null}
      <VoucherForm
        values={voucher?.values ?? null}
        reply={
          actionData ?? (saved ? { result: null, message: t("adminOrders.vouchers.saved"), ok: true } : null)
        }
      />
    </section>
  );
}
