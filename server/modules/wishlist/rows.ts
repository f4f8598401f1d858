import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { wishlists } from "./tables.ts";

/** Who is calling: a signed-in user's id, or null for a guest. */
export type Caller = number | null;

export type WishlistRow = typeof wishlists.$inferSelect;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isTempId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * The wishlist behind a temp id, if the caller may use it: an anonymous one by anybody who holds
 * its (unguessable) temp id, a user's only by that user. Anything else looks like a missing one.
 */
export async function findAccessible(
  executor: Db,
  tempId: string,
  caller: Caller,
): Promise<WishlistRow | null> {
  if (!isTempId(tempId)) return null;
  const [row] = await executor
    .select()
    .from(wishlists)
    .where(eq(wishlists.tempId, tempId.toLowerCase()))
    .limit(1);
  if (!row) return null;
  if (row.userId !== null && row.userId !== caller) return null;
  return row;
}

export async function findByUser(executor: Db, userId: number): Promise<WishlistRow | null> {
  const [row] = await executor.select().from(wishlists).where(eq(wishlists.userId, userId)).limit(1);
  return row ?? null;
}

/** The user's wishlist, created when missing; safe against a concurrent creation. */
export async function ensureUserWishlist(
  executor: Db,
  userId: number,
): Promise<{ row: WishlistRow; created: boolean }> {
  const existing = await findByUser(executor, userId);
  if (existing) return { row: existing, created: false };
  const [inserted] = await executor
    .insert(wishlists)
    .values({ userId, tempId: randomUUID() })
    .onConflictDoNothing({ target: wishlists.userId })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const raced = await findByUser(executor, userId);
  if (!raced) throw new Error("wishlist vanished during creation");
  return { row: raced, created: false };
}

export async function touch(executor: Db, wishlistId: number) {
  await executor.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, wishlistId));
}
