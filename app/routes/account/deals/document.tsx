import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { InvoiceDocument } from "#app/features/shop/orders/invoice-document.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/document";

/**
 * A deal fee's tax document (`/ucet/obchody/:dealId/doklad/:number`, ADR 0081), exactly as the
 * operator issued it, ready to print: the buyer's protection for the buyer, the commission for the
 * seller. Any other number, another side's document or another user's deal is a 404.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.document.metaTitle"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const dealId = Number(params.dealId);
  if (!Number.isSafeInteger(dealId) || dealId <= 0) throw data(null, { status: 404 });
  const invoice = await services.deals.feeDocument(dealId, user!.id, params.number);
  if (!invoice) throw data(null, { status: 404 });
  return { invoice, dealId };
}

export default function DealDocumentPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { invoice, dealId } = loaderData;
  return (
    <InvoiceDocument
      invoice={invoice}
      back={{
        to: localePath("accountDeal", locale, { dealId }),
        label: t("dealDocuments.back", { id: dealId }),
      }}
    />
  );
}
