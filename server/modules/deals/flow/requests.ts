import type { PaymentRequestRefusal } from "#core/contracts/payment-requests.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { formatPrice } from "#core/money/money.ts";
import { err, ok, type Result } from "#core/result.ts";
import { readDealFees } from "#core/rules/deal-fees.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { postConversationEvent, touchConversation } from "../../messages/index.ts";
import { schedulePayment } from "../deadlines.ts";
import { acceptRequest, answerRequest, requestsOf, sellersConversation, sendRequest } from "../requests.ts";
import type { PaymentRequestRow } from "../tables/requests.ts";
import type { FlowContext } from "./context.ts";

/** A seller's requests per hour, across conversations (as many as anyone sensibly sends). */
export const REQUESTS_PER_HOUR = 20;

type Outcome<T> = Promise<Result<T, PaymentRequestRefusal>>;

/**
 * The notice `deal_payment_request` (bell and mail, switchable): to the buyer when a request
 * arrives (`buyer`), to the seller when it is declined; an acceptance is the deal's `deal_created`.
 */
const tell = (ctx: FlowContext, tx: Db, request: PaymentRequestRow, variant: "buyer" | "declined") =>
  ctx.notifier.notify(tx, variant === "buyer" ? request.buyerId : request.sellerId, "deal_payment_request", {
    productId: request.productId,
    link: { page: "accountMessageThread", params: { threadId: request.threadId } },
    variant,
    values: {
      price: formatPrice(request.priceMinor, null),
      date: formatShortDateTime(request.expiresAt, "cs"),
    },
    payload: { requestId: request.id, threadId: request.threadId },
    onceKey: `payment-request:${request.id}:${variant}`,
  });

/**
 * The payment request in a classified's conversation (issue 35, item 1; ADR 0080): the seller
 * sends it (its card in the conversation, a notice to the buyer), the buyer accepts it (the deal to
 * pay) or declines it, the seller withdraws it. Only while deals through the site are on.
 */
export function requestSteps(ctx: FlowContext) {
  const { db, jobs, notices, now, setting } = ctx;
  const perSeller = new RateLimiter(
    REQUESTS_PER_HOUR,
    3600_000,
    () => now().getTime(),
    "deal-payment-requests",
  );
  return {
    /** The seller asks the conversation's buyer to pay the agreed price with one delivery. */
    async sendPaymentRequest(
      sellerId: number,
      threadId: number,
      terms: { priceMinor: number; delivery: DeliveryOption },
    ): Outcome<{ requestId: number }> {
      if (!readDealFees(await setting())) return err("deals_off");
      if (!perSeller.attempt(String(sellerId))) return err("rate_limited");
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
        await tell(ctx, tx, request, "buyer");
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
    answerPaymentRequest: (requestId: number, userId: number, as: "buyer" | "seller"): Outcome<null> =>
      db.transaction(async (tx) => {
        const answered = await answerRequest(tx, { requestId, userId, as, now: now() });
        if (!answered.ok) return answered;
        if (as === "buyer") await tell(ctx, tx, answered.value, "declined");
        await touchConversation(tx, answered.value);
        return ok(null);
      }),
    /** A conversation's requests as one side sees them, and whether the user may send one there. */
    async paymentRequests(threadId: number, userId: number) {
      const fees = readDealFees(await setting());
      const items = await requestsOf(db, threadId, userId, fees, now());
      return { items, canSend: fees !== null && (await sellersConversation(db, threadId, userId)).ok };
    },
  };
}
