import { CREATED, defineLifecycle } from "./define.ts";

/**
 * A deal's dispute (docs/product/deals.md, "Disputes"; issue 35, item 6): the buyer opens it within
 * the release window, the two sides write and may agree a refund; unresolved after the answer days
 * (3 by default), either side escalates it to the operator, who decides with a statement of reasons.
 *
 *   (new) -> open -> escalated -> resolved
 *              '------------------^ (an agreement)
 *
 * The deal waits as `disputed` meanwhile; the resolution moves it (deal.resolve) and its money.
 * Only server/modules/disputes/transitions.ts writes a dispute's status.
 */
export const DISPUTE_STATUSES = ["open", "escalated", "returning", "resolved"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Why the buyer disputes: not arrived, not as described, damaged or leaking, suspected fake. */
export const DISPUTE_REASONS = ["not_arrived", "not_as_described", "damaged", "fake"] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const disputeLifecycle = defineLifecycle({
  name: "dispute",
  statuses: DISPUTE_STATUSES,
  transitions: {
    open: {
      from: CREATED,
      to: ["open"],
      by: "buyer",
      guard: "the deal shipped, ready for pickup or delivered and not yet released; a reason and a text",
    },
    escalate: {
      from: ["open"],
      to: ["escalated"],
      by: "buyer, seller",
      guard: "unresolved for the answer days after opening (3 by default): the operator decides",
    },
    resolve: {
      from: ["open", "escalated"],
      to: ["resolved"],
      by: "buyer and seller (one accepts the other's proposal), operator (a decision with a statement of reasons)",
      guard:
        "release, a partial refund or a full refund; the deal resolved and its money moved in the same step",
    },
    agree_return: {
      from: ["open", "escalated"],
      to: ["returning"],
      by: "buyer and seller (one accepts the other's proposal of a return)",
      guard: "the item goes back for a full refund; the buyer sends it within the return days (7 by default)",
    },
    order_return: {
      from: ["escalated"],
      to: ["returning"],
      by: "operator (a decision with a statement of reasons)",
      guard: "a full refund after the return; the buyer sends it within the return days (7 by default)",
    },
    return_received: {
      from: ["returning"],
      to: ["resolved"],
      by: "seller (confirms receipt), system (the confirm days after the buyer's tracking number, 14 by default)",
      guard: "the buyer entered the return's tracking number; the full refund in the same step",
    },
    return_lapsed: {
      from: ["returning"],
      to: ["escalated"],
      by: "system",
      guard: "no return shipment entered by the return deadline: the operator decides",
    },
  },
});

export type DisputeTransition = keyof typeof disputeLifecycle.transitions;
export const DISPUTE_TRANSITION_NAMES = Object.keys(disputeLifecycle.transitions) as [
  DisputeTransition,
  ...DisputeTransition[],
];
export { IllegalTransitionError } from "./define.ts";
