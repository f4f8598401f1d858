import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Direction } from "#core/schemas/admin-catalog.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import { MAX_CATEGORY_DEPTH } from "../category-tree.ts";
import { categories } from "../tables.ts";
import { nextPosition } from "./category-edit.ts";
import { descendantsOf } from "./category-reads.ts";
import { type Actor, type AdminOutcome, auditEntry, done, fieldError, notFound } from "./outcomes.ts";

type Placement = { parentId: number | null; depth: number; position: number };

/**
 * Moves a category with its whole branch under another parent (or to the root), at the end of the
 * new parent's children. Never under itself or its own descendant (a cycle), never so that the
 * branch's deepest category would lie below level 5; every depth in the branch follows. The whole
 * tree is locked first, so two moves at once cannot make a cycle between them.
 */
export async function moveCategory(
  db: Db,
  actor: Actor,
  id: number,
  parentId: number | null,
): Promise<AdminOutcome<{ branch: number[] }>> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: categories.id,
        parentId: categories.parentId,
        depth: categories.depth,
        position: categories.position,
      })
      .from(categories)
      .orderBy(asc(categories.id))
      .for("update");
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return notFound;
    const parent = parentId === null ? null : rows.find((candidate) => candidate.id === parentId);
    if (parentId !== null && !parent) return fieldError("parentId", "adminCatalog.errors.noParent");
    const descendants = descendantsOf(rows, id);
    if (parentId === id || (parentId !== null && descendants.includes(parentId)))
      return fieldError("parentId", "adminCatalog.errors.cycle");
    const depth = parent ? parent.depth + 1 : 1;
    const branchDepths = rows.filter((candidate) => descendants.includes(candidate.id)).map((c) => c.depth);
    const height = Math.max(row.depth, ...branchDepths) - row.depth;
    if (depth + height > MAX_CATEGORY_DEPTH) return fieldError("parentId", "adminCatalog.errors.tooDeep");
    const before: Placement = { parentId: row.parentId, depth: row.depth, position: row.position };
    if (row.parentId === parentId) return done({ branch: [id, ...descendants] });
    const after: Placement = { parentId, depth, position: await nextPosition(tx, parentId) };
    await tx
      .update(categories)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(categories.id, id));
    const shift = depth - row.depth;
    if (shift !== 0 && descendants.length > 0)
      await tx
        .update(categories)
        .set({ depth: sql`${categories.depth} + ${shift}`, updatedAt: new Date() })
        .where(inArray(categories.id, descendants));
    await recordAudit(
      tx,
      auditEntry(actor, "category.move", "category", id, before, after, { branch: descendants }),
    );
    return done({ branch: [id, ...descendants] });
  });
}

/**
 * One step up or down among its siblings. The siblings are renumbered 0, 1, 2... on the way, so
 * positions equal in old data (the seeds' or imported ones) still move one step at a time.
 */
export async function reorderCategory(
  db: Db,
  actor: Actor,
  id: number,
  direction: Direction,
): Promise<AdminOutcome<{ moved: boolean }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!row) return notFound;
    const siblings = await tx
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .where(row.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId))
      .orderBy(asc(categories.position), asc(categories.id))
      .for("update");
    const order = reordered(
      siblings.map((sibling) => sibling.id),
      id,
      direction,
    );
    if (!order) return done({ moved: false });
    for (const [position, siblingId] of order.entries()) {
      if (siblings.find((sibling) => sibling.id === siblingId)?.position === position) continue;
      await tx.update(categories).set({ position }).where(eq(categories.id, siblingId));
    }
    const before = siblings.map((sibling) => sibling.id);
    await recordAudit(
      tx,
      auditEntry(actor, "category.reorder", "category", id, { order: before }, { order }),
    );
    return done({ moved: true });
  });
}

/** The ids with one moved a step; null when it is already first (up) or last (down). */
export function reordered(ids: readonly number[], id: number, direction: Direction): number[] | null {
  const index = ids.indexOf(id);
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= ids.length) return null;
  const order = [...ids];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}
