import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { stockWatchdogs } from "./tables.ts";

/** The user's watchdogs in the data export; a deleted account's watchdogs go. */
export function createWatchdogPersonalData(db: Db): PersonalDataSource {
  return {
    name: "watchdog",
    async exportFor({ userId }) {
      const watchdogs = await db
        .select({
          kind: stockWatchdogs.kind,
          productId: stockWatchdogs.productId,
          categoryId: stockWatchdogs.categoryId,
          query: stockWatchdogs.query,
          delivery: stockWatchdogs.delivery,
          createdAt: stockWatchdogs.createdAt,
        })
        .from(stockWatchdogs)
        .where(eq(stockWatchdogs.userId, userId))
        .orderBy(asc(stockWatchdogs.id));
      return { watchdogs };
    },
    async eraseFor(tx, { userId }) {
      await tx.delete(stockWatchdogs).where(eq(stockWatchdogs.userId, userId));
      return undefined;
    },
  };
}
