import { subMonths } from "date-fns";
import { and, eq, isNotNull, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { sellerDeclarations } from "./tables.ts";

/** How long a trader's data outlive the account (docs/product/trust.md): a buyer's claim may still need them. */
export const TRADER_RETENTION_MONTHS = 6;

/**
 * Deletes the declarations of accounts that ended more than 6 months ago; answers how many. Run
 * daily (jobs.ts); idempotent.
 */
export async function eraseEndedDeclarations(db: Db, now: Date): Promise<number> {
  const cutoff = subMonths(now, TRADER_RETENTION_MONTHS);
  const gone = await db
    .delete(sellerDeclarations)
    .where(and(isNotNull(sellerDeclarations.accountEndedAt), lt(sellerDeclarations.accountEndedAt, cutoff)))
    .returning({ userId: sellerDeclarations.userId });
  return gone.length;
}

/**
 * The declaration in the data export (GDPR art. 15 and 20). Erasing the account does not delete it
 * at once: a private person's declaration goes, a trader's is marked with the account's end and
 * deleted 6 months later (a buyer's claim against a trader needs who they were; DSA Art 30(3)
 * lets the platform keep them for the contract's duration and its claims).
 */
export function createTradersPersonalData(db: Db): PersonalDataSource {
  return {
    name: "traders",
    async exportFor({ userId }) {
      const [row] = await db.select().from(sellerDeclarations).where(eq(sellerDeclarations.userId, userId));
      if (!row) return { sellerDeclaration: null };
      const { suspendedBy: _by, ...shown } = row;
      return { sellerDeclaration: shown };
    },
    async eraseFor(tx, { userId, at }) {
      const [row] = await tx
        .select({ kind: sellerDeclarations.kind })
        .from(sellerDeclarations)
        .where(eq(sellerDeclarations.userId, userId));
      if (!row) return undefined;
      if (row.kind === "private") {
        await tx.delete(sellerDeclarations).where(eq(sellerDeclarations.userId, userId));
        return { sellerDeclaration: "deleted" };
      }
      await tx
        .update(sellerDeclarations)
        .set({ accountEndedAt: at, updatedAt: at })
        .where(eq(sellerDeclarations.userId, userId));
      return { sellerDeclaration: "kept_until", traderDataErasedAfter: `${TRADER_RETENTION_MONTHS} months` };
    },
  };
}
