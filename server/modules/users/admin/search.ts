import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import type { AdminUserFilters, AdminUserSort } from "#core/schemas/admin-users.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import type { Db } from "#server/db/client.ts";
import { groupNameSql } from "../../user-groups/index.ts";
import { users } from "../tables.ts";

/** One account in the back office's table. */
export type AdminUserRow = {
  id: number;
  email: string;
  username: string;
  name: string;
  phone: string | null;
  role: (typeof users.$inferSelect)["role"];
  groupId: number | null;
  groupName: string | null;
  verified: boolean;
  blocked: boolean;
  suspendedUntil: string | null;
  createdAt: string;
  lastLoginAt: string | null;
};

/** `%` and `_` typed by the operator are searched for as themselves. */
function likeOf(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What the search box finds: the e-mail, the username, the name (first, last or both), the phone
 * (digits as typed, with or without the prefix) and, for a number, the account's id.
 */
function searchCondition(q: string): SQL | undefined {
  const like = likeOf(q);
  const digits = q.replace(/[^0-9]/g, "");
  const asId = /^#?\d+$/.test(q) ? Number(q.replace("#", "")) : null;
  return or(
    ilike(users.email, like),
    ilike(users.username, like),
    sql`(coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '')) ilike ${like}`,
    digits.length >= 3
      ? sql`(${users.phonePrefix} || coalesce(${users.phone}, '')) like ${`%${digits}%`}`
      : undefined,
    asId !== null && asId <= MAX_INT4 ? eq(users.id, asId) : undefined,
  );
}

/** Suspended (moderation's time-limited restriction, DSA Art. 23) at this instant. */
const suspendedAt = (now: Date) => sql`${users.suspendedUntil} > ${now}`;

function filterConditions(filters: AdminUserFilters, now: Date): (SQL | undefined)[] {
  const group = filters.group;
  return [
    filters.role ? eq(users.role, filters.role) : undefined,
    group === "none" ? isNull(users.groupId) : group ? eq(users.groupId, group) : undefined,
    filters.verified === "yes" ? isNotNull(users.verifiedAt) : undefined,
    filters.verified === "no" ? isNull(users.verifiedAt) : undefined,
    filters.state === "blocked" ? isNotNull(users.blockedAt) : undefined,
    filters.state === "suspended" ? suspendedAt(now) : undefined,
    filters.state === "active"
      ? and(isNull(users.blockedAt), sql`not coalesce(${suspendedAt(now)}, false)`)
      : undefined,
  ];
}

/**
 * The accounts' table (docs/product/back-office.md, "Users"): search, filters, sorted by
 * registration or last login (newest first by default), one page at a time. Erased accounts are
 * left out: nothing personal is left of them to find.
 */
export async function searchUsers(
  db: Db,
  query: TableQuery<AdminUserSort>,
  filters: AdminUserFilters,
  now: Date,
): Promise<TablePage<AdminUserRow>> {
  const where = and(
    isNull(users.deletedAt),
    query.q ? searchCondition(query.q) : undefined,
    ...filterConditions(filters, now),
  );
  const column = query.sort === "lastLoginAt" ? users.lastLoginAt : users.createdAt;
  const order = query.dir === "asc" ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  const { limit, offset } = pageWindow(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ user: users, groupName: groupNameSql(users.groupId) })
      .from(users)
      .where(where)
      .orderBy(order, query.dir === "asc" ? asc(users.id) : desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map(({ user, groupName }) => ({
      id: user.id,
      email: user.email,
      username: user.username,
      name: [user.firstname, user.lastname].filter(Boolean).join(" "),
      phone: user.phone ? `${user.phonePrefix}${user.phone}` : null,
      role: user.role,
      groupId: user.groupId,
      groupName,
      verified: user.verifiedAt !== null,
      blocked: user.blockedAt !== null,
      suspendedUntil:
        user.suspendedUntil && user.suspendedUntil > now ? user.suspendedUntil.toISOString() : null,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}
