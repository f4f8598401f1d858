import { CREATED, defineLifecycle } from "./define.ts";

/**
 * A payment request in a classified's conversation (docs/product/deals.md, "A payment request";
 * issue 35, item 1): the seller sends the agreed price and one delivery, the buyer accepts it (a
 * deal is made, to pay on the deal's page) or declines it; the seller may withdraw it, and a new
 * request in the same conversation withdraws the open one. Unanswered by its expiry (48 h after
 * sending), it expires: marked when next touched (an answer, a new request), shown expired at once.
 *
 *   (new) -> open -> accepted | declined | withdrawn | expired
 *
 * Only server/modules/payment-requests/transitions.ts writes a request's status.
 */
export const PAYMENT_REQUEST_STATUSES = ["open", "accepted", "declined", "withdrawn", "expired"] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

export const paymentRequestLifecycle = defineLifecycle({
  name: "payment_request",
  statuses: PAYMENT_REQUEST_STATUSES,
  transitions: {
    send: {
      from: CREATED,
      to: ["open"],
      by: "seller",
      guard:
        "the seller's own active supply classified, deals on; the conversation's buyer; an agreed price and one delivery",
    },
    accept: {
      from: ["open"],
      to: ["accepted"],
      by: "buyer",
      guard: "before its expiry; a deal is made in the same step (one live deal per listing)",
    },
    decline: { from: ["open"], to: ["declined"], by: "buyer", guard: "before its expiry" },
    withdraw: {
      from: ["open"],
      to: ["withdrawn"],
      by: "seller",
      guard: "the seller cancels it, or sends a new one in the same conversation",
    },
    expire: { from: ["open"], to: ["expired"], by: "system", guard: "its expiry passed unanswered" },
  },
});

export type PaymentRequestTransition = keyof typeof paymentRequestLifecycle.transitions;
export const PAYMENT_REQUEST_TRANSITION_NAMES = Object.keys(paymentRequestLifecycle.transitions) as [
  PaymentRequestTransition,
  ...PaymentRequestTransition[],
];
