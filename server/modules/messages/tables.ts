import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { createdAt, oneOf, timestamptz } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

export const THREAD_KINDS = ["conversation", "system"] as const;
export const PARTICIPANT_ROLES = ["seller", "buyer", "owner"] as const;

export type ThreadKind = (typeof THREAD_KINDS)[number];
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/**
 * A conversation about one product between its seller and another user, or a user's system
 * thread (notifications such as outbid, won, sold; the user is its 'owner').
 */
export const messageThreads = pgTable(
  "message_threads",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: THREAD_KINDS }).notNull(),
    productId: integer("product_id").references(productKey, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastMessageAt: timestamptz("last_message_at").notNull().defaultNow(),
  },
  (t) => [
    index("message_threads_product_id_idx").on(t.productId),
    check("message_threads_kind_check", oneOf(t.kind, THREAD_KINDS)),
  ],
);

/** Who is in a thread; messages created after `last_read_at` are new for that user. */
export const threadParticipants = pgTable(
  "thread_participants",
  {
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    role: text("role", { enum: PARTICIPANT_ROLES }).notNull(),
    lastReadAt: timestamptz("last_read_at"),
    /** The participant stopped this conversation. */
    blockedAt: timestamptz("blocked_at"),
    /**
     * The participant deleted the thread from their inbox: messages up to this instant are gone
     * for them (not listed, not counted); a newer message brings the thread back.
     */
    deletedAt: timestamptz("deleted_at"),
    /** The last e-mail notice of unread messages in this thread (at most one per 15 minutes). */
    noticeMailedAt: timestamptz("notice_mailed_at"),
  },
  (t) => [
    primaryKey({ name: "thread_participants_pk", columns: [t.threadId, t.userId] }),
    index("thread_participants_user_id_idx").on(t.userId),
    check("thread_participants_role_check", oneOf(t.role, PARTICIPANT_ROLES)),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    /** NULL = a system message. */
    senderId: integer("sender_id").references(userKey, { onDelete: "set null" }),
    body: text("body").notNull().default(""),
    /** System event kind, e.g. 'outbid', 'won', 'sold', 'payment_received', 'listing_approved'. */
    event: text("event"),
    /** Event data (product id, amounts...) for rendering the message in either language. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    reportedAt: timestamptz("reported_at"),
  },
  (t) => [
    index("messages_thread_id_created_at_idx").on(t.threadId, t.createdAt),
    index("messages_sender_id_idx").on(t.senderId),
  ],
);

/** A user who does not want messages from another user. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: integer("blocker_id").notNull().references(userKey, { onDelete: "cascade" }),
    blockedId: integer("blocked_id").notNull().references(userKey, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_blocks_pk", columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_id_idx").on(t.blockedId),
    check("user_blocks_not_self_check", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A message reported to the operator (the admin back office reads the open ones). */
export const messageReports = pgTable(
  "message_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id").notNull().references(userKey, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    /** Set by the operator once dealt with. */
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    unique("message_reports_message_reporter_unique").on(t.messageId, t.reporterId),
    index("message_reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Server-side secrets kept in the database, so that every instance signs alike without an
 * environment variable (e.g. 'notification-unsubscribe': the one-click unsubscribe links).
 */
export const signingKeys = pgTable("signing_keys", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

export type MessageThread = typeof messageThreads.$inferSelect;
export type ThreadParticipant = typeof threadParticipants.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type UserBlock = typeof userBlocks.$inferSelect;
export type MessageReport = typeof messageReports.$inferSelect;
