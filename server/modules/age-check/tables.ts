import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { AGE_PROOF_METHODS } from "#core/contracts/age-proof.ts";
import { createdAt, oneOf, timestamptz } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * The age check (issue 36, item 1; ADR 0083). What stays of a passed check is one row per account:
 * 18+ verified, by which method, on which date, and the salted hash of the provider's subject that
 * limits how many accounts one identity verifies. No name, no birth date.
 */
export const ageVerifications = pgTable(
  "age_verifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(userKey, { onDelete: "cascade" })
      .unique("age_verifications_user_id_unique"),
    method: text("method", { enum: AGE_PROOF_METHODS }).notNull(),
    verifiedAt: timestamptz("verified_at").notNull(),
    /** HMAC-SHA256 of the method and the provider's subject with the server's salt (hex). */
    subjectHash: text("subject_hash").notNull(),
  },
  (t) => [
    index("age_verifications_subject_hash_idx").on(t.subjectHash),
    check("age_verifications_method_check", oneOf(t.method, AGE_PROOF_METHODS)),
  ],
);

/**
 * One attempt: out to the provider and back. Found again by its `state` (the wallet's direct_post
 * arrives without the session cookie); `secret` is the adapter's (a PKCE verifier, a nonce) and is
 * emptied once the attempt is finished. It belongs to an account, or to a guest's one checkout
 * (`checkout_key`, the key of the shop's review page), which the placed order consumes. Attempts
 * expire after 15 minutes and are deleted a day later.
 */
export const ageCheckAttempts = pgTable(
  "age_check_attempts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The OAuth `state` the provider sends back (not a status: an attempt's outcome is below). */
    state: text("callback_state").notNull(),
    method: text("method", { enum: AGE_PROOF_METHODS }).notNull(),
    secret: text("secret").notNull(),
    userId: integer("user_id").references(userKey, { onDelete: "cascade" }),
    checkoutKey: text("checkout_key"),
    /** Where the person goes back to (a path of this site, checked when the attempt was made). */
    returnPath: text("return_path").notNull(),
    locale: text("locale", { enum: ["cs", "en"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    /** When the provider's response was taken: a replayed callback finds it set and changes nothing. */
    finishedAt: timestamptz("finished_at"),
    /** "verified", or the refusal's code ("minor", "cancelled"...): nothing about the person. */
    outcome: text("outcome"),
    /** A guest's passed check was used by the order placed for its checkout. */
    consumedAt: timestamptz("consumed_at"),
  },
  (t) => [
    uniqueIndex("age_check_attempts_state_unique").on(t.state),
    index("age_check_attempts_expires_at_idx").on(t.expiresAt),
    index("age_check_attempts_checkout_key_idx").on(t.checkoutKey),
    check("age_check_attempts_method_check", oneOf(t.method, AGE_PROOF_METHODS)),
    check("age_check_attempts_owner_check", sql`(${t.userId} is null) <> (${t.checkoutKey} is null)`),
  ],
);
