import { asc, eq, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { messages, messageThreads, userBlocks } from "./tables.ts";

/**
 * The messages the user wrote, in the data export. A deleted account's messages stay in their
 * threads (the other side's conversation); its blocks, either way, go.
 */
export function createMessagesPersonalData(db: Db): PersonalDataSource {
  return {
    name: "messages",
    async exportFor({ userId }) {
      const messagesSent = await db
        .select({
          id: messages.id,
          threadId: messages.threadId,
          productId: messageThreads.productId,
          body: messages.body,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .where(eq(messages.senderId, userId))
        .orderBy(asc(messages.id));
      return { messagesSent };
    },
    async eraseFor(tx, { userId }) {
      await tx
        .delete(userBlocks)
        .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
      return undefined;
    },
  };
}
