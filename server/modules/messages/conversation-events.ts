import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { announce } from "./announce.ts";
import { blockedBetween } from "./conversation.ts";
import { messages, messageThreads } from "./tables.ts";
import { rowsOf, validId } from "./text.ts";

/**
 * What other modules do in a conversation about a product, in their own transaction: read who
 * its seller and buyer are, and put an event of theirs in its timeline (the deals' payment
 * request: its card is drawn from the deals' own row, `payload.requestId`).
 */

export type ConversationParties = {
  threadId: number;
  productId: number;
  sellerId: number;
  buyerId: number;
  /** Either of the two blocked the other. */
  blocked: boolean;
};

/** The conversation's product, seller and buyer; null for a system thread or a missing one. */
export async function conversationParties(
  executor: Db,
  threadId: number,
): Promise<ConversationParties | null> {
  if (!validId(threadId)) return null;
  const [row] = rowsOf<{ product_id: number | null; seller_id: number | null; buyer_id: number | null }>(
    await executor.execute(sql`
      select t.product_id,
        (select p.user_id from thread_participants p where p.thread_id = t.id and p.role = 'seller') as seller_id,
        (select p.user_id from thread_participants p where p.thread_id = t.id and p.role = 'buyer') as buyer_id
      from message_threads t
      where t.id = ${threadId} and t.kind = 'conversation'`),
  );
  if (!row || row.product_id === null || row.seller_id === null || row.buyer_id === null) return null;
  const sellerId = Number(row.seller_id);
  const buyerId = Number(row.buyer_id);
  return {
    threadId,
    productId: Number(row.product_id),
    sellerId,
    buyerId,
    blocked: await blockedBetween(executor, sellerId, buyerId),
  };
}

/** An event in the conversation's timeline, from `senderId`: both sides' inboxes and pages hear of it. */
export async function postConversationEvent(
  tx: Db,
  parties: Pick<ConversationParties, "threadId" | "sellerId" | "buyerId">,
  input: { senderId: number; event: string; body: string; payload: Record<string, unknown> },
): Promise<void> {
  const [message] = await tx
    .insert(messages)
    .values({ threadId: parties.threadId, ...input })
    .returning({ createdAt: messages.createdAt });
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(messageThreads.id, parties.threadId));
  await touchConversation(tx, parties);
}

/** Tells both sides' open pages that the conversation changed (an event's card moved on). */
export async function touchConversation(
  tx: Db,
  parties: Pick<ConversationParties, "threadId" | "sellerId" | "buyerId">,
): Promise<void> {
  await announce(tx, parties.sellerId, parties.threadId);
  await announce(tx, parties.buyerId, parties.threadId);
}
