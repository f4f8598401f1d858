import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { DISPUTE_REASONS, DISPUTE_STATUSES } from "#core/lifecycles/dispute.ts";
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
    /** buyer, seller or operator: how the message is shown (an account may be erased later). */
    role: text("role").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("deal_dispute_messages_dispute_id_idx").on(t.disputeId, t.id),
    check("deal_dispute_messages_role_check", oneOf(t.role, ["buyer", "seller", "operator"])),
  ],
);

export type DealDispute = typeof dealDisputes.$inferSelect;
export type DealDisputeMessage = typeof dealDisputeMessages.$inferSelect;
