import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import type { WatchdogReads, WatchedCategory, WatchedProduct } from "./ports.ts";
import {
  type StockWatchdog,
  stockWatchdogs,
  type WatchdogDelivery,
  type WatchdogKind,
  watchdogHits,
} from "./tables.ts";

export type WatchdogView = {
  id: number;
  kind: WatchdogKind;
  delivery: WatchdogDelivery;
  /** What is watched, in the requested language. */
  label: string;
  /** Its page (product, category, search); null when it is not public any more. */
  url: string | null;
  createdAt: string;
  lastNotifiedAt: string | null;
  /** Finds waiting for the daily digest. */
  waiting: number;
};

/** What a watchdog watches, in the requested language, and its page. */
function watchedTarget(
  watchdog: StockWatchdog,
  product: WatchedProduct | undefined,
  category: WatchedCategory | undefined,
  locale: Locale,
): { label: string; url: string | null } {
  const en = locale === "en";
  if (watchdog.kind === "product") {
    const visible = product?.status === "active" || product?.status === "sold";
    return {
      label: (product && ((en && product.nameEn) || product.nameCs)) || "",
      url:
        product && visible
          ? localePath("product", locale, {
              id: product.id,
              category: String((en && product.categorySlugEn) || product.categorySlugCs),
              product: (en && product.slugEn) || product.slugCs,
            })
          : null,
    };
  }
  if (watchdog.kind === "category")
    return {
      label: (category && ((en && category.nameEn) || category.nameCs)) || "",
      url: localePath("category", locale, {
        id: Number(watchdog.categoryId),
        slug: String(category && ((en && category.slugEn) || category.slugCs)),
      }),
    };
  const label = watchdog.query ?? "";
  return { label, url: `${localePath("search", locale)}?q=${encodeURIComponent(label)}` };
}

/** The user's watchdogs, newest first, described in the requested language. */
export async function listWatchdogs(
  db: Db,
  reads: Pick<WatchdogReads, "productSummaries" | "categorySummaries">,
  userId: number,
  locale: Locale,
): Promise<WatchdogView[]> {
  const waiting = db
    .select({ count: sql<number>`count(*)::int` })
    .from(watchdogHits)
    .where(and(eq(watchdogHits.watchdogId, stockWatchdogs.id), isNull(watchdogHits.deliveredAt)));
  const rows = await db
    .select({ watchdog: stockWatchdogs, waiting: sql<number>`(${waiting})` })
    .from(stockWatchdogs)
    .where(eq(stockWatchdogs.userId, userId))
    .orderBy(desc(stockWatchdogs.createdAt), desc(stockWatchdogs.id));
  const ids = (pick: (row: StockWatchdog) => number | null) =>
    rows.flatMap(({ watchdog }) => (pick(watchdog) === null ? [] : [pick(watchdog)!]));
  const [products, categories] = await Promise.all([
    reads.productSummaries(
      db,
      ids((row) => row.productId),
    ),
    reads.categorySummaries(
      db,
      ids((row) => row.categoryId),
    ),
  ]);
  return rows.map(({ watchdog, waiting }) => ({
    id: watchdog.id,
    kind: watchdog.kind,
    delivery: watchdog.delivery,
    ...watchedTarget(
      watchdog,
      watchdog.productId === null ? undefined : products.get(watchdog.productId),
      watchdog.categoryId === null ? undefined : categories.get(watchdog.categoryId),
      locale,
    ),
    createdAt: watchdog.createdAt.toISOString(),
    lastNotifiedAt: watchdog.lastNotifiedAt ? watchdog.lastNotifiedAt.toISOString() : null,
    waiting: Number(waiting ?? 0),
  }));
}
