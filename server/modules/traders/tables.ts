import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { SELLER_STATUSES, type SellerStatus } from "#core/lifecycles/seller.ts";
import { createdAt, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

export const SELLER_KINDS = ["private", "trader"] as const;
export const ARES_CHECKS = ["verified", "not_found", "ceased", "unavailable"] as const;

/**
 * A seller's declaration (issue 36, item 2; ADR 0085): private person or trader, one row per
 * account. A trader's DSA Art 30 data sit beside it (null for a private person): name, address,
 * phone, e-mail, trade register and number, IČO, payment account, the self-certification's time,
 * and the last ARES check (what ARES had under the IČO, when it was checked and when verified).
 * `status` follows core/lifecycles/seller.ts (written only in transitions.ts); a suspension keeps
 * its statement of reasons. `account_ended_at`: the account was deleted; the row is kept 6 months
 * after (a buyer's claim against a trader), then the daily retention job deletes it.
 */
export const sellerDeclarations = pgTable(
  "seller_declarations",
  {
    userId: integer("user_id").primaryKey().references(userKey),
    kind: text("kind", { enum: SELLER_KINDS }).notNull(),
    status: text("status").$type<SellerStatus>().notNull(),
    name: text("name"),
    street: text("street"),
    city: text("city"),
    zip: text("zip"),
    phone: text("phone"),
    email: text("email"),
    registerName: text("register_name"),
    registerNumber: text("register_number"),
    ico: text("ico"),
    paymentAccount: text("payment_account"),
    selfCertifiedAt: timestamptz("self_certified_at"),
    aresCheck: text("ares_check", { enum: ARES_CHECKS }),
    aresCheckedAt: timestamptz("ares_checked_at"),
    aresVerifiedAt: timestamptz("ares_verified_at"),
    aresName: text("ares_name"),
    aresAddress: text("ares_address"),
    suspensionReasons: text("suspension_reasons"),
    suspendedAt: timestamptz("suspended_at"),
    suspendedBy: integer("suspended_by").references(userKey),
    accountEndedAt: timestamptz("account_ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("seller_declarations_kind_check", oneOf(t.kind, SELLER_KINDS)),
    check("seller_declarations_status_check", oneOf(t.status, SELLER_STATUSES)),
    check("seller_declarations_ares_check_check", oneOf(t.aresCheck, ARES_CHECKS)),
    index("seller_declarations_account_ended_idx").on(t.accountEndedAt),
  ],
);

export type SellerDeclarationRow = typeof sellerDeclarations.$inferSelect;
