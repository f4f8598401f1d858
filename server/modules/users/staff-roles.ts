import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import {
  effectiveScopes,
  isStaffRole,
  isStaffScope,
  type StaffScope,
  type UserRole,
} from "#core/rules/staff.ts";
import type { Db } from "#server/db/client.ts";
import { userIdByEmail } from "./ids-by-email.ts";
import { users } from "./tables.ts";

/** One member of the operator's staff as the staff page lists them. */
export type StaffMember = {
  id: number;
  username: string;
  email: string;
  name: string;
  role: UserRole;
  /** The back-office scopes granted beyond the role's. */
  extraScopes: StaffScope[];
  /** The role's and the granted scopes together. */
  scope: string[];
  blocked: boolean;
  lastLoginAt: Date | null;
};

type Audit = (
  tx: Db,
  entry: {
    actorId: number | null;
    action: string;
    entity: string;
    entityId?: string | null;
    data?: Record<string, unknown>;
    ip?: string | null;
  },
) => Promise<void>;

export type StaffChange = {
  /** The actor: only an owner may give or take the owner role. */
  actor: { id: number; role: UserRole; ip: string | null };
  userId: number;
  /** A staff role, or `user` to take the staff role away. */
  role: UserRole;
  extraScopes: readonly string[];
};

/**
 * Ok: the member as saved. Refused: no such account, a change of an owner by someone who is not
 * one (`owner_only`), or the last owner stepping down (`last_owner`).
 */
export type StaffChangeResult =
  | Ok<{ id: number; role: UserRole; scope: string[] }>
  | Err<"not_found" | "last_owner" | "owner_only">;

/**
 * Who works in the back office and with what (docs/product/back-office.md, "Staff and scopes").
 * The users module owns the accounts; the staff page and /api/admin/staff change roles and granted
 * scopes only through here, each change audited with before and after.
 */
export function createStaffRolesService(db: Db, deps: { audit: Audit }) {
  return {
    /** The account of an e-mail (the staff page adds a member by it). */
    idByEmail: (email: string) => userIdByEmail(db, email),

    async list(): Promise<StaffMember[]> {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          firstname: users.firstname,
          lastname: users.lastname,
          role: users.role,
          scope: users.scope,
          blockedAt: users.blockedAt,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(and(ne(users.role, "user"), isNull(users.deletedAt)))
        .orderBy(asc(users.role), asc(users.username));
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email,
        name: [row.firstname, row.lastname].filter(Boolean).join(" "),
        role: row.role,
        extraScopes: row.scope.filter(isStaffScope),
        scope: effectiveScopes(row.role, row.scope),
        blocked: row.blockedAt !== null,
        lastLoginAt: row.lastLoginAt,
      }));
    },

    /** Gives a role and extra scopes, or takes the staff role away; the last owner keeps theirs. */
    async change(change: StaffChange): Promise<StaffChangeResult> {
      return db.transaction(async (tx): Promise<StaffChangeResult> => {
        // Every owner row is locked, so two owners demoting each other at once cannot leave none.
        const owners = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, "admin"), isNull(users.deletedAt)))
          .for("update");
        const [target] = await tx
          .select({ id: users.id, role: users.role, scope: users.scope })
          .from(users)
          .where(and(eq(users.id, change.userId), isNull(users.deletedAt)))
          .for("update");
        if (!target) return err("not_found");
        const touchesOwner = target.role === "admin" || change.role === "admin";
        if (touchesOwner && change.actor.role !== "admin") return err("owner_only");
        if (target.role === "admin" && change.role !== "admin" && owners.length <= 1)
          return err("last_owner");
        // A plain user keeps only their client permissions; staff get the granted back-office scopes.
        const clientScopes = target.scope.filter((scope) => !isStaffScope(scope));
        const granted = isStaffRole(change.role) ? [...new Set(change.extraScopes.filter(isStaffScope))] : [];
        const scope = [...clientScopes, ...granted];
        await tx
          .update(users)
          .set({ role: change.role, scope, updatedAt: sql`now()` })
          .where(eq(users.id, target.id));
        await deps.audit(tx, {
          actorId: change.actor.id,
          action: isStaffRole(change.role) ? "staff.update" : "staff.remove",
          entity: "user",
          entityId: String(target.id),
          data: { before: { role: target.role, scope: target.scope }, after: { role: change.role, scope } },
          ip: change.actor.ip,
        });
        return ok({ id: target.id, role: change.role, scope });
      });
    },
  };
}

export type StaffRolesService = ReturnType<typeof createStaffRolesService>;
