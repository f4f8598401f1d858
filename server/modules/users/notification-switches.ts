import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/*
 * The user's e-mail switches per notice kind live on the account (users.notification_preferences);
 * the messages module decides which kinds exist and reads them with the recipient (recipients.ts).
 */

/**
 * Merges `changes` into the user's stored switches (kinds not given stay as they were); returns all
 * of them as stored, or null for an unknown user.
 */
export async function saveNotificationSwitches(
  executor: Db,
  userId: number,
  changes: Record<string, boolean>,
): Promise<Record<string, boolean> | null> {
  const [row] = await executor
    .update(users)
    .set({
      notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ preferences: users.notificationPreferences });
  return row ? row.preferences : null;
}

/**
 * Switches one kind off for a live account (a mail's one-click unsubscribe): the account's e-mail
 * address, or null for an unknown or deleted account.
 */
export async function switchOffNotification(
  executor: Db,
  userId: number,
  kind: string,
): Promise<{ email: string } | null> {
  const [row] = await executor
    .update(users)
    .set({
      notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify({ [kind]: false })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ email: users.email });
  return row ?? null;
}
