import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** The NOTIFY channel of per-user events; payloads carry ids only (`{ userId, threadId }`). */
export const USER_EVENTS_CHANNEL = "user_events";

/** Announces a change of a user's inbox to their open pages (delivered on commit only). */
export async function announce(tx: Db, userId: number, threadId: number | null) {
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify({ userId, threadId })})`);
}
