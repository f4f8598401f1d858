import Stripe from "stripe";
import {
  type MarketplaceCharge,
  type MarketplaceEvent,
  type MarketplacePayments,
  MarketplaceRefusedError,
} from "#core/contracts/marketplace-payments.ts";
import { call, chargeState, eventType, find, referenceOf } from "./stripe-mapping.ts";

/**
 * The marketplace payments port on Stripe Connect, "separate charges and transfers" (ADR 0074):
 * the buyer pays a Checkout Session into the platform's balance (the money is held there, in the
 * provider's licence, never Rarita's), a transfer to the seller's connected account releases it,
 * a refund returns it. Built on the official `stripe` SDK; `apiBase` points it elsewhere (the
 * local simulator, which speaks the same API).
 *
 * The SDK does not retry by itself (maxNetworkRetries 0): the deals' jobs retry with the same
 * idempotency key and their own backoff, so a request never blocks a job for minutes, and an
 * unanswered call surfaces as MarketplaceUnavailableError.
 */
export type StripeMarketplaceOptions = {
  apiKey: string;
  webhookSecret: string;
  /** Another API address (`http://127.0.0.1:43123` for the simulator); Stripe's by default. */
  apiBase?: string;
  /** Per request; 20 s by default. */
  timeoutMs?: number;
};

/** Stripe's default tolerance: a webhook signed more than 5 minutes ago is a replay. */
const WEBHOOK_TOLERANCE_S = 300;

function clientOptions(options: StripeMarketplaceOptions): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: options.timeoutMs ?? 20_000 };
  if (options.apiBase) {
    const base = new URL(options.apiBase);
    config.protocol = base.protocol === "http:" ? "http" : "https";
    config.host = base.hostname;
    config.port = base.port || (base.protocol === "http:" ? 80 : 443);
  }
  return config;
}

type Port = MarketplacePayments;

/** Sellers: their connected account, its onboarding link and whether it pays out. */
function sellerCalls(stripe: Stripe): Pick<Port, "createSellerAccount" | "onboardingLink" | "sellerAccount"> {
  return {
    async createSellerAccount(seller, idempotencyKey) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: "express",
            country: "CZ",
            email: seller.email,
            capabilities: { transfers: { requested: true } },
            metadata: { reference: seller.reference },
          },
          { idempotencyKey },
        ),
      );
      return { accountId: account.id };
    },

    async onboardingLink(accountId, urls) {
      const link = await call(() =>
        stripe.accountLinks.create({
          account: accountId,
          type: "account_onboarding",
          return_url: urls.returnUrl,
          refresh_url: urls.refreshUrl,
        }),
      );
      return { url: link.url };
    },

    async sellerAccount(accountId) {
      const account = await find(() => stripe.accounts.retrieve(accountId));
      return account ? { accountId: account.id, payoutsEnabled: account.payouts_enabled === true } : null;
    },
  };
}

/** A Checkout Session for the charge (a customer first for a bank transfer). */
async function startCheckout(
  stripe: Stripe,
  charge: Parameters<Port["startCharge"]>[0],
  idempotencyKey: string,
): Promise<{ chargeId: string; payUrl: string }> {
  const bankTransfer = charge.method === "bank_transfer";
  // Stripe's bank transfers pay into a customer's cash balance, so they need a customer: one
  // per charge, made under a key derived from the charge's, so a retry finds the same one.
  const customer = bankTransfer
    ? await call(() =>
        stripe.customers.create(
          { metadata: { reference: charge.reference } },
          { idempotencyKey: `${idempotencyKey}:customer` },
        ),
      )
    : null;
  const session = await call(() =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            price_data: {
              currency: "czk",
              unit_amount: charge.amountMinor,
              product_data: { name: charge.description },
            },
            quantity: 1,
          },
        ],
        // The API version this SDK speaks (2026-10-28) names the methods allowed_payment_method_types
        // (payment_method_types on session create is gone since SDK 23).
        allowed_payment_method_types: bankTransfer ? ["customer_balance"] : ["card"],
        ...(customer
          ? {
              customer: customer.id,
              payment_method_options: {
                customer_balance: {
                  funding_type: "bank_transfer",
                  bank_transfer: { type: "eu_bank_transfer", eu_bank_transfer: { country: "DE" } },
                },
              },
            }
          : {}),
        client_reference_id: charge.reference,
        metadata: { reference: charge.reference },
        payment_intent_data: {
          transfer_group: charge.reference,
          metadata: { reference: charge.reference },
        },
        success_url: charge.successUrl,
        cancel_url: charge.cancelUrl,
        locale: charge.locale,
      },
      { idempotencyKey },
    ),
  );
  if (!session.url) throw new MarketplaceRefusedError("the provider gave no payment page", null);
  return { chargeId: session.id, payUrl: session.url };
}

/** Transfers to sellers, refunds to buyers and the platform's balance. */
function moneyCalls(stripe: Stripe): Pick<Port, "transfer" | "refund" | "balance"> {
  return {
    async transfer(transfer, idempotencyKey) {
      // The transfer names the payment's charge as its source: Stripe then moves that charge's
      // money even while it is still pending (cards settle in days), and never more than it
      // brought in. Without it a release right after paying would fail for want of balance.
      const intent = await call(() => stripe.paymentIntents.retrieve(transfer.sourcePaymentId));
      const sourceCharge =
        typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
      if (!sourceCharge)
        throw new MarketplaceRefusedError("the payment has no charge to transfer from", "no_charge");
      const created = await call(() =>
        stripe.transfers.create(
          {
            amount: transfer.amountMinor,
            currency: "czk",
            destination: transfer.accountId,
            transfer_group: transfer.reference,
            source_transaction: sourceCharge,
            metadata: { reference: transfer.reference },
          },
          { idempotencyKey },
        ),
      );
      return { transferId: created.id };
    },

    async refund(refund, idempotencyKey) {
      const created = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: refund.paymentId,
            amount: refund.amountMinor,
            metadata: { reference: refund.reference },
          },
          { idempotencyKey },
        ),
      );
      return { refundId: created.id };
    },

    async balance() {
      const balance = await call(() => stripe.balance.retrieve());
      const czk = (entries: { amount: number; currency: string }[]) =>
        entries.filter((entry) => entry.currency === "czk").reduce((sum, entry) => sum + entry.amount, 0);
      return { availableMinor: czk(balance.available), pendingMinor: czk(balance.pending) };
    },
  };
}

export function createStripeMarketplace(options: StripeMarketplaceOptions): MarketplacePayments {
  const stripe = new Stripe(options.apiKey, clientOptions(options));
  return {
    provider: "stripe",
    ...sellerCalls(stripe),
    ...moneyCalls(stripe),
    startCharge: (charge, idempotencyKey) => startCheckout(stripe, charge, idempotencyKey),
    async charge(chargeId): Promise<MarketplaceCharge | null> {
      const session = await find(() =>
        stripe.checkout.sessions.retrieve(chargeId, { expand: ["payment_intent"] }),
      );
      if (!session) return null;
      const intent = session.payment_intent;
      const state = chargeState(session);
      return {
        chargeId: session.id,
        state,
        amountMinor: session.amount_total ?? 0,
        paymentId: state === "paid" && intent ? (typeof intent === "string" ? intent : intent.id) : null,
        reference: referenceOf(session) ?? "",
      };
    },

    readWebhook(rawBody, signature): MarketplaceEvent | null {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_S,
        );
      } catch {
        return null;
      }
      const object = event.data.object as {
        id?: string;
        metadata?: Stripe.Metadata | null;
        client_reference_id?: string | null;
      };
      return {
        eventId: event.id,
        type: eventType(event),
        providerType: event.type,
        objectId: object.id ?? "",
        reference: referenceOf(object),
        createdAt: new Date(event.created * 1000),
      };
    },
  };
}
