import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { type OrderReply, OrderView } from "#app/features/admin/orders/order-view.tsx";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { type AdminOrderAction, AdminOrderActionSchema } from "#core/schemas/admin-orders.ts";
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

const REFUSALS = {
  cancelled: "payments.errors.orderCancelled",
  already_paid: "payments.errors.orderMoveNotAllowed",
  not_shop: "payments.errors.notShopOrder",
  not_allowed: "payments.errors.orderMoveNotAllowed",
  gateway_failed: "adminOrders.errors.gatewayFailed",
} as const;

const INTENTS: readonly string[] = [
  "paid",
  "shipped",
  "delivered",
  "cancel",
  "refund",
] satisfies AdminOrderAction[];

/**
 * One move per form, read through the schema the API reads (core/schemas/admin-orders.ts): a
 * refused field (a tracking number or a reason too long) or a move the lifecycle forbids answers
 * the form that sent it, with what was typed kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const id = orderIdOf(params, locale);
  const submission = parseForm(await request.formData(), AdminOrderActionSchema, locale);
  const intent = String(submission.payload.intent ?? "");
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 });
  const reply = (extra: Partial<OrderReply>, status = 200) =>
    data({ intent: intent as AdminOrderAction, result: null, message: null, ok: true, ...extra }, { status });
  if (submission.status !== "success") return reply({ result: submission.reply(), ok: false }, 422);
  const form = submission.value;
  const { orders, payments } = services;
  const result =
    form.intent === "paid"
      ? await payments.markPaidByTransfer(id, staff.id)
      : form.intent === "shipped"
        ? await orders.markShipped(id, { actorId: staff.id, trackingNumber: form.trackingNumber || null })
        : form.intent === "delivered"
          ? await orders.markDelivered(id, staff.id)
          : form.intent === "cancel"
            ? await payments.cancelOrder(id, staff.id)
            : await payments.refundOrder(id, { actorId: staff.id, reason: form.reason || null });
  // Paying a paid order changes nothing: refused as a move the lifecycle does not allow.
  const refusal = result.ok ? (result.value === "already_paid" ? result.value : null) : result.code;
  if (refusal === "not_found") throw data(translate(locale, "errors.notFound"), { status: 404 });
  if (refusal)
    return reply(
      { result: submission.reply(), message: translate(locale, REFUSALS[refusal]), ok: false },
      409,
    );
  const order = await payments.adminOrder(id);
  const status = order ? translate(locale, `adminOrders.status.${order.order.status}`) : "";
  return reply({
    result: submission.reply({ resetForm: true }),
    message: translate(locale, "adminOrders.action.done", { status }),
  });
}

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderView data={loaderData} reply={actionData} />;
}
