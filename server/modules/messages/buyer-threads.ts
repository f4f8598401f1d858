import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { messageThreads, threadParticipants } from "./tables.ts";

/**
 * The conversations a user has as the buyer about each of `productIds` (opened when they won an
 * auction, or when they wrote to the seller), by product id; products without one are missing.
 */
export async function buyerThreadsOf(
  executor: Db,
  userId: number,
  productIds: number[],
): Promise<Map<number, number>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ productId: messageThreads.productId, threadId: messageThreads.id })
    .from(messageThreads)
    .innerJoin(threadParticipants, eq(threadParticipants.threadId, messageThreads.id))
    .where(
      and(
        inArray(messageThreads.productId, unique),
        eq(messageThreads.kind, "conversation"),
        eq(threadParticipants.userId, userId),
        eq(threadParticipants.role, "buyer"),
      ),
    )
    .orderBy(asc(messageThreads.id));
  const threads = new Map<number, number>();
  for (const row of rows)
    if (row.productId !== null && !threads.has(row.productId)) threads.set(row.productId, row.threadId);
  return threads;
}
