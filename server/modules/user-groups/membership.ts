import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { userGroups } from "./tables.ts";

/*
 * What the accounts show of their group (ADR 0089): a row of `users` joins its group by key
 * (`users.group_id`), and the name or discount it shows comes from these pieces of SQL, which the
 * accounts' statements compose (like users' `isVerifiedUserSql`), so only this module names its
 * table.
 */

/** The name of the group in `groupId` (a column or value), as a scalar subquery (null for none). */
export function groupNameSql(groupId: SQL | AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select g.name from ${userGroups} g where g.id = ${groupId})`;
}

/** The discount (0-100 %) of the group in `groupId`, as a scalar subquery (null for none). */
export function groupDiscountSql(groupId: SQL | AnyPgColumn): SQL<number | null> {
  return sql<number | null>`(select g.discount_percent from ${userGroups} g where g.id = ${groupId})`.mapWith(
    Number,
  );
}

/**
 * Share-locks the group an account is being put in, in the caller's transaction, so that a
 * deletion of the group waits for it (deleteGroup locks the row for update); false when there is
 * no such group.
 */
export async function lockGroupForMember(tx: Db, groupId: number): Promise<boolean> {
  const [group] = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(eq(userGroups.id, groupId))
    .for("share");
  return group !== undefined;
}
