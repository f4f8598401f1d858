import { and, eq, isNull, sql } from "drizzle-orm";
import type { CategoryFields, CategoryPatch, NewCategory } from "#core/schemas/admin-catalog.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import { MAX_CATEGORY_DEPTH } from "../category-tree.ts";
import type { CatalogProducts } from "../contracts.ts";
import { type Category, categories, categorySlugHistory } from "../tables.ts";
import {
  type Actor,
  type AdminOutcome,
  auditEntry,
  done,
  fieldError,
  notFound,
  refused,
} from "./outcomes.ts";

/** What the audit log keeps of a category: everything staff can change. */
export function categorySnapshot(row: Category) {
  return {
    parentId: row.parentId,
    depth: row.depth,
    position: row.position,
    nameCs: row.nameCs,
    nameEn: row.nameEn,
    slugCs: row.slugCs,
    slugEn: row.slugEn,
    descriptionCs: row.descriptionCs,
    descriptionEn: row.descriptionEn,
    isActive: row.isActive,
    premoderated: row.premoderated,
  };
}

export async function lockCategory(tx: Db, id: number): Promise<Category | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
  return row;
}

/** The next position at the end of a parent's children. */
export async function nextPosition(tx: Db, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

function fieldsOf(input: CategoryFields) {
  return {
    nameCs: input.nameCs,
    nameEn: input.nameEn,
    slugCs: input.slugCs,
    slugEn: input.slugEn,
    descriptionCs: input.descriptionCs,
    descriptionEn: input.descriptionEn,
    isActive: input.isActive,
    // New listings in it wait for a moderator (the moderation module's queue).
    premoderated: input.premoderated,
  };
}

/** A new category at the end of its parent's children (or of the roots), at most 5 levels deep. */
export async function createCategory(
  db: Db,
  actor: Actor,
  input: NewCategory,
): Promise<AdminOutcome<Category>> {
  return db.transaction(async (tx) => {
    const parentId = input.parentId ?? null;
    const parent = parentId === null ? null : await lockCategory(tx, parentId);
    if (parentId !== null && !parent) return fieldError("parentId", "adminCatalog.errors.noParent");
    if (parent && parent.depth >= MAX_CATEGORY_DEPTH)
      return fieldError("parentId", "adminCatalog.errors.tooDeep");
    const [row] = await tx
      .insert(categories)
      .values({
        ...fieldsOf(input),
        parentId,
        depth: parent ? parent.depth + 1 : 1,
        position: await nextPosition(tx, parentId),
      })
      .returning();
    await recordAudit(
      tx,
      auditEntry(actor, "category.create", "category", row!.id, null, categorySnapshot(row!)),
    );
    return done(row!);
  });
}

/** Keeps a replaced slug, so its old URL still leads to the category (301). */
async function keepOldSlug(tx: Db, categoryId: number, locale: "cs" | "en", slug: string | null) {
  if (!slug) return;
  await tx.insert(categorySlugHistory).values({ categoryId, locale, slug }).onConflictDoNothing();
}

/**
 * Renames a category (names, slugs, descriptions) and switches it on or off: every field (PUT) or
 * only those sent (PATCH), merged with the stored ones under the row's lock, so two partial changes
 * at once both stay. A replaced slug goes to the slug history; a slug taken back is no longer an
 * old one.
 */
export async function updateCategory(
  db: Db,
  actor: Actor,
  id: number,
  patch: CategoryPatch,
): Promise<AdminOutcome<{ before: Category; after: Category }>> {
  return db.transaction(async (tx) => {
    const before = await lockCategory(tx, id);
    if (!before) return notFound;
    // Nothing sent changes nothing, and records nothing.
    if (Object.keys(patch).length === 0) return done({ before, after: before });
    const input: CategoryFields = { ...fieldsOf(before), ...patch };
    if (before.slugCs !== input.slugCs) await keepOldSlug(tx, id, "cs", before.slugCs);
    if ((before.slugEn ?? null) !== input.slugEn) await keepOldSlug(tx, id, "en", before.slugEn);
    for (const [lang, slug] of [
      ["cs", input.slugCs],
      ["en", input.slugEn],
    ] as const) {
      if (!slug) continue;
      await tx
        .delete(categorySlugHistory)
        .where(
          and(
            eq(categorySlugHistory.categoryId, id),
            eq(categorySlugHistory.locale, lang),
            eq(categorySlugHistory.slug, slug),
          ),
        );
    }
    const [after] = await tx
      .update(categories)
      .set({ ...fieldsOf(input), updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning();
    await recordAudit(
      tx,
      auditEntry(
        actor,
        "category.update",
        "category",
        id,
        categorySnapshot(before),
        categorySnapshot(after!),
      ),
    );
    return done({ before, after: after! });
  });
}

/** Deletes a category that holds no products and no subcategories; otherwise says why not. */
export async function deleteCategory(
  db: Db,
  actor: Actor,
  id: number,
  products: CatalogProducts,
): Promise<AdminOutcome<null>> {
  return db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    if (!row) return notFound;
    const [child] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, id))
      .limit(1);
    if (child) return refused("has_children");
    if (await products.anyProduct(tx, { categoryId: id })) return refused("has_products");
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, auditEntry(actor, "category.delete", "category", id, categorySnapshot(row), null));
    return done(null);
  });
}
