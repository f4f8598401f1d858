import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { effectiveScopes, type UserRole } from "#core/rules/staff.ts";
import type { Db } from "#server/db/client.ts";
import type { AccountsForSignIn, AuthUser, LoginCredentials } from "../auth/index.ts";
import { groupDiscountSql, groupNameSql } from "../user-groups/index.ts";
import { users } from "./tables.ts";

/** An account that may be signed in: not deleted, not blocked, no suspension running. */
const mayBeSignedIn = () =>
  and(
    isNull(users.deletedAt),
    isNull(users.blockedAt),
    or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql`now()`)),
  );

/**
 * signedInUser's account as one JSON value of the caller's statement (null when it may not be
 * signed in): the session lookup reads the session and its user in one statement. `userId` is an
 * expression of the caller's query (qualified with its table).
 */
function signedInUserValue(db: Db, userId: SQL): SQL<unknown> {
  const value = db
    .select({
      user: sql`json_build_object('id', ${users.id}, 'email', ${users.email},
        'username', ${users.username}, 'firstname', ${users.firstname}, 'lastname', ${users.lastname},
        'avatarFileName', ${users.avatarFileName}, 'role', ${users.role}, 'scope', ${users.scope},
        'locale', ${users.locale}, 'groupId', ${users.groupId}, 'groupName', ${groupNameSql(users.groupId)},
        'groupDiscount', ${groupDiscountSql(users.groupId)},
        'emailConfirmed', ${users.emailConfirmedAt} is not null,
        'adultConfirmed', ${users.adultConfirmedAt} is not null, 'verified', ${users.verifiedAt} is not null)`,
    })
    .from(users)
    .where(and(sql`${users.id} = ${userId}`, mayBeSignedIn()));
  return sql`(${value})`;
}

type SignedInUserJson = Omit<AuthUser, "group" | "scope"> & {
  scope: string[] | null;
  groupId: number | null;
  groupName: string | null;
  groupDiscount: number | null;
};

function readSignedInUser(value: unknown): AuthUser | null {
  if (value === null || value === undefined) return null;
  const row = (typeof value === "string" ? JSON.parse(value) : value) as SignedInUserJson;
  const { groupId, groupName, groupDiscount, ...user } = row;
  return {
    ...user,
    scope: effectiveScopes(row.role as UserRole, row.scope ?? []),
    group: groupId === null ? null : { id: groupId, name: groupName ?? "", discount: groupDiscount ?? 0 },
  };
}

/** The accounts as the auth module's login and sessions need them (its AccountsForSignIn port). */
export function createSignInAccounts(db: Db): AccountsForSignIn {
  return {
    signedInUserValue: { sql: (userId) => signedInUserValue(db, userId), read: readSignedInUser },

    async credentialsOf(email: string): Promise<LoginCredentials | null> {
      const [user] = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          blockedAt: users.blockedAt,
          deletedAt: users.deletedAt,
          suspendedUntil: users.suspendedUntil,
        })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      if (!user) return null;
      // A suspended account signs in again when its suspension ends (moderation, DSA Art. 23).
      const suspended = user.suspendedUntil !== null && user.suspendedUntil.getTime() > Date.now();
      return {
        id: user.id,
        passwordHash: user.passwordHash,
        blockedAt: user.blockedAt,
        deletedAt: user.deletedAt,
        suspendedUntil: suspended ? user.suspendedUntil : null,
      };
    },

    async signedInUser(userId: number): Promise<AuthUser | null> {
      // The same value the session lookup reads, so both paths map an account alike.
      const [row] = await db
        .select({ user: signedInUserValue(db, sql`${userId}::int`) })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return readSignedInUser(row?.user);
    },
  };
}
