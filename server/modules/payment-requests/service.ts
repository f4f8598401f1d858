import type { PaymentRequestRefusal } from "#core/contracts/payment-requests.ts";
import { formatPrice } from "#core/money/money.ts";
import { err, ok, type Result } from "#core/result.ts";
import { readDealFees } from "#core/rules/deal-fees.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { BuyerSuspended, DealFlow } from "../deals/index.ts";
import { type Notifier, postConversationEvent, touchConversation } from "../messages/index.ts";
import { tell } from "./notices.ts";
import { acceptRequest, answerRequest, requestsOf, sellersConversation, sendRequest } from "./requests.ts";

/** What the payment requests are built from (server/wiring/deals.ts). */
export type PaymentRequestsDeps = {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  /** The deals' flow: whether deals through the site are on, and the deal an acceptance starts. */
  deals: Pick<DealFlow, "activeSetting" | "startDeal">;
  /** Whether the buyer's buying is suspended for unpaid wins (server/modules/unpaid-wins). */
  buyerSuspended?: BuyerSuspended;
  now?: () => Date;
};

/** A seller's requests per hour, across conversations (as many as anyone sensibly sends). */
export const REQUESTS_PER_HOUR = 20;

type Outcome<T> = Promise<Result<T, PaymentRequestRefusal>>;

/**
 * The payment request in a classified's conversation (issue 35, item 1; ADR 0080): the seller
 * sends it (its card in the conversation, a notice to the buyer), the buyer accepts it (the deal to
 * pay) or declines it, the seller withdraws it. Only while deals through the site are on. The
 * table is this module's; the deal an acceptance makes is the deals module's, started in the
 * acceptance's transaction (its deadline and notices with it).
 */
export function createPaymentRequestsService({
  db,
  notifier,
  deals,
  buyerSuspended,
  now = () => new Date(),
}: PaymentRequestsDeps) {
  const setting = deals.activeSetting;
  const perSeller = new RateLimiter({
    name: "deal-payment-requests",
    limit: REQUESTS_PER_HOUR,
    windowMs: 3600_000,
    now: () => now().getTime(),
  });
  return {
    /** The seller asks the conversation's buyer to pay the agreed price with one delivery. */
    async send(
      sellerId: number,
      threadId: number,
      terms: { priceMinor: number; delivery: DeliveryOption },
    ): Outcome<{ requestId: number }> {
      if (!readDealFees(await setting())) return err("deals_off");
      if (!(await perSeller.attempt(String(sellerId)))) return err("rate_limited");
      return db.transaction(async (tx) => {
        const sent = await sendRequest(tx, { threadId, sellerId, ...terms, now: now() });
        if (!sent.ok) return sent;
        const { request, parties } = sent.value;
        const price = (locale: "cs" | "en") => formatPrice(request.priceMinor, null, { locale });
        const payload = {
          requestId: request.id,
          price: price("cs"),
          prices: { cs: price("cs"), en: price("en") },
        };
        await postConversationEvent(tx, parties, {
          senderId: sellerId,
          event: "payment_request",
          body: "",
          payload,
        });
        await tell(notifier, tx, request, "buyer");
        return ok({ requestId: request.id });
      });
    },
    /** The buyer accepts: the deal awaiting payment (its page is where they pay). */
    async accept(requestId: number, buyerId: number): Outcome<{ dealId: number }> {
      const on = await setting();
      if (!on) return err("deals_off");
      // As "Koupit" is: the seller's item would wait days for a buyer who leaves wins unpaid.
      if (await buyerSuspended?.(db, buyerId, now())) return err("buyer_suspended");
      return db.transaction(async (tx) => {
        const accepted = await acceptRequest(
          tx,
          { requestId, buyerId, now: now(), setting: on },
          deals.startDeal,
        );
        if (!accepted.ok) return accepted;
        const { dealId, created, request } = accepted.value;
        if (created) await touchConversation(tx, request);
        return ok({ dealId });
      });
    },
    /** The buyer declines (the seller hears of it), or the seller withdraws, an open request. */
    answer: (requestId: number, userId: number, as: "buyer" | "seller"): Outcome<null> =>
      db.transaction(async (tx) => {
        const answered = await answerRequest(tx, { requestId, userId, as, now: now() });
        if (!answered.ok) return answered;
        if (as === "buyer") await tell(notifier, tx, answered.value, "declined");
        await touchConversation(tx, answered.value);
        return ok(null);
      }),
    /** A conversation's requests as one side sees them, and whether the user may send one there. */
    async list(threadId: number, userId: number) {
      const fees = readDealFees(await setting());
      const items = await requestsOf(db, threadId, userId, fees, now());
      return { items, canSend: fees !== null && (await sellersConversation(db, threadId, userId)).ok };
    },
  };
}

export type PaymentRequestsService = ReturnType<typeof createPaymentRequestsService>;
