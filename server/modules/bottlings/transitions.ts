import { and, eq } from "drizzle-orm";
import { bottlingLifecycle } from "#core/lifecycles/bottling.ts";
import type { Db } from "#server/db/client.ts";
import { type BottlingRow, bottlings } from "./tables.ts";

/**
 * The only place a bottling is created or its status written (docs/architecture.md, "Lifecycles"):
 * each operation applies its named transition of core/lifecycles/bottling.ts; a move the lifecycle
 * refuses throws.
 */

export type NewBottling = Omit<
  typeof bottlings.$inferInsert,
  "id" | "status" | "mergedIntoId" | "createdAt" | "updatedAt"
>;

/** bottling.create: a new active bottling. */
export async function createBottling(tx: Db, values: NewBottling, at: Date): Promise<BottlingRow> {
  const [row] = await tx
    .insert(bottlings)
    .values({ ...values, status: bottlingLifecycle.create("create"), createdAt: at, updatedAt: at })
    .returning();
  return row;
}

/** bottling.merge: `row` (read under its lock) merged into the survivor `intoId`. */
export async function mergeBottling(tx: Db, row: BottlingRow, intoId: number, at: Date): Promise<void> {
  const status = bottlingLifecycle.move("merge", row.status);
  await tx
    .update(bottlings)
    .set({ status, mergedIntoId: intoId, updatedAt: at })
    .where(and(eq(bottlings.id, row.id), eq(bottlings.status, row.status)));
  // Those merged into it before now point at the survivor too (one redirect, never a chain).
  await tx
    .update(bottlings)
    .set({ mergedIntoId: intoId, updatedAt: at })
    .where(eq(bottlings.mergedIntoId, row.id));
}

/** A moderator's correction of names and attributes (and the columns derived from them), never the status. */
export async function updateBottlingData(
  tx: Db,
  id: number,
  values: Pick<
    NewBottling,
    "nameCs" | "nameEn" | "attributes" | "slug" | "ageYears" | "vintage" | "volumeMl" | "searchText"
  >,
  at: Date,
): Promise<void> {
  await tx
    .update(bottlings)
    .set({ ...values, updatedAt: at })
    .where(eq(bottlings.id, id));
}
