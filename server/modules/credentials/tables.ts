import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, nonNegative, timestamptz } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * The credentials module's tables: the one-time links and codes that prove an address or a phone
 * is the account's, or let its owner set a new password. Each row belongs to an account (the
 * users module's); deleting the account erases them (personal-data.ts).
 */

/**
 * One-time password reset links (/zmena-hesla/:hash); the link carries the token, the row its hash
 * (auth/tokens.ts).
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("password_reset_tokens_token_hash_unique"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** One-time e-mail confirmation links, after registration or for a new e-mail address. */
export const emailConfirmationTokens = pgTable(
  "email_confirmation_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    /** The address being confirmed (it may differ from users.email during an e-mail change). */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique("email_confirmation_tokens_token_hash_unique"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("email_confirmation_tokens_user_id_idx").on(t.userId)],
);

/** SMS codes for the verified account; the code is stored hashed, attempts are limited by the service. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    /** Full number including the prefix, e.g. +420601234567. */
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamptz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_user_id_idx").on(t.userId, t.createdAt),
    check("verification_codes_attempts_check", nonNegative(t.attempts)),
  ],
);

export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type EmailConfirmationToken = typeof emailConfirmationTokens.$inferSelect;
export type VerificationCode = typeof verificationCodes.$inferSelect;
