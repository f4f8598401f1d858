import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { messages } from "./tables.ts";

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
