import { CREATED, defineLifecycle, IllegalTransitionError } from "./define.ts";

/**
 * The deal lifecycle (docs/product/lifecycles.md, "Deals"; issue 35, ADR 0073): a won auction, a
 * classified bought with "Koupit" or a payment request the buyer accepted, paid through the
 * provider's marketplace product, the money held until the goods arrive.
 *
 *   (new) -> awaiting_payment -> paid -> shipped ---------> delivered -> completed (released)
 *                  |              |  '-> ready_for_pickup -----^            ^
 *                  |              |        shipped | ready_for_pickup | delivered -> disputed
 *                  |              |                     disputed -> completed | partially_refunded | refunded
 *                  |              '-> cancelled (mutual, not shipped or a pickup not collected in time: refunded in full)
 *                  '-> cancelled_unpaid (the payment deadline passed) | cancelled (mutual)
 *
 * The status says where the goods and the decision are; where the money is, is the ledger's
 * (server/modules/deals/ledger.ts): paid means held, completed and partially_refunded mean the
 * seller's part credited (paid out when the seller is verified, a ledger movement, no status).
 * Only server/modules/deals/transitions.ts writes a deal's status.
 */
export const DEAL_STATUSES = [
  "awaiting_payment",
  "paid",
  "shipped",
  "ready_for_pickup",
  "delivered",
  "completed",
  "disputed",
  "cancelled_unpaid",
  "cancelled",
  "refunded",
  "partially_refunded",
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** Where a deal comes from: an auction's close, a classified's "Koupit", an accepted payment request. */
export const DEAL_SOURCES = ["auction", "buy_now", "payment_request"] as const;
export type DealSource = (typeof DEAL_SOURCES)[number];

export const dealLifecycle = defineLifecycle({
  name: "deal",
  statuses: DEAL_STATUSES,
  transitions: {
    create: {
      from: CREATED,
      to: ["awaiting_payment"],
      by: "system (auction closed with a winner), buyer (Koupit, or accepting the seller's payment request)",
      guard:
        "price, delivery and fees frozen from the settings of the moment; one deal per buyer, source, listing and request key (a repeat answers the same deal)",
    },
    pay: {
      from: ["awaiting_payment"],
      to: ["paid"],
      by: "provider (a verified webhook, through a job)",
      guard:
        "the provider charged the deal's total into the platform's held balance; the ship-by deadline starts. A payment arriving after the deal ended is refunded, never applied",
    },
    ship: {
      from: ["paid"],
      to: ["shipped"],
      by: "seller",
      guard: "a carrier delivery, with the carrier and tracking number; the release window starts",
    },
    ready_for_pickup: {
      from: ["paid"],
      to: ["ready_for_pickup"],
      by: "seller",
      guard: "personal pickup chosen: the seller says the goods wait in the agreed town",
    },
    confirm_delivery: {
      from: ["shipped", "ready_for_pickup"],
      to: ["delivered"],
      by: "buyer, seller (the buyer's one-time pickup code)",
      guard: "the buyer confirms receipt, or the seller enters the pickup code the buyer shows",
    },
    release: {
      from: ["shipped", "delivered"],
      to: ["completed"],
      by: "system (the release job), buyer",
      guard:
        "no dispute open: the buyer confirmed receipt, or the release window after shipping ended; the fees are taken and the rest credited to the seller",
    },
    open_dispute: {
      from: ["shipped", "ready_for_pickup", "delivered"],
      to: ["disputed"],
      by: "buyer",
      guard: "within the release window, with a reason, a text and photos; the release waits",
    },
    resolve: {
      from: ["disputed"],
      to: ["completed", "partially_refunded", "refunded"],
      by: "buyer and seller (an agreement), operator (a decision with a statement of reasons)",
      guard:
        "release to the seller, a partial refund (the rest to the seller), or a full refund (after the goods' return); money moves only through the provider",
    },
    cancel_unpaid: {
      from: ["awaiting_payment"],
      to: ["cancelled_unpaid"],
      by: "system (the payment deadline's job)",
      guard:
        "not paid by the deadline: the buyer gets a strike, the seller chooses a second chance or a relist",
    },
    cancel: {
      from: ["awaiting_payment", "paid", "ready_for_pickup"],
      to: ["cancelled"],
      by: "buyer and seller (mutual), system (not shipped, or a pickup not collected, by the deadline), operator",
      guard: "before the goods leave the seller; whatever is held is refunded in full",
    },
  },
});

export const DEAL_TRANSITIONS: Readonly<Record<DealStatus, readonly DealStatus[]>> = dealLifecycle.moves;

/** The named transitions of a deal. */
export type DealTransition = keyof typeof dealLifecycle.transitions;
export const DEAL_TRANSITION_NAMES = Object.keys(dealLifecycle.transitions) as [
  DealTransition,
  ...DealTransition[],
];

export { IllegalTransitionError };
