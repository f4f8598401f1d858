import { and, asc, count, eq, isNull } from "drizzle-orm";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { GroupInput } from "#core/schemas/admin-users.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor as Actor, RecordAudit } from "../../admin/index.ts";
import { userGroups, users } from "../tables.ts";

/** A group with how many accounts are in it (erased ones left out). */
export type AdminGroup = { id: number; name: string; discountPercent: number; members: number };

/** Who makes a change from the back office, for its audit record. */
/** Who makes a change from the back office, for the audit log (the admin module's). */
export type { Actor };

export type GroupsDeps = { db: Db; recordAudit: RecordAudit };

/** Every group by name, with its member count. */
export async function listGroups(db: Db): Promise<AdminGroup[]> {
  const rows = await db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      discountPercent: userGroups.discountPercent,
      members: count(users.id),
    })
    .from(userGroups)
    .leftJoin(users, and(eq(users.groupId, userGroups.id), isNull(users.deletedAt)))
    .groupBy(userGroups.id)
    .orderBy(asc(userGroups.name), asc(userGroups.id));
  return rows;
}

const view = (row: { id: number; name: string; discountPercent: number }) => ({
  id: row.id,
  name: row.name,
  discountPercent: row.discountPercent,
});

export async function createGroup(deps: GroupsDeps, input: GroupInput, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(userGroups).values(input).returning();
    await deps.recordAudit(tx, {
      ...actor,
      action: "group.create",
      entity: "user_group",
      entityId: String(row.id),
      data: { before: null, after: view(row) },
    });
    return view(row);
  });
}

/** Renames a group or changes its discount; null when there is no such group. */
export async function updateGroup(deps: GroupsDeps, groupId: number, input: GroupInput, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(userGroups).where(eq(userGroups.id, groupId)).for("update");
    if (!before) return null;
    const [after] = await tx.update(userGroups).set(input).where(eq(userGroups.id, groupId)).returning();
    await deps.recordAudit(tx, {
      ...actor,
      action: "group.update",
      entity: "user_group",
      entityId: String(groupId),
      data: { before: view(before), after: view(after) },
    });
    return view(after);
  });
}

/**
 * Deletes a group nobody is in. The row is locked first, so an account being put in it meanwhile
 * (assignGroup shares the lock) either finishes first and is counted, or finds the group gone.
 */
export async function deleteGroup(
  deps: GroupsDeps,
  groupId: number,
  actor: Actor,
): Promise<Ok<undefined> | Err<"not_found" | "not_empty">> {
  return deps.db.transaction(async (tx): Promise<Ok<undefined> | Err<"not_found" | "not_empty">> => {
    const [before] = await tx.select().from(userGroups).where(eq(userGroups.id, groupId)).for("update");
    if (!before) return err("not_found");
    const [{ members }] = await tx
      .select({ members: count() })
      .from(users)
      .where(and(eq(users.groupId, groupId), isNull(users.deletedAt)));
    if (members > 0) return err("not_empty");
    await tx.delete(userGroups).where(eq(userGroups.id, groupId));
    await deps.recordAudit(tx, {
      ...actor,
      action: "group.delete",
      entity: "user_group",
      entityId: String(groupId),
      data: { before: view(before), after: null },
    });
    return ok();
  });
}
