import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/**
 * The daily check of the held money (issue 35, item 4; ADR 0076): what the provider said it holds
 * for the platform (available + pending) against what Rarita's records say it should hold (paid
 * charges less the refunds and transfers made). One row per check, kept as the history the back
 * office shows; a difference other than zero is a mismatch the dashboard lists. Signed bigints:
 * a difference may be negative, and the sums of all deals outgrow an integer.
 */
export const dealReconciliations = pgTable(
  "deal_reconciliations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    checkedAt: timestamptz("checked_at").notNull(),
    /** Σ paid charges − Σ refunds made − Σ transfers made (deal_charges, deal_provider_calls). */
    expectedMinor: bigint("expected_minor", { mode: "number" }).notNull(),
    /** The provider's balance() at the check: available + pending. */
    providerMinor: bigint("provider_minor", { mode: "number" }).notNull(),
    /** provider − expected: more at the provider is positive, less negative. */
    differenceMinor: bigint("difference_minor", { mode: "number" }).notNull(),
    /** Who asked: null for the daily job, the staff member for "Check now". */
    requestedBy: integer("requested_by").references(userKey, { onDelete: "set null" }),
    /** The provider's name at the check (a switch of provider starts a new history). */
    provider: text("provider").notNull(),
  },
  (t) => [index("deal_reconciliations_checked_at_idx").on(t.checkedAt)],
);

export type DealReconciliation = typeof dealReconciliations.$inferSelect;
