import { asc, eq } from "drizzle-orm";
import type { DocumentForm } from "#core/schemas/admin-content.ts";
import type { Db } from "#server/db/client.ts";
import { type CmsDocument, documents } from "../tables.ts";
import { type Actor, actorOf, type RecordAudit } from "./common.ts";

export type AdminDocument = Omit<CmsDocument, "createdAt"> & { createdAt: string };
export type StoredPdf = { filePath: string; fileName: string; sizeBytes: number };

const documentDto = (row: CmsDocument): AdminDocument => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listDocuments(db: Db): Promise<AdminDocument[]> {
  const rows = await db.select().from(documents).orderBy(asc(documents.position), asc(documents.id));
  return rows.map(documentDto);
}

const columnsOf = (form: DocumentForm) => ({
  titleCs: form.titleCs,
  titleEn: form.titleEn || null,
  descriptionCs: form.descriptionCs || null,
  descriptionEn: form.descriptionEn || null,
  position: form.position,
});

export async function createDocument(
  db: Db,
  audit: RecordAudit,
  form: DocumentForm,
  file: StoredPdf,
  actor: Actor,
): Promise<AdminDocument> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({ ...columnsOf(form), ...file, mimeType: "application/pdf" })
      .returning();
    const after = documentDto(row);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.document.create",
      entity: "document",
      entityId: String(row.id),
      data: { before: null, after },
    });
    return after;
  });
}

/** Changes a document's titles, descriptions and order (a new file is a new document). */
export async function updateDocument(
  db: Db,
  audit: RecordAudit,
  id: number,
  form: DocumentForm,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
    if (!row) return null;
    const [updated] = await tx.update(documents).set(columnsOf(form)).where(eq(documents.id, id)).returning();
    const after = documentDto(updated);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.document.update",
      entity: "document",
      entityId: String(id),
      data: { before: documentDto(row), after },
    });
    return after;
  });
}

/** Deletes a document; answers its file's URL for the caller to remove, or null when none was found. */
export async function deleteDocument(db: Db, audit: RecordAudit, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning();
    if (!row) return null;
    await audit(tx, {
      ...actorOf(actor),
      action: "content.document.delete",
      entity: "document",
      entityId: String(id),
      data: { before: documentDto(row), after: null },
    });
    return { filePath: row.filePath };
  });
}
