import { type FormObject, param, stringList, stringMap } from "./form.ts";
import { newId, type Store, type StripeObject, unixNow } from "./store.ts";
import type { Webhooks } from "./webhooks.ts";

/**
 * What the simulated provider does, shared by its API, its pages and its control endpoints. The
 * money is consistent: a paid session adds to the platform's balance (a card at once, a bank
 * transfer once the money is received), a transfer takes from it (never beyond it, and only to
 * an account whose payouts are enabled), a refund takes from it and never beyond what the payment
 * has left. A request it refuses throws `StripeApiError`, answered in Stripe's error shape.
 */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

const missing = (name: string) =>
  new StripeApiError(
    400,
    "invalid_request_error",
    `Missing required param: ${name}.`,
    "parameter_missing",
    name,
  );
const notFound = (kind: string, id: string) =>
  new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", "id");

function positiveAmount(value: string | undefined, name: string): number {
  if (value === undefined) throw missing(name);
  const amount = Number(value);
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Invalid positive integer: ${name}`,
      "parameter_invalid_integer",
      name,
    );
  return amount;
}

function czkOnly(value: string | undefined, name: string) {
  if (value === undefined) throw missing(name);
  if (value.toLowerCase() !== "czk")
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "The simulator knows only CZK.",
      "parameter_invalid",
      name,
    );
}

export type Model = ReturnType<typeof createModel>;

export function createModel({
  store,
  webhooks,
  baseUrl,
}: {
  store: Store;
  webhooks: Webhooks;
  baseUrl: () => string;
}) {
  const s = store.state;

  function account(id: string) {
    const found = s.accounts[id];
    if (!found) throw notFound("account", id);
    return found;
  }
  function session(id: string) {
    const found = s.sessions[id];
    if (!found) throw notFound("checkout.session", id);
    return found;
  }
  function paymentIntent(id: string) {
    const found = s.paymentIntents[id];
    if (!found) throw notFound("payment_intent", id);
    return found;
  }

  /** The session's payment intent, made when the buyer first acts on the page. */
  function intentOf(cs: StripeObject): StripeObject {
    if (typeof cs.payment_intent === "string") return paymentIntent(cs.payment_intent);
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
  function settle(cs: StripeObject, eventType: string) {
    const pi = intentOf(cs);
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
    webhooks.emit(eventType, cs);
    return cs;
  }

  return {
    account,
    session,
    paymentIntent,
    sessionExtras: (id: string) => s.sessionExtras[id],

    createAccount(body: FormObject): StripeObject {
      const created: StripeObject = {
        id: newId("acct", 16),
        object: "account",
        type: param(body, "type") ?? "express",
        country: param(body, "country") ?? "CZ",
        email: param(body, "email") ?? null,
        created: unixNow(),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        capabilities: { transfers: "inactive" },
        metadata: stringMap(body.metadata),
      };
      s.accounts[created.id] = created;
      return created;
    },

    verifyAccount(id: string): StripeObject {
      const found = account(id);
      if (found.payouts_enabled) return found;
      Object.assign(found, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: { transfers: "active" },
      });
      webhooks.emit("account.updated", found);
      return found;
    },

    createAccountLink(body: FormObject): StripeObject {
      const accountId = param(body, "account");
      if (!accountId) throw missing("account");
      account(accountId);
      const returnUrl = param(body, "return_url");
      const refreshUrl = param(body, "refresh_url");
      if (!returnUrl) throw missing("return_url");
      if (!refreshUrl) throw missing("refresh_url");
      const id = newId("acctlink");
      s.accountLinks[id] = { id, account: accountId, returnUrl, refreshUrl };
      const created = unixNow();
      return {
        id,
        object: "account_link",
        created,
        expires_at: created + 300,
        url: `${baseUrl()}/onboard/${id}`,
      };
    },

    createCustomer(body: FormObject): StripeObject {
      const created: StripeObject = {
        id: newId("cus", 14),
        object: "customer",
        created: unixNow(),
        email: param(body, "email") ?? null,
        metadata: stringMap(body.metadata),
      };
      s.customers[created.id] = created;
      return created;
    },

    createSession(body: FormObject): StripeObject {
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
        url: `${baseUrl()}/pay/${id}`,
      };
      s.sessions[id] = cs;
      if (method === "customer_balance") {
        s.lastVariableSymbol += 1;
        s.sessionExtras[id] = { variableSymbol: String(s.lastVariableSymbol) };
      }
      return cs;
    },

    /** The buyer pays by card on the page (or a test says they did). */
    paySession(id: string) {
      const cs = session(id);
      if (cs.status === "complete") return cs;
      requireOpen(cs);
      return settle(cs, "checkout.session.completed");
    },

    /** The bank reports the transfer (on the page or a test's call): the async payment succeeds. */
    receiveSession(id: string) {
      const cs = session(id);
      if (cs.status === "complete") return cs;
      requireOpen(cs);
      return settle(cs, "checkout.session.async_payment_succeeded");
    },

    /**
     * The card is declined: the payment failed, the session stays open (the buyer may try again,
     * as on Stripe's page). A bank transfer that never comes fails the session's async payment.
     */
    declineSession(id: string) {
      const cs = session(id);
      requireOpen(cs);
      const pi = intentOf(cs);
      pi.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        message: "Your card was declined.",
      };
      if ((cs.payment_method_types as string[])[0] === "customer_balance") {
        pi.status = "canceled";
        cs.status = "expired";
        webhooks.emit("checkout.session.async_payment_failed", cs);
      } else {
        webhooks.emit("payment_intent.payment_failed", pi);
      }
      return cs;
    },

    expireSession(id: string) {
      const cs = session(id);
      requireOpen(cs);
      cs.status = "expired";
      webhooks.emit("checkout.session.expired", cs);
      return cs;
    },

    createTransfer(body: FormObject): StripeObject {
      const amount = positiveAmount(param(body, "amount"), "amount");
      czkOnly(param(body, "currency"), "currency");
      const destination = param(body, "destination");
      if (!destination) throw missing("destination");
      const target = account(destination);
      if (!target.payouts_enabled)
        throw new StripeApiError(
          400,
          "invalid_request_error",
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          "insufficient_capabilities_for_transfer",
          "destination",
        );
      const source = param(body, "source_transaction") ?? null;
      if (source) {
        const pi = s.charges[source] ? paymentIntent(s.charges[source]) : null;
        if (!pi) throw notFound("charge", source);
        const used = Object.values(s.transfers)
          .filter((t) => t.source_transaction === source)
          .reduce((sum, t) => sum + (t.amount as number), 0);
        if (used + amount > (pi.amount_received as number) - (pi.amount_refunded as number))
          throw new StripeApiError(
            400,
            "invalid_request_error",
            "The transfer exceeds what the source transaction has left.",
            "transfer_source_balance_parameters_mismatch",
            "amount",
          );
      }
      if (amount > s.balance.available)
        throw new StripeApiError(
          400,
          "invalid_request_error",
          "You have insufficient available funds in your Stripe account.",
          "balance_insufficient",
        );
      s.balance.available -= amount;
      const transfer: StripeObject = {
        id: newId("tr"),
        object: "transfer",
        amount,
        amount_reversed: 0,
        created: unixNow(),
        currency: "czk",
        destination,
        metadata: stringMap(body.metadata),
        reversed: false,
        source_transaction: source,
        transfer_group: param(body, "transfer_group") ?? null,
      };
      s.transfers[transfer.id] = transfer;
      webhooks.emit("transfer.created", transfer);
      return transfer;
    },

    createRefund(body: FormObject): StripeObject {
      const piId = param(body, "payment_intent");
      if (!piId) throw missing("payment_intent");
      const pi = paymentIntent(piId);
      if (pi.status !== "succeeded")
        throw new StripeApiError(
          400,
          "invalid_request_error",
          "This PaymentIntent has not succeeded.",
          "payment_intent_unexpected_state",
          "payment_intent",
        );
      const left = (pi.amount_received as number) - (pi.amount_refunded as number);
      const amountParam = param(body, "amount");
      const amount = amountParam === undefined ? left : positiveAmount(amountParam, "amount");
      if (left <= 0)
        throw new StripeApiError(
          400,
          "invalid_request_error",
          "This charge has already been refunded.",
          "charge_already_refunded",
        );
      if (amount > left)
        throw new StripeApiError(
          400,
          "invalid_request_error",
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          "amount_too_large",
          "amount",
        );
      if (amount > s.balance.available)
        throw new StripeApiError(
          400,
          "invalid_request_error",
          "You have insufficient available funds in your Stripe account.",
          "balance_insufficient",
        );
      s.balance.available -= amount;
      pi.amount_refunded = (pi.amount_refunded as number) + amount;
      const refund: StripeObject = {
        id: newId("re"),
        object: "refund",
        amount,
        charge: pi.latest_charge,
        created: unixNow(),
        currency: "czk",
        metadata: stringMap(body.metadata),
        payment_intent: pi.id,
        status: "succeeded",
      };
      s.refunds[refund.id] = refund;
      webhooks.emit("refund.created", refund);
      return refund;
    },

    balance(): StripeObject {
      return {
        id: "balance",
        object: "balance",
        available: [
          { amount: s.balance.available, currency: "czk", source_types: { card: s.balance.available } },
        ],
        pending: [{ amount: s.balance.pending, currency: "czk", source_types: { card: s.balance.pending } }],
        livemode: false,
      };
    },
  };
}
