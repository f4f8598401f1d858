import { czkOnly, missing, notFound, positiveAmount, StripeApiError } from "./errors.ts";
import { type FormObject, param, stringMap } from "./form.ts";
import { newId, type Store, type StripeObject, unixNow } from "./store.ts";
import type { Webhooks } from "./webhooks.ts";

/**
 * The platform's balance and what takes from it: a transfer to a connected account (never beyond
 * the balance nor what its source charge has left, and only to an account whose payouts are
 * enabled) and a refund (never beyond what the payment has left). Paid sessions add to it
 * (checkout.ts).
 */
type MoneyContext = {
  store: Store;
  webhooks: Webhooks;
  account: (id: string) => StripeObject;
  paymentIntent: (id: string) => StripeObject;
};

/** POST /v1/transfers: from the balance to a connected account whose payouts are enabled. */
function createTransfer(ctx: MoneyContext, body: FormObject): StripeObject {
  const { store, webhooks, account, paymentIntent } = ctx;
  const s = store.state;
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
}

/** POST /v1/refunds: back to the buyer, never beyond what the payment has left. */
function createRefund(ctx: MoneyContext, body: FormObject): StripeObject {
  const { store, webhooks, paymentIntent } = ctx;
  const s = store.state;
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
}

function balanceOf(ctx: MoneyContext): Record<string, unknown> {
  const s = ctx.store.state;
  return {
    id: "balance",
    object: "balance",
    available: [
      { amount: s.balance.available, currency: "czk", source_types: { card: s.balance.available } },
    ],
    pending: [{ amount: s.balance.pending, currency: "czk", source_types: { card: s.balance.pending } }],
    livemode: false,
  };
}

/** The money calls bound to the simulator's state. */
export function createMoney(ctx: MoneyContext) {
  return {
    createTransfer: (body: FormObject) => createTransfer(ctx, body),
    createRefund: (body: FormObject) => createRefund(ctx, body),
    balance: () => balanceOf(ctx),
  };
}
