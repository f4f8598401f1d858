import { inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
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
