import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import {
  COMPLAINT_STATUSES,
  DECISION_ACTIONS,
  DECISION_GROUNDS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  TERMS_SECTIONS,
} from "#core/contracts/moderation.ts";
import { createdAt, LOCALES, oneOf, timestamptz } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * A notice (DSA Art. 16) about a listing, a message, a review or a user, by anyone: a signed-in
 * reporter is kept as `reporter_id`, a guest only by the e-mail they chose to give (for the receipt
 * and the decision). `target_id` points into the owner's table (no foreign key: the content may be
 * erased while the report and its decision are kept).
 */
export const moderationReports = pgTable(
  "moderation_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    target: text("target", { enum: REPORT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    explanation: text("explanation").notNull(),
    reporterId: integer("reporter_id").references(userKey, { onDelete: "set null" }),
    reporterEmail: text("reporter_email"),
    /**
     * Whose the content was when reported (the seller, the author, the account itself), so that a
     * user's page lists the reports about everything of theirs; null when the content had no owner.
     */
    ownerId: integer("owner_id").references(userKey, { onDelete: "set null" }),
    locale: text("locale", { enum: LOCALES }).notNull().default("cs"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    decisionId: integer("decision_id"),
    createdAt: createdAt(),
    decidedAt: timestamptz("decided_at"),
  },
  (t) => [
    index("moderation_reports_status_idx").on(t.status, t.createdAt),
    index("moderation_reports_target_idx").on(t.target, t.targetId),
    index("moderation_reports_owner_idx").on(t.ownerId, t.createdAt),
    index("moderation_reports_reporter_idx").on(t.reporterId, t.createdAt),
    check("moderation_reports_target_check", oneOf(t.target, REPORT_TARGETS)),
    check("moderation_reports_reason_check", oneOf(t.reason, REPORT_REASONS)),
    check("moderation_reports_status_check", oneOf(t.status, REPORT_STATUSES)),
    check("moderation_reports_locale_check", oneOf(t.locale, LOCALES)),
  ],
);

/**
 * A moderator's decision and its statement of reasons (Art. 17): what was restricted, the facts,
 * the reasons and the rule of the terms, how it came about (a report or own initiative; always a
 * person, `automated` stays false), who decided and when. Kept after the content is gone.
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    action: text("action", { enum: DECISION_ACTIONS }).notNull(),
    target: text("target", { enum: REPORT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    targetLabel: text("target_label").notNull().default(""),
    affectedUserId: integer("affected_user_id").references(userKey, { onDelete: "set null" }),
    facts: text("facts").notNull().default(""),
    reasons: text("reasons").notNull().default(""),
    termsSection: text("terms_section", { enum: TERMS_SECTIONS }),
    ground: text("ground", { enum: DECISION_GROUNDS }).notNull(),
    automated: boolean("automated").notNull().default(false),
    reportId: integer("report_id"),
    suspendedUntil: timestamptz("suspended_until"),
    /** The listing's status before a rejection or removal, to restore on a reversal. */
    previousStatus: text("previous_status"),
    deciderId: integer("decider_id").references(userKey, { onDelete: "set null" }),
    /**
     * A random key in the statement's link: the affected user reads the statement and complains
     * with it without signing in, which a suspended or blocked account cannot (Art. 20).
     */
    accessKey: text("access_key"),
    createdAt: createdAt(),
    reversedAt: timestamptz("reversed_at"),
  },
  (t) => [
    index("moderation_decisions_target_idx").on(t.target, t.targetId),
    index("moderation_decisions_affected_idx").on(t.affectedUserId),
    index("moderation_decisions_created_at_idx").on(t.createdAt),
    check("moderation_decisions_action_check", oneOf(t.action, DECISION_ACTIONS)),
    check("moderation_decisions_target_check", oneOf(t.target, REPORT_TARGETS)),
    check("moderation_decisions_ground_check", oneOf(t.ground, DECISION_GROUNDS)),
    check("moderation_decisions_not_automated_check", sql`${t.automated} = false`),
  ],
);

/** An internal complaint (Art. 20) against a decision, decided by another staff member. */
export const moderationComplaints = pgTable(
  "moderation_complaints",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    decisionId: integer("decision_id")
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(userKey, { onDelete: "set null" }),
    text: text("text").notNull(),
    status: text("status", { enum: COMPLAINT_STATUSES }).notNull().default("open"),
    answer: text("answer"),
    decidedById: integer("decided_by_id").references(userKey, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamptz("decided_at"),
  },
  (t) => [
    index("moderation_complaints_status_idx").on(t.status, t.createdAt),
    index("moderation_complaints_decision_idx").on(t.decisionId),
    check("moderation_complaints_status_check", oneOf(t.status, COMPLAINT_STATUSES)),
  ],
);

export type ModerationReport = typeof moderationReports.$inferSelect;
export type ModerationDecision = typeof moderationDecisions.$inferSelect;
export type ModerationComplaint = typeof moderationComplaints.$inferSelect;
