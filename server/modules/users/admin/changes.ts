import { and, eq, isNull } from "drizzle-orm";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor as Actor, RecordAudit } from "../../admin/index.ts";
import { lockGroupForMember } from "../../user-groups/index.ts";
import { users } from "../tables.ts";

type ChangeDeps = { db: Db; recordAudit: RecordAudit };

/** The account's row under its lock, unless it is unknown or erased. */
async function lockUser(tx: Db, userId: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for("update");
  return row ?? null;
}

/**
 * Puts the account in a group, or in none (null); the group's discount applies to its next fees.
 * The group row is share-locked so a deletion of the group waits for this one (user-groups'
 * deleteGroup).
 */
export async function assignGroup(
  deps: ChangeDeps,
  userId: number,
  groupId: number | null,
  actor: Actor,
): Promise<Ok<{ groupId: number | null }> | Err<"not_found" | "no_group">> {
  return deps.db.transaction(
    async (tx): Promise<Ok<{ groupId: number | null }> | Err<"not_found" | "no_group">> => {
      const user = await lockUser(tx, userId);
      if (!user) return err("not_found");
      if (groupId !== null && !(await lockGroupForMember(tx, groupId))) return err("no_group");
      if (user.groupId === groupId) return ok({ groupId });
      await tx.update(users).set({ groupId, updatedAt: new Date() }).where(eq(users.id, userId));
      await deps.recordAudit(tx, {
        ...actor,
        action: "user.group",
        entity: "user",
        entityId: String(userId),
        data: { before: { groupId: user.groupId }, after: { groupId } },
      });
      return ok({ groupId });
    },
  );
}

/**
 * Marks the account verified (the badge buyers see) or takes the mark away, with the operator's
 * reason in the audit record. A mark given by the SMS code keeps its time when set again.
 */
export async function setVerified(
  deps: ChangeDeps & { now: () => Date },
  userId: number,
  change: { verified: boolean; reason: string },
  actor: Actor,
): Promise<Ok<{ verifiedAt: string | null }> | Err<"not_found">> {
  return deps.db.transaction(async (tx): Promise<Ok<{ verifiedAt: string | null }> | Err<"not_found">> => {
    const user = await lockUser(tx, userId);
    if (!user) return err("not_found");
    const before = user.verifiedAt?.toISOString() ?? null;
    if (change.verified === (user.verifiedAt !== null)) {
      return ok({ verifiedAt: before });
    }
    const at = deps.now();
    const verifiedAt = change.verified ? at : null;
    await tx.update(users).set({ verifiedAt, updatedAt: at }).where(eq(users.id, userId));
    await deps.recordAudit(tx, {
      ...actor,
      action: change.verified ? "user.verify" : "user.unverify",
      entity: "user",
      entityId: String(userId),
      data: {
        before: { verifiedAt: before },
        after: { verifiedAt: verifiedAt?.toISOString() ?? null },
        reason: change.reason,
      },
    });
    return ok({ verifiedAt: verifiedAt?.toISOString() ?? null });
  });
}
