import { and, eq, isNull, sql } from "drizzle-orm";
import type { FieldProblems, Problem } from "#core/contracts/errors.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import {
  cleanQuery,
  isDelivery,
  isKind,
  validId,
  WATCHDOG_QUERY_MAX,
  WATCHDOG_QUERY_MIN,
  WATCHDOGS_PER_USER,
} from "./input.ts";
import type { WatchdogReads } from "./ports.ts";
import { stockWatchdogs } from "./tables.ts";

/** Ok: the watchdog's id, `created` false when the same one was set already. */
export type CreateWatchdogResult =
  | Ok<{ id: number; created: boolean }>
  | Err<"invalid", { problems: FieldProblems }>;

type CreateInput = {
  kind?: unknown;
  productId?: unknown;
  categoryId?: unknown;
  query?: unknown;
  delivery?: unknown;
};
type NewWatchdog = typeof stockWatchdogs.$inferInsert;

type Invalid = Err<"invalid", { problems: FieldProblems }>;
const invalid = (field: string, key: Problem["key"], values?: Problem["values"]): Invalid =>
  err("invalid", { problems: { [field]: [values ? { key, values } : { key }] } });

/**
 * What a new watchdog watches, checked: a sold-out shop product, an existing active category, or
 * search words of a sensible length. The row to store, or why not.
 */
async function target(
  db: Db,
  reads: Pick<WatchdogReads, "productSummaries" | "categorySummaries">,
  userId: number,
  input: CreateInput,
): Promise<NewWatchdog | Invalid> {
  if (!isKind(input.kind)) return invalid("kind", "watchdog.errors.kind");
  const delivery = input.delivery === undefined ? "immediate" : input.delivery;
  if (!isDelivery(delivery)) return invalid("delivery", "watchdog.errors.delivery");
  const values: NewWatchdog = { userId, kind: input.kind, delivery };
  if (input.kind === "product") {
    const id = Number(input.productId);
    const product = validId(id) ? (await reads.productSummaries(db, [id])).get(id) : undefined;
    if (product?.format !== "shop" || !["active", "sold"].includes(product.status))
      return invalid("productId", "watchdog.errors.product");
    if (product.stock > 0 && product.status === "active")
      return invalid("productId", "watchdog.errors.inStock");
    values.productId = id;
  } else if (input.kind === "category") {
    const id = Number(input.categoryId);
    const category = validId(id) ? (await reads.categorySummaries(db, [id])).get(id) : undefined;
    if (!category?.isActive) return invalid("categoryId", "watchdog.errors.category");
    values.categoryId = id;
  } else {
    const query = typeof input.query === "string" ? cleanQuery(input.query) : "";
    if (query.length < WATCHDOG_QUERY_MIN)
      return invalid("query", "validation.min", { length: WATCHDOG_QUERY_MIN });
    if (query.length > WATCHDOG_QUERY_MAX)
      return invalid("query", "validation.max", { length: WATCHDOG_QUERY_MAX });
    values.query = query;
  }
  return values;
}

/** Stores the watchdog, or updates the delivery of the same one already set; within the per-user cap. */
async function store(db: Db, values: NewWatchdog): Promise<CreateWatchdogResult> {
  return db.transaction(async (tx): Promise<CreateWatchdogResult> => {
    const [existing] = await tx
      .select({ id: stockWatchdogs.id })
      .from(stockWatchdogs)
      .where(
        and(
          eq(stockWatchdogs.userId, values.userId),
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
      await tx
        .update(stockWatchdogs)
        .set({ delivery: values.delivery })
        .where(eq(stockWatchdogs.id, existing.id));
      return ok({ id: existing.id, created: false });
    }
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(stockWatchdogs)
      .where(eq(stockWatchdogs.userId, values.userId));
    if (Number(count) >= WATCHDOGS_PER_USER)
      return invalid("kind", "watchdog.errors.tooMany", { count: WATCHDOGS_PER_USER });
    const [row] = await tx
      .insert(stockWatchdogs)
      .values({ ...values, checkedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: stockWatchdogs.id });
    if (!row) return invalid("kind", "watchdog.errors.kind");
    return ok({ id: row.id, created: true });
  });
}

/** Setting, changing and removing a user's watchdogs. */
export function createWatchdogSettings(deps: {
  db: Db;
  reads: Pick<WatchdogReads, "productSummaries" | "categorySummaries">;
}) {
  const { db, reads } = deps;
  return {
    /**
     * Sets a watchdog: a sold-out shop product, an existing category, or search words. The same
     * watchdog twice is the one already set (its delivery updated).
     */
    async create(userId: number, input: CreateInput): Promise<CreateWatchdogResult> {
      const values = await target(db, reads, userId, input);
      return "ok" in values ? values : store(db, values);
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
  };
}
