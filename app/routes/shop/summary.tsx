import { OrderSummary } from "#app/features/shop/orders/order-summary.tsx";
import { loadOrderSummary, payOrderByCard } from "#app/features/shop/orders/summary.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { Route } from "./+types/summary";

/**
 * A shop order's public summary (`/shrnuti/:id/:hash`, `/en/summary/:id/:hash`; docs/product/
 * payments.md, "One payments module"): whoever holds the order's number and its unguessable hash
 * sees it without signing in (the link of the confirmation mail, a guest's order) and may pay it
 * while it is unpaid; any other pair is a 404. The same page as the account's /ucet/shrnuti.
 */
/** Personal data behind a secret link: no shared cache keeps it. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("orders.summary.metaTitle"), noindex: true }));
}

export function loader({ params, context }: Route.LoaderArgs) {
  return loadOrderSummary(context, params.id, params.hash);
}

export function action({ params, context }: Route.ActionArgs) {
  return payOrderByCard(context, params.id, params.hash);
}

export default function PublicOrderSummaryPage({ loaderData, actionData }: Route.ComponentProps) {
  const refused = (actionData as { message?: string } | undefined)?.message;
  return (
    <div className="container-page pt-8 pb-16">
      <OrderSummary data={loaderData} refused={refused} />
    </div>
  );
}
