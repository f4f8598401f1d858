import { asc, eq } from "drizzle-orm";
import { FIXED_INFO_PAGE_IDS, type InfoPageForm, slugify } from "#core/schemas/admin-content.ts";
import type { Db } from "#server/db/client.ts";
import { sanitizeRichText } from "../sanitize.ts";
import { type InfoPage, infoPages } from "../tables.ts";
import { type Actor, actorOf, type ContentResult, type RecordAudit, refused } from "./common.ts";

export type AdminInfoPage = Omit<InfoPage, "updatedAt"> & { updatedAt: string; fixed: boolean };

export const isFixedInfoPage = (id: number) => (FIXED_INFO_PAGE_IDS as readonly number[]).includes(id);

const pageDto = (row: InfoPage): AdminInfoPage => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
  fixed: isFixedInfoPage(row.id),
});

export async function listInfoPages(db: Db): Promise<AdminInfoPage[]> {
  const rows = await db.select().from(infoPages).orderBy(asc(infoPages.id));
  return rows.map(pageDto);
}

export async function infoPageById(db: Db, id: number): Promise<AdminInfoPage | null> {
  const [row] = await db.select().from(infoPages).where(eq(infoPages.id, id)).limit(1);
  return row ? pageDto(row) : null;
}

function columnsOf(form: InfoPageForm) {
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

/** Creates (id null) or changes an info page; its bodies are sanitised. */
export async function saveInfoPage(
  db: Db,
  audit: RecordAudit,
  id: number | null,
  form: InfoPageForm,
  actor: Actor,
): Promise<ContentResult<AdminInfoPage> | null> {
  return db.transaction(async (tx) => {
    const [before] = id
      ? await tx.select().from(infoPages).where(eq(infoPages.id, id)).for("update")
      : [null];
    if (id && !before) return null;
    const [row] = id
      ? await tx
          .update(infoPages)
          .set({ ...columnsOf(form), updatedAt: new Date() })
          .where(eq(infoPages.id, id))
          .returning()
      : await tx.insert(infoPages).values(columnsOf(form)).returning();
    const after = pageDto(row);
    await audit(tx, {
      ...actorOf(actor),
      action: id ? "content.infoPage.update" : "content.infoPage.create",
      entity: "info_page",
      entityId: String(row.id),
      data: { before: before ? pageDto(before) : null, after },
    });
    return { ok: true, value: after };
  });
}

/** Deletes an info page; the terms (1) and the privacy policy (2) stay. */
export async function deleteInfoPage(
  db: Db,
  audit: RecordAudit,
  id: number,
  actor: Actor,
): Promise<ContentResult<null> | null> {
  if (isFixedInfoPage(id)) return refused("form", "adminContent.errors.fixedPage");
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(infoPages).where(eq(infoPages.id, id)).returning();
    if (!row) return null;
    await audit(tx, {
      ...actorOf(actor),
      action: "content.infoPage.delete",
      entity: "info_page",
      entityId: String(id),
      data: { before: pageDto(row), after: null },
    });
    return { ok: true, value: null };
  });
}
