import { data, Form, Link, redirect, useNavigation } from "react-router";
import { TestGatewaySchema } from "#core/schemas/test-gateway.ts";
import { appContext } from "../context.ts";
import { useCzk } from "../features/shop/orders/order-parts.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { parseForm, useSchemaForm } from "../ui/forms/conform.ts";
import { pageMeta } from "../ui/seo/page-meta.ts";
import type { Route } from "./+types/test-gateway";

/**
 * The test card gateway's payment page (`/testovaci-platebni-brana/:id`), standing in for a real
 * gateway's site where none can be reached: the payer pays or declines (core/schemas/test-gateway.ts), the gateway notifies the
 * shop (signed) and sends the payer back to the order. A 404 where the test gateway is off
 * (production, unless PAYMENTS_TEST_GATEWAY=true), and for any id that is not one of the
 * gateway's (`find` and `decide` check its form before the database sees it: a NUL byte was a 500).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.gateway.title"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const payment = services.testGateway ? await services.testGateway.find(params.id) : null;
  if (!payment) throw data(null, { status: 404 });
  const { amountMinor, currencyCode, description, state, returnPath } = payment;
  return { payment: { amountMinor, currencyCode, description, state, returnPath } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), TestGatewaySchema, locale);
  if (!services.testGateway || submission.status !== "success") throw data(null, { status: 400 });
  const payment = await services.testGateway.decide(params.id, submission.value.outcome);
  if (!payment) throw data(null, { status: 404 });
  // The return path was written by the shop when it opened the payment: a path on this site.
  throw redirect(payment.returnPath);
}

export default function TestGatewayPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const price = useCzk();
  const navigation = useNavigation();
  const { payment } = loaderData;
  const busy = navigation.state !== "idle";
  const [form] = useSchemaForm(TestGatewaySchema, undefined);
  return (
    <section className="container-page flex justify-center py-8 tablet:py-14" data-testid="test-gateway">
      <div className="w-full max-w-md overflow-hidden rounded-xl border border-line bg-white shadow-sm">
        <div className="bg-primary-dark px-6 py-4 text-white">
          <h1 className="font-serif text-2xl">{t("payments.gateway.title")}</h1>
        </div>
        <div className="flex flex-col gap-5 p-6">
          <p className="rounded-lg bg-secondary/15 px-4 py-3 text-sm text-[#6b5116] ring-1 ring-secondary/40">
            {t("payments.gateway.warning")}
          </p>
          <dl className="flex flex-col gap-3">
            <div>
              <dt className="text-sm text-muted">{t("payments.gateway.merchant")}</dt>
              <dd className="font-semibold">{t("payments.gateway.merchantName")}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("payments.gateway.description")}</dt>
              <dd className="font-semibold break-words">{payment.description}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("payments.gateway.amount")}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="test-gateway-amount">
                {price(payment.amountMinor)}
              </dd>
            </div>
          </dl>
          {payment.state === "created" ? (
            <Form
              method="post"
              id={form.id}
              onSubmit={form.onSubmit}
              noValidate
              className="flex flex-col gap-3 tablet:flex-row-reverse"
            >
              <button
                type="submit"
                name="outcome"
                value="paid"
                disabled={busy}
                className="inline-flex min-h-11 flex-1 items-center justify-center rounded bg-success px-5 py-2 font-semibold text-white hover:bg-[#1f5c44] disabled:opacity-60"
                data-testid="test-gateway-pay"
              >
                {t("payments.gateway.pay")}
              </button>
              <button
                type="submit"
                name="outcome"
                value="failed"
                disabled={busy}
                className="inline-flex min-h-11 flex-1 items-center justify-center rounded border border-danger px-5 py-2 font-semibold text-danger hover:bg-danger/5 disabled:opacity-60"
                data-testid="test-gateway-fail"
              >
                {t("payments.gateway.fail")}
              </button>
            </Form>
          ) : (
            <div className="flex flex-col gap-3">
              <p data-testid="test-gateway-decided">
                {t("payments.gateway.decided", { state: t(`payments.gateway.state.${payment.state}`) })}
              </p>
              <Link to={payment.returnPath} className="font-semibold text-primary-dark underline">
                {t("payments.gateway.back")}
              </Link>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
