import { asc, eq } from "drizzle-orm";
import { FIXED_INFO_PAGE_IDS, type InfoPageForm, slugify } from "#core/schemas/admin-content.ts";
import type { Db } from "#server/db/client.ts";
import { sanitizeRichText } from "../sanitize.ts";
import { type InfoPage, type InfoPageDraft, infoPageDrafts, infoPages } from "../tables.ts";
import { type Actor, actorOf, type ContentResult, iso, type RecordAudit, refused } from "./common.ts";

/**
 * Info pages with a published version and a working draft (docs/product/back-office.md, "Content"):
 * a save never changes what the public sees; "publish" does, "discard" drops the draft. A page never
 * published is not on the site and is edited in place (the whole page is its draft).
 */

/** The texts of a page in both languages, as the editor sees them and the public page renders them. */
export type InfoPageTexts = Pick<InfoPage, "slugCs" | "slugEn" | "titleCs" | "titleEn" | "bodyCs" | "bodyEn">;

/** unpublished: never on the site; published: the site shows it as saved; changed: a draft waits. */
export const INFO_PAGE_STATES = ["unpublished", "published", "changed"] as const;
export type InfoPageState = (typeof INFO_PAGE_STATES)[number];

/** A page as the back office edits it: the working texts (the draft, else the published page). */
export type AdminInfoPage = InfoPageTexts & {
  id: number;
  fixed: boolean;
  state: InfoPageState;
  /** When the page first went public; null while it never has. */
  publishedAt: string | null;
  /** When the working texts were last saved. */
  updatedAt: string;
  /** What the public sees now; null while never published. */
  published: (InfoPageTexts & { updatedAt: string }) | null;
};

export const isFixedInfoPage = (id: number) => (FIXED_INFO_PAGE_IDS as readonly number[]).includes(id);

const textsOf = (row: InfoPageTexts): InfoPageTexts => ({
  slugCs: row.slugCs,
  slugEn: row.slugEn,
  titleCs: row.titleCs,
  titleEn: row.titleEn,
  bodyCs: row.bodyCs,
  bodyEn: row.bodyEn,
});

const sameTexts = (a: InfoPageTexts, b: InfoPageTexts) =>
  JSON.stringify(textsOf(a)) === JSON.stringify(textsOf(b));

function pageDto(row: InfoPage, draft: InfoPageDraft | null): AdminInfoPage {
  const live = row.publishedAt !== null;
  const working = (live && draft) || row;
  return {
    id: row.id,
    ...textsOf(working),
    fixed: isFixedInfoPage(row.id),
    state: !live ? "unpublished" : draft ? "changed" : "published",
    publishedAt: iso(row.publishedAt),
    updatedAt: working.updatedAt.toISOString(),
    published: live ? { ...textsOf(row), updatedAt: row.updatedAt.toISOString() } : null,
  };
}

/** The page and its draft; `lock` holds the page's row until the transaction ends. */
async function pageWithDraft(db: Db, id: number, lock = false) {
  const query = db.select().from(infoPages).where(eq(infoPages.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const [draft] = await db.select().from(infoPageDrafts).where(eq(infoPageDrafts.pageId, id));
  return { row, draft: draft ?? null };
}

export async function listInfoPages(db: Db): Promise<AdminInfoPage[]> {
  const rows = await db
    .select({ page: infoPages, draft: infoPageDrafts })
    .from(infoPages)
    .leftJoin(infoPageDrafts, eq(infoPageDrafts.pageId, infoPages.id))
    .orderBy(asc(infoPages.id));
  return rows.map((row) => pageDto(row.page, row.draft));
}

export async function infoPageById(db: Db, id: number): Promise<AdminInfoPage | null> {
  const found = await pageWithDraft(db, id);
  return found ? pageDto(found.row, found.draft) : null;
}

/** The working texts (what the preview renders), when they were saved and whether the page is public. */
export async function infoPageWorkingCopy(db: Db, id: number) {
  const found = await pageWithDraft(db, id);
  if (!found) return null;
  const working = (found.row.publishedAt && found.draft) || found.row;
  return { id, ...textsOf(working), updatedAt: working.updatedAt, published: found.row.publishedAt !== null };
}

function textsOfForm(form: InfoPageForm): InfoPageTexts {
  const bodyEn = sanitizeRichText(form.bodyEn ?? "");
  return {
    titleCs: form.titleCs,
    titleEn: form.titleEn || null,
    slugCs: form.slugCs || slugify(form.titleCs) || "stranka",
    slugEn: form.slugEn || (form.titleEn ? slugify(form.titleEn) || null : null),
    bodyCs: sanitizeRichText(form.bodyCs ?? ""),
    bodyEn: bodyEn || null,
  };
}

/** A new page: not on the site until it is published. */
export async function createInfoPage(
  db: Db,
  audit: RecordAudit,
  form: InfoPageForm,
  actor: Actor,
): Promise<ContentResult<AdminInfoPage>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(infoPages)
      .values({ ...textsOfForm(form), publishedAt: null })
      .returning();
    const after = pageDto(row, null);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.infoPage.create",
      entity: "info_page",
      entityId: String(row.id),
      data: { before: null, after },
    });
    return { ok: true, value: after };
  });
}

/**
 * Saves the editor's texts (sanitised): a published page's into its draft, the public page staying
 * as it is (texts equal to the published ones leave no draft); a page never published in place.
 */
export async function saveInfoPage(
  db: Db,
  audit: RecordAudit,
  id: number,
  form: InfoPageForm,
  actor: Actor,
): Promise<ContentResult<AdminInfoPage> | null> {
  return db.transaction(async (tx) => {
    const found = await pageWithDraft(tx, id, true);
    if (!found) return null;
    const texts = textsOfForm(form);
    const now = new Date();
    if (found.row.publishedAt === null) {
      await tx
        .update(infoPages)
        .set({ ...texts, updatedAt: now })
        .where(eq(infoPages.id, id));
    } else if (sameTexts(texts, found.row)) {
      await tx.delete(infoPageDrafts).where(eq(infoPageDrafts.pageId, id));
    } else {
      await tx
        .insert(infoPageDrafts)
        .values({ pageId: id, ...texts, updatedAt: now })
        .onConflictDoUpdate({ target: infoPageDrafts.pageId, set: { ...texts, updatedAt: now } });
    }
    const saved = (await pageWithDraft(tx, id))!;
    const after = pageDto(saved.row, saved.draft);
    await audit(tx, {
      ...actorOf(actor),
      action: found.row.publishedAt === null ? "content.infoPage.update" : "content.infoPage.saveDraft",
      entity: "info_page",
      entityId: String(id),
      data: { before: pageDto(found.row, found.draft), after },
    });
    return { ok: true, value: after };
  });
}

/**
 * Makes the working texts public: the draft's (then dropped), or a never published page's own.
 * The audit entry holds the public texts before (null when it was not on the site) and after.
 */
export async function publishInfoPage(
  db: Db,
  audit: RecordAudit,
  id: number,
  actor: Actor,
): Promise<ContentResult<AdminInfoPage> | null> {
  return db.transaction(async (tx) => {
    const found = await pageWithDraft(tx, id, true);
    if (!found) return null;
    const { row, draft } = found;
    if (row.publishedAt !== null && !draft) return refused("form", "adminContent.errors.nothingToPublish");
    const now = new Date();
    const [published] = await tx
      .update(infoPages)
      .set({ ...textsOf(draft ?? row), publishedAt: row.publishedAt ?? now, updatedAt: now })
      .where(eq(infoPages.id, id))
      .returning();
    await tx.delete(infoPageDrafts).where(eq(infoPageDrafts.pageId, id));
    const after = pageDto(published, null);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.infoPage.publish",
      entity: "info_page",
      entityId: String(id),
      data: { before: pageDto(row, draft).published, after: after.published },
    });
    return { ok: true, value: after };
  });
}

/** Drops a published page's draft: the editor sees the public texts again. */
export async function discardInfoPageDraft(
  db: Db,
  audit: RecordAudit,
  id: number,
  actor: Actor,
): Promise<ContentResult<AdminInfoPage> | null> {
  return db.transaction(async (tx) => {
    const found = await pageWithDraft(tx, id, true);
    if (!found) return null;
    if (!found.draft || found.row.publishedAt === null) return refused("form", "adminContent.errors.noDraft");
    await tx.delete(infoPageDrafts).where(eq(infoPageDrafts.pageId, id));
    await audit(tx, {
      ...actorOf(actor),
      action: "content.infoPage.discardDraft",
      entity: "info_page",
      entityId: String(id),
      data: {
        before: { ...textsOf(found.draft), updatedAt: found.draft.updatedAt.toISOString() },
        after: null,
      },
    });
    return { ok: true, value: pageDto(found.row, null) };
  });
}

/** Deletes an info page with its draft; the terms (1) and the privacy policy (2) stay. */
export async function deleteInfoPage(
  db: Db,
  audit: RecordAudit,
  id: number,
  actor: Actor,
): Promise<ContentResult<null> | null> {
  if (isFixedInfoPage(id)) return refused("form", "adminContent.errors.fixedPage");
  return db.transaction(async (tx) => {
    const found = await pageWithDraft(tx, id, true);
    if (!found) return null;
    await tx.delete(infoPages).where(eq(infoPages.id, id));
    await audit(tx, {
      ...actorOf(actor),
      action: "content.infoPage.delete",
      entity: "info_page",
      entityId: String(id),
      data: { before: pageDto(found.row, found.draft), after: null },
    });
    return { ok: true, value: null };
  });
}
