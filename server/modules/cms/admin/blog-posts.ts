import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import {
  type BLOG_POST_SORTABLE,
  type BlogPostForm,
  type BlogPostState,
  slugify,
} from "#core/schemas/admin-content.ts";
import type { TablePage, TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { sanitizeRichText } from "../sanitize.ts";
import { type BlogPost, blogCategories, blogPosts } from "../tables.ts";
import {
  type Actor,
  actorOf,
  type ContentResult,
  iso,
  likePattern,
  offsetOf,
  pragueInstant,
  type RecordAudit,
  refused,
} from "./common.ts";

/** An article as the back office edits it: both languages, and whether it is out yet. */
export type AdminBlogPost = {
  id: number;
  categoryId: number | null;
  categoryName: string | null;
  slugCs: string;
  slugEn: string | null;
  titleCs: string;
  titleEn: string | null;
  perexCs: string;
  perexEn: string | null;
  bodyCs: string;
  bodyEn: string | null;
  image: string | null;
  authorName: string | null;
  publishedAt: string | null;
  state: BlogPostState;
  updatedAt: string;
};

export function stateOf(publishedAt: Date | null, now = new Date()): BlogPostState {
  if (!publishedAt) return "draft";
  return publishedAt > now ? "scheduled" : "published";
}

export function postDto(row: BlogPost, categoryName: string | null = null): AdminBlogPost {
  const { createdAt: _created, publishedAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    categoryName,
    publishedAt: iso(publishedAt),
    state: stateOf(publishedAt),
    updatedAt: updatedAt.toISOString(),
  };
}

const STATE_WHERE: Record<BlogPostState, (now: Date) => SQL | undefined> = {
  draft: () => isNull(blogPosts.publishedAt),
  scheduled: (now) => gt(blogPosts.publishedAt, now),
  published: (now) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)),
};

const SORT_COLUMNS = {
  title: blogPosts.titleCs,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
} as const;

export async function listBlogPosts(
  db: Db,
  query: TableQuery<(typeof BLOG_POST_SORTABLE)[number]>,
  filters: { state?: BlogPostState; categoryId?: number } = {},
): Promise<TablePage<AdminBlogPost>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(blogPosts.titleCs, pattern), ilike(blogPosts.titleEn, pattern)));
  }
  if (filters.state) conditions.push(STATE_WHERE[filters.state](new Date()));
  if (filters.categoryId) conditions.push(eq(blogPosts.categoryId, filters.categoryId));
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort ?? "updatedAt"];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ post: blogPosts, categoryName: blogCategories.nameCs })
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(where)
      .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(blogPosts.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return {
    rows: rows.map((row) => postDto(row.post, row.categoryName)),
    total,
    page: query.page,
    size: query.size,
  };
}

export async function blogPostById(db: Db, id: number): Promise<AdminBlogPost | null> {
  const [row] = await db
    .select({ post: blogPosts, categoryName: blogCategories.nameCs })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row ? postDto(row.post, row.categoryName) : null;
}

/**
 * When an article comes out: a draft never; "now" keeps a time already past (re-saving a published
 * article does not move it up the blog), else this moment; a schedule its Prague time.
 */
function publishedAtOf(form: BlogPostForm, previous: Date | null, now: Date): Date | null {
  if (form.publish === "draft") return null;
  if (form.publish === "schedule") return pragueInstant(form.publishAt);
  return previous && previous <= now ? previous : now;
}

const emptyToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function columnsOf(form: BlogPostForm, previous: Date | null, now: Date) {
  const bodyEn = sanitizeRichText(form.bodyEn ?? "");
  return {
    categoryId: form.categoryId ?? null,
    titleCs: form.titleCs,
    titleEn: emptyToNull(form.titleEn),
    slugCs: form.slugCs || slugify(form.titleCs) || "clanek",
    slugEn: form.slugEn || (form.titleEn ? slugify(form.titleEn) || null : null),
    perexCs: form.perexCs ?? "",
    perexEn: emptyToNull(form.perexEn),
    bodyCs: sanitizeRichText(form.bodyCs ?? ""),
    bodyEn: bodyEn || null,
    authorName: emptyToNull(form.authorName),
    publishedAt: publishedAtOf(form, previous, now),
  };
}

async function categoryExists(db: Db, id: number | undefined) {
  if (!id) return true;
  const [row] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.id, id));
  return !!row;
}

/** A new article (a draft, published now or scheduled); its body is sanitised. */
export async function createBlogPost(
  db: Db,
  audit: RecordAudit,
  form: BlogPostForm,
  image: string | null,
  actor: Actor,
): Promise<ContentResult<AdminBlogPost>> {
  if (!(await categoryExists(db, form.categoryId)))
    return refused("categoryId", "adminContent.errors.category");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...columnsOf(form, null, new Date()), image })
      .returning();
    const after = postDto(row);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.blogPost.create",
      entity: "blog_post",
      entityId: String(row.id),
      data: { before: null, after },
    });
    return { ok: true, value: after };
  });
}

/** Changes an article; a new cover replaces the old (the caller removes the old file). */
export async function updateBlogPost(
  db: Db,
  audit: RecordAudit,
  id: number,
  form: BlogPostForm,
  image: string | null,
  actor: Actor,
): Promise<(ContentResult<AdminBlogPost> & { replacedImage?: string | null }) | null> {
  if (!(await categoryExists(db, form.categoryId)))
    return refused("categoryId", "adminContent.errors.category");
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!row) return null;
    const [updated] = await tx
      .update(blogPosts)
      .set({
        ...columnsOf(form, row.publishedAt, new Date()),
        ...(image ? { image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(blogPosts.id, id))
      .returning();
    const after = postDto(updated);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.blogPost.update",
      entity: "blog_post",
      entityId: String(id),
      data: { before: postDto(row), after },
    });
    return { ok: true as const, value: after, replacedImage: image ? row.image : null };
  });
}

/** Sets an article's cover alone (the API's upload); the caller removes the old file. */
export async function updateBlogPostCover(
  db: Db,
  audit: RecordAudit,
  id: number,
  image: string,
  actor: Actor,
): Promise<{ value: AdminBlogPost; replacedImage: string | null } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!row) return null;
    const [updated] = await tx
      .update(blogPosts)
      .set({ image, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
    const after = postDto(updated);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.blogPost.update",
      entity: "blog_post",
      entityId: String(id),
      data: { before: postDto(row), after },
    });
    return { value: after, replacedImage: row.image };
  });
}

export async function deleteBlogPost(db: Db, audit: RecordAudit, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) return null;
    await audit(tx, {
      ...actorOf(actor),
      action: "content.blogPost.delete",
      entity: "blog_post",
      entityId: String(id),
      data: { before: postDto(row), after: null },
    });
    return { image: row.image };
  });
}
