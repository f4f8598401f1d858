import { sql } from "drizzle-orm";
import { char, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PHONE_PREFIXES } from "#core/formats/phone.ts";
import { USER_ROLES } from "#core/rules/staff.ts";
import { createdAt, LOCALES, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { countryKey } from "../lists/keys.ts";
import { userGroupKey } from "../user-groups/keys.ts";

export { PHONE_PREFIXES, USER_ROLES };
export const ADDRESS_KINDS = ["contact", "invoice", "delivery"] as const;

export type { UserRole } from "#core/rules/staff.ts";
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * Accounts. E-mail and username are unique regardless of case (unique indexes on lower()); look
 * them up with `lower(col) = lower(value)`. Accounts are never hard-deleted (orders, bids and
 * reviews refer to them): `deleted_at` marks an anonymised account.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstname: text("firstname"),
    lastname: text("lastname"),
    phonePrefix: text("phone_prefix", { enum: PHONE_PREFIXES }).notNull().default(""),
    phone: text("phone"),
    avatarFileName: text("avatar_file_name"),
    /** The account's group (server/modules/user-groups), whose discount applies to its fees. */
    groupId: integer("group_id").references(userGroupKey, { onDelete: "set null" }),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    /**
     * Permission scopes the client checks (docs/product/accounts.md, "Roles, groups, permissions"),
     * e.g. ["advertisement.add"].
     */
    scope: jsonb("scope").$type<string[]>().notNull().default([]),
    locale: text("locale", { enum: LOCALES }).notNull().default("cs"),
    /** Which notifications also go out by e-mail: { [eventKind]: boolean }; missing means on. */
    notificationPreferences: jsonb("notification_preferences")
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    emailConfirmedAt: timestamptz("email_confirmed_at"),
    adultConfirmedAt: timestamptz("adult_confirmed_at"),
    /** Verified account (SMS code), shown as a badge. */
    verifiedAt: timestamptz("verified_at"),
    blockedAt: timestamptz("blocked_at"),
    blockedReason: text("blocked_reason"),
    /** Suspended by moderation (DSA Art. 23) until this instant: no sign-in, no listing, no bidding. */
    suspendedUntil: timestamptz("suspended_until"),
    deletedAt: timestamptz("deleted_at"),
    lastLoginAt: timestamptz("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    index("users_group_id_idx").on(t.groupId),
    check("users_role_check", oneOf(t.role, USER_ROLES)),
    check("users_locale_check", oneOf(t.locale, LOCALES)),
    check("users_phone_prefix_check", oneOf(t.phonePrefix, PHONE_PREFIXES)),
  ],
);

/** Contact, invoice and delivery addresses of a user (the account's invoice and contact data). */
export const addresses = pgTable(
  "addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ADDRESS_KINDS }).notNull(),
    name: text("name").notNull().default(""),
    street: text("street").notNull().default(""),
    city: text("city").notNull().default(""),
    zip: text("zip").notNull().default(""),
    countryCode: char("country_code", { length: 2 }).references(countryKey, {
      onDelete: "restrict",
    }),
    company: text("company"),
    /** IČO */
    companyId: text("company_id"),
    /** DIČ */
    taxId: text("tax_id"),
    phone: text("phone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("addresses_user_id_idx").on(t.userId, t.kind),
    check("addresses_kind_check", oneOf(t.kind, ADDRESS_KINDS)),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Address = typeof addresses.$inferSelect;
