import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { InvoiceDocument } from "#app/features/shop/orders/invoice-document.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/invoice-document";

/**
 * A tax document (`/ucet/platba/doklad/:number`): the invoice of a paid order exactly as it was
 * issued, ready to print. Only its owner sees it; any other number is a 404. (A shop order's
 * document is also reachable with the order's id and hash: routes/shop/invoice-document.tsx.)
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.document.metaTitle"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const invoice = await services.orders.invoice(user!.id, params.number);
  if (!invoice) throw data(null, { status: 404 });
  return { invoice };
}

export default function InvoiceDocumentPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  return (
    <InvoiceDocument
      invoice={loaderData.invoice}
      back={{ to: localePath("accountPayment", locale), label: t("payments.document.back") }}
    />
  );
}
