import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { announce } from "./announce.ts";
import type { UserReads } from "./ports.ts";
import { messageReports, messages, threadParticipants, userBlocks } from "./tables.ts";
import { cleanMessage, REPORT_REASON_MAX, validId } from "./text.ts";

/** Blocking other users (docs/decisions/0008) and reporting their messages to the operator. */
export function createModeration(deps: { db: Db; users: Pick<UserReads, "publicNamesOf"> }) {
  const { db, users } = deps;
  return {
    /**
     * Blocks another user: neither can write to the other from now on (docs/decisions/0008), and
     * their messages stop counting as new. False for oneself or an unknown user.
     */
    async block(userId: number, otherId: number): Promise<boolean> {
      if (!validId(otherId) || otherId === userId) return false;
      return db.transaction(async (tx) => {
        const [other] = await users.publicNamesOf(tx, [otherId]);
        if (!other) return false;
        await tx.insert(userBlocks).values({ blockerId: userId, blockedId: otherId }).onConflictDoNothing();
        await announce(tx, userId, null);
        return true;
      });
    },

    async unblock(userId: number, otherId: number): Promise<boolean> {
      if (!validId(otherId)) return false;
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherId)))
          .returning({ id: userBlocks.blockedId });
        if (removed.length > 0) await announce(tx, userId, null);
        return removed.length > 0;
      });
    },

    /** Users the caller blocked (the inbox shows and undoes them), by username. */
    async blockedUsers(userId: number): Promise<{ id: number; username: string }[]> {
      const blocked = await db
        .select({ id: userBlocks.blockedId })
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, userId));
      const people = await users.publicNamesOf(
        db,
        blocked.map((row) => row.id),
      );
      return people.map((person) => ({ id: person.id, username: person.username }));
    },

    /**
     * Reports a message from someone else in one of the user's threads to the operator (once per
     * user and message; the message is flagged for the back office).
     */
    async report(
      userId: number,
      messageId: number,
      reason: string,
    ): Promise<"reported" | "not_found" | "own"> {
      if (!validId(messageId)) return "not_found";
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ senderId: messages.senderId })
          .from(messages)
          .innerJoin(
            threadParticipants,
            and(eq(threadParticipants.threadId, messages.threadId), eq(threadParticipants.userId, userId)),
          )
          .where(eq(messages.id, messageId))
          .limit(1);
        if (!row) return "not_found";
        if (row.senderId === null || row.senderId === userId) return "own";
        await tx
          .insert(messageReports)
          .values({ messageId, reporterId: userId, reason: cleanMessage(reason).slice(0, REPORT_REASON_MAX) })
          .onConflictDoNothing();
        await tx
          .update(messages)
          .set({ reportedAt: sql`now()` })
          .where(and(eq(messages.id, messageId), isNull(messages.reportedAt)));
        return "reported";
      });
    },
  };
}
