import {
  type AuctionDuration,
  PRODUCT_STATUSES,
  type ProductFormat,
  type ProductStatus,
} from "../contracts/catalog.ts";
import { auctionEnd } from "../rules/auction-end.ts";
import { CREATED, defineLifecycle, IllegalTransitionError } from "./define.ts";

/**
 * The listing lifecycle (docs/product/lifecycles.md, "Legal transitions") as an explicit table:
 *
 *   draft -> awaiting_payment -> scheduled -> active -> ended | sold
 *   plus cancelled (by the seller), rejected (moderation), expired (never paid), and in_review:
 *   a new listing in a pre-moderated category waits there for a moderator, who approves it (it goes
 *   on where it would have gone: awaiting_payment, scheduled or active) or rejects it.
 *
 * Every status change of a listing is one of the named transitions below, so an illegal one (reviving a
 * sold auction, paying for a cancelled one) is refused on the server whoever asks. Who may make a
 * legal transition is the caller's rule: the seller cancels, a payment releases, the activation
 * job activates, the closing job ends or sells (server/modules/bidding), moderation rejects.
 *
 * Ended, sold, cancelled, rejected and expired are final. "Relist" never revives one: it creates a
 * new listing (a copy with new dates and its own fee), so that a finished auction's bids, price and
 * page stay what buyers saw, and each listing keeps one honest history.
 */
export const listingLifecycle = defineLifecycle({
  name: "listing",
  statuses: PRODUCT_STATUSES,
  transitions: {
    save_draft: {
      from: CREATED,
      to: ["draft"],
      by: "seller",
      guard: "legal, unused: listings are created submitted",
    },
    hold_for_review: {
      from: CREATED,
      to: ["in_review"],
      by: "seller",
      guard: "a new listing in a pre-moderated category waits for a moderator",
    },
    submit: {
      from: CREATED,
      to: ["awaiting_payment", "scheduled", "active"],
      by: "seller",
      guard:
        "the seller adds or relists a listing: awaiting payment when its fee is above zero, else scheduled for a future activation date or live now",
    },
    submit_draft: {
      from: ["draft"],
      to: ["awaiting_payment", "scheduled", "active"],
      by: "seller",
      guard: "legal, unused (no drafts)",
    },
    approve: {
      from: ["in_review"],
      to: ["awaiting_payment", "scheduled", "active"],
      by: "moderator",
      guard:
        "goes on where it would have gone without the hold: awaiting payment while its fee is unpaid, else scheduled or active",
    },
    release: {
      from: ["awaiting_payment"],
      to: ["scheduled", "active"],
      by: "payments (the operator's transfer or the card gateway)",
      guard:
        "the fee's order is paid; the dates are fixed from the payment; a repeated notification changes nothing",
    },
    activate: {
      from: ["scheduled"],
      to: ["active"],
      by: "system (its job, or the sweeper every minute)",
      guard:
        "the activation date has come, under the row lock; an auction gets its end and close job here if it had none",
    },
    close: {
      from: ["active"],
      to: ["ended", "sold"],
      by: "system (close job or sweeper)",
      guard:
        "an auction whose end has passed, under the row lock: sold with a winner, ended without (no bids, reserve not met)",
    },
    buy_now: {
      from: ["active"],
      to: ["sold"],
      by: "buyer (buy it now)",
      guard:
        "an auction with a buy-it-now price before its end, while offered (no bid yet, or with the setting the reserve not met), under the row lock a bid takes too: sold to the buyer at that price at once",
    },
    mark_sold: {
      from: ["active"],
      to: ["sold"],
      by: "seller, deals (a classified's deal through the site paid)",
      guard:
        "an active classified, to a user with a conversation about it (role buyer), never to themselves, not while a deal through the site holds it (Koupit); or to the buyer whose deal was paid",
    },
    cancel: {
      from: ["draft", "in_review", "awaiting_payment", "scheduled", "active"],
      to: ["cancelled"],
      by: "seller",
      guard:
        "while open, nobody has bid and no deal through the site holds it (decided under the row lock, so a bid or a purchase arriving first wins); also when the seller deletes their account (not a running auction)",
    },
    expire: {
      from: ["awaiting_payment"],
      to: ["expired"],
      by: "system (nightly job at 04:10 Prague)",
      guard: "unpaid 30 days after adding",
    },
    reject: {
      from: ["in_review", "awaiting_payment", "scheduled", "active"],
      to: ["rejected"],
      by: "moderator",
      guard: "a moderator's decision (DSA), recorded with its statement of reasons",
    },
    reinstate: {
      from: ["rejected"],
      to: ["in_review", "awaiting_payment", "scheduled", "active"],
      by: "moderator",
      guard:
        "an internal complaint (DSA Art. 20) reversed the rejection: back to the status it was rejected from; a live auction whose end passed gets a new end",
      reversal: true,
    },
  },
});

/** The ordinary moves from each status (derived from the named transitions; a reinstatement is not one). */
export const LISTING_TRANSITIONS: Readonly<Record<ProductStatus, readonly ProductStatus[]>> =
  listingLifecycle.moves;

/** The statuses a listing may be created in (the fee and the activation date decide which). */
export const INITIAL_STATUSES: readonly ProductStatus[] = listingLifecycle.initial;

export { IllegalTransitionError };

export function canTransition(from: ProductStatus, to: ProductStatus): boolean {
  return listingLifecycle.canTransition(from, to);
}

export function assertTransition(from: ProductStatus, to: ProductStatus): void {
  listingLifecycle.assertTransition(from, to);
}

export function isFinal(status: ProductStatus): boolean {
  return listingLifecycle.isFinal(status);
}

/**
 * The one way back from `rejected`: an internal complaint (DSA Art. 20) reversed the moderator's
 * decision, so the listing returns to the status it was rejected from. A reversal, not an ordinary
 * move: no seller, payment or job can revive a rejected listing, only `listing.reinstate`.
 */
export const REINSTATABLE_STATUSES: readonly ProductStatus[] = listingLifecycle.transitions.reinstate.to;

export function assertReinstatement(from: ProductStatus, to: ProductStatus): void {
  listingLifecycle.move("reinstate", from, to);
}

/**
 * Where a listing goes once its fee is settled (or it is free): scheduled for a future activation
 * date, else live at `at`; an auction's end follows from its duration and that start.
 */
export function releaseState(
  listing: { format: ProductFormat; duration: AuctionDuration | null; activationAt: Date | null },
  at: Date,
): { status: "scheduled" | "active"; activationAt: Date; endsAt: Date | null } {
  const activationAt =
    listing.activationAt && listing.activationAt.getTime() > at.getTime() ? listing.activationAt : at;
  const endsAt = listing.format === "auction" ? auctionEnd(listing.duration ?? "week", activationAt) : null;
  return { status: activationAt.getTime() > at.getTime() ? "scheduled" : "active", activationAt, endsAt };
}

/** A listing whose insertion fee is not paid this many days after adding expires ("never paid"). */
export const UNPAID_LISTING_EXPIRY_DAYS = 30;

/** Not yet live, not finished: the seller still prepares or pays for it. */
/**
 * The listings whose detail page a visitor may open: live ones, plus those shown greyed (not yet
 * paid or scheduled, ended, sold, cancelled by the seller). Drafts, rejected and expired (never
 * paid) listings do not exist for the public (docs/product/lifecycles.md).
 */
export const PUBLIC_PAGE_STATUSES: readonly ProductStatus[] = [
  "active",
  "scheduled",
  "awaiting_payment",
  "ended",
  "sold",
  "cancelled",
];

export const PENDING_STATUSES: readonly ProductStatus[] = [
  "draft",
  "in_review",
  "awaiting_payment",
  "scheduled",
];

export type OwnerActions = {
  /** Open the edit page (before the first bid everything, after it the description and images). */
  edit: boolean;
  /** Withdraw the listing: only while nobody has bid (a bid is binding for both sides). */
  cancel: boolean;
  /** List it again as a new listing: it ended without a buyer, expired unpaid or was withdrawn. */
  relist: boolean;
  /** Promote it (topovat): only a live listing can be placed on top. */
  top: boolean;
  /** Pay its insertion fee: it waits for the payment. */
  pay: boolean;
};

/** What the seller may do with their listing now. */
export function ownerActions(listing: {
  status: ProductStatus;
  format: ProductFormat;
  bidCount: number;
  winnerId: number | null;
  /** An insertion fee is owed and not paid. */
  feeDue?: boolean;
}): OwnerActions {
  const open = listing.status === "active" || PENDING_STATUSES.includes(listing.status);
  const unsold =
    (listing.status === "ended" && listing.winnerId === null) ||
    listing.status === "expired" ||
    listing.status === "cancelled";
  return {
    edit: open,
    cancel: open && listing.bidCount === 0 && canTransition(listing.status, "cancelled"),
    relist: listing.format !== "shop" && unsold,
    top: listing.status === "active",
    pay: listing.status === "awaiting_payment" && listing.feeDue === true,
  };
}

/** The filters of "my listings": each groups statuses a seller thinks of together. */
export const LISTING_FILTERS = {
  all: null,
  active: ["active"],
  pending: ["draft", "in_review", "awaiting_payment", "scheduled"],
  ended: ["ended", "expired"],
  sold: ["sold"],
  cancelled: ["cancelled", "rejected"],
} as const satisfies Record<string, readonly ProductStatus[] | null>;

export type ListingFilter = keyof typeof LISTING_FILTERS;
export const LISTING_FILTER_NAMES = Object.keys(LISTING_FILTERS) as ListingFilter[];

export function isListingFilter(value: unknown): value is ListingFilter {
  return typeof value === "string" && value in LISTING_FILTERS;
}
