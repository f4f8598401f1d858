import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { groupDiscountSql, groupNameSql } from "../../user-groups/index.ts";
import { addressesOf } from "../account-data/addresses.ts";
import { users } from "../tables.ts";

/**
 * One account as the back office shows it (docs/product/back-office.md, "Users"): contacts,
 * addresses, group, role, verification, restrictions, registration and last login. Null for an
 * unknown id; an erased account is shown as what is left of it (`deletedAt` set).
 */
export async function userDetail(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({
      user: users,
      groupName: groupNameSql(users.groupId),
      discount: groupDiscountSql(users.groupId),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, groupName, discount } = row;
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone ? `${user.phonePrefix}${user.phone}` : null,
    locale: user.locale,
    role: user.role,
    scope: user.scope,
    group:
      user.groupId !== null && groupName !== null
        ? { id: user.groupId, name: groupName, discountPercent: discount ?? 0 }
        : null,
    emailConfirmedAt: iso(user.emailConfirmedAt),
    adultConfirmedAt: iso(user.adultConfirmedAt),
    verifiedAt: iso(user.verifiedAt),
    blockedAt: iso(user.blockedAt),
    blockedReason: user.blockedReason,
    /** Only while the suspension lasts. */
    suspendedUntil: user.suspendedUntil && user.suspendedUntil > now ? iso(user.suspendedUntil) : null,
    deletedAt: iso(user.deletedAt),
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
    addresses: await addressesOf(db, userId),
  };
}

export type AdminUserDetail = NonNullable<Awaited<ReturnType<typeof userDetail>>>;
