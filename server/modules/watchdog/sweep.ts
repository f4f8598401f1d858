import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { CatalogService } from "../listing-reads/index.ts";
import { slices } from "./input.ts";
import type { WatchdogReads } from "./ports.ts";
import { type StockWatchdog, stockWatchdogs, watchdogHits } from "./tables.ts";

/** Products that went live this long before a cursor are looked at again (late commits). */
const OVERLAP_MS = 5 * 60 * 1000;
/** A sweep looks back at most this far (a server that was down a long time does not flood). */
const LOOKBACK_MS = 2 * 24 * 3600 * 1000;
/** Restocked products told per sweep (the next sweep tells the rest). */
const RESTOCKS_PER_SWEEP = 1000;

export type SweepDeps = {
  db: Db;
  catalog: Pick<CatalogService, "listProducts">;
  reads: Pick<WatchdogReads, "productsInStock" | "suppliesLiveBetween">;
  logger?: Pick<Logger, "info" | "warn" | "error">;
};

/** The product watchdogs, fired or armed, with their products. */
async function productWatchdogs(db: Db, fired: boolean) {
  return db
    .select({ id: stockWatchdogs.id, productId: stockWatchdogs.productId })
    .from(stockWatchdogs)
    .where(
      and(
        eq(stockWatchdogs.kind, "product"),
        isNotNull(stockWatchdogs.productId),
        fired ? isNotNull(stockWatchdogs.firedAt) : isNull(stockWatchdogs.firedAt),
      ),
    ) as Promise<{ id: number; productId: number }[]>;
}

/** Product watchdogs: back in stock fires once (a find to deliver); sold out again re-arms. */
export async function findRestocks(deps: SweepDeps, now: Date) {
  const { db, reads } = deps;
  const fired = await productWatchdogs(db, true);
  const stillInStock = await reads.productsInStock(
    db,
    fired.map((row) => row.productId),
  );
  const rearmed = fired.filter((row) => !stillInStock.has(row.productId)).map((row) => row.id);
  for (const ids of slices(rearmed))
    await db
      .update(stockWatchdogs)
      .set({ firedAt: null })
      .where(and(inArray(stockWatchdogs.id, ids), isNotNull(stockWatchdogs.firedAt)));
  const armed = await productWatchdogs(db, false);
  const inStock = await reads.productsInStock(
    db,
    armed.map((row) => row.productId),
  );
  const restocked = armed.filter((row) => inStock.has(row.productId)).slice(0, RESTOCKS_PER_SWEEP);
  for (const row of restocked) {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(stockWatchdogs)
        .set({ firedAt: now })
        .where(and(eq(stockWatchdogs.id, row.id), isNull(stockWatchdogs.firedAt)))
        .returning({ id: stockWatchdogs.id });
      if (done.length === 0) return;
      // A restock is news again even if an earlier one was told.
      await tx
        .delete(watchdogHits)
        .where(and(eq(watchdogHits.watchdogId, row.id), isNotNull(watchdogHits.deliveredAt)));
      await tx
        .insert(watchdogHits)
        .values({ watchdogId: row.id, productId: row.productId })
        .onConflictDoNothing();
    });
  }
}

/** Which of `ids` the watchdog's category branch or search matches (the catalogue decides). */
async function matching(deps: SweepDeps, watchdog: StockWatchdog, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const page = await deps.catalog.listProducts({
    locale: "cs",
    ids,
    ...(watchdog.kind === "category"
      ? { categoryId: watchdog.categoryId ?? 0 }
      : { q: watchdog.query ?? "" }),
    sort: "newest",
    perPage: 100,
  });
  return page.items.map((item) => item.id);
}

/** Category and search watchdogs: the products that went live since each cursor. */
export async function findNewProducts(deps: SweepDeps, now: Date) {
  const { db } = deps;
  const recent = await deps.reads.suppliesLiveBetween(db, {
    after: new Date(now.getTime() - LOOKBACK_MS),
    until: now,
    limit: 500,
  });
  if (recent.length === 0) return;
  const newest = Math.max(...recent.map((row) => row.appearedAt.getTime()));
  const watchdogs = await db
    .select()
    .from(stockWatchdogs)
    .where(
      and(
        inArray(stockWatchdogs.kind, ["category", "search"]),
        sql`coalesce(${stockWatchdogs.checkedAt}, ${stockWatchdogs.createdAt}) - interval '5 minutes' < ${new Date(newest).toISOString()}::timestamptz`,
      ),
    )
    .limit(5000);
  for (const watchdog of watchdogs) {
    const cursor = Math.max(
      (watchdog.checkedAt ?? watchdog.createdAt).getTime() - OVERLAP_MS,
      watchdog.createdAt.getTime(),
    );
    const candidates = recent
      .filter((row) => row.appearedAt.getTime() > cursor && row.sellerId !== watchdog.userId)
      .map((row) => row.id);
    try {
      const found = await matching(deps, watchdog, candidates);
      await db.transaction(async (tx) => {
        if (found.length > 0)
          await tx
            .insert(watchdogHits)
            .values(found.map((productId) => ({ watchdogId: watchdog.id, productId })))
            .onConflictDoNothing();
        await tx.update(stockWatchdogs).set({ checkedAt: now }).where(eq(stockWatchdogs.id, watchdog.id));
      });
    } catch (err) {
      deps.logger?.warn({ err, watchdogId: watchdog.id }, "watchdog check failed");
    }
  }
}
