import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { messages, messageThreads, threadParticipants } from "./tables.ts";

/*
 * The rows of threads and messages, written inside the caller's transaction: the messages module
 * (conversation.ts, notifier.ts) and the modules that open threads or add system messages
 * (bidding, listings) share these so that a thread is created once and a system message lands in
 * the one system thread.
 */

/**
 * Serialises the creation of one thread: two transactions that both find no thread would
 * otherwise both create one. The key pair is (-1, user) for a user's system thread and
 * (product, buyer) for a conversation about a product (product ids are positive, so the two never
 * collide). Held until the caller's transaction ends.
 */
async function lockThreadKey(tx: Db, first: number, second: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${first}::int, ${second}::int)`);
}

export type SystemMessageInput = {
  userId: number;
  /** The event kind, e.g. 'outbid', 'won', 'sold', 'auction_ended', 'ending_soon'. */
  event: string;
  /** The text in the recipient's language, for clients that do not render events themselves. */
  body: string;
  /** Event data (product id, amounts...) for rendering the message in either language. */
  payload: Record<string, unknown>;
};

/**
 * Adds a system message to the user's system thread, creating the thread on first use. Runs in the
 * caller's transaction, so the message exists if and only if the change it reports commits.
 * With `onceKey`, a message of the same event whose payload carries the same `onceKey` is not
 * added twice (a retried job); returns null then.
 */
export async function addSystemMessage(
  tx: Db,
  input: SystemMessageInput & { onceKey?: string },
): Promise<{ threadId: number; messageId: number } | null> {
  await lockThreadKey(tx, -1, input.userId);
  const [existing] = await tx
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .innerJoin(threadParticipants, eq(threadParticipants.threadId, messageThreads.id))
    .where(
      and(
        eq(messageThreads.kind, "system"),
        eq(threadParticipants.userId, input.userId),
        eq(threadParticipants.role, "owner"),
      ),
    )
    .limit(1);
  let threadId = existing?.id;
  if (threadId === undefined) {
    const [thread] = await tx
      .insert(messageThreads)
      .values({ kind: "system" })
      .returning({ id: messageThreads.id });
    threadId = thread.id;
    await tx.insert(threadParticipants).values({ threadId, userId: input.userId, role: "owner" });
  } else if (input.onceKey !== undefined) {
    const [seen] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          eq(messages.event, input.event),
          sql`${messages.payload}->>'onceKey' = ${input.onceKey}`,
        ),
      )
      .limit(1);
    if (seen) return null;
  }
  const payload = input.onceKey === undefined ? input.payload : { ...input.payload, onceKey: input.onceKey };
  const [message] = await tx
    .insert(messages)
    .values({ threadId, senderId: null, body: input.body, event: input.event, payload })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(messageThreads.id, threadId));
  return { threadId, messageId: message.id };
}

/**
 * The conversation about a product between its seller and another user (a buyer): the existing
 * one, or a new one with both as participants. Runs in the caller's transaction.
 */
export async function openProductThread(
  tx: Db,
  input: { productId: number; sellerId: number; buyerId: number },
): Promise<{ threadId: number; created: boolean }> {
  await lockThreadKey(tx, input.productId, input.buyerId);
  const [existing] = await tx
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .innerJoin(threadParticipants, eq(threadParticipants.threadId, messageThreads.id))
    .where(
      and(
        eq(messageThreads.kind, "conversation"),
        eq(messageThreads.productId, input.productId),
        eq(threadParticipants.userId, input.buyerId),
        eq(threadParticipants.role, "buyer"),
      ),
    )
    .limit(1);
  if (existing) return { threadId: existing.id, created: false };
  const [thread] = await tx
    .insert(messageThreads)
    .values({ kind: "conversation", productId: input.productId })
    .returning({ id: messageThreads.id });
  await tx.insert(threadParticipants).values([
    { threadId: thread.id, userId: input.sellerId, role: "seller" },
    { threadId: thread.id, userId: input.buyerId, role: "buyer" },
  ]);
  return { threadId: thread.id, created: true };
}

/**
 * "Write to the seller" / "I have this" from a product page: the conversation about the product
 * between its seller and the user (openProductThread's: found or opened), with the user's first
 * message when given. Runs in the caller's transaction (the listings module checks the product).
 */
export async function startThread(
  tx: Db,
  input: { productId: number; sellerId: number; userId: number; body?: string | null },
): Promise<{ threadId: number; created: boolean; messageId: number | null }> {
  const thread = await openProductThread(tx, {
    productId: input.productId,
    sellerId: input.sellerId,
    buyerId: input.userId,
  });
  if (!input.body) return { ...thread, messageId: null };
  const [message] = await tx
    .insert(messages)
    .values({ threadId: thread.threadId, senderId: input.userId, body: input.body })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(messageThreads.id, thread.threadId));
  return { ...thread, messageId: message.id };
}
