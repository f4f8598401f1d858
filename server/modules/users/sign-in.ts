import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { effectiveScopes, type UserRole } from "#core/rules/staff.ts";
import type { Db } from "#server/db/client.ts";
import type { AccountsForSignIn, AuthUser, LoginCredentials } from "../auth/index.ts";
import { userGroups, users } from "./tables.ts";

/** The accounts as the auth module's login and sessions need them (its AccountsForSignIn port). */
export function createSignInAccounts(db: Db): AccountsForSignIn {
  return {
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
      const [row] = await db
        .select({ user: users, group: userGroups })
        .from(users)
        .leftJoin(userGroups, eq(userGroups.id, users.groupId))
        .where(
          and(
            eq(users.id, userId),
            isNull(users.deletedAt),
            isNull(users.blockedAt),
            or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql`now()`)),
          ),
        )
        .limit(1);
      if (!row) return null;
      const { user, group } = row;
      return {
        id: user.id,
        email: user.email,
        username: user.username,
        firstname: user.firstname,
        lastname: user.lastname,
        avatarFileName: user.avatarFileName,
        role: user.role as AuthUser["role"],
        scope: effectiveScopes(user.role as UserRole, (user.scope as string[] | null) ?? []),
        locale: user.locale,
        group: group ? { id: group.id, name: group.name, discount: group.discountPercent } : null,
        emailConfirmed: user.emailConfirmedAt !== null,
        adultConfirmed: user.adultConfirmedAt !== null,
        verified: user.verifiedAt !== null,
      };
    },
  };
}
