import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { CatalogService } from "../listings/index.ts";
import { products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import { type Notifier, recipientOf } from "../messages/index.ts";
import {
  type StockWatchdog,
  stockWatchdogs,
  WATCHDOG_DELIVERIES,
  WATCHDOG_KINDS,
  type WatchdogDelivery,
  type WatchdogKind,
  watchdogHits,
} from "./tables.ts";

/**
 * Stock watchdogs (issue 7, spec 6): a signed-in user asks to be told when a sold-out shop product
 * is back in stock, or when a new product appears in a category or matches a search; told at once
 * or in a daily digest, as a system message and an e-mail (the notifier).
 *
 * A sweep every minute finds what is new: a product watchdog fires once when its product is
 * active with stock again (and re-arms when it sells out); category and search watchdogs look at
 * the products that went live since their cursor (with a few minutes' overlap, so a listing whose
 * transaction committed late is still seen) through the catalogue's own category tree and search.
 * Each find is a hit row keyed by watchdog and product, so overlapping sweeps tell a product once.
 * Immediate watchdogs deliver their hits in the same sweep; daily ones at 8:00 Prague time.
 */

export const WATCHDOG_SWEEP_QUEUE = "watchdog.sweep";
export const WATCHDOG_DAILY_QUEUE = "watchdog.daily";
export const WATCHDOG_QUERY_MIN = 2;
export const WATCHDOG_QUERY_MAX = 100;
export const WATCHDOGS_PER_USER = 50;
/** Products that went live this long before a cursor are looked at again (late commits). */
const OVERLAP_MS = 5 * 60 * 1000;
/** A sweep looks back at most this far (a server that was down a long time does not flood). */
const LOOKBACK_MS = 2 * 24 * 3600 * 1000;
/** Names quoted in one notice. */
const NAMES_IN_NOTICE = 3;

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

export type CreateWatchdogResult =
  | { status: "created" | "exists"; id: number }
  | { status: "invalid"; errors: Record<string, string[]> };

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const validId = (id: unknown): id is number =>
  typeof id === "number" && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

const isKind = (value: unknown): value is WatchdogKind => WATCHDOG_KINDS.includes(value as WatchdogKind);
const isDelivery = (value: unknown): value is WatchdogDelivery =>
  WATCHDOG_DELIVERIES.includes(value as WatchdogDelivery);

/** A search watchdog's words as stored: single spaces, at most the maximum length. */
export const cleanQuery = (value: string) => value.replace(/\s+/g, " ").trim();

export function createWatchdogService(deps: {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  catalog: Pick<CatalogService, "listProducts">;
  logger?: Pick<Logger, "info" | "warn" | "error">;
}) {
  const { db, notifier, catalog } = deps;

  /** Which of `ids` the watchdog's category branch or search matches (the catalogue decides). */
  async function matching(watchdog: StockWatchdog, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const page = await catalog.listProducts({
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

  /** Tells a watchdog's owner of its undelivered hits in one notice, and marks them delivered. */
  async function deliver(watchdogId: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [watchdog] = await tx
        .select()
        .from(stockWatchdogs)
        .where(eq(stockWatchdogs.id, watchdogId))
        .for("update");
      if (!watchdog) return false;
      const hits = await tx
        .select({ productId: watchdogHits.productId, nameCs: products.nameCs, nameEn: products.nameEn })
        .from(watchdogHits)
        .innerJoin(products, eq(products.id, watchdogHits.productId))
        .where(and(eq(watchdogHits.watchdogId, watchdogId), isNull(watchdogHits.deliveredAt)))
        .orderBy(asc(watchdogHits.createdAt), asc(watchdogHits.productId));
      if (hits.length === 0) return false;
      await tx
        .update(watchdogHits)
        .set({ deliveredAt: now })
        .where(and(eq(watchdogHits.watchdogId, watchdogId), isNull(watchdogHits.deliveredAt)));
      await tx.update(stockWatchdogs).set({ lastNotifiedAt: now }).where(eq(stockWatchdogs.id, watchdogId));
      const user = await recipientOf(tx, watchdog.userId);
      if (!user || user.deleted) return false;
      const names = hits
        .slice(0, NAMES_IN_NOTICE)
        .map((hit) => (user.locale === "en" && hit.nameEn) || hit.nameCs)
        .join(", ");
      const more =
        hits.length > NAMES_IN_NOTICE
          ? translate(user.locale, "watchdog.more", { count: hits.length - NAMES_IN_NOTICE })
          : "";
      if (watchdog.kind === "product") {
        await notifier.notify(tx, watchdog.userId, "watchdog", {
          productId: watchdog.productId,
          variant: "product",
          payload: { watchdogId },
          onceKey: `watchdog-${watchdogId}-${now.getTime()}`,
        });
        return true;
      }
      let href: Record<Locale, string>;
      const values: Record<string, string | number> = { count: hits.length, names: names + more };
      if (watchdog.kind === "category") {
        const [category] = await tx
          .select({
            id: categories.id,
            slugCs: categories.slugCs,
            slugEn: categories.slugEn,
            nameCs: categories.nameCs,
            nameEn: categories.nameEn,
          })
          .from(categories)
          .where(eq(categories.id, watchdog.categoryId ?? 0))
          .limit(1);
        if (!category) return false;
        values.category = (user.locale === "en" && category.nameEn) || category.nameCs;
        href = {
          cs: localePath("category", "cs", { id: category.id, slug: category.slugCs }),
          en: localePath("category", "en", { id: category.id, slug: category.slugEn || category.slugCs }),
        };
      } else {
        values.query = watchdog.query ?? "";
        const q = `?q=${encodeURIComponent(watchdog.query ?? "")}`;
        href = { cs: localePath("search", "cs") + q, en: localePath("search", "en") + q };
      }
      await notifier.notify(tx, watchdog.userId, "watchdog", {
        variant: watchdog.kind,
        values,
        link: { href },
        payload: { watchdogId, productIds: hits.map((hit) => hit.productId) },
      });
      return true;
    });
  }

  const service = {
    /** The user's watchdogs, newest first, described in the requested language. */
    async list(userId: number, locale: Locale): Promise<WatchdogView[]> {
      const result = await db.execute(sql`
        select w.id, w.kind, w.delivery, w.query, w.created_at, w.last_notified_at,
          p.id as product_id, p.name_cs as product_name_cs, p.name_en as product_name_en,
          p.slug_cs as product_slug_cs, p.slug_en as product_slug_en, p.status as product_status,
          pc.slug_cs as product_category_cs, pc.slug_en as product_category_en,
          c.id as category_id, c.name_cs as category_name_cs, c.name_en as category_name_en,
          c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
          (select count(*)::int from watchdog_hits h where h.watchdog_id = w.id and h.delivered_at is null) as waiting
        from stock_watchdogs w
        left join products p on p.id = w.product_id
        left join categories pc on pc.id = p.category_id
        left join categories c on c.id = w.category_id
        where w.user_id = ${userId}
        order by w.created_at desc, w.id desc`);
      const en = locale === "en";
      return rowsOf<Record<string, unknown>>(result).map((row) => {
        const kind = row.kind as WatchdogKind;
        let label = "";
        let url: string | null = null;
        if (kind === "product") {
          label = String((en && row.product_name_en) || row.product_name_cs || "");
          url =
            row.product_status === "active" || row.product_status === "sold"
              ? localePath("product", locale, {
                  id: Number(row.product_id),
                  category: String((en && row.product_category_en) || row.product_category_cs),
                  product: String((en && row.product_slug_en) || row.product_slug_cs),
                })
              : null;
        } else if (kind === "category") {
          label = String((en && row.category_name_en) || row.category_name_cs || "");
          url = localePath("category", locale, {
            id: Number(row.category_id),
            slug: String((en && row.category_slug_en) || row.category_slug_cs),
          });
        } else {
          label = String(row.query ?? "");
          url = `${localePath("search", locale)}?q=${encodeURIComponent(label)}`;
        }
        return {
          id: Number(row.id),
          kind,
          delivery: row.delivery as WatchdogDelivery,
          label,
          url,
          createdAt: new Date(row.created_at as string).toISOString(),
          lastNotifiedAt: row.last_notified_at
            ? new Date(row.last_notified_at as string).toISOString()
            : null,
          waiting: Number(row.waiting ?? 0),
        };
      });
    },

    /**
     * Sets a watchdog: a sold-out shop product, an existing category, or search words. The same
     * watchdog twice is the one already set (its delivery updated).
     */
    async create(
      userId: number,
      input: {
        kind?: unknown;
        productId?: unknown;
        categoryId?: unknown;
        query?: unknown;
        delivery?: unknown;
      },
      locale: Locale,
    ): Promise<CreateWatchdogResult> {
      const t = (key: string, values?: Record<string, string | number>) => translate(locale, key, values);
      const invalid = (field: string, message: string): CreateWatchdogResult => ({
        status: "invalid",
        errors: { [field]: [message] },
      });
      if (!isKind(input.kind)) return invalid("kind", t("watchdog.errors.kind"));
      const delivery = input.delivery === undefined ? "immediate" : input.delivery;
      if (!isDelivery(delivery)) return invalid("delivery", t("watchdog.errors.delivery"));
      const values: typeof stockWatchdogs.$inferInsert = { userId, kind: input.kind, delivery };
      if (input.kind === "product") {
        const id = Number(input.productId);
        const [product] = validId(id)
          ? await db
              .select({ format: products.format, stock: products.stock, status: products.status })
              .from(products)
              .where(eq(products.id, id))
              .limit(1)
          : [];
        if (product?.format !== "shop" || !["active", "sold"].includes(product.status))
          return invalid("productId", t("watchdog.errors.product"));
        if (product.stock > 0 && product.status === "active")
          return invalid("productId", t("watchdog.errors.inStock"));
        values.productId = id;
      } else if (input.kind === "category") {
        const id = Number(input.categoryId);
        const [category] = validId(id)
          ? await db
              .select({ id: categories.id })
              .from(categories)
              .where(and(eq(categories.id, id), eq(categories.isActive, true)))
              .limit(1)
          : [];
        if (!category) return invalid("categoryId", t("watchdog.errors.category"));
        values.categoryId = id;
      } else {
        const query = typeof input.query === "string" ? cleanQuery(input.query) : "";
        if (query.length < WATCHDOG_QUERY_MIN)
          return invalid("query", t("validation.min", { length: WATCHDOG_QUERY_MIN }));
        if (query.length > WATCHDOG_QUERY_MAX)
          return invalid("query", t("validation.max", { length: WATCHDOG_QUERY_MAX }));
        values.query = query;
      }
      return db.transaction(async (tx): Promise<CreateWatchdogResult> => {
        const [existing] = await tx
          .select({ id: stockWatchdogs.id })
          .from(stockWatchdogs)
          .where(
            and(
              eq(stockWatchdogs.userId, userId),
              eq(stockWatchdogs.kind, values.kind),
              values.productId
                ? eq(stockWatchdogs.productId, values.productId)
                : isNull(stockWatchdogs.productId),
              values.categoryId
                ? eq(stockWatchdogs.categoryId, values.categoryId)
                : isNull(stockWatchdogs.categoryId),
              values.query ? eq(stockWatchdogs.query, values.query) : isNull(stockWatchdogs.query),
            ),
          )
          .limit(1);
        if (existing) {
          await tx.update(stockWatchdogs).set({ delivery }).where(eq(stockWatchdogs.id, existing.id));
          return { status: "exists", id: existing.id };
        }
        const [{ count }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(stockWatchdogs)
          .where(eq(stockWatchdogs.userId, userId));
        if (Number(count) >= WATCHDOGS_PER_USER)
          return invalid("kind", t("watchdog.errors.tooMany", { count: WATCHDOGS_PER_USER }));
        const [row] = await tx
          .insert(stockWatchdogs)
          .values({ ...values, checkedAt: new Date() })
          .onConflictDoNothing()
          .returning({ id: stockWatchdogs.id });
        if (!row) return invalid("kind", t("watchdog.errors.kind"));
        return { status: "created", id: row.id };
      });
    },

    /** Changes how a watchdog delivers; false for another user's or a missing one. */
    async setDelivery(userId: number, id: number, delivery: unknown): Promise<boolean | "invalid"> {
      if (!isDelivery(delivery)) return "invalid";
      if (!validId(id)) return false;
      const updated = await db
        .update(stockWatchdogs)
        .set({ delivery })
        .where(and(eq(stockWatchdogs.id, id), eq(stockWatchdogs.userId, userId)))
        .returning({ id: stockWatchdogs.id });
      return updated.length > 0;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      if (!validId(id)) return false;
      const removed = await db
        .delete(stockWatchdogs)
        .where(and(eq(stockWatchdogs.id, id), eq(stockWatchdogs.userId, userId)))
        .returning({ id: stockWatchdogs.id });
      return removed.length > 0;
    },

    /** The user's watchdog of a product (the product page's button shows it as set). */
    async forProduct(userId: number, productId: number): Promise<number | null> {
      if (!validId(productId)) return null;
      const [row] = await db
        .select({ id: stockWatchdogs.id })
        .from(stockWatchdogs)
        .where(
          and(
            eq(stockWatchdogs.userId, userId),
            eq(stockWatchdogs.kind, "product"),
            eq(stockWatchdogs.productId, productId),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The minute's sweep: finds what is new for every watchdog, then delivers the immediate ones.
     * Returns how many notices went out.
     */
    async sweep(now = new Date()): Promise<number> {
      // Product watchdogs: back in stock fires once; sold out again re-arms.
      await db.execute(sql`
        update stock_watchdogs w set fired_at = null
        from products p
        where w.kind = 'product' and w.fired_at is not null and p.id = w.product_id
          and (p.stock = 0 or p.status <> 'active')`);
      const restocked = rowsOf<{ id: number; product_id: number }>(
        await db.execute(sql`
          select w.id, w.product_id from stock_watchdogs w join products p on p.id = w.product_id
          where w.kind = 'product' and w.fired_at is null and p.status = 'active' and p.stock > 0
          limit 1000`),
      );
      for (const row of restocked) {
        await db.transaction(async (tx) => {
          const fired = await tx
            .update(stockWatchdogs)
            .set({ firedAt: now })
            .where(and(eq(stockWatchdogs.id, row.id), isNull(stockWatchdogs.firedAt)))
            .returning({ id: stockWatchdogs.id });
          if (fired.length === 0) return;
          // A restock is news again even if an earlier one was told.
          await tx
            .delete(watchdogHits)
            .where(and(eq(watchdogHits.watchdogId, row.id), isNotNull(watchdogHits.deliveredAt)));
          await tx
            .insert(watchdogHits)
            .values({ watchdogId: row.id, productId: row.product_id })
            .onConflictDoNothing();
        });
      }

      // Category and search watchdogs: the products that went live since each cursor.
      const since = new Date(now.getTime() - LOOKBACK_MS);
      const recent = rowsOf<{ id: number; seller_id: number | null; appeared: string | Date }>(
        await db.execute(sql`
          select id, seller_id, coalesce(activation_at, created_at) as appeared from products
          where status = 'active' and type = 'supply'
            and coalesce(activation_at, created_at) > ${since.toISOString()}::timestamptz
            and coalesce(activation_at, created_at) <= ${now.toISOString()}::timestamptz
          order by appeared desc limit 500`),
      );
      if (recent.length > 0) {
        const newest = Math.max(...recent.map((row) => new Date(row.appeared).getTime()));
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
            .filter((row) => new Date(row.appeared).getTime() > cursor && row.seller_id !== watchdog.userId)
            .map((row) => row.id);
          try {
            const found = await matching(watchdog, candidates);
            await db.transaction(async (tx) => {
              if (found.length > 0)
                await tx
                  .insert(watchdogHits)
                  .values(found.map((productId) => ({ watchdogId: watchdog.id, productId })))
                  .onConflictDoNothing();
              await tx
                .update(stockWatchdogs)
                .set({ checkedAt: now })
                .where(eq(stockWatchdogs.id, watchdog.id));
            });
          } catch (err) {
            deps.logger?.warn({ err, watchdogId: watchdog.id }, "watchdog check failed");
          }
        }
      }
      return service.deliverPending("immediate", now);
    },

    /** Delivers the waiting hits of every watchdog with this delivery (the sweep; the daily digest). */
    async deliverPending(delivery: WatchdogDelivery, now = new Date()): Promise<number> {
      const due = await db
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
      for (const { id } of due) if (await deliver(id, now)) told += 1;
      return told;
    },
  };
  return service;
}

export type WatchdogService = ReturnType<typeof createWatchdogService>;

/** The sweep every minute and the digest at 8:00 Prague time (pg-boss cron, kept in the database). */
export async function registerWatchdogJobs(
  jobs: JobRunner,
  watchdogs: Pick<WatchdogService, "sweep" | "deliverPending">,
  logger?: Pick<Logger, "info" | "error">,
) {
  jobs.define(WATCHDOG_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 0, expireInSeconds: 300 });
  jobs.define(WATCHDOG_DAILY_QUEUE, { policy: "exclusive", retryLimit: 3, retryDelaySeconds: 60 });
  jobs.work(WATCHDOG_SWEEP_QUEUE, async () => {
    const told = await watchdogs.sweep();
    if (told) logger?.info({ told }, "watchdog sweep");
  });
  jobs.work(WATCHDOG_DAILY_QUEUE, async () => {
    const told = await watchdogs.deliverPending("daily");
    if (told) logger?.info({ told }, "watchdog daily digest");
  });
  await jobs.schedule(WATCHDOG_SWEEP_QUEUE, "* * * * *");
  await jobs.schedule(WATCHDOG_DAILY_QUEUE, "0 8 * * *", {}, { tz: PRAGUE_TIME_ZONE });
}
