import { and, desc, eq } from "drizzle-orm";
import type { BottlingView } from "#core/contracts/bottlings.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { bottlingRecord, bottlingRecords, toView, watcherCounts } from "./records.ts";
import { bottlingWatches } from "./tables.ts";

/**
 * Watching a bottling (issue 37, item 6): a signed-in user follows one; a merged one is watched
 * through its survivor. The notices are announce.ts's and digest.ts's.
 */

/** Watch (idempotent); returns the bottling watched (the survivor of a merged one). */
export async function watch(
  db: Db,
  userId: number,
  bottlingId: number,
): Promise<Result<{ bottlingId: number }, "not_found">> {
  const record = await bottlingRecord(db, bottlingId);
  if (!record) return err("not_found");
  const target = record.status === "merged" && record.mergedIntoId ? record.mergedIntoId : record.id;
  await db.insert(bottlingWatches).values({ userId, bottlingId: target }).onConflictDoNothing();
  return ok({ bottlingId: target });
}

export async function unwatch(db: Db, userId: number, bottlingId: number): Promise<void> {
  await db
    .delete(bottlingWatches)
    .where(and(eq(bottlingWatches.userId, userId), eq(bottlingWatches.bottlingId, bottlingId)));
}

export async function isWatching(db: Db, userId: number, bottlingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bottlingWatches.bottlingId })
    .from(bottlingWatches)
    .where(and(eq(bottlingWatches.userId, userId), eq(bottlingWatches.bottlingId, bottlingId)));
  return Boolean(row);
}

/** The bottlings a user watches, newest watch first. */
export async function watchesOf(db: Db, userId: number, locale: Locale): Promise<BottlingView[]> {
  const rows = await db
    .select({ id: bottlingWatches.bottlingId })
    .from(bottlingWatches)
    .where(eq(bottlingWatches.userId, userId))
    .orderBy(desc(bottlingWatches.createdAt))
    .limit(200);
  const ids = rows.map((row) => row.id);
  const records = await bottlingRecords(db, ids);
  const watchers = await watcherCounts(db, ids);
  return ids.flatMap((id) => {
    const record = records.get(id);
    return record ? [toView(record, locale, watchers.get(id))] : [];
  });
}
