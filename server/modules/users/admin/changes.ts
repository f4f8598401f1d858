import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { userGroups, users } from "../tables.ts";
import type { Actor, GroupsDeps } from "./groups.ts";

type Change<T> = { status: "changed" | "unchanged"; value: T } | { status: "not_found" | "no_group" };

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
 * The group row is share-locked so a deletion of the group waits for this one (deleteGroup).
 */
export async function assignGroup(
  deps: GroupsDeps,
  userId: number,
  groupId: number | null,
  actor: Actor,
): Promise<Change<{ groupId: number | null }>> {
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) return { status: "not_found" as const };
    if (groupId !== null) {
      const [group] = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(eq(userGroups.id, groupId))
        .for("share");
      if (!group) return { status: "no_group" as const };
    }
    if (user.groupId === groupId) return { status: "unchanged" as const, value: { groupId } };
    await tx.update(users).set({ groupId, updatedAt: new Date() }).where(eq(users.id, userId));
    await deps.recordAudit(tx, {
      ...actor,
      action: "user.group",
      entity: "user",
      entityId: String(userId),
      data: { before: { groupId: user.groupId }, after: { groupId } },
    });
    return { status: "changed" as const, value: { groupId } };
  });
}

/**
 * Marks the account verified (the badge buyers see) or takes the mark away, with the operator's
 * reason in the audit record. A mark given by the SMS code keeps its time when set again.
 */
export async function setVerified(
  deps: GroupsDeps & { now: () => Date },
  userId: number,
  change: { verified: boolean; reason: string },
  actor: Actor,
): Promise<Change<{ verifiedAt: string | null }>> {
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) return { status: "not_found" as const };
    const before = user.verifiedAt?.toISOString() ?? null;
    if (change.verified === (user.verifiedAt !== null)) {
      return { status: "unchanged" as const, value: { verifiedAt: before } };
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
    return { status: "changed" as const, value: { verifiedAt: verifiedAt?.toISOString() ?? null } };
  });
}
