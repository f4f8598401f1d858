import { data } from "react-router";
import { OrderView } from "#app/components/admin/orders/order-view.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { translate } from "#core/i18n/index.ts";
import { AdminOrderActionSchema } from "#core/schemas/admin-orders.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/order";

/**
 * One order (docs/product/back-office.md, "Orders and money"): lines, customer, addresses,
 * payments, tax documents, history, and the moves its state allows (the order lifecycle decides:
 * a move it forbids is refused with a translated message).
 */
export function meta(args: Route.MetaArgs) {
  const id = args.loaderData?.order.id;
  return pageMeta(args, (t) => ({
    title: id ? t("adminOrders.order.title", { number: id }) : t("adminOrders.orders.title"),
    noindex: true,
  }));
}

function orderIdOf(params: { id?: string }, locale: "cs" | "en"): number {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (id < 1) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const found = await services.payments.adminOrder(orderIdOf(params, locale));
  if (!found) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return found;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const id = orderIdOf(params, locale);
  const parsed = AdminOrderActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const form = parsed.data;
  const payments = services.payments;
  const result =
    form.intent === "paid"
      ? await payments.markPaidByTransfer(id, staff.id)
      : form.intent === "shipped"
        ? await payments.markShipped(id, { actorId: staff.id, trackingNumber: form.trackingNumber || null })
        : form.intent === "delivered"
          ? await payments.markDelivered(id, staff.id)
          : form.intent === "cancel"
            ? await payments.cancelOrder(id, staff.id)
            : await payments.refundOrder(id, { actorId: staff.id, reason: form.reason || null });
  if (result === "not_found") throw data(translate(locale, "errors.notFound"), { status: 404 });
  const refusals: Record<string, string> = {
    cancelled: translate(locale, "payments.errors.orderCancelled"),
    already_paid: translate(locale, "payments.errors.orderMoveNotAllowed"),
    not_shop: translate(locale, "payments.errors.notShopOrder"),
    not_allowed: translate(locale, "payments.errors.orderMoveNotAllowed"),
    gateway_failed: translate(locale, "adminOrders.errors.gatewayFailed"),
  };
  if (refusals[result]) return data({ message: refusals[result], ok: false }, { status: 409 });
  const order = await payments.adminOrder(id);
  const status = order ? translate(locale, `adminOrders.status.${order.order.status}`) : "";
  return { message: translate(locale, "adminOrders.action.done", { status }), ok: true };
}

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderView data={loaderData} reply={actionData} />;
}
