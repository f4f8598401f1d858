import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { messages, messageThreads, threadParticipants } from "./tables.ts";

export type MessageCounter = { total: number; new: number; system: number };

export function createMessagesService(db: Db) {
  return {
    /**
     * The header bell's counts: `total` messages the user has received (from others or the
     * system), `new` those not yet read, `system` unread system messages.
     */
    async counter(userId: number): Promise<MessageCounter> {
      const unread = sql`(${threadParticipants.lastReadAt} is null or ${messages.createdAt} > ${threadParticipants.lastReadAt})`;
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          new: sql<number>`count(*) filter (where ${unread})::int`,
          system: sql<number>`count(*) filter (where ${unread} and ${messageThreads.kind} = 'system')::int`,
        })
        .from(messages)
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .innerJoin(
          threadParticipants,
          and(eq(threadParticipants.threadId, messages.threadId), eq(threadParticipants.userId, userId)),
        )
        .where(or(isNull(messages.senderId), ne(messages.senderId, userId)));
      return { total: row?.total ?? 0, new: row?.new ?? 0, system: row?.system ?? 0 };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
