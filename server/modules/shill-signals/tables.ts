import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { ShillEvidence } from "#core/contracts/shill-signals.ts";
import { SHILL_SIGNAL_KINDS } from "#core/contracts/shill-signals.ts";
import { SHILL_SIGNAL_STATUSES } from "#core/lifecycles/shill-signal.ts";
import { oneOf, timestamptz } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * The shill-bidding signals (docs/product/trust.md, "Shill-bidding signals"; ADR 0087).
 *
 * `account_fingerprints`: which device (the `rarita_device` cookie) and which IP address a signed-in
 * account was seen with, as keyed hashes (HMAC-SHA-256 with the server's FINGERPRINT_HMAC_KEY),
 * never the raw values; first and last seen. Kept 12 months after last seen, then erased by the
 * daily job.
 *
 * `shill_signals`: one per kind, bidder and seller, with its evidence and the lots it covers; a
 * moderator dismisses it with a note or acts on it (a moderation decision). Its status moves only
 * in transitions.ts (core/lifecycles/shill-signal.ts).
 */

export const FINGERPRINT_KINDS = ["device", "ip"] as const;

export const accountFingerprints = pgTable(
  "account_fingerprints",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    kind: text("kind", { enum: FINGERPRINT_KINDS }).notNull(),
    /** HMAC-SHA-256 of the value, hex. */
    hash: text("hash").notNull(),
    firstSeenAt: timestamptz("first_seen_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_fingerprints_user_kind_hash_unique").on(t.userId, t.kind, t.hash),
    index("account_fingerprints_kind_hash_idx").on(t.kind, t.hash),
    index("account_fingerprints_last_seen_at_idx").on(t.lastSeenAt),
    check("account_fingerprints_kind_check", oneOf(t.kind, FINGERPRINT_KINDS)),
  ],
);

export const shillSignals = pgTable(
  "shill_signals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: SHILL_SIGNAL_KINDS }).notNull(),
    bidderId: integer("bidder_id").notNull().references(userKey, { onDelete: "cascade" }),
    sellerId: integer("seller_id").notNull().references(userKey, { onDelete: "cascade" }),
    status: text("status", { enum: SHILL_SIGNAL_STATUSES }).notNull(),
    /** The seller's lots the bidder bid on in the window when last checked. */
    productIds: integer("product_ids").array().notNull(),
    evidence: jsonb("evidence").$type<ShillEvidence>().notNull(),
    /** The lots covered when dismissed: a lot beyond them is new evidence (reopen). */
    dismissedProductIds: integer("dismissed_product_ids").array(),
    decidedBy: integer("decided_by").references(userKey, { onDelete: "set null" }),
    decidedAt: timestamptz("decided_at"),
    note: text("note"),
    /** The moderation decision (statement of reasons) an action made. */
    moderationDecisionId: integer("moderation_decision_id"),
    detectedAt: timestamptz("detected_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shill_signals_kind_bidder_seller_unique").on(t.kind, t.bidderId, t.sellerId),
    index("shill_signals_status_detected_at_idx").on(t.status, t.detectedAt),
    index("shill_signals_seller_id_idx").on(t.sellerId),
    index("shill_signals_bidder_id_idx").on(t.bidderId),
    check("shill_signals_kind_check", oneOf(t.kind, SHILL_SIGNAL_KINDS)),
    check("shill_signals_status_check", oneOf(t.status, SHILL_SIGNAL_STATUSES)),
    check("shill_signals_note_check", sql`${t.note} is null or length(${t.note}) <= 2000`),
  ],
);

export type ShillSignalRecord = typeof shillSignals.$inferSelect;
