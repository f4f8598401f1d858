/**
 * The inbox's data as the server builds it (server/modules/messages) and the pages, the API and the
 * live stream share it. Plain JSON: instants are ISO strings, money CZK minor units.
 */

import type { ProductFormat, ProductStatus } from "./catalog.ts";

/**
 * Every kind of notice a user can get. `message` is a new message in a conversation (an e-mail
 * only: the message itself is in the thread); the others are system messages in the user's system
 * thread, each also sent by e-mail unless the user switched its kind off.
 */
export const NOTIFICATION_KINDS = [
  "message",
  "outbid",
  "leading",
  "won",
  "lost",
  "no_winner",
  "ending_soon",
  "sold",
  "unsold",
  "listing_activated",
  "awaiting_payment",
  "payment_received",
  "listing_approved",
  "listing_rejected",
  "review_received",
  "watchdog",
  // A watched bottling (issue 37, item 6): a listing of it went live; the week's new results.
  "bottling_listed",
  "bottling_results",
  // Deals through the site (issue 35): each step to the buyer and the seller.
  "deal_created",
  "deal_pay_reminder",
  "deal_ship_reminder",
  "deal_release_reminder",
  "deal_pickup_reminder",
  "deal_paid",
  "deal_shipped",
  "deal_released",
  "deal_cancelled",
  "deal_second_chance",
  "deal_dispute",
  // A payment request in a classified's conversation: arrived (buyer), declined (seller).
  "deal_payment_request",
  // Two won auctions left unpaid in 12 months: bidding suspended until the operator's review. A
  // statement of the reasons; no setting switches it off, so no group lists it.
  "bidding_suspended",
  // A suspension or block by moderation: a system message only, the statement of reasons is the
  // mail (server/modules/moderation); no setting switches it off, so no group lists it.
  "account_restricted",
  // The suspension or block lifted early or reversed on a complaint: a system message; moderation
  // mails it itself (always), so no setting switches it off either.
  "account_restored",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The kinds grouped as the notification settings page shows them. */
export type NotificationGroupId = "conversations" | "bidding" | "selling" | "deals" | "watchdog";

export const NOTIFICATION_GROUPS: { id: NotificationGroupId; kinds: NotificationKind[] }[] = [
  { id: "conversations", kinds: ["message", "review_received"] },
  { id: "bidding", kinds: ["outbid", "leading", "won", "lost", "no_winner", "ending_soon"] },
  {
    id: "selling",
    kinds: [
      "sold",
      "unsold",
      "listing_activated",
      "awaiting_payment",
      "payment_received",
      "listing_approved",
      "listing_rejected",
    ],
  },
  {
    id: "deals",
    kinds: [
      "deal_created",
      "deal_pay_reminder",
      "deal_paid",
      "deal_ship_reminder",
      "deal_shipped",
      "deal_pickup_reminder",
      "deal_release_reminder",
      "deal_released",
      "deal_cancelled",
      "deal_payment_request",
    ],
  },
  { id: "watchdog", kinds: ["watchdog", "bottling_listed", "bottling_results"] },
];

/** Whether each kind also goes out by e-mail (a missing kind counts as on). */
export type NotificationPreferences = Record<NotificationKind, boolean>;

export const THREAD_FILTERS = ["all", "unread", "buying", "selling", "system"] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number];
export const isThreadFilter = (value: unknown): value is ThreadFilter =>
  typeof value === "string" && (THREAD_FILTERS as readonly string[]).includes(value);

/** The product a conversation is about, as the inbox shows it. */
export type ThreadProduct = {
  id: number;
  name: string;
  /** The detail page in the requested language; null when the listing is not public. */
  url: string | null;
  /** The main picture (`/uploads/...`), or null. */
  image: string | null;
  format: ProductFormat;
  status: ProductStatus;
  /** The shown price (an auction's current or start price); null = by agreement. */
  priceMinor: number | null;
  sellerId: number | null;
};

/** The other participant of a conversation; null name = a deleted account. */
export type ThreadPerson = { id: number; username: string | null; avatarFileName: string | null };

/** One row of the thread list. */
export type ThreadSummary = {
  id: number;
  kind: "conversation" | "system";
  /** The caller's side: the seller, the interested user (buyer), or the system thread's owner. */
  role: "seller" | "buyer" | "owner";
  product: ThreadProduct | null;
  other: ThreadPerson | null;
  last: { text: string; at: string; mine: boolean } | null;
  unread: number;
  /** The caller blocked the other participant. */
  blocked: boolean;
};

/** A message as its thread shows it. */
export type ThreadMessage = {
  id: number;
  /** Null: a system message. */
  senderId: number | null;
  mine: boolean;
  /** Plain text; the page makes its http(s) addresses into links. */
  text: string;
  /** A system message's kind and the page it concerns (in the requested language). */
  event: string | null;
  link: string | null;
  at: string;
  /** Newer than the caller's last reading (before this view marked it read). */
  unread: boolean;
  /** The caller reported it already. */
  reported: boolean;
  /** A deal's payment request sent in the conversation (event `payment_request`): its card. */
  requestId?: number;
};

/** What the deal of a sold product allows the caller to do about reviews. */
export type ThreadDeal = {
  /** The product was sold to the buyer of this thread (auction won, classified marked sold). */
  done: boolean;
  /** The caller may rate the other side now (a deal, and no review from them yet). */
  canReview: boolean;
  /** The caller's review of this deal, when given. */
  reviewed: boolean;
  /** The seller may mark an active classified sold to this thread's buyer. */
  canMarkSold: boolean;
};

export type ThreadView = ThreadSummary & {
  messages: ThreadMessage[];
  /** The caller may write (a conversation, nobody blocked, the other account exists). */
  canReply: boolean;
  /** The other participant blocked the caller. */
  blockedByOther: boolean;
  deal: ThreadDeal | null;
};

export type ThreadPage = {
  items: ThreadSummary[];
  filter: ThreadFilter;
  /** Only threads about this product (the seller's view of one listing), or null. */
  productId: number | null;
  page: number;
  pages: number;
  total: number;
};

/** The header's counts (GET /api/message?counter=1, docs/decisions/0001). */
export type MessageCounter = { total: number; new: number; system: number };

/** An event of the user's live stream (GET /api/me/events). */
export type UserEvent = {
  counter: MessageCounter;
  /** The thread that changed (a new message, a reading in another tab), when one did. */
  threadId: number | null;
};
