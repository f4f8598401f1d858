import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { messageReports, messages } from "./tables.ts";

/** A message as a moderator reviews a report about it (server/modules/moderation): its author and text. */
export async function messageForModeration(
  db: Db,
  id: number,
): Promise<{ id: number; authorId: number | null; text: string; createdAt: Date } | null> {
  const [row] = await db
    .select({
      id: messages.id,
      authorId: messages.senderId,
      text: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Hands the open reports of messages (the inbox's "report" button) over to the moderation queue:
 * returns them and marks them resolved here, in the caller's transaction, so each is taken once.
 */
export async function takeOpenMessageReports(tx: Db, limit = 200) {
  const open = await tx
    .select({
      id: messageReports.id,
      targetId: messageReports.messageId,
      reporterId: messageReports.reporterId,
      reason: messageReports.reason,
      createdAt: messageReports.createdAt,
    })
    .from(messageReports)
    .where(isNull(messageReports.resolvedAt))
    .orderBy(messageReports.createdAt)
    .limit(limit)
    .for("update");
  if (open.length > 0)
    await tx
      .update(messageReports)
      .set({ resolvedAt: sql`now()` })
      .where(
        inArray(
          messageReports.id,
          open.map((row) => row.id),
        ),
      );
  return open;
}
