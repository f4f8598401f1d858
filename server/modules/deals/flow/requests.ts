import type { PaymentRequestRefusal } from "#core/contracts/payment-requests.ts";
import { formatPrice } from "#core/money/money.ts";
import { err, ok, type Result } from "#core/result.ts";
import { dealAmounts, readDealFees } from "#core/rules/deal-fees.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { postConversationEvent, touchConversation } from "../../messages/index.ts";
import { groupDiscountsOf } from "../../users/index.ts";
import { schedulePayment } from "../deadlines.ts";
import { acceptRequest, answerRequest, requestsOf, sellersConversation, sendRequest } from "../requests.ts";
import { requestNotices } from "../requests-notices.ts";
import type { FlowContext } from "./context.ts";

/** A seller's requests per hour, across conversations (as many as anyone sensibly sends). */
export const REQUESTS_PER_HOUR = 20;

/**
 * The payment request in a classified's conversation (issue 35, item 1; ADR 0078): the seller
 * sends it (its card in the conversation, a notice to the buyer), the buyer accepts it (the deal to
 * pay) or declines it, the seller withdraws it. Only while deals through the site are on.
 */
export function requestSteps(ctx: FlowContext) {
  const { db, jobs, notices, now, setting } = ctx;
  const told = requestNotices(ctx.notifier);
  const perSeller = new RateLimiter(
    REQUESTS_PER_HOUR,
    3600 * 1000,
    () => now().getTime(),
    "deal-payment-requests",
  );
  type Outcome<T> = Promise<Result<T, PaymentRequestRefusal>>;

  return {
    /** The seller asks the conversation's buyer to pay the agreed price with one delivery. */
    async sendPaymentRequest(
      sellerId: number,
      threadId: number,
      terms: { priceMinor: number; delivery: DeliveryOption },
    ): Outcome<{ requestId: number }> {
      const on = await setting();
      const fees = on ? readDealFees(on) : null;
      if (!fees) return err("deals_off");
      if (!perSeller.attempt(String(sellerId))) return err("rate_limited");
      return db.transaction(async (tx) => {
        const sent = await sendRequest(tx, { threadId, sellerId, ...terms, now: now() });
        if (!sent.ok) return sent;
        const { request, parties } = sent.value;
        await postConversationEvent(tx, parties, {
          senderId: sellerId,
          event: "payment_request",
          body: "",
          payload: { requestId: request.id, price: formatPrice(request.priceMinor, null) },
        });
        const discount = (await groupDiscountsOf(tx, [request.buyerId])).get(request.buyerId) ?? 0;
        const amounts = dealAmounts(fees, request.priceMinor, request.deliveryMinor, {
          buyerPercent: discount,
          sellerPercent: 0,
        });
        await told.sent(tx, request, amounts.totalMinor);
        return ok({ requestId: request.id });
      });
    },

    /** The buyer accepts: the deal awaiting payment (its page is where they pay). */
    async acceptPaymentRequest(requestId: number, buyerId: number): Outcome<{ dealId: number }> {
      const on = await setting();
      if (!on) return err("deals_off");
      return db.transaction(async (tx) => {
        const accepted = await acceptRequest(tx, { requestId, buyerId, now: now(), setting: on });
        if (!accepted.ok) return accepted;
        const { deal, created, request } = accepted.value;
        if (created) {
          await schedulePayment(jobs, tx, deal, on.payReminderHours, now());
          await notices.created(tx, deal);
          await touchConversation(tx, request);
        }
        return ok({ dealId: deal.id });
      });
    },

    /** The buyer declines (the seller hears of it), or the seller withdraws, an open request. */
    async answerPaymentRequest(requestId: number, userId: number, as: "buyer" | "seller"): Outcome<null> {
      return db.transaction(async (tx) => {
        const answered = await answerRequest(tx, { requestId, userId, as, now: now() });
        if (!answered.ok) return answered;
        if (as === "buyer") await told.declined(tx, answered.value);
        await touchConversation(tx, answered.value);
        return ok(null);
      });
    },

    /**
     * A conversation's requests as one of its sides sees them (the thread's cards), and whether
     * the user may send one there (its seller, deals on, the listing free).
     */
    async paymentRequests(threadId: number, userId: number) {
      const fees = readDealFees(await setting());
      const items = await requestsOf(db, threadId, userId, fees, now());
      const canSend = fees !== null && (await sellersConversation(db, threadId, userId)).ok;
      return { items, canSend };
    },
  };
}
