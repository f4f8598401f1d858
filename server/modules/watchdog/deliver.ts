import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import type { Notifier } from "../messages/index.ts";
import { hitNames } from "./notice-text.ts";
import type { WatchdogReads } from "./ports.ts";
import { type StockWatchdog, stockWatchdogs, type WatchdogDelivery, watchdogHits } from "./tables.ts";

export type DeliveryDeps = {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  reads: Pick<WatchdogReads, "productSummaries" | "categorySummaries" | "recipientsOf">;
};

/** A category or search watchdog's page in both languages, and the value naming it; null without one. */
async function watchedPage(
  deps: DeliveryDeps,
  tx: Db,
  watchdog: StockWatchdog,
  locale: Locale,
): Promise<{ href: Record<Locale, string>; values: Record<string, string> } | null> {
  if (watchdog.kind === "category") {
    const id = watchdog.categoryId ?? 0;
    const category = (await deps.reads.categorySummaries(tx, [id])).get(id);
    if (!category) return null;
    return {
      values: { category: (locale === "en" && category.nameEn) || category.nameCs },
      href: {
        cs: localePath("category", "cs", { id: category.id, slug: category.slugCs }),
        en: localePath("category", "en", { id: category.id, slug: category.slugEn || category.slugCs }),
      },
    };
  }
  const q = `?q=${encodeURIComponent(watchdog.query ?? "")}`;
  return {
    values: { query: watchdog.query ?? "" },
    href: { cs: localePath("search", "cs") + q, en: localePath("search", "en") + q },
  };
}

/** The undelivered finds of a watchdog, oldest first, with their products' names. */
async function pendingHits(deps: DeliveryDeps, tx: Db, watchdogId: number) {
  const rows = await tx
    .select({ productId: watchdogHits.productId })
    .from(watchdogHits)
    .where(and(eq(watchdogHits.watchdogId, watchdogId), isNull(watchdogHits.deliveredAt)))
    .orderBy(asc(watchdogHits.createdAt), asc(watchdogHits.productId));
  const products = await deps.reads.productSummaries(
    tx,
    rows.map((row) => row.productId),
  );
  return rows.flatMap((row) => {
    const product = products.get(row.productId);
    return product ? [{ productId: row.productId, nameCs: product.nameCs, nameEn: product.nameEn }] : [];
  });
}

/** Tells a watchdog's owner of its undelivered hits in one notice, and marks them delivered. */
async function deliver(deps: DeliveryDeps, watchdogId: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [watchdog] = await tx
      .select()
      .from(stockWatchdogs)
      .where(eq(stockWatchdogs.id, watchdogId))
      .for("update");
    if (!watchdog) return false;
    const hits = await pendingHits(deps, tx, watchdogId);
    if (hits.length === 0) return false;
    await tx
      .update(watchdogHits)
      .set({ deliveredAt: now })
      .where(and(eq(watchdogHits.watchdogId, watchdogId), isNull(watchdogHits.deliveredAt)));
    await tx.update(stockWatchdogs).set({ lastNotifiedAt: now }).where(eq(stockWatchdogs.id, watchdogId));
    const user = (await deps.reads.recipientsOf(tx, [watchdog.userId])).get(watchdog.userId);
    if (!user || user.deleted) return false;
    if (watchdog.kind === "product") {
      await deps.notifier.notify(tx, watchdog.userId, "watchdog", {
        productId: watchdog.productId,
        variant: "product",
        payload: { watchdogId },
        onceKey: `watchdog-${watchdogId}-${now.getTime()}`,
      });
      return true;
    }
    const names = hitNames(user.locale, hits);
    const page = await watchedPage(deps, tx, watchdog, user.locale);
    if (!page) return false;
    await deps.notifier.notify(tx, watchdog.userId, "watchdog", {
      variant: watchdog.kind,
      values: { count: hits.length, names, ...page.values },
      link: { href: page.href },
      payload: { watchdogId, productIds: hits.map((hit) => hit.productId) },
    });
    return true;
  });
}

/** Delivers the waiting hits of every watchdog with this delivery (the sweep; the daily digest). */
export async function deliverPending(
  deps: DeliveryDeps,
  delivery: WatchdogDelivery,
  now = new Date(),
): Promise<number> {
  const due = await deps.db
    .selectDistinct({ id: watchdogHits.watchdogId })
    .from(watchdogHits)
    .innerJoin(stockWatchdogs, eq(stockWatchdogs.id, watchdogHits.watchdogId))
    .where(
      and(
        isNull(watchdogHits.deliveredAt),
        eq(stockWatchdogs.delivery, delivery),
        lte(watchdogHits.createdAt, now),
      ),
    )
    .limit(2000);
  let told = 0;
  for (const { id } of due) if (await deliver(deps, id, now)) told += 1;
  return told;
}
