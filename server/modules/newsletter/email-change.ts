import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type Subscriber, subscribers } from "./tables.ts";

/** Case-insensitive e-mail match, served by the unique index on lower(email). */
export const sameEmail = (email: string) => sql`lower(${subscribers.email}) = lower(${email})`;

/**
 * A confirmed e-mail change of an account, inside its transaction: the subscription is matched by
 * address, so it moves to the new one. Where the new address already had its own row, the active
 * one of the two is kept (confirmed and not unsubscribed).
 */
export async function followEmailChange(tx: Db, userId: number, from: string, to: string, at: Date) {
  const rows = await tx
    .select()
    .from(subscribers)
    .where(or(sameEmail(from), sameEmail(to)))
    .for("update");
  const old = rows.find((row) => row.email.toLowerCase() === from.toLowerCase());
  const existing = rows.find((row) => row.email.toLowerCase() === to.toLowerCase());
  const active = (row: Subscriber) => row.confirmedAt !== null && row.unsubscribedAt === null;
  const keep = old && !(existing && active(existing) && !active(old)) ? old : existing;
  if (!keep) return;
  const drop = keep === old ? existing : old;
  if (drop) await tx.delete(subscribers).where(eq(subscribers.id, drop.id));
  await tx.update(subscribers).set({ email: to, userId, updatedAt: at }).where(eq(subscribers.id, keep.id));
}
