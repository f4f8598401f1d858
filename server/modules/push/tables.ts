import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * Web push (ADR 0110): the browsers a user subscribed (one row per push endpoint, the address the
 * browser's push service gave it, with the keys the payload is encrypted to), the kinds they want
 * pushed, and which notice went to which endpoint (so a retried job never pushes twice).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    /** The push service's URL for this browser: a capability, never logged or shown. */
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_unique"),
    /** The browser's P-256 public key and auth secret (base64url), what RFC 8291 encrypts to. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastDeliveredAt: timestamptz("last_delivered_at"),
  },
  (t) => [index("push_subscriptions_user_id_idx").on(t.userId)],
);

/** The kinds a user wants pushed (PushKind -> on); no row or a missing kind: off (push is opt-in). */
export const pushSwitches = pgTable("push_switches", {
  userId: integer("user_id").primaryKey().references(userKey, { onDelete: "cascade" }),
  kinds: jsonb("kinds").$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * One row per notice pushed to one endpoint, claimed before the request: a job retried after a
 * crash or a 5xx skips the endpoints that already took it. Pruned after a week (the job's life).
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    noticeKey: text("notice_key").notNull(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeKey, t.subscriptionId] }),
    index("push_deliveries_created_at_idx").on(t.createdAt),
  ],
);
