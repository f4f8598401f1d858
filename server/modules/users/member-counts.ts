import { and, count, inArray, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/**
 * How many accounts (erased ones left out) are in each group of `groupIds`: the user groups'
 * port `GroupMemberCounts`, for their list and for refusing to delete a group still in use.
 */
export async function groupMemberCounts(executor: Db, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await executor
    .select({ groupId: users.groupId, members: count() })
    .from(users)
    .where(and(inArray(users.groupId, groupIds), isNull(users.deletedAt)))
    .groupBy(users.groupId);
  return new Map(rows.map((row) => [row.groupId!, row.members]));
}
