import { ilike, inArray, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { addresses, users } from "./tables.ts";

/**
 * Accounts as the back office names the parties of another module's records (a deal's buyer and
 * seller): their username and e-mail, and the search box's "who is this" by either. Staff only:
 * the callers are behind a scope.
 */

export type StaffContact = { id: number; username: string; email: string; deleted: boolean };

/** The accounts of `ids` that exist, by id. */
export async function staffContactsOf(executor: Db, ids: number[]): Promise<Map<number, StaffContact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, username: users.username, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map(({ deletedAt, ...row }) => [row.id, { ...row, deleted: deletedAt !== null }] as const),
  );
}

/** The ids of accounts whose e-mail or username contains `text` (at most `limit`). */
export async function userIdsMatching(executor: Db, text: string, limit = 500): Promise<number[]> {
  // `%` and `_` typed by the operator are searched for as themselves.
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.email, like), ilike(users.username, like)))
    .limit(limit);
  return rows.map((row) => row.id);
}
/** The street and postal code of the accounts' saved addresses (the shill-bidding signals compare them). */
export const addressLinesOf = (db: Db, ids: number[]) =>
  db
    .select({ userId: addresses.userId, street: addresses.street, zip: addresses.zip })
    .from(addresses)
    .where(inArray(addresses.userId, ids));
