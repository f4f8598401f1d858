import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { InvoiceDocument } from "#app/features/shop/orders/invoice-document.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/invoice-document";

/**
 * A shop order's tax document (`/shrnuti/:id/:hash/doklad`): whoever holds the order's number and
 * its hash (the summary links it, the payment mail points there) sees it without signing in, as
 * a guest must; without both it is a 404, like the summary.
 */
/** Personal data behind a secret link: no shared cache keeps it. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.document.metaTitle"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const id = requirePathId(params.id);
  const invoice = await services.orders.invoiceByOrder(id, params.hash);
  if (!invoice) throw data(null, { status: 404 });
  return { invoice, summary: { id, hash: params.hash } };
}

export default function OrderInvoiceDocumentPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  return (
    <InvoiceDocument
      invoice={loaderData.invoice}
      back={{
        to: localePath("orderSummary", locale, loaderData.summary),
        label: t("orders.summary.backToOrder"),
      }}
    />
  );
}
