import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type ChargeState,
  type MarketplaceCharge,
  type MarketplaceEvent,
  type MarketplaceEventType,
  type MarketplacePayments,
  MarketplaceRefusedError,
  MarketplaceUnavailableError,
} from "#core/contracts/marketplace-payments.ts";

/**
 * An in-memory provider for the deals module's own tests: it keeps its money honest (a paid
 * charge adds to the platform's balance, a transfer or a refund takes from it, never below zero,
 * never to an unverified seller, never beyond the payment), answers a repeated idempotency key
 * with the first result, signs its webhooks with an HMAC and can be told to fail. The demo and the
 * browser tests use the real adapter against the simulator instead (server/adapters/marketplace).
 */
export function createMarketplaceDouble(secret = randomBytes(16).toString("hex")) {
  let counter = 0;
  const id = (prefix: string) => {
    counter += 1;
    return `${prefix}_${counter}`;
  };
  const charges = new Map<string, MarketplaceCharge & { refundedMinor: number }>();
  const accounts = new Map<string, { payoutsEnabled: boolean }>();
  const transfers: { transferId: string; accountId: string; amountMinor: number }[] = [];
  const refunds: { refundId: string; paymentId: string; amountMinor: number }[] = [];
  const answered = new Map<string, unknown>();
  let balanceMinor = 0;
  let failures = 0;

  /** Answers the first result of a key; the same key is never made twice. */
  async function once<T>(key: string, make: () => T): Promise<T> {
    if (failures > 0) {
      failures -= 1;
      throw new MarketplaceUnavailableError("the provider is down (test)");
    }
    if (answered.has(key)) return answered.get(key) as T;
    const result = make();
    answered.set(key, result);
    return result;
  }

  const sign = (body: string) => createHmac("sha256", secret).update(body).digest("hex");

  const port: MarketplacePayments = {
    provider: "stripe",
    createSellerAccount: (_seller, key) =>
      once(key, () => {
        const accountId = id("acct");
        accounts.set(accountId, { payoutsEnabled: false });
        return { accountId };
      }),
    onboardingLink: async (accountId, urls) => ({ url: `${urls.returnUrl}#onboard-${accountId}` }),
    sellerAccount: async (accountId) => {
      const account = accounts.get(accountId);
      return account ? { accountId, ...account } : null;
    },
    startCharge: (charge, key) =>
      once(key, () => {
        const chargeId = id("cs");
        charges.set(chargeId, {
          chargeId,
          state: "open",
          amountMinor: charge.amountMinor,
          paymentId: null,
          reference: charge.reference,
          refundedMinor: 0,
        });
        return { chargeId, payUrl: `https://provider.test/pay/${chargeId}` };
      }),
    charge: async (chargeId) => {
      const charge = charges.get(chargeId);
      return charge ? { ...charge } : null;
    },
    transfer: (transfer, key) =>
      once(key, () => {
        if (!accounts.get(transfer.accountId)?.payoutsEnabled)
          throw new MarketplaceRefusedError("not verified", "account_not_verified");
        if (transfer.amountMinor > balanceMinor)
          throw new MarketplaceRefusedError("balance", "balance_insufficient");
        balanceMinor -= transfer.amountMinor;
        const made = {
          transferId: id("tr"),
          accountId: transfer.accountId,
          amountMinor: transfer.amountMinor,
        };
        transfers.push(made);
        return { transferId: made.transferId };
      }),
    refund: (refund, key) =>
      once(key, () => {
        const charge = [...charges.values()].find((one) => one.paymentId === refund.paymentId);
        if (!charge || charge.refundedMinor + refund.amountMinor > charge.amountMinor)
          throw new MarketplaceRefusedError("over refund", "amount_too_large");
        charge.refundedMinor += refund.amountMinor;
        balanceMinor -= refund.amountMinor;
        const made = { refundId: id("re"), paymentId: refund.paymentId, amountMinor: refund.amountMinor };
        refunds.push(made);
        return { refundId: made.refundId };
      }),
    balance: async () => ({ availableMinor: balanceMinor, pendingMinor: 0 }),
    readWebhook(rawBody, signature) {
      const expected = Buffer.from(sign(rawBody));
      const given = Buffer.from(signature ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const event = JSON.parse(rawBody) as MarketplaceEvent & { createdAt: string };
      return { ...event, createdAt: new Date(event.createdAt) };
    },
  };

  /** A webhook as the provider would send it: the raw body and its signature. */
  function webhook(type: MarketplaceEventType, objectId: string, reference: string | null = null) {
    const body = JSON.stringify({
      eventId: id("evt"),
      type,
      providerType: type,
      objectId,
      reference,
      createdAt: new Date().toISOString(),
    });
    return { body, signature: sign(body) };
  }

  return {
    port,
    webhook,
    /** The buyer pays (or the charge fails) on the provider's page. */
    settle(chargeId: string, state: ChargeState = "paid") {
      const charge = charges.get(chargeId);
      if (charge?.state !== "open") throw new Error(`no open charge ${chargeId}`);
      charge.state = state;
      if (state === "paid") {
        charge.paymentId = id("pi");
        balanceMinor += charge.amountMinor;
      }
    },
    verify(accountId: string) {
      const account = accounts.get(accountId);
      if (account) account.payoutsEnabled = true;
    },
    /** The next `count` calls that make something fail as if the provider were down. */
    failNext(count: number) {
      failures = count;
    },
    charges,
    transfers,
    refunds,
    balance: () => balanceMinor,
  };
}

export type MarketplaceDouble = ReturnType<typeof createMarketplaceDouble>;
