import { asc, count, eq } from "drizzle-orm";
import { type BlogCategoryForm, slugify } from "#core/schemas/admin-content.ts";
import type { Db } from "#server/db/client.ts";
import { type BlogCategory, blogCategories, blogPosts } from "../tables.ts";
import { type Actor, actorOf, type ContentResult, type RecordAudit, refused } from "./common.ts";

export type AdminBlogCategory = BlogCategory & { postsCount: number };

/** Every blog category in its order, with how many articles (drafts too) it holds. */
export async function listBlogCategories(db: Db): Promise<AdminBlogCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(blogCategories).orderBy(asc(blogCategories.position), asc(blogCategories.id)),
    db
      .select({ categoryId: blogPosts.categoryId, total: count() })
      .from(blogPosts)
      .groupBy(blogPosts.categoryId),
  ]);
  const byCategory = new Map(counts.map((row) => [row.categoryId, row.total]));
  return rows.map((row) => ({ ...row, postsCount: byCategory.get(row.id) ?? 0 }));
}

const columnsOf = (form: BlogCategoryForm) => ({
  nameCs: form.nameCs,
  nameEn: form.nameEn || null,
  slugCs: form.slugCs || slugify(form.nameCs) || "rubrika",
  slugEn: form.slugEn || (form.nameEn ? slugify(form.nameEn) || null : null),
  position: form.position,
});

export async function saveBlogCategory(
  db: Db,
  audit: RecordAudit,
  id: number | null,
  form: BlogCategoryForm,
  actor: Actor,
): Promise<ContentResult<BlogCategory> | null> {
  return db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(blogCategories).where(eq(blogCategories.id, id)) : [null];
    if (id && !before) return null;
    const [after] = id
      ? await tx.update(blogCategories).set(columnsOf(form)).where(eq(blogCategories.id, id)).returning()
      : await tx.insert(blogCategories).values(columnsOf(form)).returning();
    await audit(tx, {
      ...actorOf(actor),
      action: id ? "content.blogCategory.update" : "content.blogCategory.create",
      entity: "blog_category",
      entityId: String(after.id),
      data: { before: before ?? null, after },
    });
    return { ok: true, value: after };
  });
}

/** Deletes an empty category; one that still holds articles is refused (move them first). */
export async function deleteBlogCategory(
  db: Db,
  audit: RecordAudit,
  id: number,
  actor: Actor,
): Promise<ContentResult<null> | null> {
  return db.transaction(async (tx) => {
    const [{ total }] = await tx
      .select({ total: count() })
      .from(blogPosts)
      .where(eq(blogPosts.categoryId, id));
    const [row] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id));
    if (!row) return null;
    if (total > 0) return refused("form", "adminContent.errors.categoryNotEmpty");
    await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    await audit(tx, {
      ...actorOf(actor),
      action: "content.blogCategory.delete",
      entity: "blog_category",
      entityId: String(id),
      data: { before: row, after: null },
    });
    return { ok: true, value: null };
  });
}
