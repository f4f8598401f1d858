import { asc, eq } from "drizzle-orm";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { GroupInput } from "#core/schemas/admin-users.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor as Actor, RecordAudit } from "../admin/index.ts";
import type { GroupMemberCounts } from "./contracts.ts";
import { userGroups } from "./tables.ts";

/** A group with how many accounts are in it (erased ones left out). */
export type AdminGroup = { id: number; name: string; discountPercent: number; members: number };

/** Who makes a change from the back office, for the audit log (the admin module's). */
export type { Actor };

type GroupsDeps = { db: Db; recordAudit: RecordAudit; memberCounts: GroupMemberCounts };

/** Every group by name, with its member count. */
async function listGroups(deps: GroupsDeps): Promise<AdminGroup[]> {
  const rows = await deps.db
    .select({ id: userGroups.id, name: userGroups.name, discountPercent: userGroups.discountPercent })
    .from(userGroups)
    .orderBy(asc(userGroups.name), asc(userGroups.id));
  const members = await deps.memberCounts(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, members: members.get(row.id) ?? 0 }));
}

const view = (row: { id: number; name: string; discountPercent: number }) => ({
  id: row.id,
  name: row.name,
  discountPercent: row.discountPercent,
});

async function createGroup(deps: GroupsDeps, input: GroupInput, actor: Actor) {
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
async function updateGroup(deps: GroupsDeps, groupId: number, input: GroupInput, actor: Actor) {
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
 * (the accounts' assignGroup shares it through lockGroupForMember) either finishes first and is counted, or finds the group gone.
 */
async function deleteGroup(
  deps: GroupsDeps,
  groupId: number,
  actor: Actor,
): Promise<Ok<undefined> | Err<"not_found" | "not_empty">> {
  return deps.db.transaction(async (tx): Promise<Ok<undefined> | Err<"not_found" | "not_empty">> => {
    const [before] = await tx.select().from(userGroups).where(eq(userGroups.id, groupId)).for("update");
    if (!before) return err("not_found");
    const members = (await deps.memberCounts(tx, [groupId])).get(groupId) ?? 0;
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

/**
 * The back office's user groups (docs/product/back-office.md, "Users"): the list with each
 * group's member count, adding, renaming and setting the discount, deleting an empty one; every
 * change audited with before and after, in its transaction. The members are counted by the
 * accounts (the port `GroupMemberCounts`, passed in by server/wiring/accounts.ts).
 */
export function createUserGroupsAdmin(deps: GroupsDeps) {
  return {
    groups: () => listGroups(deps),
    createGroup: (input: GroupInput, actor: Actor) => createGroup(deps, input, actor),
    updateGroup: (groupId: number, input: GroupInput, actor: Actor) =>
      updateGroup(deps, groupId, input, actor),
    deleteGroup: (groupId: number, actor: Actor) => deleteGroup(deps, groupId, actor),
  };
}

export type UserGroupsAdmin = ReturnType<typeof createUserGroupsAdmin>;
