import { sql } from "drizzle-orm";
import { index, integer, pgTable } from "drizzle-orm/pg-core";
import { timestamptz } from "#server/db/columns.ts";
import { deals } from "../tables.ts";

/**
 * The operator's tax documents for a deal's fees, asked for (ADR 0078): a row written in the
 * transaction that settles the deal's money (or refunds it in full), worked off by the
 * `deals.fee_invoices` job, which issues what the ledger says and marks the row done. A crash
 * leaves the row to be worked off; the documents' unique key keeps a second run from issuing twice.
 */
export const dealFeeInvoicing = pgTable(
  "deal_fee_invoicing",
  {
    dealId: integer("deal_id")
      .primaryKey()
      .references(() => deals.id, { onDelete: "restrict" }),
    requestedAt: timestamptz("requested_at").notNull().defaultNow(),
    /** The documents were issued (or none was due); null while the job has them to do. */
    doneAt: timestamptz("done_at"),
  },
  (t) => [index("deal_fee_invoicing_pending_idx").on(t.dealId).where(sql`${t.doneAt} is null`)],
);
