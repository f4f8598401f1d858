import { OrderSummary } from "#app/features/shop/orders/order-summary.tsx";
import { loadOrderSummary, payOrderByCard } from "#app/features/shop/orders/summary.server.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { Route } from "./+types/summary";

/**
 * An order's page in the account (`/ucet/shrnuti/:orderId/:hash`, the "payment result" of
 * docs/product/payments.md, "One payments module"): what it is for, what it costs, its state, and
 * while unpaid how to pay it: a QR bank transfer (account, amount, variable symbol) and a card
 * through the gateway. The gateway sends the payer back here; the loader reads the card payment's
 * state from the gateway, so the result shows at once. A shop order shows as on its public page
 * `/shrnuti/:id/:hash` (routes/shop/summary.tsx): the same component.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.summary.metaTitle"), noindex: true }));
}

export function loader({ params, context }: Route.LoaderArgs) {
  return loadOrderSummary(context, params.orderId, params.hash);
}

export function action({ params, context }: Route.ActionArgs) {
  return payOrderByCard(context, params.orderId, params.hash);
}

export default function OrderSummaryPage({ loaderData, actionData }: Route.ComponentProps) {
  const refused = (actionData as { message?: string } | undefined)?.message;
  return <OrderSummary data={loaderData} refused={refused} />;
}
