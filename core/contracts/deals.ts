import type { DealSource, DealStatus, DealTransition } from "../lifecycles/deal.ts";
import type { DisputeReason, DisputeStatus } from "../lifecycles/dispute.ts";
import type { Carrier, DeliveryOption } from "../schemas/delivery.ts";
import type { AppealView } from "./deal-appeals.ts";
import type { MarketplaceMethod } from "./marketplace-payments.ts";

/**
 * What the account's deal pages show (issue 35, item 8): the lists of Nákupy and Prodeje and one
 * deal's page, the same for buyer and seller with what each may do next. Amounts in CZK minor
 * units, dates as ISO strings (they cross to the browser).
 */

export type DealRole = "buyer" | "seller";

/**
 * What the viewer can do next on a deal; `none` when it waits for the other side or the clock.
 * Personal pickup: the seller says the goods are ready (`hand_over`), then enters the buyer's
 * code (`enter_code`); the buyer shows the code or confirms receipt (`pick_up`).
 */
export type DealNextAction =
  | "pay"
  | "ship"
  | "hand_over"
  | "enter_code"
  | "pick_up"
  | "confirm_receipt"
  | "wait"
  | "onboard"
  | "none";

export type DealRow = {
  id: number;
  role: DealRole;
  source: DealSource;
  status: DealStatus;
  productId: number;
  productName: string;
  image: string | null;
  counterpart: string;
  totalMinor: number;
  priceMinor: number;
  next: DealNextAction;
  /** The deadline of the next step, when one runs. */
  dueAt: string | null;
  createdAt: string;
};

export type DealTimelineStep = {
  transition: DealTransition;
  status: DealStatus;
  at: string;
};

export type DealPageView = DealRow & {
  productUrl: string;
  deliveryMinor: number;
  buyerFeeMinor: number;
  sellerCommissionMinor: number;
  /** What the seller is transferred: price − commission + delivery. */
  sellerGetsMinor: number;
  carrier: string | null;
  pickupTown: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Personal pickup ready: the one-time code, to the buyer only. */
  pickupCode: string | null;
  payBy: string;
  shipBy: string | null;
  releaseAt: string | null;
  timeline: DealTimelineStep[];
  /** The payment methods the buyer may use now (empty when it is not theirs to pay). */
  methods: MarketplaceMethod[];
  /** Seller: has the provider verified them (payouts go out)? */
  payoutsEnabled: boolean | null;
  /** Seller: what is paid out of this deal so far. */
  paidOutMinor: number;
  /** The conversation with the other side about the item, if one exists. */
  threadId: number | null;
};

/** A second-chance offer as the runner-up sees it on Nákupy. */
export type SecondChanceOfferRow = {
  id: number;
  productId: number;
  productName: string;
  image: string | null;
  priceMinor: number;
  expiresAt: string;
};

/** The seller's view of the second chance on a deal the winner left unpaid. */
export type SecondChanceState = {
  /** How long the runner-up has to accept (the setting). */
  hours: number;
  offer: {
    priceMinor: number;
    expiresAt: string;
    state: "open" | "accepted" | "declined" | "expired";
  } | null;
};

/**
 * What Rarita itself writes into a dispute (role `system`): the message's body is one of these
 * codes, said in the reader's language by the pages.
 */
export const DISPUTE_SYSTEM_MESSAGES = ["return_lapsed"] as const;
export type DisputeSystemMessage = (typeof DISPUTE_SYSTEM_MESSAGES)[number];
export const isDisputeSystemMessage = (body: string): body is DisputeSystemMessage =>
  (DISPUTE_SYSTEM_MESSAGES as readonly string[]).includes(body);

/** A deal's dispute as its buyer and seller (and the operator) see it. */
export type DisputeView = {
  status: DisputeStatus;
  reason: DisputeReason;
  /** From when either side may hand it to the operator. */
  escalatableAt: string;
  /**
   * A refund one side proposed for the other to accept (0: release all to the seller); `return`:
   * the item goes back for a full refund (the amount is what is held).
   */
  proposal: { refundMinor: number; by: DealRole; return?: boolean } | null;
  /**
   * A return for a full refund (agreed or the operator's order): the buyer sends the item by `by`;
   * once sent, its carrier, number and tracking page, and the date by which the seller confirms.
   */
  return?: {
    by: string;
    carrier: Carrier | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    shippedAt: string | null;
    confirmBy: string | null;
  } | null;
  /** How it ended: the outcome, the refund, and the operator's statement of reasons (null: agreed). */
  outcome: {
    kind: "release" | "partial_refund" | "refund";
    refundMinor: number;
    facts: string | null;
    grounds: string | null;
  } | null;
  /** Appeals against the operator's decision (ADR 0079), and until when one may be made (null: none). */
  appeals?: AppealView[];
  appealableUntil?: string | null;
  messages: {
    /** system: a step the site took (a return that lapsed). */
    role: "buyer" | "seller" | "operator" | "system";
    body: string;
    at: string;
    /** The photos attached to the message, served only to the two sides and the operator. */
    photos?: DisputePhoto[];
    /**
     * The message's photos were deleted (ADR 0082): their retention after the dispute's end ran
     * out, or their author's account was deleted; the page says so in their place.
     */
    photosRemoved?: "retention" | "erasure" | null;
  }[];
};

/** Photos per dispute message: the item, its seal, its label and the parcel. */
export const DISPUTE_PHOTOS_MAX = 6;
/** A photo's limit, as a listing photo's (server/modules/listing-photos/images.ts). */
export const DISPUTE_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** A dispute message's form with its photos: a larger request is refused before it is read. */
export const DISPUTE_FORM_MAX_BYTES = DISPUTE_PHOTOS_MAX * DISPUTE_PHOTO_MAX_BYTES + 64 * 1024;

/** A dispute photo: its private URL (GET, the deal's sides and staff with `deals` only) and size. */
export type DisputePhoto = { id: number; url: string; width: number; height: number };

/** Where a dispute photo is served (server/modules/disputes/api.ts checks who asks). */
export const disputePhotoUrl = (dealId: number, photoId: number) =>
  `/api/deals/${dealId}/dispute/photos/${photoId}`;

/** One delivery the buyer may switch to before paying, with what the deal would then cost. */
export type DealDeliveryChoice = {
  option: DeliveryOption;
  deliveryMinor: number;
  totalMinor: number;
  chosen: boolean;
};
