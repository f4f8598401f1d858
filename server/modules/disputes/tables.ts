import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DISPUTE_REASONS, DISPUTE_STATUSES } from "#core/lifecycles/dispute.ts";
import { CARRIERS } from "#core/schemas/delivery.ts";
import { createdAt, money, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { dealKey } from "../deals/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * A deal's dispute (issue 35, item 6; `disputeLifecycle`; the disputes module, ADR 0077): one per deal, what the buyer says is
 * wrong, the two sides' messages, a refund one side proposed, and how it ended: an agreement or
 * the operator's decision with its statement of reasons (facts and grounds), which both sides see.
 */
export const DISPUTE_OUTCOMES = ["release", "partial_refund", "refund"] as const;
export const PROPOSERS = ["buyer", "seller"] as const;
/** Why a message's photos are gone (ADR 0082): their retention ran out, or their author's account was deleted. */
export const PHOTO_REMOVALS = ["retention", "erasure"] as const;

export const dealDisputes = pgTable(
  "deal_disputes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(dealKey, { onDelete: "restrict" })
      .unique("deal_disputes_deal_id_unique"),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull(),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    /** From when either side may escalate it (the answer days after opening). */
    escalatableAt: timestamptz("escalatable_at").notNull(),
    /** A refund one side proposed (0 = release everything to the seller), for the other to accept. */
    proposedRefundMinor: money("proposed_refund_minor"),
    proposedBy: text("proposed_by", { enum: PROPOSERS }),
    /** The proposal is a return of the item for a full refund (the amount is then what is held). */
    proposedReturn: boolean("proposed_return").notNull().default(false),
    /**
     * A return for a full refund (status `returning`): the buyer sends the item by `return_by`
     * with the carrier and its tracking number; the seller confirms receipt by `return_confirm_by`
     * (set with the tracking number), after which the refund happens without them.
     */
    returnBy: timestamptz("return_by"),
    returnCarrier: text("return_carrier", { enum: CARRIERS }),
    returnTrackingNumber: text("return_tracking_number"),
    returnShippedAt: timestamptz("return_shipped_at"),
    returnConfirmBy: timestamptz("return_confirm_by"),
    /** How it ended, the refund it gave and who decided (null: the two sides agreed). */
    outcome: text("outcome", { enum: DISPUTE_OUTCOMES }),
    refundMinor: money("refund_minor"),
    decidedBy: integer("decided_by").references(userKey, { onDelete: "set null" }),
    /** The operator's statement of reasons: the facts found and the grounds (terms, law). */
    decisionFacts: text("decision_facts"),
    decisionGrounds: text("decision_grounds"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    escalatedAt: timestamptz("escalated_at"),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    index("deal_disputes_status_idx").on(t.status, t.escalatedAt),
    check("deal_disputes_status_check", oneOf(t.status, DISPUTE_STATUSES)),
    check("deal_disputes_reason_check", oneOf(t.reason, DISPUTE_REASONS)),
    check("deal_disputes_outcome_check", oneOf(t.outcome, DISPUTE_OUTCOMES)),
    check("deal_disputes_proposed_by_check", oneOf(t.proposedBy, PROPOSERS)),
    check("deal_disputes_return_carrier_check", oneOf(t.returnCarrier, CARRIERS)),
    check(
      "deal_disputes_proposed_refund_check",
      sql`${t.proposedRefundMinor} is null or ${t.proposedRefundMinor} >= 0`,
    ),
  ],
);

/** What the buyer, the seller and the operator wrote in a dispute, in order. */
export const dealDisputeMessages = pgTable(
  "deal_dispute_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    disputeId: integer("dispute_id")
      .notNull()
      .references(() => dealDisputes.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(userKey, { onDelete: "set null" }),
    /**
     * buyer, seller or operator: how the message is shown (an account may be erased later);
     * system: a step the site took (a return that lapsed), its text in Czech.
     */
    role: text("role").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    /**
     * The message's photos were deleted (ADR 0082: `retention` after the period past the dispute's
     * end, `erasure` with their author's account), so the page says so instead of showing none.
     */
    photosRemoved: text("photos_removed", { enum: PHOTO_REMOVALS }),
    photosRemovedAt: timestamptz("photos_removed_at"),
  },
  (t) => [
    index("deal_dispute_messages_dispute_id_idx").on(t.disputeId, t.id),
    check("deal_dispute_messages_role_check", oneOf(t.role, ["buyer", "seller", "operator", "system"])),
    check("deal_dispute_messages_photos_removed_check", oneOf(t.photosRemoved, PHOTO_REMOVALS)),
  ],
);

export type DealDispute = typeof dealDisputes.$inferSelect;
export type DealDisputeMessage = typeof dealDisputeMessages.$inferSelect;

/**
 * A photo the buyer or the seller attached to their message in a dispute (issue 35, item 6): the
 * upload checked by its bytes and re-encoded to WebP without metadata, kept outside the public
 * uploads (DATA_DIR/private/dispute-photos/<deal>/<file>) and served only to the deal's two
 * sides and to staff with the `deals` scope (photos.ts). The file and its row are deleted when the
 * retention runs out after the dispute's end, or with their author's account once the dispute has
 * ended (retention.ts, ADR 0082).
 */
export const dealDisputePhotos = pgTable(
  "deal_dispute_photos",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    disputeId: integer("dispute_id")
      .notNull()
      .references(() => dealDisputes.id, { onDelete: "cascade" }),
    messageId: integer("message_id")
      .notNull()
      .references(() => dealDisputeMessages.id, { onDelete: "cascade" }),
    /** `<32 hex>.webp` in the dispute's folder. */
    fileName: text("file_name").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("deal_dispute_photos_message_id_idx").on(t.messageId, t.id),
    // The retention job's way from a dispute past its period to its photos (retention.ts).
    index("deal_dispute_photos_dispute_id_idx").on(t.disputeId),
  ],
);

export const APPEAL_SUBJECTS = ["dispute", "strike_review"] as const;
export const APPEAL_OUTCOMES = ["upheld", "changed"] as const;

/**
 * An appeal against an operator's decision (issue 35; ADR 0079): a side of a decided dispute, or a
 * buyer whose suspension the operator kept, asks for it to be looked at again; another staff
 * member than the one who decided answers it with reasons. One per side and decision. Not a
 * lifecycle: answered or not, by its `answered_at`.
 */
export const dealAppeals = pgTable(
  "deal_appeals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    subject: text("subject", { enum: APPEAL_SUBJECTS }).notNull(),
    /** The dispute's deal (subject `dispute`), or null. */
    dealId: integer("deal_id").references(dealKey, { onDelete: "restrict" }),
    /** The strike review (subject `strike_review`; the deals module's `strike_reviews.id`), or null. */
    strikeReviewId: integer("strike_review_id"),
    userId: integer("user_id").references(userKey, { onDelete: "set null" }),
    /** Who took the decision appealed against: they may not answer the appeal. */
    deciderId: integer("decider_id").references(userKey, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
    answeredAt: timestamptz("answered_at"),
    answeredBy: integer("answered_by").references(userKey, { onDelete: "set null" }),
    outcome: text("outcome", { enum: APPEAL_OUTCOMES }),
    answer: text("answer"),
  },
  (t) => [
    uniqueIndex("deal_appeals_dispute_unique").on(t.dealId, t.userId),
    uniqueIndex("deal_appeals_strike_review_unique").on(t.strikeReviewId),
    index("deal_appeals_open_idx").on(t.answeredAt, t.createdAt),
    check("deal_appeals_subject_check", oneOf(t.subject, APPEAL_SUBJECTS)),
    check("deal_appeals_outcome_check", oneOf(t.outcome, APPEAL_OUTCOMES)),
  ],
);

export type DealAppeal = typeof dealAppeals.$inferSelect;
