import { asc, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/** How another user appears next to what they wrote (a conversation, a review, a block list). */
export type PublicName = {
  id: number;
  username: string;
  avatarFileName: string | null;
  /** An anonymised account: callers show it as a former user, without name or picture. */
  deleted: boolean;
};

/**
 * The users of `ids` that exist, ordered by username as the database sorts it (the inbox lists
 * blocked users so); read through the caller's executor (its transaction).
 */
export async function publicNamesOf(executor: Db, ids: number[]): Promise<PublicName[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await executor
    .select({
      id: users.id,
      username: users.username,
      avatarFileName: users.avatarFileName,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, unique))
    .orderBy(asc(users.username));
  return rows.map(({ deletedAt, ...row }) => ({ ...row, deleted: deletedAt !== null }));
}
