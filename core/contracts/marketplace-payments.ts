/**
 * The marketplace payments port (issue 35, item 3; ADR 0074): a licensed provider's marketplace
 * product holds a deal's money, never Rarita. It onboards sellers (the provider's identity check),
 * charges buyers into the platform's held balance, transfers to sellers on release, refunds fully
 * or in part, reports the held balance and sends signed webhooks. Shaped on Stripe Connect's
 * "separate charges and transfers"; two adapters: the real one on the `stripe` SDK and the local
 * simulator that speaks the same HTTP API (server/adapters/marketplace/).
 *
 * Every call that makes something at the provider takes an idempotency key: the same key answers
 * the first result and makes nothing new, so a retried job or a repeated click never charges,
 * transfers or refunds twice. A call the provider cannot answer now throws
 * `MarketplaceUnavailableError` (the caller's job retries); one it refuses for good throws
 * `MarketplaceRefusedError`. Amounts are CZK minor units (haléře).
 */

/** How the buyer pays: a card on the provider's page, or a bank transfer with a variable symbol. */
export const MARKETPLACE_METHODS = ["card", "bank_transfer"] as const;
export type MarketplaceMethod = (typeof MARKETPLACE_METHODS)[number];

/** A charge as the provider knows it: open (the buyer has not paid yet), paid, failed or expired. */
export type ChargeState = "open" | "paid" | "failed" | "expired";

export type MarketplaceCharge = {
  /** The provider's id of the charge the buyer pays (Stripe: the Checkout Session). */
  chargeId: string;
  state: ChargeState;
  amountMinor: number;
  /** The provider's id of the payment once paid (Stripe: the PaymentIntent); refunds name it. */
  paymentId: string | null;
  /** Rarita's reference handed in at the start (`deal:<id>`). */
  reference: string;
};

export type SellerAccount = {
  accountId: string;
  /** The provider checked the seller's identity and pays out to them. */
  payoutsEnabled: boolean;
};

/** What a verified webhook says, in the port's words; anything else is `other`. */
export type MarketplaceEventType =
  | "charge.paid"
  | "charge.failed"
  | "charge.expired"
  | "account.updated"
  | "refund.succeeded"
  | "transfer.created"
  | "other";

export type MarketplaceEvent = {
  /** The provider's event id: stored once, so a replayed webhook is recognised. */
  eventId: string;
  type: MarketplaceEventType;
  /** The provider's type as sent (`checkout.session.completed`...), for the operator's record. */
  providerType: string;
  /** The charge, account, refund or transfer the event is about. */
  objectId: string;
  /** Rarita's reference on the object where it carries one (`deal:<id>`), else null. */
  reference: string | null;
  createdAt: Date;
};

export type MarketplacePayments = {
  /** Stored with what it makes (`stripe`); the webhook path is /api/deals/webhooks/{provider}. */
  readonly provider: string;
  /** Opens the seller's account at the provider (one per seller: the key is the seller's). */
  createSellerAccount(
    seller: { reference: string; email: string },
    idempotencyKey: string,
  ): Promise<{ accountId: string }>;
  /** Where the seller proves who they are at the provider, then comes back to `returnUrl`. */
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }>;
  /** The seller's account as the provider knows it; null when it does not know the id. */
  sellerAccount(accountId: string): Promise<SellerAccount | null>;
  /** Opens a charge of `amountMinor` into the platform's held balance and the page the buyer pays on. */
  startCharge(
    charge: {
      reference: string;
      amountMinor: number;
      method: MarketplaceMethod;
      description: string;
      successUrl: string;
      cancelUrl: string;
      locale: "cs" | "en";
    },
    idempotencyKey: string,
  ): Promise<{ chargeId: string; payUrl: string }>;
  /** The charge as the provider knows it now (a webhook only says "look again"); null when unknown. */
  charge(chargeId: string): Promise<MarketplaceCharge | null>;
  /** Moves `amountMinor` of the held balance to the seller's account (the release, the payout). */
  transfer(
    transfer: { accountId: string; amountMinor: number; reference: string; sourcePaymentId: string },
    idempotencyKey: string,
  ): Promise<{ transferId: string }>;
  /** Returns `amountMinor` of a paid payment to the buyer. */
  refund(
    refund: { paymentId: string; amountMinor: number; reference: string },
    idempotencyKey: string,
  ): Promise<{ refundId: string }>;
  /** The platform's balance at the provider in CZK: what it holds (available and pending). */
  balance(): Promise<{ availableMinor: number; pendingMinor: number }>;
  /** A webhook whose signature holds (and is recent): what it says; null for a forged or stale one. */
  readWebhook(rawBody: string, signature: string | undefined): MarketplaceEvent | null;
};

/** The provider could not answer now (network, 5xx, 429): the caller retries later with the same key. */
export class MarketplaceUnavailableError extends Error {
  override name = "MarketplaceUnavailableError";
}

/** The provider refused the request for good (4xx): retrying with the same key will not help. */
export class MarketplaceRefusedError extends Error {
  override name = "MarketplaceRefusedError";
  /** The provider's code for the refusal (`balance_insufficient`...), when it gave one. */
  readonly providerCode: string | null;
  // A plain field, not a parameter property: Node runs these files by erasing the types only.
  constructor(message: string, providerCode: string | null) {
    super(message);
    this.providerCode = providerCode;
  }
}

/** Rarita's reference of a deal at the provider. */
export const dealReference = (dealId: number) => `deal:${dealId}`;

/** The deal a reference names, or null. */
export function dealIdOfReference(reference: string | null): number | null {
  const match = /^deal:([1-9][0-9]{0,15})$/.exec(reference ?? "");
  return match ? Number(match[1]) : null;
}
