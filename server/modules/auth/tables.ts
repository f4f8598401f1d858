import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * Login sessions. The client holds an opaque random token; only its SHA-256 (hex) is stored, so
 * a leaked database leaks no sessions. Logout sets `revoked_at`.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("sessions_token_hash_unique"),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    /**
     * When this session passed the staff's second factor (TOTP or a recovery code). The back office
     * answers only sessions that have (docs/product/back-office.md, "Signing in").
     */
    secondFactorAt: timestamptz("second_factor_at"),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export type Session = typeof sessions.$inferSelect;
