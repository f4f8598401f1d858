import { czkOnly, missing, notFound, positiveAmount, StripeApiError } from "./errors.ts";
import { type FormObject, param, stringList, stringMap } from "./form.ts";
import { newId, type Store, type StripeObject, unixNow } from "./store.ts";
import type { Webhooks } from "./webhooks.ts";

/**
 * Checkout Sessions and their payment intents: a session opens a page the buyer pays on (a card)
 * or shows where to send a bank transfer; paying it, or the bank reporting the transfer, makes
 * the payment intent succeed, completes the session and adds its amount to the platform's
 * balance. A declined card leaves the session open (the buyer may try again, as on Stripe's page).
 */
type CheckoutContext = { store: Store; webhooks: Webhooks; baseUrl: () => string };

function session(ctx: CheckoutContext, id: string) {
  const s = ctx.store.state;
  const found = s.sessions[id];
  if (!found) throw notFound("checkout.session", id);
  return found;
}
function paymentIntent(ctx: CheckoutContext, id: string) {
  const s = ctx.store.state;
  const found = s.paymentIntents[id];
  if (!found) throw notFound("payment_intent", id);
  return found;
}

/** The session's payment intent, made when the buyer first acts on the page. */
function intentOf(ctx: CheckoutContext, cs: StripeObject): StripeObject {
  const s = ctx.store.state;
  if (typeof cs.payment_intent === "string") return paymentIntent(ctx, cs.payment_intent);
  const data = (cs.payment_intent_data ?? {}) as {
    transfer_group?: string;
    metadata?: Record<string, string>;
  };
  const pi: StripeObject = {
    id: newId("pi"),
    object: "payment_intent",
    amount: cs.amount_total,
    amount_received: 0,
    amount_refunded: 0,
    currency: "czk",
    created: unixNow(),
    customer: cs.customer ?? null,
    latest_charge: null,
    last_payment_error: null,
    metadata: data.metadata ?? {},
    payment_method_types: cs.payment_method_types,
    status: "requires_payment_method",
    transfer_group: data.transfer_group ?? null,
  };
  s.paymentIntents[pi.id] = pi;
  cs.payment_intent = pi.id;
  return pi;
}

function requireOpen(cs: StripeObject) {
  if (cs.status !== "open")
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `This Checkout Session is ${cs.status}.`,
      "checkout_session_not_open",
    );
}

/** The money arrived (card paid, bank transfer received): the session is complete and paid. */
function settle(ctx: CheckoutContext, cs: StripeObject, eventType: string) {
  const s = ctx.store.state;
  const pi = intentOf(ctx, cs);
  const amount = cs.amount_total as number;
  Object.assign(pi, {
    status: "succeeded",
    amount_received: amount,
    latest_charge: newId("ch"),
    last_payment_error: null,
  });
  s.charges[pi.latest_charge as string] = pi.id;
  Object.assign(cs, { status: "complete", payment_status: "paid" });
  s.balance.available += amount;
  ctx.webhooks.emit(eventType, cs);
  return cs;
}

function createSession(ctx: CheckoutContext, body: FormObject): StripeObject {
  const s = ctx.store.state;
  if (param(body, "mode") !== "payment")
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "Only mode=payment is simulated.",
      "parameter_invalid",
      "mode",
    );
  const item = Array.isArray(body.line_items) ? body.line_items[0] : undefined;
  if (!item || typeof item !== "object") throw missing("line_items");
  czkOnly(param(item, "price_data", "currency"), "line_items[0][price_data][currency]");
  const unitAmount = positiveAmount(
    param(item, "price_data", "unit_amount"),
    "line_items[0][price_data][unit_amount]",
  );
  const quantity = positiveAmount(param(item, "quantity") ?? "1", "line_items[0][quantity]");
  // allowed_payment_method_types since API 2026-10-28; payment_method_types before it.
  const methods = stringList(body.allowed_payment_method_types ?? body.payment_method_types);
  const method = methods[0] ?? "card";
  if (methods.length !== 1 || !["card", "customer_balance"].includes(method))
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "allowed_payment_method_types must be [card] or [customer_balance].",
      "parameter_invalid",
      "allowed_payment_method_types",
    );
  const customer = param(body, "customer") ?? null;
  if (method === "customer_balance") {
    if (!customer) throw missing("customer");
    if (!s.customers[customer]) throw notFound("customer", customer);
  }
  const successUrl = param(body, "success_url");
  if (!successUrl) throw missing("success_url");
  const id = newId("cs_test", 58);
  const created = unixNow();
  const cs: StripeObject = {
    id,
    object: "checkout.session",
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity,
    cancel_url: param(body, "cancel_url") ?? null,
    client_reference_id: param(body, "client_reference_id") ?? null,
    created,
    currency: "czk",
    customer,
    expires_at: created + 24 * 3600,
    livemode: false,
    locale: param(body, "locale") ?? "auto",
    metadata: stringMap(body.metadata),
    mode: "payment",
    payment_intent: null,
    payment_intent_data: {
      transfer_group: param(body, "payment_intent_data", "transfer_group") ?? null,
      metadata: stringMap((body.payment_intent_data as FormObject | undefined)?.metadata),
    },
    allowed_payment_method_types: [method],
    payment_method_types: [method],
    payment_status: "unpaid",
    product_name: param(item, "price_data", "product_data", "name") ?? "",
    status: "open",
    success_url: successUrl,
    url: `${ctx.baseUrl()}/pay/${id}`,
  };
  s.sessions[id] = cs;
  if (method === "customer_balance") {
    s.lastVariableSymbol += 1;
    s.sessionExtras[id] = { variableSymbol: String(s.lastVariableSymbol) };
  }
  return cs;
}

/** The buyer pays by card on the page (or a test says they did). */
function paySession(ctx: CheckoutContext, id: string) {
  const cs = session(ctx, id);
  if (cs.status === "complete") return cs;
  requireOpen(cs);
  return settle(ctx, cs, "checkout.session.completed");
}

/** The bank reports the transfer (on the page or a test's call): the async payment succeeds. */
function receiveSession(ctx: CheckoutContext, id: string) {
  const cs = session(ctx, id);
  if (cs.status === "complete") return cs;
  requireOpen(cs);
  return settle(ctx, cs, "checkout.session.async_payment_succeeded");
}

/**
 * The card is declined: the payment failed, the session stays open (the buyer may try again,
 * as on Stripe's page). A bank transfer that never comes fails the session's async payment.
 */
function declineSession(ctx: CheckoutContext, id: string) {
  const cs = session(ctx, id);
  requireOpen(cs);
  const pi = intentOf(ctx, cs);
  pi.last_payment_error = {
    type: "card_error",
    code: "card_declined",
    message: "Your card was declined.",
  };
  if ((cs.payment_method_types as string[])[0] === "customer_balance") {
    pi.status = "canceled";
    cs.status = "expired";
    ctx.webhooks.emit("checkout.session.async_payment_failed", cs);
  } else {
    ctx.webhooks.emit("payment_intent.payment_failed", pi);
  }
  return cs;
}

function expireSession(ctx: CheckoutContext, id: string) {
  const cs = session(ctx, id);
  requireOpen(cs);
  cs.status = "expired";
  ctx.webhooks.emit("checkout.session.expired", cs);
  return cs;
}

export type Checkout = ReturnType<typeof createCheckout>;

/** The checkout calls bound to the simulator's state. */
export function createCheckout(ctx: CheckoutContext) {
  return {
    session: (id: string) => session(ctx, id),
    paymentIntent: (id: string) => paymentIntent(ctx, id),
    sessionExtras: (id: string) => ctx.store.state.sessionExtras[id],
    createSession: (body: FormObject) => createSession(ctx, body),
    paySession: (id: string) => paySession(ctx, id),
    receiveSession: (id: string) => receiveSession(ctx, id),
    declineSession: (id: string) => declineSession(ctx, id),
    expireSession: (id: string) => expireSession(ctx, id),
  };
}
