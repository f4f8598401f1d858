import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, nonNegative, timestamptz, updatedAt } from "#server/db/columns.ts";
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

/**
 * A staff member's second factor (TOTP, docs/decisions/0021-staff-second-factor.md). The secret is
 * kept as base32 because the server must compute the same codes as the authenticator app. Until
 * `confirmed_at` the factor is only being set up and does not guard anything. `last_used_step` is
 * the 30-second time step of the last accepted code: a code of that step or an earlier one is
 * refused, so a code seen over someone's shoulder cannot be used again.
 */
export const staffSecondFactors = pgTable(
  "staff_second_factors",
  {
    userId: integer("user_id").primaryKey().references(userKey, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    confirmedAt: timestamptz("confirmed_at"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamptz("locked_until"),
    lastUsedStep: integer("last_used_step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("staff_second_factors_failed_attempts_check", nonNegative(t.failedAttempts))],
);

/**
 * One-time recovery codes for a lost authenticator. Only their SHA-256 is stored (they are long
 * random strings, so a plain hash is enough); `used_at` makes each one single use.
 */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_recovery_codes_user_id_idx").on(t.userId)],
);
