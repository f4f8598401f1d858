import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { users } from "./tables.ts";

/** What other users may know of an account: its name, whether it is verified, since when it exists. */
export type PublicAccount = {
  id: number;
  username: string;
  verifiedAt: Date | null;
  createdAt: Date;
  /** Deleted or blocked: shown without a name or a link. */
  gone: boolean;
};

/** The public facts of the given accounts (a product page's seller and bidders), in one query. */
export async function publicAccounts(db: Db, ids: readonly number[]): Promise<Map<number, PublicAccount>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      verifiedAt: users.verifiedAt,
      createdAt: users.createdAt,
      gone: sql<boolean>`(${users.deletedAt} is not null or ${users.blockedAt} is not null)`,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The public facts of the given accounts with more facts of each from the modules that own them,
 * each a scalar piece of SQL given the account's id column (ADR 0017), all in one statement: a
 * product page's seller and bidders with their trust checks and rating, one statement, not five.
 */
export async function publicAccountsWith<K extends string>(
  db: Db,
  ids: readonly number[],
  facts: Record<K, (userId: SQL) => SQL>,
): Promise<Map<number, PublicAccount & { facts: Record<K, unknown> }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const keys = Object.keys(facts) as K[];
  const result = await db.execute(sql`
    select u.id, u.username, u.verified_at, u.created_at,
           (u.deleted_at is not null or u.blocked_at is not null) as gone
           ${sql.join(
             keys.map((key, i) => sql`, ${facts[key](sql`u.id`)} as ${sql.identifier(`f${i}`)}`),
             sql``,
           )}
      from ${users} u where u.id = any(${`{${unique.join(",")}}`}::int[])`);
  type Row = {
    id: number;
    username: string;
    verified_at: Date | string | null;
    created_at: Date | string;
    gone: boolean;
  };
  return new Map(
    rowsOf<Row & Record<string, unknown>>(result).map((row) => {
      const id = Number(row.id);
      const account = {
        id,
        username: row.username,
        verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
        createdAt: new Date(row.created_at),
        gone: row.gone,
        facts: Object.fromEntries(keys.map((key, i) => [key, row[`f${i}`]])) as Record<K, unknown>,
      };
      return [id, account];
    }),
  );
}
