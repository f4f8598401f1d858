import { type SQL, sql } from "drizzle-orm";
import { users } from "./tables.ts";

/*
 * Pieces of SQL about accounts that other modules' statements compose (ADR 0017): a page of
 * listing cards shows whether each seller is verified in the same statement that finds the
 * cards, so the users table is named here and the caller only passes the column holding the id.
 */

/** A condition: the account in `userId` (a column or value) exists and is verified (SMS code). */
export function isVerifiedUserSql(userId: SQL): SQL {
  return sql`exists (select 1 from ${users} u where u.id = ${userId} and u.verified_at is not null)`;
}

/** The username of the account in `userId`, as a scalar subquery (null when there is none). */
export function usernameSql(userId: SQL): SQL {
  return sql`(select u.username from ${users} u where u.id = ${userId})`;
}
