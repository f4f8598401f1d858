import { eq, inArray, sql } from "drizzle-orm";
import type { AttributeValues } from "#core/contracts/bottlings.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { AuditActor } from "../admin/index.ts";
import type { BottlingsContext } from "./ports.ts";
import { bottlingRecord, cleanAttributes, derivedColumns } from "./records.ts";
import { type BottlingRow, bottlingLinks, bottlings, bottlingWatches } from "./tables.ts";
import { mergeBottling, updateBottlingData } from "./transitions.ts";

/**
 * The back office's side of bottlings (catalog scope; docs/product/bottlings.md, "Back office"):
 * merge a duplicate into the bottling that survives (its listings' links and its watchers move; its
 * page redirects there) and edit a bottling's names and attributes. Both audited.
 */

export type MergeRefusal = "not_found" | "same" | "merged_already" | "survivor_not_active";

/** Moves `fromId`'s links and watchers to `intoId` and merges it; the archive hears of it after. */
export async function mergeInto(
  ctx: BottlingsContext,
  actor: AuditActor,
  fromId: number,
  intoId: number,
): Promise<Result<{ moved: number }, MergeRefusal>> {
  if (fromId === intoId) return err("same");
  const outcome = await ctx.db.transaction(async (tx): Promise<Result<{ moved: number }, MergeRefusal>> => {
    // Both rows locked in id order: two merges of the same pair never deadlock.
    const rows = await tx
      .select()
      .from(bottlings)
      .where(inArray(bottlings.id, [fromId, intoId]))
      .orderBy(bottlings.id)
      .for("update");
    const from = rows.find((r) => r.id === fromId) as BottlingRow | undefined;
    const into = rows.find((r) => r.id === intoId);
    if (!from || !into) return err("not_found");
    if (from.status !== "active") return err("merged_already");
    if (into.status !== "active") return err("survivor_not_active");
    const at = ctx.now();
    const moved = await tx
      .update(bottlingLinks)
      .set({ bottlingId: intoId })
      .where(eq(bottlingLinks.bottlingId, fromId))
      .returning({ id: bottlingLinks.productId });
    await tx.execute(sql`
      insert into bottling_watches (user_id, bottling_id, created_at)
      select user_id, ${intoId}, created_at from bottling_watches where bottling_id = ${fromId}
      on conflict do nothing`);
    await tx.delete(bottlingWatches).where(eq(bottlingWatches.bottlingId, fromId));
    await mergeBottling(tx, from, intoId, at);
    await ctx.recordAudit(tx, {
      actorId: actor.actorId,
      ip: actor.ip ?? null,
      action: "bottling.merge",
      entity: "bottling",
      entityId: String(fromId),
      data: { intoId, listings: moved.length },
    });
    return ok({ moved: moved.length });
  });
  if (outcome.ok) {
    try {
      await ctx.ports.reports.merged(fromId, intoId);
    } catch (error) {
      ctx.logger?.error({ err: error, fromId, intoId }, "bottlings: could not report a merge");
    }
  }
  return outcome;
}

export type BottlingEdit = { nameCs: string; nameEn: string | null; attributes: AttributeValues };

/** A moderator corrects a bottling's names and attributes (its slug follows; the old one redirects). */
export async function editBottling(
  ctx: BottlingsContext,
  actor: AuditActor,
  id: number,
  edit: BottlingEdit,
): Promise<Result<undefined, "not_found" | "merged_already">> {
  const record = await bottlingRecord(ctx.db, id);
  if (!record) return err("not_found");
  if (record.status !== "active") return err("merged_already");
  const attributes = cleanAttributes(edit.attributes);
  const names = { nameCs: edit.nameCs.trim(), nameEn: edit.nameEn?.trim() || null };
  await ctx.db.transaction(async (tx) => {
    const derived = derivedColumns(names, attributes, record.brandName);
    await updateBottlingData(tx, id, { ...names, attributes, ...derived }, ctx.now());
    await ctx.recordAudit(tx, {
      actorId: actor.actorId,
      ip: actor.ip ?? null,
      action: "bottling.edit",
      entity: "bottling",
      entityId: String(id),
      data: { before: { nameCs: record.nameCs, nameEn: record.nameEn, attributes: record.attributes } },
    });
  });
  return ok();
}
