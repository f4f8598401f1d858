import Stripe from "stripe";
import {
  type ChargeState,
  type MarketplaceEventType,
  MarketplaceRefusedError,
  MarketplaceUnavailableError,
} from "#core/contracts/marketplace-payments.ts";

/**
 * Stripe's answers in the port's words (stripe.ts): SDK errors, a Checkout Session's state, an
 * event's type and the reference an object carries.
 */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** SDK errors in the port's words: try later (network, 5xx, 429), or refused for good (4xx). */
export function mapError(error: unknown): Error {
  if (!isStripeError(error)) return error instanceof Error ? error : new Error(String(error));
  const status = error.statusCode;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    status === undefined ||
    status >= 500 ||
    status === 429
  )
    return new MarketplaceUnavailableError(`payment provider unavailable: ${error.message}`);
  return new MarketplaceRefusedError(error.message, error.code ?? error.type ?? null);
}

export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw mapError(error);
  }
}

/** A read of something the provider may not know: null for its 404. */
export async function find<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (isStripeError(error) && error.statusCode === 404) return null;
    throw mapError(error);
  }
}

export function chargeState(session: Stripe.Checkout.Session): ChargeState {
  if (session.status === "complete" && session.payment_status === "paid") return "paid";
  if (session.status === "expired") {
    // An async payment that failed expires the session too: it failed rather than ran out.
    const intent = session.payment_intent;
    return typeof intent === "object" && intent?.status === "canceled" ? "failed" : "expired";
  }
  const intent = session.payment_intent;
  if (typeof intent === "object" && intent && (intent.status === "canceled" || intent.last_payment_error))
    return "failed";
  return "open";
}

const EVENT_TYPES: Record<string, MarketplaceEventType> = {
  "checkout.session.async_payment_succeeded": "charge.paid",
  "checkout.session.async_payment_failed": "charge.failed",
  "checkout.session.expired": "charge.expired",
  "account.updated": "account.updated",
  "charge.refunded": "refund.succeeded",
  "transfer.created": "transfer.created",
};

export function eventType(event: Stripe.Event): MarketplaceEventType {
  if (event.type === "checkout.session.completed")
    return (event.data.object as Stripe.Checkout.Session).payment_status === "paid" ? "charge.paid" : "other";
  if (event.type.startsWith("refund.")) {
    const refund = event.data.object as Stripe.Refund;
    return refund.status === "succeeded" ? "refund.succeeded" : "other";
  }
  return EVENT_TYPES[event.type] ?? "other";
}

export function referenceOf(object: {
  metadata?: Stripe.Metadata | null;
  client_reference_id?: string | null;
}) {
  return object.metadata?.reference ?? object.client_reference_id ?? null;
}
