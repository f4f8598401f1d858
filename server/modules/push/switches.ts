import { eq, sql } from "drizzle-orm";
import { PUSH_KINDS, type PushSwitches } from "#core/contracts/push.ts";
import type { Db } from "#server/db/client.ts";
import { pushSwitches } from "./tables.ts";

/** A user's push switches: every kind, off unless stored on (push is opt-in). */
export const switchesOf = (stored: Record<string, boolean> | undefined): PushSwitches =>
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, stored?.[kind] === true])) as PushSwitches;

/** The stored switches, undefined when the user never had any (never subscribed). */
export async function readSwitches(
  executor: Db,
  userId: number,
): Promise<Record<string, boolean> | undefined> {
  const [row] = await executor
    .select({ kinds: pushSwitches.kinds })
    .from(pushSwitches)
    .where(eq(pushSwitches.userId, userId));
  return row?.kinds;
}

export async function writeSwitches(executor: Db, userId: number, changes: Partial<PushSwitches>) {
  const [row] = await executor
    .insert(pushSwitches)
    .values({ userId, kinds: changes })
    .onConflictDoUpdate({
      target: pushSwitches.userId,
      set: {
        kinds: sql`${pushSwitches.kinds} || ${JSON.stringify(changes)}::jsonb`,
        updatedAt: new Date(),
      },
    })
    .returning({ kinds: pushSwitches.kinds });
  return switchesOf(row.kinds);
}
