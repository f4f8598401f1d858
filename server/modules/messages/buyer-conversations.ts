import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { messageThreads, threadParticipants } from "./tables.ts";

/**
 * Whether the user has a conversation about the product as its buyer (they wrote to the seller
 * about it): a seller may close a classified only with such a user. Read through the caller's
 * executor (its transaction).
 */
export async function hasBuyerConversation(
  executor: Db,
  { productId, buyerId }: { productId: number; buyerId: number },
): Promise<boolean> {
  const [thread] = await executor
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .innerJoin(threadParticipants, eq(threadParticipants.threadId, messageThreads.id))
    .where(
      and(
        eq(messageThreads.productId, productId),
        eq(messageThreads.kind, "conversation"),
        eq(threadParticipants.userId, buyerId),
        eq(threadParticipants.role, "buyer"),
      ),
    )
    .limit(1);
  return thread !== undefined;
}
