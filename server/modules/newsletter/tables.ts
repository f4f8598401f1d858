import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, LOCALES, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * Newsletter subscribers with double opt-in (GDPR): a subscription counts only once
 * `confirmed_at` is set and `unsubscribed_at` is not. One row per e-mail, regardless of case.
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    userId: integer("user_id").references(userKey, { onDelete: "set null" }),
    /** Category ids chosen in the category checkbox tree. */
    selectedCategories: jsonb("selected_categories").$type<number[]>().notNull().default([]),
    locale: text("locale", { enum: LOCALES }).notNull().default("cs"),
    /** SHA-256 of the token in the opt-in link (the service decides whether it also serves unsubscribe links). */
    confirmTokenHash: text("confirm_token_hash").unique("subscribers_confirm_token_hash_unique"),
    confirmedAt: timestamptz("confirmed_at"),
    unsubscribedAt: timestamptz("unsubscribed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscribers_email_lower_unique").on(sql`lower(${t.email})`),
    index("subscribers_user_id_idx").on(t.userId),
    check("subscribers_locale_check", oneOf(t.locale, LOCALES)),
  ],
);

export type Subscriber = typeof subscribers.$inferSelect;
